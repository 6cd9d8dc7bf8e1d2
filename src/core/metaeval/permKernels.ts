// PERM-BOTH's inner loop without a sort per permutation. Each side of a permutation takes A's score on some
// changes and B's on the others, so its sorted order is a merge of A's and B's orders, each sorted once. From
// that merge the kernels build exactly the plans the direct computation sorts for (Kendall's (x, y) order,
// acc_eq's (human, x) order and distinct values), so every count is the same integer and every figure the same
// double. At system level a side's means are summed in review order, as groupsFor sums them.
import { statistic, type Statistic } from './grouped.ts';
import { TIE_SLACK } from './pairwise.ts';
import { weightedKendall, type RankPlan } from '../weightedRank.ts';

/** Human levels up to which pooledAccEq counts with a pointer per level rather than a Fenwick tree. */
const FEW_LEVELS = 16;

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

/**
 * Pooled acc_eq at the side's ε, equal to accEq on the mixed vector: accCounts with unit weights, whose counts are
 * integers. The metric values are ranked once over A's and B's together: any order-preserving ranks count the
 * same pairs, so "more than ε below" (a rank threshold per value and ε) is fixed per pair of metrics, and a
 * permutation only merges the (human, metric) order and slides the tie window.
 */
export function pooledAccEq(az: Float64Array, bz: Float64Array, h: Float64Array, epsA: number, epsB: number): SideStatistic {
  const n = az.length;
  const byH = mergeAll(order(n, (a, b) => h[a] - h[b] || az[a] - az[b]), order(n, (a, b) => h[a] - h[b] || bz[a] - bz[b]), h, h, az, bz);
  const byValue = mergeAll(order(n, (a, b) => az[a] - az[b]), order(n, (a, b) => bz[a] - bz[b]), az, bz, az, bz);
  const value = (t: number) => (byValue.fromB[t] ? bz : az)[byValue.idx[t]];
  // Dense ranks over the union; below[side][source][i]: distinct union values more than the side's ε below.
  const distinct: number[] = [];
  const rank = [new Int32Array(n), new Int32Array(n)];
  for (let t = 0; t < 2 * n; t++) {
    const v = value(t);
    if (distinct.length === 0 || v !== distinct[distinct.length - 1]) distinct.push(v);
    rank[byValue.fromB[t]][byValue.idx[t]] = distinct.length - 1;
  }
  const U = distinct.length;
  const below = [epsA, epsB].map((eps) => {
    const out = [new Int32Array(n), new Int32Array(n)];
    const lim = eps + TIE_SLACK;
    for (let t = 0, r = 0; t < 2 * n; t++) {
      const th = value(t) - lim;
      while (r < U && distinct[r] < th) r++;
      out[byValue.fromB[t]][byValue.idx[t]] = r;
    }
    return out;
  });
  // Human levels: runs of equal h, the same positions in every side's (human, metric) order.
  const sorted = Float64Array.from(h).sort();
  const cuts = [0];
  for (let k = 1; k < n; k++) if (sorted[k] !== sorted[k - 1]) cuts.push(k);
  cuts.push(n);
  const starts = Int32Array.from(cuts);
  const x = new Float64Array(n);
  const xr = new Int32Array(n);
  const bl = new Int32Array(n);
  const ordBuf = new Int32Array(n + 1);
  const tree = new Int32Array(U + 1);
  return (swapped, side) => {
    if (n < 2) return NaN;
    const [blA, blB] = below[side];
    for (let i = 0; i < n; i++) {
      const fromA = swapped[i] === side;
      x[i] = fromA ? az[i] : bz[i];
      xr[i] = fromA ? rank[0][i] : rank[1][i];
      bl[i] = fromA ? blA[i] : blB[i];
    }
    pick(byH, swapped, side, ordBuf);
    const lim = (side === 0 ? epsA : epsB) + TIE_SLACK;
    const G = starts.length - 1;
    let right = 0;
    // Pairs with a lower human level the metric puts more than ε below, and this level's metric ties. Within a
    // level the side's values (so ranks and thresholds) ascend: with few levels (Likert scores) a pointer per
    // lower level counts them in O(levels · n); with many, a Fenwick tree over ranks in O(n log n).
    const fewLevels = G <= FEW_LEVELS;
    if (!fewLevels) tree.fill(0);
    for (let g = 0; g < G; g++) {
      const a0 = starts[g], b0 = starts[g + 1];
      let lo = a0;
      for (let k = a0; k < b0; k++) {
        const xj = x[ordBuf[k]];
        while (xj - x[ordBuf[lo]] > lim) lo++;
        right += k - lo;
      }
      if (fewLevels)
        for (let l = 0; l < g; l++) {
          const end = starts[l + 1];
          let p = starts[l];
          for (let k = a0; k < b0; k++) {
            const t = bl[ordBuf[k]];
            while (p < end && xr[ordBuf[p]] < t) p++;
            right += p - starts[l];
          }
        }
      else {
        for (let k = a0; k < b0; k++) {
          let lower = 0;
          for (let r = bl[ordBuf[k]]; r > 0; r -= r & -r) lower += tree[r];
          right += lower;
        }
        for (let k = a0; k < b0; k++) for (let r = xr[ordBuf[k]] + 1; r <= U; r += r & -r) tree[r]++;
      }
    }
    return right / ((n * (n - 1)) / 2);
  };
}

