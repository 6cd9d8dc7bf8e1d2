// PERM-BOTH's inner loop without a sort per permutation. Each side of a permutation takes A's score on some
// changes and B's on the others, so its sorted order is a merge of A's and B's orders, each sorted once. From
// that merge the kernels build exactly the plans the direct computation sorts for (Kendall's (x, y) order,
// acc_eq's (human, x) order and distinct values), so every count is the same integer and every figure the same
// double. At system level a side's means are summed in review order, as groupsFor sums them.
import { statistic, type Statistic } from './grouped.ts';
import { accCounts, TIE_SLACK, type AccPlan } from './pairwise.ts';
import { weightedKendall, type RankPlan } from '../weightedRank.ts';

/** The statistic of each side of a permutation: side 0 takes A where not swapped, side 1 takes A where swapped. */
export type SideStatistic = (swapped: Uint8Array, side: number) => number;

function order(n: number, less: (a: number, b: number) => number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i).sort(less);
}

/**
 * A's and B's presorted orders merged once into one list of 2n entries (review idx, from B or not): keys compare
 * as (primary, secondary), pa/sa for A's reviews and pb/sb for B's; equal keys go A first. A side's order is
 * this list filtered (see pick): the stable merge of the filtered orders, the same indices the merge per side
 * gave, in one pass with no comparison.
 */
export interface Merged {
  idx: Int32Array;
  fromB: Uint8Array;
}

export function mergeAll(oa: Int32Array, ob: Int32Array, pa: Float64Array, pb: Float64Array, sa: Float64Array, sb: Float64Array): Merged {
  const n = oa.length;
  const idx = new Int32Array(2 * n);
  const fromB = new Uint8Array(2 * n);
  let i = 0, j = 0;
  for (let k = 0; k < 2 * n; k++) {
    const ai = oa[i], bj = ob[j];
    if (j >= n || (i < n && (pa[ai] < pb[bj] || (pa[ai] === pb[bj] && sa[ai] <= sb[bj])))) {
      idx[k] = ai;
      i++;
    } else {
      idx[k] = bj;
      fromB[k] = 1;
      j++;
    }
  }
  return { idx, fromB };
}

/**
 * The side's order: review i comes from A where swapped[i] === side, so an entry is the side's when
 * swapped ^ fromB ^ side is 0. Branch-free (every entry is written, the count moves only on the side's), since
 * the swaps are coin flips a branch would mispredict half the time; `out` holds n + 1 (the last write spills).
 */
export function pick(m: Merged, swapped: Uint8Array, side: number, out: Int32Array): void {
  const { idx, fromB } = m;
  let k = 0;
  for (let t = 0; t < idx.length; t++) {
    const i = idx[t];
    out[k] = i;
    k += 1 ^ swapped[i] ^ fromB[t] ^ side;
  }
}

function mix(az: Float64Array, bz: Float64Array, swapped: Uint8Array, side: number, out: Float64Array): void {
  for (let i = 0; i < az.length; i++) out[i] = swapped[i] === side ? az[i] : bz[i];
}

/** Pooled Kendall τ-b of each side, equal to kendallTauB on the mixed vector. */
export function pooledKendall(az: Float64Array, bz: Float64Array, h: Float64Array): SideStatistic {
  const n = az.length;
  const oa = order(n, (a, b) => az[a] - az[b] || h[a] - h[b]);
  const ob = order(n, (a, b) => bz[a] - bz[b] || h[a] - h[b]);
  const byY = order(n, (a, b) => h[a] - h[b]);
  const yRank = new Int32Array(n);
  let m = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0 && h[byY[k]] !== h[byY[k - 1]]) m++;
    yRank[byY[k]] = m;
  }
  const all = mergeAll(oa, ob, az, bz, h, h);
  const x = new Float64Array(n);
  const byXYBuf = new Int32Array(n + 1);
  const byXY = byXYBuf.subarray(0, n);
  const plan: RankPlan = { n, x, y: h, byX: byXY, byY, byXY, yRank, m: n > 0 ? m + 1 : 0 };
  const ones = new Float64Array(n).fill(1);
  const tree = new Float64Array(plan.m + 1);
  return (swapped, side) => {
    if (n < 2) return NaN;
    mix(az, bz, swapped, side, x);
    pick(all, swapped, side, byXYBuf);
    return weightedKendall(plan, ones, tree);
  };
}

