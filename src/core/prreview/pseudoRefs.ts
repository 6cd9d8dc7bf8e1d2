// The pseudo-references of a pull request, for CRScore of a whole review without reference issues (Naik et al.
// 2025's reference-free form, applied to a PR): the PR's diff cut into the changes the single-diff pipeline
// already knows how to read, and what that pipeline made of them placed back on the PR. Analyzers read one file's
// diff at a time (their issues come back on new-file lines); claims, from the LLM or the syntax trees, are made
// per hunk, so each claim is placed on its hunk (its file and new-side line range). Pure: the running of the
// analyzers and the LLM is the caller's (src/pseudorefs, the same functions `crscore eval` runs).
import type { DatasetRow } from '../dataset.ts';
import type { PseudoReference } from '../types.ts';
import { referencesFor, type PrDataset, type PullRequest, type ReferenceIssue, type ReferenceMode } from './model.ts';
import { parseDiffHunks } from './readers/unidiff.ts';

/** One change cut from a PR's diff: a whole file's diff (analyzers) or one hunk with its file header (claims). */
export interface PrChange {
  /** Unique over the dataset: the PR's id, then `#file:K` or `#hunk:K`. */
  id: string;
  pr: string;
  path: string;
  diff: string;
  /** The new-side lines the change covers, first to last (a hunk's; a file's first to last hunk). */
  from: number;
  to: number;
}

const header = (path: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n`;

/** The PR's diff as file changes (files with new-side lines) and hunk changes; none when it has no diff. */
export function prChanges(pr: PullRequest): { files: PrChange[]; hunks: PrChange[] } {
  const hunks = pr.diff ? parseDiffHunks(pr.diff) : [];
  const out = { files: [] as PrChange[], hunks: [] as PrChange[] };
  const byFile = new Map<string, typeof hunks>();
  hunks.forEach((h, k) => {
    const last = h.newStart + Math.max(h.newLines, 1) - 1;
    out.hunks.push({ id: `${pr.id}#hunk:${k + 1}`, pr: pr.id, path: h.file, diff: header(h.file) + h.hunk, from: h.newStart, to: last });
    byFile.set(h.file, [...(byFile.get(h.file) ?? []), h]);
  });
  let k = 0;
  for (const [path, hs] of byFile) {
    // A deleted file has nothing on the new side for an analyzer to read.
    if (!hs.some((h) => h.newLines > 0)) continue;
    const last = hs[hs.length - 1];
    out.files.push({ id: `${pr.id}#file:${++k}`, pr: pr.id, path, diff: header(path) + hs.map((h) => h.hunk).join(''), from: hs[0].newStart, to: last.newStart + Math.max(last.newLines, 1) - 1 });
  }
  return out;
}

/** What the pipeline made of each change, by change id (claims: per hunk; issues: per file). */
export interface MadePseudoRefs {
  claims?: ReadonlyMap<string, readonly PseudoReference[]>;
  issues?: ReadonlyMap<string, readonly PseudoReference[]>;
}

/**
 * A PR's pseudo-references as the issues a review should find: an analyzer issue on its file and line (the file
 * when it has none), a claim on its hunk. `category` says which (`claim`, `issue`), `source` who made it
 * (`LLM`, `tree-claims`, `JSHint`, …). In the order of the diff, claims before issues.
 */
export function pseudoIssuesOf(changes: { files: readonly PrChange[]; hunks: readonly PrChange[] }, made: MadePseudoRefs): ReferenceIssue[] {
  const out: ReferenceIssue[] = [];
  for (const h of changes.hunks)
    for (const r of made.claims?.get(h.id) ?? []) out.push({ text: r.text, path: h.path, from: h.from, to: h.to, side: 'right', category: 'claim', source: r.source });
  for (const f of changes.files)
    for (const r of made.issues?.get(f.id) ?? [])
      out.push({ text: r.text, path: f.path, from: r.line ?? null, to: r.line ?? null, side: 'right', category: 'issue', source: r.source });
  return out;
}

/**
 * What `prEval`'s crscore evaluator takes as P when a review is judged reference-free: per PR id, the PR's
 * pseudo-references, or why it has none (no diff; nothing made of it).
 */
export type PrPseudoReferences = ReadonlyMap<string, { issues: readonly ReferenceIssue[] } | { none: string }>;

export const NO_DIFF = 'no diff in the dataset for this pull request, so no pseudo-references: not scored';

