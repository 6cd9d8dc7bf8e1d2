// What the pull request view shows of one CRScore row of a whole review, kept pure so the page only draws it: the
// match of each comment and each issue at τ (the lines drawn between them), why each pair was decided as it was,
// and the hunks to pin comments on (the PR's diff, else the hunks the comments themselves carry, as GitHub's do).
import type { ReviewComment } from './model.ts';
import { parseDiffHunks } from './readers/unidiff.ts';
import { addresses, type CrscoreRow } from './evaluators/crscore.ts';

type Cell = CrscoreRow['cells'][number];

export interface PrMatches {
  /** For each comment (column), the issue it addresses best at τ, or -1. */
  ofComment: number[];
  /** For each issue (row), the comment that finds it best at τ, or -1. */
  ofIssue: number[];
  /** Every pair drawn as a line: a comment's best issue, and an issue's best comment (each pair once, issue-major). */
  links: { issue: number; comment: number; similarity: number }[];
}

/** The best partner of every comment and issue at τ (ties: the first), as Con and Comp count them. */
export function prMatches(row: Pick<CrscoreRow, 'cells' | 'num_issues' | 'num_comments'>, tau: number): PrMatches {
  const P = row.num_issues;
  const R = row.num_comments;
  const ofComment = new Array<number>(R).fill(-1);
  const ofIssue = new Array<number>(P).fill(-1);
  const at = (i: number, j: number) => row.cells[i * R + j].similarity;
  for (let i = 0; i < P; i++)
    for (let j = 0; j < R; j++) {
      const s = at(i, j);
      if (!addresses(s, tau)) continue;
      if (ofComment[j] < 0 || s > at(ofComment[j], j)) ofComment[j] = i;
      if (ofIssue[i] < 0 || s > at(i, ofIssue[i])) ofIssue[i] = j;
    }
  const keys = new Set<number>();
  ofComment.forEach((i, j) => i >= 0 && keys.add(i * R + j));
  ofIssue.forEach((j, i) => j >= 0 && keys.add(i * R + j));
  const links = [...keys].sort((a, b) => a - b).map((k) => ({ issue: Math.floor(k / R), comment: k % R, similarity: row.cells[k].similarity }));
  return { ofComment, ofIssue, links };
}

export type DecidingRule = 'different files' | 'beyond the line window' | 'above τ' | 'at or below τ';

export interface Decision {
  rule: DecidingRule;
  /** The location score (1 on the same path within the window, 0 when either has no place or the pair is ruled out). */
  location: number;
  /** The text similarity, before the location weight. */
  text: number;
  similarity: number;
  match: boolean;
  /** One sentence that says all of it. */
  because: string;
}

const f3 = (v: number) => v.toFixed(3);

/** Why one issue × comment pair was decided as it was. */
export function explainDecision(cell: Cell, issue: ReviewComment, comment: ReviewComment, o: { tau: number; locationWeight: number; lineWindow: number }): Decision {
  const base = { location: cell.location, text: cell.text, similarity: cell.similarity };
  if (cell.gated) {
    const files = !!issue.path && !!comment.path && issue.path !== comment.path;
    return {
      ...base,
      rule: files ? 'different files' : 'beyond the line window',
      match: false,
      because: files
        ? `ruled out: different files (${issue.path} and ${comment.path}); text similarity ${f3(cell.text)} is not used`
        : `ruled out: more than ${o.lineWindow} lines apart (the line window); text similarity ${f3(cell.text)} is not used`,
    };
  }
  const w = o.locationWeight;
  const match = addresses(cell.similarity, o.tau);
  const place = cell.location ? 'same file, within the line window' : 'no location on one side';
  return {
    ...base,
    rule: match ? 'above τ' : 'at or below τ',
    match,
    because: `location ${cell.location} (${place}), text similarity ${f3(cell.text)} → ${f3(cell.text)}·(1 − ${w.toFixed(2)} + ${w.toFixed(2)}·${cell.location}) = ${f3(cell.similarity)} ${match ? '>' : '≤'} τ ${f3(o.tau)}: ${match ? 'a match' : 'no match'}`,
  };
}

export interface ViewHunk {
  file: string;
  newStart: number;
  /** The header line, then the hunk's lines. */
  hunk: string;
}

const HEADER = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The hunks to pin comments on: the PR's diff when known; else the hunks the comments carry. GitHub gives each
 * review comment its hunk cut at the commented line, so hunks of one file with one header are one hunk: the longest.
 */
export function viewHunks(diff: string | undefined, comments: readonly ReviewComment[]): ViewHunk[] {
  if (diff) return parseDiffHunks(diff).map((h) => ({ file: h.file, newStart: h.newStart, hunk: h.hunk }));
  const byKey = new Map<string, ViewHunk>();
  for (const c of comments) {
    if (!c.path || !c.hunk) continue;
    const text = c.hunk.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    const m = HEADER.exec(text);
    if (!m) continue;
    const key = `${c.path}\u0000${m[0]}`;
    const had = byKey.get(key);
    if (!had || text.length > had.hunk.length) byKey.set(key, { file: c.path, newStart: Number(m[1]), hunk: text });
  }
  return [...byKey.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.newStart - b.newStart));
}
