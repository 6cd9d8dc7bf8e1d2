import type { Correlation } from './types.ts';

/** Ranks 1..n, ties get the average of the ranks they span (scipy.stats.rankdata 'average'). */
export function rankAverage(x: readonly number[]): number[] {
  const idx = x.map((_, i) => i).sort((a, b) => x[a] - x[b]);
  const ranks = new Array<number>(x.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && x[idx[j + 1]] === x[idx[i]]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[idx[k]] = r;
    i = j + 1;
  }
  return ranks;
}

/** Plain numbers or a typed column (the curve's scratch buffers): the same arithmetic either way. */
export type Numbers = readonly number[] | Float64Array;

export function pearson(x: Numbers, y: Numbers): number {
  checkPaired(x, y);
  if (x.length < 2) return NaN;
  // The sums over- or underflow when values reach beyond about 1e±150 (one score of 1e200 gave r = 0): then the
  // same sums again on the values rescaled into range (Pearson's r does not change under scaling).
  return pearsonSums(x, y, false) ?? pearsonSums(pearsonScaled(x), pearsonScaled(y), true)!;
}

/** Pearson's r from its centred sums; undefined (unless `last`) when the sums are not usable as they stand. */
function pearsonSums(x: Numbers, y: Numbers, last: boolean): number | undefined {
  const n = x.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const d = sxx * syy;
  if (!last && !(d > 0 && d < Infinity && Number.isFinite(sxy))) return undefined;
  if (sxx === 0 || syy === 0) return NaN; // constant input: undefined, as in scipy
  return Math.max(-1, Math.min(1, sxy / (last ? Math.sqrt(sxx) * Math.sqrt(syy) : Math.sqrt(d))));
}

/**
 * x times the power of two that brings its largest magnitude to [1, 2) when it is beyond 2^±64 (ordinary data are
 * returned as they are): exact (short of values 2^1022 times smaller than the largest), so a statistic that does
 * not change under scaling (Pearson's r, z-scores) is the same, and its sums of squares stay in range. x itself
 * too when it holds a value that is not finite, or only zeros.
 */
export function pearsonScaled(x: Numbers): Numbers {
  const e = rangeExponent(x);
  return Math.abs(e) <= 64 ? x : Float64Array.from(x, (v) => timesPow2(v, -e));
}

/** e where 2^e ≤ the largest |x| < 2^(e+1); 0 when a value is not finite or all are 0. */
export function rangeExponent(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]));
  return m > 0 && m < Infinity ? Math.floor(Math.log2(m)) : 0;
}

/** v·2^e in two steps, each factor a normal number (2^-1074 alone is subnormal and would round). */
export function timesPow2(v: number, e: number): number {
  const h = Math.trunc(e / 2);
  return v * 2 ** h * 2 ** (e - h);
}

/**
 * Spearman's ρ = Pearson on average ranks. Two-sided p from t = ρ√((n−2)/(1−ρ²)) with n−2 degrees of
 * freedom, as scipy.stats.spearmanr does. NaN for constant input or n < 3.
 */
export function spearman(x: readonly number[], y: readonly number[]): Correlation {
  checkPaired(x, y);
  return spearmanOf(pearson(rankAverage(x), rankAverage(y)), x.length);
}

/** Spearman's ρ (Pearson's r of the ranks) with its p for n pairs. */
export function spearmanOf(r: number, n: number): Correlation {
  if (Number.isNaN(r) || n < 3) return { r, p: NaN };
  const df = n - 2;
  if (Math.abs(r) === 1) return { r, p: 0 };
  const t = r * Math.sqrt(df / ((1 - r) * (1 + r)));
  return { r, p: studentTwoSidedP(t, df) };
}

/**
 * Kendall's τ-b with scipy.stats.kendalltau's asymptotic two-sided p (normal approximation with the
 * tie-corrected variance of S = concordant − discordant). Discordant pairs are counted by merge sort
 * (Knight's algorithm, O(n log n)) so τ sweeps over a whole dataset stay fast.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): Correlation {
  checkPaired(x, y);
  const n = x.length;
  if (n < 2) return { r: NaN, p: NaN };
  // Lexicographic sort by (x, y): pairs tied in x are then in y order and add no inversions.
  const idx = x.map((_, i) => i).sort((a, b) => x[a] - x[b] || y[a] - y[b]);
  const xs = idx.map((i) => x[i]);
  const ys = idx.map((i) => y[i]);
  const yt = tieStats(ys.slice().sort((a, b) => a - b));
  return kendallOf(xs, ys, yt);
}

/**
 * τ-b and its p from the pairs sorted by (x, y) (`xs`, `ys`) and y's tie statistics; counts ys's inversions in
 * place (`scratch`: a buffer as long, or one is made).
 */