export const NO_HUNK = 'its diff has no hunk, so no pseudo-references: not scored';

/** The PRs to make pseudo-references for, cut into changes; those that cannot have any, with why. */
export interface PrCut {
  /** Per PR with hunks, its changes. */
  cut: Map<string, { files: PrChange[]; hunks: PrChange[] }>;
  /** Per PR without a diff or without a hunk, why it has no pseudo-references. */
  none: Map<string, string>;
  /** Every cut PR's hunks (the claims' changes) and files (the analyzers'), in dataset order. */
  hunks: PrChange[];
  files: PrChange[];
}

/** The wanted PRs of a dataset cut into changes (CLI and browser: the same cut, so the same change ids). */
export function cutPrs(ds: Pick<PrDataset, 'prs'>, wanted: (pr: PullRequest) => boolean): PrCut {
  const out: PrCut = { cut: new Map(), none: new Map(), hunks: [], files: [] };
  for (const pr of ds.prs) {
    if (!wanted(pr)) continue;
    const c = prChanges(pr);
    if (!pr.diff) out.none.set(pr.id, NO_DIFF);
    else if (!c.hunks.length) out.none.set(pr.id, NO_HUNK);
    else {
      out.cut.set(pr.id, c);
      out.hunks.push(...c.hunks);
      out.files.push(...c.files);
    }
  }
  return out;
}

/** A change as the single-diff pipeline's row (src/pseudorefs reads these): its diff and its file's name. */
export function changeRow(c: PrChange): DatasetRow {
  return {
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
  };
}

/** What the sources made, per change (null: that source was not asked). */
export interface MadeLists {
  claims: readonly { id: string; refs: PseudoReference[] }[] | null;
  issues: readonly { id: string; refs: PseudoReference[] }[] | null;
}

/** The cut PRs' pseudo-references placed back on their hunks and lines, with counts for the caller's summary. */
export function placePseudoRefs(c: PrCut, made: MadeLists): { byPr: Map<string, { issues: ReferenceIssue[] } | { none: string }>; claims: number; issues: number; without: number } {
  const refsOf = (xs: MadeLists['claims']) => (xs ? new Map(xs.map((x) => [x.id, x.refs])) : undefined);
  const claims = refsOf(made.claims);
  const issues = refsOf(made.issues);
  const byPr = new Map<string, { issues: ReferenceIssue[] } | { none: string }>();
  for (const [id, why] of c.none) byPr.set(id, { none: why });
  let nClaims = 0;
  let nIssues = 0;
  for (const [id, ch] of c.cut) {
    const p = pseudoIssuesOf(ch, { claims, issues });
    const k = p.filter((x) => x.category === 'claim').length;
    nClaims += k;
    nIssues += p.length - k;
    byPr.set(id, { issues: p });
  }
  const without = [...byPr.values()].filter((v) => 'none' in v || v.issues.length === 0).length;
  return { byPr, claims: nClaims, issues: nIssues, without };
}

/**
 * P of one review under crscore: the reference issues, or the PR's pseudo-references when the caller made them
 * (for every PR with `only`, else for a PR without reference issues), or why it is not scored. prEval and the
 * pull request view both ask this, so the view pins the very P the row was judged against.
 */
export function crscoreP(
  pr: PullRequest,
  system: string,
  mode: ReferenceMode,
  pseudo?: { byPr: PrPseudoReferences; only?: boolean },
): { from: 'reference issues' | 'pseudo-references'; refs: readonly ReferenceIssue[]; why?: string } {
  const refs = referencesFor(pr, system, mode);
  if (pseudo && (pseudo.only || (refs.length === 0 && pseudo.byPr.has(pr.id)))) {
    const p = pseudo.byPr.get(pr.id) ?? { none: NO_DIFF };
    // The paper's rule: a change without pseudo-references is not scorable (never Comp 0).
    if ('none' in p) return { from: 'pseudo-references', refs: [], why: p.none };
    if (p.issues.length === 0) return { from: 'pseudo-references', refs: [], why: 'no pseudo-reference was made from its diff: not scored' };
    return { from: 'pseudo-references', refs: p.issues };
  }
  // The paper's rule holds for reference issues too: with nothing to find, Comp is undefined, never 0.
  if (refs.length === 0) return { from: 'reference issues', refs, why: NO_REFERENCE };
  return { from: 'reference issues', refs };
}

export const NO_REFERENCE = 'no reference issue: not scored (crscore pr-eval makes pseudo-references from the diff)';
