// Spearman and Kendall τ-b of a bootstrap resample without building it: a resample repeats each review as many
// times as its change was drawn, so its sorted order is the original sorted order with repeats. Sorting once and
// weighting by the repeat counts gives exactly the correlations of the expanded sample (stats.ts spearman and
// kendallTauB on it; the tests check this) in O(n) and O(n log m) per resample instead of several sorts.

export interface RankPlan {
  n: number;
  x: Float64Array;
  y: Float64Array;
  /** Indices sorted by x, by y, and by (x, y). */
  byX: Int32Array;
  byY: Int32Array;
  byXY: Int32Array;
  /** Dense rank of each y (0 … m−1), for the Fenwick tree of the Kendall count. */
  yRank: Int32Array;
  m: number;
}

export function rankPlan(x: ArrayLike<number>, y: ArrayLike<number>): RankPlan {
  const n = x.length;
  const xs = Float64Array.from(x);
  const ys = Float64Array.from(y);
  const idx = () => Int32Array.from({ length: n }, (_, i) => i);
  const byX = idx().sort((a, b) => xs[a] - xs[b]);
  const byY = idx().sort((a, b) => ys[a] - ys[b]);
  const byXY = idx().sort((a, b) => xs[a] - xs[b] || ys[a] - ys[b]);
  const yRank = new Int32Array(n);
  let m = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0 && ys[byY[k]] !== ys[byY[k - 1]]) m++;
    yRank[byY[k]] = m;
  }
  return { n, x: xs, y: ys, byX, byY, byXY, yRank, m: n > 0 ? m + 1 : 0 };
}

/** Average ranks of the expanded sample, written per original index (ties share the mean of their ranks). */
function weightedRanks(v: Float64Array, order: Int32Array, w: ArrayLike<number>, out: Float64Array): void {
  let cum = 0;
  for (let a = 0; a < order.length; ) {
    let b = a;
    let W = 0;
    while (b < order.length && v[order[b]] === v[order[a]]) W += w[order[b++]];
    const r = cum + (W + 1) / 2;
    for (let k = a; k < b; k++) out[order[k]] = r;
    cum += W;
    a = b;
  }
}

/** Spearman's ρ of the sample where index i appears w[i] times (NaN when constant or fewer than 2). */
export function weightedSpearman(p: RankPlan, w: ArrayLike<number>, rx = new Float64Array(p.n), ry = new Float64Array(p.n)): number {
  weightedRanks(p.x, p.byX, w, rx);
  weightedRanks(p.y, p.byY, w, ry);
  let N = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < p.n; i++) {
    N += w[i];
    sx += w[i] * rx[i];
    sy += w[i] * ry[i];
  }
  if (N < 2) return NaN;
  const mx = sx / N;
  const my = sy / N;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < p.n; i++) {
    if (w[i] === 0) continue;
    const dx = rx[i] - mx;
    const dy = ry[i] - my;
    sxy += w[i] * dx * dy;
    sxx += w[i] * dx * dx;
    syy += w[i] * dy * dy;
  }
  if (sxx === 0 || syy === 0) return NaN;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Kendall's τ-b of the sample where index i appears w[i] times (all counts are integers: exact). */
export function weightedKendall(p: RankPlan, w: ArrayLike<number>, tree = new Float64Array(p.m + 1)): number {
  let N = 0;
  for (let i = 0; i < p.n; i++) N += w[i];
  if (N < 2) return NaN;
  const tot = (N * (N - 1)) / 2;
  const pairs = (W: number) => (W * (W - 1)) / 2;
  // Ties in x, and in both, from runs of the (x, y) order; ties in y from runs of the y order.
  let xtie = 0;
  let ntie = 0;
  const o = p.byXY;
  for (let a = 0; a < p.n; ) {
    let b = a;
    let W = 0;
    while (b < p.n && p.x[o[b]] === p.x[o[a]]) {
      let c = b;
      let V = 0;
      while (c < p.n && p.x[o[c]] === p.x[o[b]] && p.y[o[c]] === p.y[o[b]]) V += w[o[c++]];
      ntie += pairs(V);
      W += V;
      b = c;
    }
    xtie += pairs(W);
    a = b;
  }
  let ytie = 0;
  for (let a = 0; a < p.n; ) {
    let b = a;
    let W = 0;
    while (b < p.n && p.y[p.byY[b]] === p.y[p.byY[a]]) W += w[p.byY[b++]];
    ytie += pairs(W);
    a = b;
  }
  if (xtie === tot || ytie === tot) return NaN;
  // Discordant pairs: earlier in (x, y) order with a strictly larger y, counted with a Fenwick tree over y ranks.
  tree.fill(0);
  let seen = 0;
  let dis = 0;
  for (let k = 0; k < p.n; k++) {
    const i = o[k];
    if (w[i] === 0) continue;
    let atMost = 0;
    for (let r = p.yRank[i] + 1; r > 0; r -= r & -r) atMost += tree[r];
    dis += (seen - atMost) * w[i];
    for (let r = p.yRank[i] + 1; r <= p.m; r += r & -r) tree[r] += w[i];
    seen += w[i];
  }
  const s = tot - xtie - ytie + ntie - 2 * dis;
  return Math.max(-1, Math.min(1, s / Math.sqrt(tot - xtie) / Math.sqrt(tot - ytie)));
}
