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

/**
 * The bootstrap's fast path for Spearman and Kendall together: every statistic of a resample depends on the
 * reviews only through their distinct x values, distinct y values and distinct (x, y) cells, so those get dense
 * ids once, and a resample sums weights per cell (one pass), derives the marginals, ranks and ties from the cells
 * (shared by Spearman and Kendall), and makes one more pass for Spearman's products. It gives bit for bit what
 * weightedSpearman and weightedKendall give: every count, rank and tie sum is an integer or half-integer (exact
 * in any order), and the only sums that round (Spearman's centred products) run over the reviews in index order
 * with the same operations. Plain typed arrays, so a plan posts to a worker as it is.
 */
export interface CorrPlan {
  n: number;
  /** Dense id of each review's x value (ids in ascending x), y value, and (x, y) cell (ids in (x, y) order). */
  xId: Int32Array;
  yId: Int32Array;
  cellId: Int32Array;
  /** Per cell (in (x, y) order): its x id and y id. */
  cellX: Int32Array;
  cellY: Int32Array;
  kx: number;
  ky: number;
}

function denseIds(v: Float64Array, order: Int32Array, out: Int32Array): number {
  let k = -1;
  for (let t = 0; t < order.length; t++) {
    if (t === 0 || v[order[t]] !== v[order[t - 1]]) k++;
    out[order[t]] = k;
  }
  return k + 1;
}

export function corrPlan(x: ArrayLike<number>, y: ArrayLike<number>): CorrPlan {
  const n = x.length;
  const xs = Float64Array.from(x);
  const ys = Float64Array.from(y);
  const idx = () => Int32Array.from({ length: n }, (_, i) => i);
  const xId = new Int32Array(n);
  const yId = new Int32Array(n);
  const kx = denseIds(xs, idx().sort((a, b) => xs[a] - xs[b]), xId);
  const ky = denseIds(ys, idx().sort((a, b) => ys[a] - ys[b]), yId);
  const byCell = idx().sort((a, b) => xId[a] - xId[b] || yId[a] - yId[b]);
  const cellId = new Int32Array(n);
  const cx: number[] = [];
  const cy: number[] = [];
  for (let t = 0; t < n; t++) {
    const i = byCell[t];
    if (t === 0 || xId[i] !== xId[byCell[t - 1]] || yId[i] !== yId[byCell[t - 1]]) {
      cx.push(xId[i]);
      cy.push(yId[i]);
    }
    cellId[i] = cx.length - 1;
  }
  return { n, xId, yId, cellId, cellX: Int32Array.from(cx), cellY: Int32Array.from(cy), kx, ky };
}

/** Scratch for resampleCorrelations, allocated once per plan (no allocation per resample). */
export interface CorrScratch {
  wc: Float64Array;
  wx: Float64Array;
  wy: Float64Array;
  rx: Float64Array;
  ry: Float64Array;
  tree: Float64Array;
  /** The runs of the per-review path, made on its first call. */
  identity?: ReviewRuns;
}

export function corrScratch(p: CorrPlan): CorrScratch {
  return {
    wc: new Float64Array(p.cellX.length),
    wx: new Float64Array(p.kx),
    wy: new Float64Array(p.ky),
    rx: new Float64Array(p.kx),
    ry: new Float64Array(p.ky),
    tree: new Float64Array(p.ky + 1),
    identity: undefined,
  };
}

const pairsOf = (W: number) => (W * (W - 1)) / 2;

/**
 * Reviews in runs of one cluster each: run r is reviews start[r] .. start[r + 1] − 1, all of cluster cluster[r].
 * Where a cluster's reviews are contiguous (a dataset's changes in order) there are as many runs as clusters, and a
 * resample's weight is read and tested once per run instead of once per review.
 */
export interface ReviewRuns {
  start: Int32Array;
  cluster: Int32Array;
}

export function reviewRuns(clusterOf: ArrayLike<number>): ReviewRuns {
  const start: number[] = [];
  const cluster: number[] = [];
  for (let i = 0; i < clusterOf.length; i++)
    if (i === 0 || clusterOf[i] !== clusterOf[i - 1]) {
      start.push(i);
      cluster.push(clusterOf[i]);
    }
  start.push(clusterOf.length);
  return { start: Int32Array.from(start), cluster: Int32Array.from(cluster) };
}