export function kendallOf(xs: Numbers, ys: number[] | Float64Array, yt: ReturnType<typeof tieStats>, scratch?: Float64Array): Correlation {
  const n = xs.length;
  let ntie = 0; // pairs tied in both
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && xs[j + 1] === xs[i] && ys[j + 1] === ys[i]) j++;
    const t = j - i + 1;
    ntie += (t * (t - 1)) / 2;
    i = j + 1;
  }
  const xt = tieStats(xs);
  const dis = countInversions(ys, scratch);
  const tot = (n * (n - 1)) / 2;
  if (xt.tie === tot || yt.tie === tot) return { r: NaN, p: NaN };
  // tot = con + dis + xtie + ytie − ntie, so S = con − dis:
  const s = tot - xt.tie - yt.tie + ntie - 2 * dis;
  const r = s / Math.sqrt(tot - xt.tie) / Math.sqrt(tot - yt.tie);
  const m = n * (n - 1);
  const variance =
    (m * (2 * n + 5) - xt.v1 - yt.v1) / 18 +
    (2 * xt.tie * yt.tie) / m +
    (n > 2 ? (xt.v0 * yt.v0) / (9 * m * (n - 2)) : 0);
  const z = s / Math.sqrt(variance);
  return { r: Math.max(-1, Math.min(1, r)), p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

export interface SystemRanking {
  systems: string[];
  metric: number[];
  human: number[];
  spearman: Correlation;
  kendall: Correlation;
}

/**
 * Correlation of system rankings: mean metric score per system against mean human score per system
 * (the paper's system-level agreement). Systems missing from either side are left out.
 */
export function systemRanking(
  metricBySystem: Record<string, number>,
  humanBySystem: Record<string, number>,
): SystemRanking {
  const systems = Object.keys(metricBySystem)
    .filter(
      (s) =>
        s in humanBySystem &&
        Number.isFinite(metricBySystem[s]) &&
        Number.isFinite(humanBySystem[s]),
    )
    .sort();
  const metric = systems.map((s) => metricBySystem[s]);
  const human = systems.map((s) => humanBySystem[s]);
  return {
    systems,
    metric,
    human,
    spearman: spearman(metric, human),
    kendall: kendallTauB(metric, human),
  };
}

/** Mean per group, e.g. mean Rel per system. */
export function groupMeans<T>(
  items: readonly T[],
  key: (t: T) => string,
  value: (t: T) => number,
): Record<string, number> {
  const sum: Record<string, number> = {};
  const cnt: Record<string, number> = {};
  for (const it of items) {
    const k = key(it);
    sum[k] = (sum[k] ?? 0) + value(it);
    cnt[k] = (cnt[k] ?? 0) + 1;
  }
  return Object.fromEntries(Object.keys(sum).map((k) => [k, sum[k] / cnt[k]]));
}

export function mean(x: Numbers): number {
  return x.length ? (x as readonly number[]).reduce((a, b) => a + b, 0) / x.length : NaN;
}

/** Two-sided p of Student's t: P(|T| > |t|) = I_{df/(df+t²)}(df/2, 1/2). */
export function studentTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return regIncBeta(df / (df + t * t), df / 2, 0.5);
}

/** Complementary error function (Numerical Recipes erfcc Chebyshev fit, relative error < 1.2e−7, ample for p-values). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** ln Γ(x), Lanczos approximation (g = 7, n = 9), accurate to ~1e−15 for x > 0. */
export function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised incomplete beta I_x(a, b) by Lentz's continued fraction (Numerical Recipes betacf). */
export function regIncBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lbt = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const front = Math.exp(lbt);
  // The continued fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betacf(x, a, b)) / a;
  return 1 - (front * betacf(1 - x, b, a)) / b;
}

function betacf(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Tie statistics of a sorted array, as scipy's count_rank_tie: Σt(t−1)/2, Σt(t−1)(t−2), Σt(t−1)(2t+5). */
export function tieStats(sorted: Numbers): { tie: number; v0: number; v1: number } {
  let tie = 0;
  let v0 = 0;
  let v1 = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[i]) j++;
    const t = j - i + 1;
    if (t > 1) {
      tie += (t * (t - 1)) / 2;
      v0 += t * (t - 1) * (t - 2);
      v1 += t * (t - 1) * (2 * t + 5);
    }
    i = j + 1;
  }
  return { tie, v0, v1 };
}

/** Number of pairs i < j with a[i] > a[j] (strict), by bottom-up merge sort; sorts `a` in place (`scratch`: as long as `a`). */
export function countInversions(a: number[] | Float64Array, scratch?: Float64Array): number {
  const n = a.length;
  let src = a;
  let dst: number[] | Float64Array = scratch ?? new Array<number>(n);
  let inv = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (src[j] < src[i]) {
          inv += mid - i;
          dst[k++] = src[j++];
        } else dst[k++] = src[i++];
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  if (src !== a) for (let k = 0; k < n; k++) a[k] = src[k];
  return inv;
}

function checkPaired(x: Numbers, y: Numbers): void {
  if (x.length !== y.length)
    throw new Error(`correlation: arrays differ in length (${x.length} vs ${y.length})`);
}
