// Bootstrap confidence intervals over changes, as the WMT metrics shared task reports metric results: resample
// the changes (a change keeps all of its reviews together, since reviews of one diff are not independent),
// recompute the statistic, and take the 2.5th and 97.5th percentiles. Every statistic of one report is read off
// the same resamples, which is what makes the pairwise comparisons paired. Pure and seeded: the browser and
// `crscore eval` give the same intervals for the same records, resamples and seed.
import { kendallTauB, spearman } from './stats.ts';
import { bootstrapKernel, drawWeights, mulberry32, runSpecs, type BootstrapSpec } from './resampling.ts';
import { corrPlan, rankPlan, weightedKendall, weightedSpearman, type RankPlan } from './weightedRank.ts';

export type Dim = 'con' | 'comp' | 'rel';
export const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];

/** One scored review: the narrowest input, so any store or CLI shape adapts to it in a few lines. */
export interface ReviewRecord {
  changeId: string;
  system: string;
  con: number;
  comp: number;
  rel: number;
  /** Human scores in [0, 1]; absent or null when the review is unscored (left out of correlations). */
  human?: Record<Dim, number> | null;
}

export interface BootstrapOptions {
  /** Number of resamples (default 1,000). */
  resamples?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Coverage of the percentile interval (default 0.95). */
  level?: number;
}

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 1;

export interface Estimate {
  mean: number;
  lo: number;
  hi: number;
}

export interface SystemSummary {
  system: string;
  /** Reviews of the system. */
  n: number;
  con: Estimate;
  comp: Estimate;
  rel: Estimate;
  /** Mean human scores, over the system's reviews that have them; null when none has. */
  human: (Record<Dim, Estimate> & { n: number }) | null;
}

/** Mean Rel of system a minus that of system b, with the paired-bootstrap interval of the difference. */
export interface PairDifference {
  a: string;
  b: string;
  diff: number;
  lo: number;
  hi: number;
  /** The interval excludes 0. */
  significant: boolean;
}

export interface CorrelationCi {
  spearman: number;
  spearmanCi: [number, number];
  kendall: number;
  kendallCi: [number, number];
}

export interface BootstrapReport {
  resamples: number;
  seed: number;
  level: number;
  /** Distinct changes resampled. */
  changes: number;
  systems: SystemSummary[];
  pairs: PairDifference[];
  /** Each metric dimension against the same human dimension, over reviews with human scores. */
  correlations: Record<Dim, CorrelationCi> & { n: number };
}

export { drawWeights, mulberry32, mulberry32At } from './resampling.ts';

/** The q-quantile of sorted values by linear interpolation (numpy's default, Hyndman–Fan type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const i = Math.floor(h);
  return i + 1 < n ? sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]) : sorted[n - 1];
}

/** Percentile interval of the finite values (NaN resamples, e.g. a constant resample's correlation, are left out). */
export function percentileInterval(values: ArrayLike<number>, level = 0.95): [number, number] {
  const v = Float64Array.from(Array.from(values).filter(Number.isFinite)).sort();
  const a = (1 - level) / 2;
  return [quantileSorted(v, a), quantileSorted(v, 1 - a)];
}

/** Change ids in a fixed order (sorted), so the resamples do not depend on the order of the records. */
function clusterIndex(records: readonly { changeId: string }[]) {
  const ids = [...new Set(records.map((r) => r.changeId))].sort();
  const at = new Map(ids.map((id, k) => [id, k]));
  return { ids, of: Int32Array.from(records, (r) => at.get(r.changeId)!) };
}

/**
 * A bootstrap that runs in steps, so a page can spread 1,000 resamples over idle time and show progress;
 * `bootstrap` runs it to the end in one call.
 */
export interface SteppedBootstrap<R> {
  total: number;
  done(): number;
  /** Runs up to `count` more resamples; true when all are done. */
  step(count: number): boolean;
  result(): R;
}