/** One review per run, of its own weight: resampleCorrelations over per-review weights. */
function identityRuns(n: number): ReviewRuns {
  return { start: Int32Array.from({ length: n + 1 }, (_, i) => i), cluster: Int32Array.from({ length: n }, (_, i) => i) };
}

/**
 * Spearman's ρ and Kendall's τ-b of the sample where review i appears w[i] times, written to out[at] and
 * out[at + 1]; equal to weightedSpearman and weightedKendall on the same weights, to the last bit. With `runs`,
 * w is per cluster instead (review i weighs w[its cluster]); the reviews are still visited in index order and
 * those of weight 0 skipped, so every sum rounds as the per-review path's.
 */
export function resampleCorrelations(p: CorrPlan, w: ArrayLike<number>, s: CorrScratch, out: Float64Array, at: number, runs: ReviewRuns = (s.identity ??= identityRuns(p.n))): void {
  const { wc, wx, wy, rx, ry, tree } = s;
  const C = p.cellX.length;
  const { start, cluster } = runs;
  const R = cluster.length;
  wc.fill(0);
  for (let r = 0; r < R; r++) {
    const wr = w[cluster[r]];
    if (wr === 0) continue;
    for (let i = start[r], e = start[r + 1]; i < e; i++) wc[p.cellId[i]] += wr;
  }
  wx.fill(0);
  wy.fill(0);
  tree.fill(0);
  // Kendall's joint ties and discordant pairs from the cells in (x, y) order (Fenwick tree over y ids).
  let ntie = 0;
  let seen = 0;
  let dis = 0;
  for (let c = 0; c < C; c++) {
    const W = wc[c];
    if (W === 0) continue;
    const yr = p.cellY[c];
    wx[p.cellX[c]] += W;
    wy[yr] += W;
    ntie += pairsOf(W);
    let atMost = 0;
    for (let r = yr + 1; r > 0; r -= r & -r) atMost += tree[r];
    dis += (seen - atMost) * W;
    for (let r = yr + 1; r <= p.ky; r += r & -r) tree[r] += W;
    seen += W;
  }
  // Average ranks per distinct value, and the ties in x and in y.
  let cum = 0;
  let xtie = 0;
  let sx = 0;
  for (let k = 0; k < p.kx; k++) {
    const W = wx[k];
    rx[k] = cum + (W + 1) / 2;
    cum += W;
    xtie += pairsOf(W);
    sx += W * rx[k];
  }
  const N = cum;
  cum = 0;
  let ytie = 0;
  let sy = 0;
  for (let k = 0; k < p.ky; k++) {
    const W = wy[k];
    ry[k] = cum + (W + 1) / 2;
    cum += W;
    ytie += pairsOf(W);
    sy += W * ry[k];
  }
  if (N < 2) {
    out[at] = NaN;
    out[at + 1] = NaN;
    return;
  }
  // Spearman: Pearson on the ranks; the centred products are summed over reviews in index order, as
  // weightedSpearman does, so they round the same.
  const mx = sx / N;
  const my = sy / N;
  for (let k = 0; k < p.kx; k++) rx[k] -= mx;
  for (let k = 0; k < p.ky; k++) ry[k] -= my;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let r = 0; r < R; r++) {
    const wi = w[cluster[r]];
    if (wi === 0) continue;
    for (let i = start[r], e = start[r + 1]; i < e; i++) {
      const dx = rx[p.xId[i]];
      const dy = ry[p.yId[i]];
      sxy += wi * dx * dy;
      sxx += wi * dx * dx;
      syy += wi * dy * dy;
    }
  }
  out[at] = sxx === 0 || syy === 0 ? NaN : Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  const tot = (N * (N - 1)) / 2;
  if (xtie === tot || ytie === tot) out[at + 1] = NaN;
  else {
    const S = tot - xtie - ytie + ntie - 2 * dis;
    out[at + 1] = Math.max(-1, Math.min(1, S / Math.sqrt(tot - xtie) / Math.sqrt(tot - ytie)));
  }
}