/** Each review's system slot (systems in ascending order), the reviews per system and the human system means. */
function systemSlots(system: ArrayLike<number>, h: Float64Array) {
  const n = h.length;
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
  return { at, S, count, mh: Array.from(sh, (v, s) => v / count[s]) };
}

/** Each side's statistic over its system means (the means summed in review order, as groupsFor does). */
export function systemSides(az: Float64Array, bz: Float64Array, h: Float64Array, system: ArrayLike<number>, stat: Statistic, epsA: number, epsB: number): SideStatistic {
  const n = az.length;
  const { at, S, count, mh } = systemSlots(system, h);
  const sx = new Float64Array(S);
  const mx = new Array<number>(S);
  return (swapped, side) => {
    sx.fill(0);
    for (let i = 0; i < n; i++) sx[at[i]] += swapped[i] === side ? az[i] : bz[i];
    for (let s = 0; s < S; s++) mx[s] = sx[s] / count[s];
    return statistic(stat, mx, mh, side === 0 ? epsA : epsB);
  };
}

/**
 * systemSides' difference (side 0 minus side 1) for a swap mask over the changes, both sides in one pass: a
 * review's two values sit side by side, so the mask picks them by index rather than by a branch on a coin flip.
 * Each system's sum still adds its reviews in review order, so the means and the statistic are the same doubles.
 */
export function systemDiff(az: Float64Array, bz: Float64Array, h: Float64Array, system: ArrayLike<number>, change: ArrayLike<number>, stat: Statistic, epsA: number, epsB: number): (mask: Uint8Array) => number {
  const n = az.length;
  const { at, S, count, mh } = systemSlots(system, h);
  const ab = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    ab[2 * i] = az[i];
    ab[2 * i + 1] = bz[i];
  }
  const chg = Int32Array.from({ length: n }, (_, i) => change[i]);
  const sx0 = new Float64Array(S);
  const sx1 = new Float64Array(S);
  const mx0 = new Array<number>(S);
  const mx1 = new Array<number>(S);
  return (mask) => {
    sx0.fill(0);
    sx1.fill(0);
    for (let i = 0; i < n; i++) {
      const s = mask[chg[i]];
      const j = 2 * i;
      sx0[at[i]] += ab[j + s];
      sx1[at[i]] += ab[j + 1 - s];
    }
    for (let s = 0; s < S; s++) {
      mx0[s] = sx0[s] / count[s];
      mx1[s] = sx1[s] / count[s];
    }
    return statistic(stat, mx0, mh, epsA) - statistic(stat, mx1, mh, epsB);
  };
}
