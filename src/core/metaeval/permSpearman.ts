// PERM-BOTH's pooled Spearman without a rank per review. A side's Pearson on average ranks against the human
// ranks only needs Σ dx·dy and Σ dx² (dx, dy: a review's rank minus the mean rank, (n + 1)/2), and a run of tied
// values shares one rank, so each run adds dx · (its reviews' Σ dy) and dx² · (its length) while the side's
// sorted order is scanned once. Every rank and mean rank is a multiple of ½, so every product is a multiple of ¼
// and every partial sum stays below 2⁵¹ for up to 100,000 reviews: the sums are exact in any order, the same
// doubles as the per-review sums (significance.ts's rankPearson), and so the same r.
import { mergeAll } from './permKernels.ts';

/** Up to this many reviews every sum is exact (n³ < 2⁵¹). */
const EXACT_REVIEWS = 100_000;

function sortedOrder(z: Float64Array): Int32Array {
  return Int32Array.from({ length: z.length }, (_, i) => i).sort((a, b) => z[a] - z[b]);
}

/**
 * The difference of the two sides' Spearman (side 0 takes A where the change is not swapped, side 1 takes A where
 * it is) against the human ranks `rh`, whose mean is `my`, for a swap mask over the changes; null where the sums
 * would not be exact (the caller then ranks each side).
 */
export function pooledSpearmanDiff(az: Float64Array, bz: Float64Array, rh: Float64Array, my: number, change: ArrayLike<number>, orders?: [Int32Array, Int32Array]): ((mask: Uint8Array) => number) | null {
  const n = az.length;
  const mx = (n + 1) / 2;
  if (n > EXACT_REVIEWS || my !== mx) return null;
  // A's and B's scores merged in one sorted list of 2n entries; an entry is side s's where mask ^ fromB is s.
  // `orders`: A's and B's sortedOrder, when the caller kept them (a metric is in many pairs).
  const { idx, fromB } = mergeAll(orders?.[0] ?? sortedOrder(az), orders?.[1] ?? sortedOrder(bz), az, bz, az, bz);
  const N = idx.length;
  const vals = Float64Array.from(idx, (i, t) => (fromB[t] ? bz[i] : az[i]));
  const dys = Float64Array.from(idx, (i) => rh[i] - my);
  const chg = Int32Array.from(idx, (i) => change[i]);
  // The end of the run of equal values each entry starts (a side's ties lie within one run of the list).
  const runEnd = new Int32Array(N);
  for (let t = N - 1; t >= 0; t--) runEnd[t] = t + 1 < N && vals[t + 1] === vals[t] ? runEnd[t + 1] : t + 1;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dy = rh[i] - my;
    syy += dy * dy;
  }
  const r = (sxy: number, sxx: number) => (sxx === 0 || syy === 0 ? NaN : Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy))));
  return (mask) => {
    if (n < 2) return NaN;
    let k0 = 0, k1 = 0, xy0 = 0, xy1 = 0, xx0 = 0, xx1 = 0;
    for (let t = 0; t < N; ) {
      const e = runEnd[t];
      if (e === t + 1) {
        // A value of its own: rank k + 1 on its side. Both sides' sums move, the other's by an exact 0, so no
        // branch on the coin flip.
        const s = mask[chg[t]] ^ fromB[t];
        const o = 1 - s;
        const d0 = o * (k0 + 1 - mx), d1 = s * (k1 + 1 - mx);
        const dy = dys[t];
        xy0 += d0 * dy;
        xx0 += d0 * d0;
        xy1 += d1 * dy;
        xx1 += d1 * d1;
        k0 += o;
        k1 += s;
        t = e;
        continue;
      }
      // A run of ties: each side's entries share the average of the ranks they take (a side with none adds 0).
      const len = e - t;
      let c1 = 0, g0 = 0, g1 = 0;
      for (; t < e; t++) {
        const s = mask[chg[t]] ^ fromB[t];
        c1 += s;
        g1 += s * dys[t];
        g0 += (1 - s) * dys[t];
      }
      const c0 = len - c1;
      const d0 = k0 + (c0 + 1) / 2 - mx, d1 = k1 + (c1 + 1) / 2 - mx;
      xy0 += d0 * g0;
      xx0 += d0 * d0 * c0;
      xy1 += d1 * g1;
      xx1 += d1 * d1 * c1;
      k0 += c0;
      k1 += c1;
    }
    return r(xy0, xx0) - r(xy1, xx1);
  };
}