function stepper<R>(
  clusters: number,
  o: BootstrapOptions,
  onResample: (b: number, w: Uint32Array) => void,
  finish: () => R,
): SteppedBootstrap<R> {
  const total = Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES));
  const rng = mulberry32(o.seed ?? DEFAULT_SEED);
  const w = new Uint32Array(clusters);
  let b = 0;
  return {
    total,
    done: () => b,
    step(count) {
      for (const end = Math.min(total, b + count); b < end; b++) onResample(b, drawWeights(clusters, rng, w));
      return b >= total;
    },
    result: finish,
  };
}

function runAll<R>(s: SteppedBootstrap<R>): R {
  s.step(s.total);
  return s.result();
}

function corrPoint(x: number[], h: number[]) {
  return { s: spearman(x, h).r, k: kendallTauB(x, h).r };
}

/**
 * Correlations of one resample: each review counts as many times as its change was drawn (weightedRank.ts gives
 * exactly what stats.ts gives on the expanded sample, without building it).
 */
function resampleCorrelation(plan: RankPlan, clusterOf: Int32Array, w: Uint32Array, scratch: Float64Array) {
  for (let i = 0; i < plan.n; i++) scratch[i] = w[clusterOf[i]];
  return { s: weightedSpearman(plan, scratch), k: weightedKendall(plan, scratch) };
}

/** What a bootstrap's report needs besides the draws: the spec the kernel runs, and the point estimates. */
export interface BootstrapPlan {
  spec: BootstrapSpec;
  systems: string[];
  level: number;
  seed: number;
  /** The draws' resamples: the options' count. */
  resamples: number;
  finish(draws: Float64Array, done: number): BootstrapReport;
}

/**
 * Plans a bootstrap: the kernel's spec (plain typed arrays: it runs on any thread) and the report built from the
 * kernel's draws. `correlationsOnly` leaves the system means out (no table needs them, e.g. the oracle's).
 */
