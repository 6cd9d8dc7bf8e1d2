// `pr-eval --evaluator crscore`'s reference-free P: each pull request's diff cut into hunks (claims) and files
// (analyzer issues) by the core (cutPrs), run through the very sources `crscore eval --pseudo-refs` runs
// (makePseudoRefs: the LLM's claims through the shared runner and prompt, tree claims, the analyzers), and placed
// back on their hunks and lines by the core (placePseudoRefs; Research's Pull requests view calls the same two).
import { changeRow, cutPrs, placePseudoRefs, type PrDataset, type PrPseudoReferences, type PullRequest } from '../../core/prreview/index.ts';
import { makePseudoRefs, type PseudoRefPlan } from '../pseudorefs/pseudoRefs.ts';
import { CliError, warn } from '../shared/io.ts';

export async function prPseudoReferences(ds: PrDataset, plan: PseudoRefPlan, wanted: (pr: PullRequest) => boolean): Promise<PrPseudoReferences> {
  const cut = cutPrs(ds, wanted);
  const made = await makePseudoRefs(cut.hunks.map(changeRow), cut.files.map(changeRow), plan);
  if (made.interrupted) throw new CliError('interrupted: the answers so far are cached; run the same command again to go on', 130);
  for (const c of made.claims ?? []) if (c.failure && c.failure.kind !== 'cancelled') warn(`${c.id}: ${c.failure.reason}`);
  for (const i of made.issues ?? []) for (const f of i.failed) warn(`${i.id}: ${f.analyzer} could not analyze: ${f.reason}`);
  const p = placePseudoRefs(cut, made);
  process.stderr.write(
    `pr-eval pseudo-references (${plan.source}): ${p.claims} claims over ${cut.hunks.length} hunks, ${p.issues} analyzer issues over ${cut.files.length} files, ${cut.cut.size} of ${p.byPr.size} PRs with a diff; ${p.without} PRs without pseudo-references (not scored)${made.requests ? `; ${made.requests} requests` : ''}\n`,
  );
  return p.byPr;
}
