// CRScore of a whole review (Naik et al. 2025, applied to a pull request): the P×R matrix of a PR's issues (P:
// reference issues, or pseudo-references) against the tool's comments (R), each similarity gated by location.
// A pair whose paths differ, or whose lines lie further apart than the line window, cannot match; otherwise its
// similarity is text·(1 − w + w·location), where location is 1 for a pair on the same path within the window and 0
// when either side has no location. So a located pair keeps its text similarity, one without a place loses the
// share w of it, and location alone never clears τ (an additive w·location would, whenever w ≥ τ). Con = share of
// comments that address some issue (best > τ, strict as the paper's), Comp = share of issues some comment
// addresses, Rel = their harmonic mean.
import type { Location } from '../model.ts';
import type { SimilarityMatrix } from '../../types.ts';

export interface CrscoreOptions {
  tau: number;
  /** Weight of the location score in a pair's similarity, in [0, 1]. */
  locationWeight: number;
  /** Lines apart (range to range) within which a located pair may match. */
  lineWindow: number;
}

export interface CrscoreRow {
  con: number;
  comp: number;
  rel: number;
  num_comments: number;
  num_issues: number;
  comments_addressing: number;
  issues_found: number;
  /** Per pair (issue-major), the gated similarity, the text similarity and the location score. */
  cells: { similarity: number; text: number; location: number; gated: boolean }[];
}

function lineGap(a: Location, b: Location): number | null {
  const ra = [a.from ?? a.to, a.to ?? a.from];
  const rb = [b.from ?? b.to, b.to ?? b.from];
  if (ra[0] == null || rb[0] == null) return null;
  const [a0, a1] = [Math.min(ra[0], ra[1]!), Math.max(ra[0], ra[1]!)];
  const [b0, b1] = [Math.min(rb[0], rb[1]!), Math.max(rb[0], rb[1]!)];
  return a1 < b0 ? b0 - a1 : b1 < a0 ? a0 - b1 : 0;
}

/** Whether a pair's similarity clears τ: strictly above it, as the paper's Con and Comp count. The one rule the
 *  evaluator, the view's lines and its matrix all use. */
export const addresses = (similarity: number, tau: number): boolean => similarity > tau;

/** The location score and whether the pair is ruled out, for one issue and one comment. */
export function locationGate(issue: Location, comment: Location, lineWindow: number): { location: number; gated: boolean } {
  if (issue.path && comment.path && issue.path !== comment.path) return { location: 0, gated: true };
  const gap = lineGap(issue, comment);
  if (gap !== null && gap > lineWindow) return { location: 0, gated: true };
  const located = !!issue.path && !!comment.path;
  return { location: located ? 1 : 0, gated: false };
}

export function crscoreEvaluate(issues: readonly Location[], comments: readonly Location[], text: SimilarityMatrix, o: CrscoreOptions): CrscoreRow {
  const P = issues.length;
  const R = comments.length;
  const cells: CrscoreRow['cells'] = [];
  const bestOfComment = new Float64Array(R);
  const bestOfIssue = new Float64Array(P);
  for (let i = 0; i < P; i++)
    for (let j = 0; j < R; j++) {
      const t = text.data[i * R + j];
      const g = locationGate(issues[i], comments[j], o.lineWindow);
      const s = g.gated ? 0 : t * (1 - o.locationWeight + o.locationWeight * g.location);
      cells.push({ similarity: s, text: t, location: g.location, gated: g.gated });
      bestOfComment[j] = Math.max(bestOfComment[j], s);
      bestOfIssue[i] = Math.max(bestOfIssue[i], s);
    }
  const addressing = bestOfComment.filter((v) => addresses(v, o.tau)).length;
  const found = bestOfIssue.filter((v) => addresses(v, o.tau)).length;
  const con = R > 0 ? addressing / R : 0;
  const comp = P > 0 ? found / P : 0;
  return { con, comp, rel: con + comp > 0 ? (2 * con * comp) / (con + comp) : 0, num_comments: R, num_issues: P, comments_addressing: addressing, issues_found: found, cells };
}