export function planBootstrap(records: readonly ReviewRecord[], o: BootstrapOptions & { correlationsOnly?: boolean } = {}): BootstrapPlan {
  const level = o.level ?? 0.95;
  const seed = o.seed ?? DEFAULT_SEED;
  const { ids, of } = clusterIndex(records);
  const C = ids.length;
  const systems = [...new Set(records.map((r) => r.system))].sort();
  const S = systems.length;
  const sysOf = new Map(systems.map((s, k) => [s, k]));
  // Sums per (change, system): a resample's system mean is then O(systems × changes), not O(reviews).
  const F = 8;
  const sums = new Float64Array(S * C * F);
  records.forEach((r, k) => {
    const o8 = (of[k] * S + sysOf.get(r.system)!) * F;
    sums[o8] += r.con;
    sums[o8 + 1] += r.comp;
    sums[o8 + 2] += r.rel;
    sums[o8 + 3] += 1;
    if (r.human) {
      sums[o8 + 4] += r.human.con;
      sums[o8 + 5] += r.human.comp;
      sums[o8 + 6] += r.human.rel;
      sums[o8 + 7] += 1;
    }
  });
  const KS = o.correlationsOnly ? 0 : S;
  const scored = records.map((r, k) => (r.human ? k : -1)).filter((k) => k >= 0);
  const spec: BootstrapSpec = {
    kind: 'bootstrap',
    clusterIds: ids,
    systems: KS,
    sums: KS > 0 ? sums : new Float64Array(0),
    scoredCluster: Int32Array.from(scored, (k) => of[k]),
    plans: DIMS.map((d) => corrPlan(scored.map((k) => records[k][d]), scored.map((k) => records[k].human![d]))),
  };
  const point = new Float64Array(S * 6).fill(NaN);
  for (let s = 0; s < S; s++) {
    const acc = new Float64Array(F);
    for (let c = 0; c < C; c++) for (let f = 0; f < F; f++) acc[f] += sums[(c * S + s) * F + f];
    for (let f = 0; f < 3; f++) {
      if (acc[3] > 0) point[s * 6 + f] = acc[f] / acc[3];
      if (acc[7] > 0) point[s * 6 + 3 + f] = acc[4 + f] / acc[7];
    }
  }
  const K = KS * 6 + 2 * DIMS.length;
  const finish = (draws: Float64Array, B: number): BootstrapReport => {
    const column = (j: number) => {
      const v = new Float64Array(B);
      for (let b = 0; b < B; b++) v[b] = draws[b * K + j];
      return v;
    };
    const interval = (j: number): [number, number] => (B > 0 ? percentileInterval(column(j), level) : [NaN, NaN]);
    const summaries: SystemSummary[] = systems.map((system, s) => {
      const n = records.filter((r) => r.system === system).length;
      const hn = records.filter((r) => r.system === system && r.human).length;
      const dimEst = (off: number) =>
        Object.fromEntries(
          DIMS.map((d, f) => {
            const [lo, hi] = KS > 0 ? interval(s * 6 + off + f) : [NaN, NaN];
            return [d, { mean: point[s * 6 + off + f], lo, hi }];
          }),
        ) as Record<Dim, Estimate>;
      return { system, n, ...dimEst(0), human: hn > 0 ? { ...dimEst(3), n: hn } : null };
    });
    const pairs: PairDifference[] = [];
    for (let a = 0; a < S; a++)
      for (let bb = 0; bb < S; bb++) {
        if (a === bb) continue;
        const diff = point[a * 6 + 2] - point[bb * 6 + 2];
        let lo = NaN;
        let hi = NaN;
        if (B > 0 && KS > 0) {
          const v = new Float64Array(B);
          for (let b = 0; b < B; b++) v[b] = draws[b * K + a * 6 + 2] - draws[b * K + bb * 6 + 2];
          [lo, hi] = percentileInterval(v, level);
        }
        pairs.push({ a: systems[a], b: systems[bb], diff, lo, hi, significant: lo > 0 || hi < 0 });
      }
    const correlations = Object.fromEntries(
      DIMS.map((d, j) => {
        const p = corrPoint(scored.map((k) => records[k][d]), scored.map((k) => records[k].human![d]));
        return [d, { spearman: p.s, spearmanCi: interval(KS * 6 + 2 * j), kendall: p.k, kendallCi: interval(KS * 6 + 2 * j + 1) }];
      }),
    ) as Record<Dim, CorrelationCi>;
    return { resamples: B, seed, level, changes: C, systems: summaries, pairs, correlations: { ...correlations, n: scored.length } };
  };
  return { spec, systems, level, seed, resamples: Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES)), finish };
}

/** Per-system means, pairwise Rel differences and correlations with humans, with bootstrap intervals. */
export function createBootstrap(records: readonly ReviewRecord[], o: BootstrapOptions = {}): SteppedBootstrap<BootstrapReport> {
  const plan = planBootstrap(records, o);
  const kernel = bootstrapKernel(plan.spec);
  const draws = new Float64Array(plan.resamples * kernel.outputs);
  let done = 0;
  return stepper(
    plan.spec.clusterIds.length,
    o,
    (b, w) => {
      kernel.run(w, draws, b * kernel.outputs);
      done = b + 1;
    },
    () => plan.finish(draws, done),
  );
}

/** The whole bootstrap in one call; `correlationsOnly` skips the system means where no table shows them. */
export function bootstrap(records: readonly ReviewRecord[], o: BootstrapOptions & { correlationsOnly?: boolean } = {}): BootstrapReport {
  const plan = planBootstrap(records, o);
  return plan.finish(runSpecs([plan.spec], plan.seed, plan.resamples)[0], plan.resamples);
}

/** Correlation of configuration a minus that of configuration b on the same reviews, with its paired interval. */
export interface CorrelationDifference {
  a: number;
  b: number;
  diff: number;
  lo: number;
  hi: number;
  significant: boolean;
}

export interface ConfigComparison {
  resamples: number;
  seed: number;
  level: number;
  /** Reviews present, with human scores, in both configurations. */
  n: number;
  changes: number;
  spearman: Record<Dim, CorrelationDifference>;
  kendall: Record<Dim, CorrelationDifference>;
}

