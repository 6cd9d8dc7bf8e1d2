// Soft pairwise accuracy (Thompson et al. 2024): system-level pairwise accuracy that also rewards a metric for
// being as sure as the humans are. For every pair of systems (A, B), p is the one-sided p-value of "A is better
// than B" from a paired permutation test over the changes both systems reviewed (each permutation flips the sign
// of each change's difference with probability ½; p = share of permutations whose mean difference is at least the
// observed one). SPA = mean over pairs of 1 − |p_metric − p_human|. The metric and the humans use the same
// permutations, seeded, so SPA is reproducible; changes where either system lacks a value are left out of that pair.
import { swapMasks } from './significance.ts';

/**
 * `x[s][c]` and `h[s][c]`: system s's metric value and human score on change c (NaN where absent).
 * Returns NaN with fewer than two systems.
 */
export function softPairwiseAccuracy(x: readonly Float64Array[], h: readonly Float64Array[], o: { resamples?: number; seed?: number; masks?: Uint8Array[] } = {}): number {
  const S = x.length;
  if (S < 2) return NaN;
  const C = x[0].length;
  const masks = o.masks ?? swapMasks(o.resamples ?? 1000, C, o.seed ?? 1);
  let sum = 0;
  let pairs = 0;
  for (let a = 0; a < S; a++)
    for (let b = a + 1; b < S; b++) {
      const pm = pairP(x[a], x[b], masks);
      const ph = pairP(h[a], h[b], masks);
      if (!Number.isFinite(pm) || !Number.isFinite(ph)) continue;
      sum += 1 - Math.abs(pm - ph);
      pairs++;
    }
  return pairs > 0 ? sum / pairs : NaN;
}

/** One-sided permutation p of mean(a − b) > 0 over the changes where both have a value. */
export function pairP(a: Float64Array, b: Float64Array, masks: readonly Uint8Array[]): number {
  const d: number[] = [];
  const at: number[] = [];
  for (let c = 0; c < a.length; c++)
    if (Number.isFinite(a[c]) && Number.isFinite(b[c])) {
      d.push(a[c] - b[c]);
      at.push(c);
    }
  if (d.length === 0 || masks.length === 0) return NaN;
  const obs = d.reduce((s, v) => s + v, 0);
  let k = 0;
  for (const m of masks) {
    let t = 0;
    for (let i = 0; i < d.length; i++) t += m[at[i]] ? -d[i] : d[i];
    if (t >= obs - 1e-12) k++;
  }
  return k / masks.length;
}
