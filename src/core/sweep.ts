import { bestMatches, harmonic, type ScoreOptions } from './score.ts';
import type { SimilarityMatrix, SweepPoint } from './types.ts';

/**
 * Scores at every τ of a grid in one pass: the best-match values are computed and sorted once, then the
 * grid is walked in increasing τ with one pointer per list (count of values > τ only shrinks as τ grows).
 * O((P + R) log(P + R) + T log T) instead of rescoring the matrix T times. Results keep the input order.
 */
export function tauSweep(
  m: SimilarityMatrix,
  taus: readonly number[],
  opts: ScoreOptions = {},
): SweepPoint[] {
  const { forPseudoReference, forSentence } = bestMatches(m, opts);
  const bestR = sortedValues(forSentence);
  const bestP = sortedValues(forPseudoReference);
  const scorable = m.rows > 0;
  const order = taus.map((_, k) => k).sort((a, b) => taus[a] - taus[b]);
  const out: SweepPoint[] = new Array(taus.length);
  let r = 0; // bestR[0..r) are <= τ
  let p = 0;
  for (const k of order) {
    const tau = taus[k];
    while (r < bestR.length && !(bestR[r] > tau)) r++;
    while (p < bestP.length && !(bestP[p] > tau)) p++;
    const con = scorable && m.cols > 0 ? (bestR.length - r) / m.cols : 0;
    const comp = scorable ? (bestP.length - p) / m.rows : 0;
    out[k] = { tau, con, comp, rel: harmonic(con, comp) };
  }
  return out;
}

/** Evenly spaced grid from `from` to `to` inclusive, `steps` points (≥ 2). */
export function tauGrid(from = 0, to = 1, steps = 101): number[] {
  if (steps < 2) return [from];
  return Array.from({ length: steps }, (_, k) => from + ((to - from) * k) / (steps - 1));
}

/** Unmatched entries (index -1) can never exceed any τ, so they are simply left out. */
function sortedValues(matches: readonly { index: number; similarity: number }[]): Float64Array {
  const v = Float64Array.from(matches.filter((b) => b.index >= 0).map((b) => b.similarity));
  return v.sort();
}
