// `pr-eval --evaluator crscore`'s reference-free P: each pull request's diff cut into hunks (claims) and files
// (analyzer issues) by the core (prChanges), run through the very sources `crscore eval --pseudo-refs` runs
// (makePseudoRefs: the LLM's claims through the shared runner and prompt, tree claims, the analyzers), and placed
// back on their hunks and lines (pseudoIssuesOf). A PR without a diff is said to have none.
import type { DatasetRow } from '../../core/dataset.ts';
import { NO_DIFF, prChanges, pseudoIssuesOf, type PrChange, type PrDataset, type PrPseudoReferences, type PullRequest } from '../../core/prreview/index.ts';
import type { PseudoReference } from '../../core/types.ts';
import { makePseudoRefs, type PseudoRefPlan } from '../pseudorefs/pseudoRefs.ts';
import { CliError, warn } from '../shared/io.ts';

const rowOf = (c: PrChange): DatasetRow => ({
  id: c.id,
  // The file's name says its language (a PR's files may be in several).
  lang: '',
  index: null,
  diff: c.diff,
  oldFile: null,
  newFile: c.path,
  oldCode: null,
  newCode: null,
  pseudoRefs: [],
  reviews: [],
  referenceAnalyzerOutput: null,
});

export async function prPseudoReferences(ds: PrDataset, plan: PseudoRefPlan, wanted: (pr: PullRequest) => boolean): Promise<PrPseudoReferences> {
  const byPr = new Map<string, { issues: ReturnType<typeof pseudoIssuesOf> } | { none: string }>();
  const cut = new Map<string, ReturnType<typeof prChanges>>();
  for (const pr of ds.prs) {
    if (!wanted(pr)) continue;
    const c = prChanges(pr);
    if (!pr.diff) byPr.set(pr.id, { none: NO_DIFF });
    else if (!c.hunks.length) byPr.set(pr.id, { none: 'its diff has no hunk, so no pseudo-references: not scored' });
    else cut.set(pr.id, c);
  }
  const hunks = [...cut.values()].flatMap((c) => c.hunks);
  const files = [...cut.values()].flatMap((c) => c.files);
  const made = await makePseudoRefs(hunks.map(rowOf), files.map(rowOf), plan);
  if (made.interrupted) throw new CliError('interrupted: the answers so far are cached; run the same command again to go on', 130);
  for (const c of made.claims ?? []) if (c.failure && c.failure.kind !== 'cancelled') warn(`${c.id}: ${c.failure.reason}`);
  for (const i of made.issues ?? []) for (const f of i.failed) warn(`${i.id}: ${f.analyzer} could not analyze: ${f.reason}`);
  const refsOf = (xs: { id: string; refs: PseudoReference[] }[] | null) => (xs ? new Map(xs.map((x) => [x.id, x.refs])) : undefined);
  const claims = refsOf(made.claims);
  const issues = refsOf(made.issues);
  let nClaims = 0;
  let nIssues = 0;
  for (const [id, c] of cut) {
    const p = pseudoIssuesOf(c, { claims, issues });
    nClaims += p.filter((x) => x.category === 'claim').length;
    nIssues += p.length - p.filter((x) => x.category === 'claim').length;
    byPr.set(id, { issues: p });
  }
  const none = [...byPr.values()].filter((v) => 'none' in v || v.issues.length === 0).length;
  process.stderr.write(
    `pr-eval pseudo-references (${plan.source}): ${nClaims} claims over ${hunks.length} hunks, ${nIssues} analyzer issues over ${files.length} files, ${cut.size} of ${byPr.size} PRs with a diff; ${none} PRs without pseudo-references (not scored)${made.requests ? `; ${made.requests} requests` : ''}\n`,
  );
  return byPr;
}