const reviewKey = (r: ReviewRecord) => `${r.changeId}\u0000${r.system}`;

/**
 * Paired bootstrap of the difference in correlation with humans between two metric configurations scored on the
 * same reviews (paper vs plus, two encoders, the current run vs a pinned baseline). Reviews are matched by change
 * and system; only reviews with human scores in both count.
 */
export function createComparison(
  a: readonly ReviewRecord[],
  b: readonly ReviewRecord[],
  o: BootstrapOptions = {},
): SteppedBootstrap<ConfigComparison> {
  const level = o.level ?? 0.95;
  const inB = new Map<string, ReviewRecord>();
  for (const r of b) if (r.human) inB.set(reviewKey(r), r);
  const pairs = a.filter((r) => r.human && inB.has(reviewKey(r))).map((r) => ({ a: r, b: inB.get(reviewKey(r))! }));
  const { ids, of } = clusterIndex(pairs.map((p) => p.a));
  const all = pairs.map((_, k) => k);
  const planOf = (side: 'a' | 'b') =>
    Object.fromEntries(DIMS.map((d) => [d, rankPlan(pairs.map((p) => p[side][d]), pairs.map((p) => p.a.human![d]))])) as Record<Dim, RankPlan>;
  const plansA = planOf('a');
  const plansB = planOf('b');
  const scratch = new Float64Array(pairs.length);
  const total = Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES));
  type Acc = Record<Dim, { sa: Float64Array; sb: Float64Array; ka: Float64Array; kb: Float64Array }>;
  const acc = Object.fromEntries(
    DIMS.map((d) => [d, { sa: new Float64Array(total), sb: new Float64Array(total), ka: new Float64Array(total), kb: new Float64Array(total) }]),
  ) as Acc;
  const both = (idx: readonly number[], d: Dim) => {
    const h = idx.map((k) => pairs[k].a.human![d]);
    return {
      a: corrPoint(idx.map((k) => pairs[k].a[d]), h),
      b: corrPoint(idx.map((k) => pairs[k].b[d]), h),
    };
  };
  let B = 0;
  return stepper(
    ids.length,
    o,
    (bi, w) => {
      for (const d of DIMS) {
        const ca = resampleCorrelation(plansA[d], of, w, scratch);
        const cb = resampleCorrelation(plansB[d], of, w, scratch);
        acc[d].sa[bi] = ca.s;
        acc[d].sb[bi] = cb.s;
        acc[d].ka[bi] = ca.k;
        acc[d].kb[bi] = cb.k;
      }
      B = bi + 1;
    },
    () => {
      const diff = (pa: number, pb: number, xa: Float64Array, xb: Float64Array): CorrelationDifference => {
        const ds = Array.from(xa.subarray(0, B), (v, i) => v - xb[i]);
        const [lo, hi] = B > 0 ? percentileInterval(ds, level) : [NaN, NaN];
        return { a: pa, b: pb, diff: pa - pb, lo, hi, significant: lo > 0 || hi < 0 };
      };
      const spearmanD = {} as Record<Dim, CorrelationDifference>;
      const kendallD = {} as Record<Dim, CorrelationDifference>;
      for (const d of DIMS) {
        const p = both(all, d);
        spearmanD[d] = diff(p.a.s, p.b.s, acc[d].sa, acc[d].sb);
        kendallD[d] = diff(p.a.k, p.b.k, acc[d].ka, acc[d].kb);
      }
      return { resamples: B, seed: o.seed ?? DEFAULT_SEED, level, n: pairs.length, changes: ids.length, spearman: spearmanD, kendall: kendallD };
    },
  );
}

export function compareConfigurations(
  a: readonly ReviewRecord[],
  b: readonly ReviewRecord[],
  o: BootstrapOptions = {},
): ConfigComparison {
  return runAll(createComparison(a, b, o));
}
