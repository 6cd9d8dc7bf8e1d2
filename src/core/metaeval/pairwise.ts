// Pairwise accuracy with ties, acc_eq (Deutsch et al. 2023, "Ties Matter", their acc23): over every pair of
// reviews, the metric is right when the sign of its difference equals the sign of the human difference, where a
// metric difference of at most ε counts as a tie. Human ties count: the metric must tie them too.
//
// O(n log n) for any ε, never O(n²): sort by human score; a pair with different human scores is right when the
// lower-rated review's metric value is below the higher one's by more than ε (a Fenwick tree over the metric's
// ranks counts them while the human groups are added in increasing order); a pair with the same human score is
// right when the two metric values are within ε (a sliding window over the group sorted by metric). Weights w[i]
// (how many times a bootstrap resample drew review i) give the statistic of the expanded sample without building
// it: w copies of one review are w(w−1)/2 pairs tied on both sides, which count as right.
//
// Floating point: a difference within ε + TIE_SLACK counts as a tie, so a difference computed as a − b in one
// place and b − a in another never flips a pair (the reference script uses the same rule).

export const TIE_SLACK = 1e-12;

export interface AccPlan {
  n: number;
  x: Float64Array;
  h: Float64Array;
  /** Indices sorted by (human, metric). */
  order: Int32Array;
  /** Start of each run of equal human scores in `order`, with n at the end. */
  groups: Int32Array;
  /** Distinct metric values, ascending, and each review's index among them. */
  xs: Float64Array;
  xRank: Int32Array;
}

export function accPlan(x: ArrayLike<number>, h: ArrayLike<number>): AccPlan {
  const n = x.length;
  if (h.length !== n) throw new Error(`accEq: ${n} metric values, ${h.length} human scores`);
  const xv = Float64Array.from(x);
  const hv = Float64Array.from(h);
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => hv[a] - hv[b] || xv[a] - xv[b]);
  const starts: number[] = [];
  for (let k = 0; k < n; k++) if (k === 0 || hv[order[k]] !== hv[order[k - 1]]) starts.push(k);
  starts.push(n);
  const xs = Float64Array.from(new Set(Float64Array.from(xv).sort()));
  const xRank = new Int32Array(n);
  for (let i = 0; i < n; i++) xRank[i] = lowerBound(xs, xv[i]);
  return { n, x: xv, h: hv, order, groups: Int32Array.from(starts), xs, xRank };
}

/** Number of values of the ascending array below t. */
export function lowerBound(a: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Right pairs and all pairs of the (weighted) sample at ε. */
export function accCounts(p: AccPlan, eps: number, w?: ArrayLike<number>, tree: Float64Array = new Float64Array(p.xs.length + 1)): { right: number; pairs: number } {
  const wt = (i: number) => (w ? w[i] : 1);
  const lim = eps + TIE_SLACK;
  let right = 0;
  let N = 0;
  tree.fill(0);
  const U = p.xs.length;
  const G = p.groups.length - 1;
  for (let g = 0; g < G; g++) {
    const a0 = p.groups[g];
    const b0 = p.groups[g + 1];
    // Pairs across human groups: the earlier group is rated lower; right when x_j − x_i > ε.
    for (let k = a0; k < b0; k++) {
      const j = p.order[k];
      const wj = wt(j);
      if (wj === 0) continue;
      let below = 0;
      for (let r = lowerBound(p.xs, p.x[j] - lim); r > 0; r -= r & -r) below += tree[r];
      right += below * wj;
    }
    // Pairs within the group (human tie): right when |x_i − x_j| ≤ ε. The group is sorted by x.
    let lo = a0;
    let inWindow = 0;
    for (let k = a0; k < b0; k++) {
      const j = p.order[k];
      const wj = wt(j);
      while (p.x[j] - p.x[p.order[lo]] > lim) inWindow -= wt(p.order[lo++]);
      right += inWindow * wj + (wj * (wj - 1)) / 2;
      inWindow += wj;
      N += wj;
    }
    for (let k = a0; k < b0; k++) {
      const j = p.order[k];
      const wj = wt(j);
      if (wj !== 0) for (let r = p.xRank[j] + 1; r <= U; r += r & -r) tree[r] += wj;
    }
  }
  return { right, pairs: (N * (N - 1)) / 2 };
}

/** acc_eq at ε; NaN with fewer than two reviews. */
export function accEq(x: ArrayLike<number>, h: ArrayLike<number>, eps = 0): number {
  const { right, pairs } = accCounts(accPlan(x, h), eps);
  return pairs > 0 ? right / pairs : NaN;
}

export function weightedAccEq(p: AccPlan, w: ArrayLike<number>, eps: number, tree?: Float64Array): number {
  const { right, pairs } = accCounts(p, eps, w, tree);
  return pairs > 0 ? right / pairs : NaN;
}
