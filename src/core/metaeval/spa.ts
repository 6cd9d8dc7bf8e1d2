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

/** Every system pair's pairP (pairs a < b in order): SPA is spaOfPairPs of the metric's and the humans'. */
export function pairPs(t: readonly Float64Array[], masks: readonly Uint8Array[]): Float64Array {
  const S = t.length;
  const out = new Float64Array((S * (S - 1)) / 2);
  let k = 0;
  for (let a = 0; a < S; a++) for (let b = a + 1; b < S; b++) out[k++] = pairP(t[a], t[b], masks);
  return out;
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

/** Permutations each bootstrap resample's SPA runs (the first ones of the point estimate's). */
export const SPA_INTERVAL_PERMUTATIONS = 100;

/**
 * SPA of a bootstrap resample of changes, change c drawn w[c] times: a drawn change's copies are one unit of the
 * permutation test (they swap together, as a change's reviews do in PERM-BOTH), so a permutation's sum is
 * Σ_c ±w_c·d_c over the changes both systems have. Each system's signed sums over all permutations come from
 * subset-sum tables over blocks of 4 changes (16 sums a block, one lookup per block and permutation), and a pair
 * of systems present on every change differs by the difference of their sums; other pairs are summed directly.
 */
export function resampledSoftPairwiseAccuracy(x: readonly Float64Array[], h: readonly Float64Array[], w: ArrayLike<number>, masks: readonly Uint8Array[]): number {
  return spaOfPairPs(resampledPairPs(x, w, masks), resampledPairPs(h, w, masks));
}

/** SPA from the pairs' p-values of the metric and of the humans (pairs in the same order; NaN pairs left out). */
export function spaOfPairPs(pm: Float64Array, ph: Float64Array): number {
  let sum = 0;
  let pairs = 0;
  for (let k = 0; k < pm.length; k++) {
    if (!Number.isFinite(pm[k]) || !Number.isFinite(ph[k])) continue;
    sum += 1 - Math.abs(pm[k] - ph[k]);
    pairs++;
  }
  return pairs > 0 ? sum / pairs : NaN;
}

/** Every system pair's one-sided p on the resample (pairs a < b in order), for one table. */
export function resampledPairPs(t: readonly Float64Array[], w: ArrayLike<number>, masks: readonly Uint8Array[]): Float64Array {
  const S = t.length;
  const out = new Float64Array((S * (S - 1)) / 2).fill(NaN);
  if (S < 2 || masks.length === 0) return out;
  const C = t[0].length;
  const blocks = Math.ceil(C / BITS);
  let bytes = packed.get(masks);
  if (!bytes || bytes.length !== masks.length * blocks) packed.set(masks, (bytes = maskBytes(masks, C)));
  const sums = t.map((v) => (v.every(Number.isFinite) ? signedSums(v, w, bytes, blocks, masks.length) : null));
  let k = 0;
  for (let a = 0; a < S; a++)
    for (let b = a + 1; b < S; b++, k++) {
      const [ta, tb] = [sums[a], sums[b]];
      if (!ta || !tb) {
        out[k] = weightedPairP(t[a], t[b], w, masks);
        continue;
      }
      const obs = ta[masks.length] - tb[masks.length];
      let n = 0;
      for (let m = 0; m < masks.length; m++) if (ta[m] - tb[m] >= obs - 1e-12) n++;
      out[k] = n / masks.length;
    }
  return out;
}

// The packed masks of a mask list, kept while the list lives (a table's resamples all use the same list).
const packed = new WeakMap<readonly Uint8Array[], Uint8Array>();
// Changes per block: 16 subset sums a block to build, one lookup a block and permutation (the cheapest balance
// for ~100 permutations).
const BITS = 4;
const SIZE = 1 << BITS;

/** Each permutation's mask bits packed per block of BITS changes. */
function maskBytes(masks: readonly Uint8Array[], C: number): Uint8Array {
  const blocks = Math.ceil(C / BITS);
  const out = new Uint8Array(masks.length * blocks);
  masks.forEach((m, t) => {
    for (let c = 0; c < C; c++) if (m[c]) out[t * blocks + Math.floor(c / BITS)] |= 1 << c % BITS;
  });
  return out;
}

/** Σ_c ±w_c·v_c for every permutation (index t), and the unpermuted sum (index masks). */
function signedSums(v: Float64Array, w: ArrayLike<number>, bytes: Uint8Array, blocks: number, M: number): Float64Array {
  const sub = new Float64Array(blocks * SIZE);
  let total = 0;
  for (let blk = 0; blk < blocks; blk++) {
    const at = blk * SIZE;
    // Doubling: the sums without change j, then the same plus change j.
    for (let j = 0; j < BITS; j++) {
      const c = blk * BITS + j;
      const wv = c < v.length ? w[c] * v[c] : 0;
      for (let bits = 0; bits < 1 << j; bits++) sub[at + (bits | (1 << j))] = sub[at + bits] + wv;
    }
    total += sub[at + SIZE - 1];
  }
  const out = new Float64Array(M + 1);
  for (let t = 0; t < M; t++) {
    let flipped = 0;
    const row = t * blocks;
    for (let blk = 0; blk < blocks; blk++) flipped += sub[blk * SIZE + bytes[row + blk]];
    out[t] = total - 2 * flipped;
  }
  out[M] = total;
  return out;
}

/** pairP on a resample: each change's difference weighted by its draws, over the changes both systems have. */
export function weightedPairP(a: Float64Array, b: Float64Array, w: ArrayLike<number>, masks: readonly Uint8Array[]): number {
  let any = false;
  let obs = 0;
  for (let c = 0; c < a.length; c++)
    if (w[c] > 0 && Number.isFinite(a[c]) && Number.isFinite(b[c])) {
      any = true;
      obs += w[c] * (a[c] - b[c]);
    }
  if (!any || masks.length === 0) return NaN;
  let k = 0;
  for (const m of masks) {
    let t = 0;
    for (let c = 0; c < a.length; c++) if (w[c] > 0 && Number.isFinite(a[c]) && Number.isFinite(b[c])) t += m[c] ? -w[c] * (a[c] - b[c]) : w[c] * (a[c] - b[c]);
    if (t >= obs - 1e-12) k++;
  }
  return k / masks.length;
}