/** Pooled acc_eq at the side's ε, equal to accEq on the mixed vector. */
export function pooledAccEq(az: Float64Array, bz: Float64Array, h: Float64Array, epsA: number, epsB: number): SideStatistic {
  const n = az.length;
  // (human, metric) order for the pairs, metric order for the distinct values.
  const ha = order(n, (a, b) => h[a] - h[b] || az[a] - az[b]);
  const hb = order(n, (a, b) => h[a] - h[b] || bz[a] - bz[b]);
  const xa = order(n, (a, b) => az[a] - az[b]);
  const xb = order(n, (a, b) => bz[a] - bz[b]);
  const starts: number[] = [];
  for (let k = 0; k < n; k++) if (k === 0 || h[ha[k]] !== h[ha[k - 1]]) starts.push(k);
  starts.push(n);
  const byH = mergeAll(ha, hb, h, h, az, bz);
  const byValue = mergeAll(xa, xb, az, bz, az, bz);
  const x = new Float64Array(n);
  const ordBuf = new Int32Array(n + 1);
  const ord = ordBuf.subarray(0, n);
  const byX = new Int32Array(n + 1);
  const xsBuf = new Float64Array(n);
  const xRank = new Int32Array(n);
  const plan: AccPlan = { n, x, h, order: ord, groups: Int32Array.from(starts), xs: xsBuf, xRank };
  const tree = new Float64Array(n + 1);
  const prefix = new Float64Array(n + 1);
  const belowOf = new Int32Array(n);
  const below = new Int32Array(n);
  const windowStart = new Int32Array(n);
  return (swapped, side) => {
    if (n < 2) return NaN;
    mix(az, bz, swapped, side, x);
    pick(byH, swapped, side, ordBuf);
    pick(byValue, swapped, side, byX);
    let u = 0;
    for (let k = 0; k < n; k++) {
      const v = x[byX[k]];
      if (u === 0 || v !== xsBuf[u - 1]) xsBuf[u++] = v;
      xRank[byX[k]] = u - 1;
    }
    plan.xs = xsBuf.subarray(0, u);
    // accKernel without its binary searches: in metric order, the distinct values more than ε below move one way.
    const eps = side === 0 ? epsA : epsB;
    const lim = eps + TIE_SLACK;
    for (let k = 0, r = 0; k < n; k++) {
      const t = x[byX[k]] - lim;
      while (r < u && xsBuf[r] < t) r++;
      belowOf[byX[k]] = r;
    }
    for (let g = 0; g < plan.groups.length - 1; g++) {
      let lo = plan.groups[g];
      for (let k = plan.groups[g]; k < plan.groups[g + 1]; k++) {
        const xj = x[ord[k]];
        below[k] = belowOf[ord[k]];
        while (xj - x[ord[lo]] > lim) lo++;
        windowStart[k] = lo;
      }
    }
    const { right, pairs } = accCounts(plan, { eps, below, windowStart }, undefined, tree, prefix);
    return pairs > 0 ? right / pairs : NaN;
  };
}

/** Each side's statistic over its system means (the means summed in review order, as groupsFor does). */
export function systemSides(az: Float64Array, bz: Float64Array, h: Float64Array, system: ArrayLike<number>, stat: Statistic, epsA: number, epsB: number): SideStatistic {
  const n = az.length;
  const keys = [...new Set(Array.from(system))].sort((a, b) => a - b);
  const slot = new Map(keys.map((k, s) => [k, s]));
  const at = Int32Array.from({ length: n }, (_, i) => slot.get(system[i])!);
  const S = keys.length;
  const count = new Float64Array(S);
  const sh = new Float64Array(S);
  for (let i = 0; i < n; i++) {
    count[at[i]]++;
    sh[at[i]] += h[i];
  }
  const mh = Array.from(sh, (v, s) => v / count[s]);
  const sx = new Float64Array(S);
  const mx = new Array<number>(S);
  return (swapped, side) => {
    sx.fill(0);
    for (let i = 0; i < n; i++) sx[at[i]] += swapped[i] === side ? az[i] : bz[i];
    for (let s = 0; s < S; s++) mx[s] = sx[s] / count[s];
    return statistic(stat, mx, mh, side === 0 ? epsA : epsB);
  };
}
