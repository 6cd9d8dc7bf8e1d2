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

/**
 * What depends on ε only, not on the weights: for each position of `order`, the number of distinct metric values
 * more than ε below it (the Fenwick query bound) and the start of its window of values within ε in its human
 * group. A bootstrap evaluates one ε on many resamples, so it is computed once per ε.
 */
export interface AccKernel {
  eps: number;
  below: Int32Array;
  windowStart: Int32Array;
}

/** The kernel at ε; `reuse`, a kernel of the same plan, lends its arrays (a search over many ε allocates once). */
export function accKernel(p: AccPlan, eps: number, reuse?: AccKernel): AccKernel {
  const lim = eps + TIE_SLACK;
  const below = reuse?.below.length === p.n ? reuse.below : new Int32Array(p.n);
  const windowStart = reuse?.windowStart.length === p.n ? reuse.windowStart : new Int32Array(p.n);
  for (let g = 0; g < p.groups.length - 1; g++) {
    let lo = p.groups[g];
    // Within a human group the metric ascends, so the bound only moves up: one binary search a group, then a walk.
    let r = -1;
    for (let k = p.groups[g]; k < p.groups[g + 1]; k++) {
      const xj = p.x[p.order[k]];
      const t = xj - lim;
      if (r < 0) r = lowerBound(p.xs, t);
      else while (r < p.xs.length && p.xs[r] < t) r++;
      below[k] = r;
      while (xj - p.x[p.order[lo]] > lim) lo++;
      windowStart[k] = lo;
    }
  }
  return { eps, below, windowStart };
}

/** Right pairs and all pairs of the (weighted) sample at the kernel's ε. */
export function accCounts(
  p: AccPlan,
  eps: number | AccKernel,
  w?: ArrayLike<number>,
  tree: Float64Array = new Float64Array(p.xs.length + 1),
  prefix: Float64Array = new Float64Array(p.n + 1),
): { right: number; pairs: number } {
  const ker = typeof eps === 'number' ? accKernel(p, eps) : eps;
  const { order, groups, xRank } = p;
  const U = p.xs.length;
  let right = 0;
  // prefix[k]: weight of order[0 … k−1], for the window sums.
  prefix[0] = 0;
  let counts = true;
  for (let k = 0; k < p.n; k++) {
    const wk = w ? w[order[k]] : 1;
    if (Math.floor(wk) !== wk) counts = false;
    prefix[k + 1] = prefix[k] + wk;
  }
  if (counts && groups.length - 1 <= FEW_LEVELS && tree.length === U + 1) return countsFewLevels(p, ker, prefix, tree);
  tree.fill(0);
  for (let g = 0; g < groups.length - 1; g++) {
    const a0 = groups[g];
    const b0 = groups[g + 1];
    for (let k = a0; k < b0; k++) {
      const wj = prefix[k + 1] - prefix[k];
      if (wj === 0) continue;
      // Lower human group, metric more than ε below: ordered as the humans order them.
      let lower = 0;
      for (let r = ker.below[k]; r > 0; r -= r & -r) lower += tree[r];
      // Same human group, metric within ε (earlier in the window), and copies of this review: ties on both sides.
      right += (lower + prefix[k] - prefix[ker.windowStart[k]]) * wj + (wj * (wj - 1)) / 2;
    }
    for (let k = a0; k < b0; k++) {
      const wj = prefix[k + 1] - prefix[k];
      if (wj !== 0) for (let r = xRank[order[k]] + 1; r <= U; r += r & -r) tree[r] += wj;
    }
  }
  const N = prefix[p.n];
  return { right, pairs: (N * (N - 1)) / 2 };
}

/** Human levels up to which accCounts adds up the lower levels' weights per metric rank rather than in a tree. */
const FEW_LEVELS = 16;
// countsFewLevels' weights per rank, kept between calls (a bootstrap calls it once a resample; nothing re-enters).
let scratch = new Float64Array(0);

/**
 * accCounts with whole weights (a resample's draws, or none) and few human levels (Likert scores): after each
 * level, the lower levels' weight below every metric rank as one running sum over the ranks (O(levels · ranks)),
 * so a review's lower count is one look-up, not a Fenwick query. The weights are whole numbers, so every count is
 * an integer below 2⁵³: the same doubles as the tree's, added to `right` in the same order.
 */
function countsFewLevels(p: AccPlan, ker: AccKernel, prefix: Float64Array, below: Float64Array): { right: number; pairs: number } {
  const { order, groups, xRank } = p;
  const U = p.xs.length;
  // below[r]: weight of the lower levels' reviews with metric rank < r (r = 0 … U); at[r]: their weight at rank r.
  if (scratch.length < U) scratch = new Float64Array(U);
  const at = scratch.subarray(0, U).fill(0);
  below.fill(0);
  let right = 0;
  for (let g = 0; g < groups.length - 1; g++) {
    const a0 = groups[g];
    const b0 = groups[g + 1];
    for (let k = a0; k < b0; k++) {
      const wj = prefix[k + 1] - prefix[k];
      if (wj === 0) continue;
      right += (below[ker.below[k]] + prefix[k] - prefix[ker.windowStart[k]]) * wj + (wj * (wj - 1)) / 2;
    }
    if (g === groups.length - 2) break;
    for (let k = a0; k < b0; k++) at[xRank[order[k]]] += prefix[k + 1] - prefix[k];
    for (let r = 0; r < U; r++) below[r + 1] = below[r] + at[r];
  }
  const N = prefix[p.n];
  return { right, pairs: (N * (N - 1)) / 2 };
}

/** acc_eq at ε; NaN with fewer than two reviews. */
export function accEq(x: ArrayLike<number>, h: ArrayLike<number>, eps = 0): number {
  if (x.length <= SMALL) return smallAccEq(x, h, eps);
  const { right, pairs } = accCounts(accPlan(x, h), eps);
  return pairs > 0 ? right / pairs : NaN;
}

/** Reviews up to which accEq visits every pair (a change's few reviews, a system table's means): no plan to build. */
const SMALL = 16;

/**
 * accEq pair by pair, with accCounts' comparisons: a pair of one human level is right when the larger metric value
 * minus the smaller is at most ε + TIE_SLACK (its window), a pair across levels when the lower level's value is
 * below the higher level's value minus (ε + TIE_SLACK) (its rank bound). The same integer count, so the same double.
 */
function smallAccEq(x: ArrayLike<number>, h: ArrayLike<number>, eps: number): number {
  const n = x.length;
  if (h.length !== n) throw new Error(`accEq: ${n} metric values, ${h.length} human scores`);
  if (n < 2) return NaN;
  const lim = eps + TIE_SLACK;
  let right = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (h[i] === h[j]) right += (x[i] < x[j] ? x[j] - x[i] : x[i] - x[j]) > lim ? 0 : 1;
      else if (h[i] < h[j]) right += x[i] < x[j] - lim ? 1 : 0;
      else right += x[j] < x[i] - lim ? 1 : 0;
    }
  return right / ((n * (n - 1)) / 2);
}

export function weightedAccEq(p: AccPlan, w: ArrayLike<number>, eps: number | AccKernel, tree?: Float64Array, prefix?: Float64Array): number {
  const { right, pairs } = accCounts(p, eps, w, tree, prefix);
  return pairs > 0 ? right / pairs : NaN;
}
