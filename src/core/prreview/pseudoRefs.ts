// The pseudo-references of a pull request, for CRScore of a whole review without reference issues (Naik et al.
// 2025's reference-free form, applied to a PR): the PR's diff cut into the changes the single-diff pipeline
// already knows how to read, and what that pipeline made of them placed back on the PR. Analyzers read one file's
// diff at a time (their issues come back on new-file lines); claims, from the LLM or the syntax trees, are made
// per hunk, so each claim is placed on its hunk (its file and new-side line range). Pure: the running of the
// analyzers and the LLM is the caller's (src/pseudorefs, the same functions `crscore eval` runs).
import type { PseudoReference } from '../types.ts';
import type { PullRequest, ReferenceIssue } from './model.ts';
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
