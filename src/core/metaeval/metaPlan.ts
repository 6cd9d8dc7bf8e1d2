// The meta-evaluation's first steps, one metric at a time so they can run on several workers (metaPool.ts):
//  - planMetaEval: the options checked, the changes and systems numbered, each metric's reviews (cheap);
//  - prepareUnit: a metric's tie calibration, point statistics and bootstrap kernel;
//  - bootstrapUnits: resamples of changes for some of the metrics (every metric sees the same draws,
//    mulberry32(seed) with one drawWeights per resample, whichever metrics a worker holds);
//  - completeUnit: the cross-validated ε and, at system level, soft pairwise accuracy with its interval.
// A metric's unit depends on its own values only, so the figures do not depend on how metrics are shared out.
import { DEFAULT_RESAMPLES, DEFAULT_SEED, drawWeights, mulberry32, type Dim } from '../bootstrap.ts';
import { corrPlan, corrScratch, resampleCorrelations } from '../weightedRank.ts';
import { groupedStatistic, groupsFor, pairwiseAccuracy, statistic, STATISTICS, type Grouping, type Statistic } from './grouped.ts';
import { accKernel, accPlan, weightedAccEq } from './pairwise.ts';
import { swapMasks } from './significance.ts';
import { spaResampler } from './spaInterval.ts';
import { calibrateTies, epsTieOptions, type TieCalibration } from './ties.ts';
import { crossValidated, pooledFolds } from './crossval.ts';
import type { EpsSearch, MetaEvalOptions, MetaMetric, MetaRecord, MetaTable, RankStatistic, TypedMetaMetric } from './metaTypes.ts';
import { interned, packedTriples } from '../interned.ts';
import { pearsonScaled, type Numbers } from '../stats.ts';

const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];
const dimOf = (m: Pick<MetaMetric, 'id' | 'dim'>): Dim => m.dim ?? (/\.(con|comp|rel)$/.exec(m.id)?.[1] as Dim | undefined) ?? 'rel';

/** A metric's reviews: those with a finite value and human scores. */
export interface MetricBase {
  /** The metric without its values. */
  m: Omit<MetaMetric, 'values'>;
  dim: Dim;
  x: Float64Array;
  h: Float64Array;
  change: Int32Array;
  system: Int32Array;
}

export interface MetaPlan {
  dim: Dim;
  grouping: Grouping;
  stat: RankStatistic;
  seed: number;
  /** Resamples asked for. */
  total: number;
  level: number;
  folds: number;
  alpha: number;
  test: 'perm-both' | 'bootstrap';
  against?: string;
  /** How ε is searched (MetaEvalOptions.epsSearch). */
  epsSearch: EpsSearch;
  C: number;
  S: number;
  bases: MetricBase[];
}

/** What a metric's expensive steps give: plain data (typed arrays), so a worker can hand it over. */
export interface MetricUnit {
  ties: TieCalibration;
  /** Pooled: the folds' calibrations, computed with the in-sample one (null: each fold on its own). */
  cvTies?: TieCalibration[] | null;
  point: Record<Statistic, number>;
  boot: Record<Statistic | 'pairwise', Float64Array>;
  cv?: { accCv: number; epsCv: number[] };
  /** System level: soft pairwise accuracy and its resampled values. */
  spa?: { value: number; boot: Float64Array };
}

/** The records as a MetaTable (in their order). */
export function metaTable(records: readonly MetaRecord[]): MetaTable {
  const [changeIds, change] = interned(records.length, (k) => records[k].changeId);
  const [systems, system] = interned(records.length, (k) => records[k].system);
  const human = packedTriples(records.length, (k) => records[k].human);
  return { changeIds, change, systems, system, human };
}

/** A metric's values as a Float64Array (NaN for null: the statistics leave both out alike). */
export const typedMetric = ({ values, ...m }: MetaMetric): TypedMetaMetric => ({ ...m, values: Float64Array.from(values, (v) => v ?? NaN) });

export function planMetaEval(records: readonly MetaRecord[], all: readonly MetaMetric[], o: MetaEvalOptions = {}): MetaPlan {
  return planMetaEvalTyped(metaTable(records), all.map(typedMetric), o);
}

/** The plan of typed records and metrics: the figures of planMetaEval's, with no object per review. */
export function planMetaEvalTyped(t: MetaTable, all: readonly TypedMetaMetric[], o: MetaEvalOptions = {}): MetaPlan {
  const dim = o.dim ?? 'rel';
  const metrics = all.filter((m) => dimOf(m) === dim);
  const grouping = o.grouping ?? 'none';
  const stat: RankStatistic = o.statistic ?? 'spearman';
  if ((stat === 'pairwise' || stat === 'spa') && grouping !== 'system')
    throw new Error(`${stat} is a system-level statistic: use grouping 'system'`);
  const n = t.change.length;
  for (const m of metrics)
    if (m.values.length !== n) throw new Error(`meta-evaluation: ${m.id} has ${m.values.length} values for ${n} reviews`);
  // Changes and systems numbered in sorted order (the bootstrap resamples changes in that order).
  const number = (table: readonly string[], idx: Int32Array): [number, Int32Array] => {
    const used = new Uint8Array(table.length);
    for (let k = 0; k < n; k++) used[idx[k]] = 1;
    const sorted = [...new Set(table.filter((_, j) => used[j]))].sort();
    const at = new Map(sorted.map((id, k) => [id, k]));
    const of = Int32Array.from(table, (id) => at.get(id) ?? -1);
    const out = new Int32Array(n);
    for (let k = 0; k < n; k++) out[k] = of[idx[k]];
    return [sorted.length, out];
  };
  const [C, changeOf] = number(t.changeIds, t.change);
  const [S, systemOf] = number(t.systems, t.system);
  const hu = t.human;
  const bases = metrics.map((m): MetricBase => {
    const dim = dimOf(m);
    const d = DIMS.indexOf(dim);
    const v = m.values;
    // A review counts where it has human scores and a finite value (NaN stands for null).
    let count = 0;
    for (let k = 0; k < n; k++) if (!Number.isNaN(hu[k * 3]) && Number.isFinite(v[k])) count++;
    const x = new Float64Array(count), h = new Float64Array(count), change = new Int32Array(count), system = new Int32Array(count);
    for (let k = 0, j = 0; k < n; k++)
      if (!Number.isNaN(hu[k * 3]) && Number.isFinite(v[k])) {
        x[j] = v[k];
        h[j] = hu[k * 3 + d];
        change[j] = changeOf[k];
        system[j++] = systemOf[k];
      }
    return { m: { id: m.id, label: m.label, ...(m.kind ? { kind: m.kind } : {}), ...(m.dim ? { dim: m.dim } : {}) }, dim, x, h, change, system };
  });
  return {
    dim,
    grouping,
    stat,
    seed: o.seed ?? DEFAULT_SEED,
    total: Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES)),
    level: o.level ?? 0.95,
    folds: o.folds ?? 5,
    alpha: o.alpha ?? 0.05,
    test: o.test ?? 'perm-both',
    against: o.against,
    epsSearch: o.epsSearch ?? 'search',
    C,
    S,
    bases,
  };
}

/** A metric's tie calibration and point statistics, and its kernel: one resample's statistics into unit.boot. */
export function prepareUnit(plan: MetaPlan, k: number): { unit: MetricUnit; resample: (w: Uint32Array, b: number) => void } {
  const { x, h, change, system } = plan.bases[k];
  const { grouping, folds, seed, total } = plan;
  const groups = groupsFor(grouping, x, h, change, system);
  // Pooled: the in-sample ε and the folds' from one sort of the pair events (the same figures).
  const tieOptions = epsTieOptions(plan.epsSearch, seed);
  const shared = grouping === 'none' && x.length >= 2 ? pooledFolds({ x, h, change }, folds, seed, tieOptions) : null;
  const ties = shared ? shared[shared.length - 1] : calibrateTies(groups, tieOptions);
  const point = Object.fromEntries(STATISTICS.map((s) => [s, groupedStatistic(s, groups, s === 'acc_eq' ? ties.eps : 0)])) as Record<Statistic, number>;
  const boot = Object.fromEntries([...STATISTICS, 'pairwise'].map((s) => [s, new Float64Array(total).fill(NaN)])) as MetricUnit['boot'];
  const unit: MetricUnit = { ties, cvTies: shared ? shared.slice(0, -1) : grouping === 'none' ? null : undefined, point, boot };
  return { unit, resample: resampler(plan, k, ties.eps, boot) };
}

/** The weighted Pearson's r of a resample; x and y already in range (pearsonScaled), as stats.ts's pearson needs. */
function weightedPearson(x: Numbers, y: Numbers, w: Float64Array): number {
  let N = 0, sx = 0, sy = 0;
  for (let i = 0; i < x.length; i++) {
    N += w[i];
    sx += w[i] * x[i];
    sy += w[i] * y[i];
  }
  if (N < 2) return NaN;
  const mx = sx / N, my = sy / N;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < x.length; i++) {
    if (w[i] === 0) continue;
    const dx = x[i] - mx, dy = y[i] - my;
    sxy += w[i] * dx * dy;
    sxx += w[i] * dx * dx;
    syy += w[i] * dy * dy;
  }
  return sxx === 0 || syy === 0 ? NaN : Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

function resampler(plan: MetaPlan, k: number, eps: number, boot: MetricUnit['boot']) {
  const { x, h, change, system } = plan.bases[k];
  const { C, S } = plan;
  if (plan.grouping === 'none') {
    // Scores beyond about 1e±150 would over- or underflow Pearson's sums: scaled into range once (exact otherwise).
    const xr = pearsonScaled(x);
    const hr = pearsonScaled(h);
    // Spearman and Kendall from one pass over the (x, h) cells: bit for bit weightedSpearman and weightedKendall.
    const cp = corrPlan(x, h);
    const scratch = corrScratch(cp);
    const pair = new Float64Array(2);
    const ap = accPlan(x, h);
    const wr = new Float64Array(x.length);
    const tree = new Float64Array(ap.xs.length + 1);
    const prefix = new Float64Array(x.length + 1);
    const ker = accKernel(ap, eps);
    return (w: Uint32Array, b: number) => {
      for (let i = 0; i < x.length; i++) wr[i] = w[change[i]];
      boot.pearson[b] = weightedPearson(xr, hr, wr);
      resampleCorrelations(cp, wr, scratch, pair, 0);
      boot.spearman[b] = pair[0];
      boot.kendall[b] = pair[1];
      boot.acc_eq[b] = weightedAccEq(ap, wr, ker, tree, prefix);
    };
  }
  if (plan.grouping === 'item') {
    // A change's reviews move together, so its statistic is fixed: a resample is a weighted mean over changes.
    const groups = groupsFor('item', x, h, change, system);
    const present = [...new Set(change)].sort((a, b) => a - b);
    const per = STATISTICS.map((s) => Float64Array.from(groups, (gr) => statistic(s, gr.x, gr.h, s === 'acc_eq' ? eps : 0)));
    const at = Int32Array.from(present);
    return (w: Uint32Array, b: number) => {
      for (let k = 0; k < STATISTICS.length; k++) {
        const pk = per[k];
        let t = 0, n = 0;
        for (let j = 0; j < at.length; j++) {
          const wc = w[at[j]];
          if (wc > 0 && Number.isFinite(pk[j])) {
            t += wc * pk[j];
            n += wc;
          }
        }
        boot[STATISTICS[k]][b] = n > 0 ? t / n : NaN;
      }
    };
  }
  const sx = new Float64Array(S * C), sh = new Float64Array(S * C), cnt = new Float64Array(S * C);
  for (let i = 0; i < x.length; i++) {
    const j = system[i] * C + change[i];
    sx[j] += x[i];
    sh[j] += h[i];
    cnt[j]++;
  }
  return (w: Uint32Array, b: number) => {
    const mx: number[] = [], mh: number[] = [];
    for (let s = 0; s < S; s++) {
      let a = 0, bh = 0, n = 0;
      for (let c = 0; c < C; c++) {
        const j = s * C + c;
        if (w[c] && cnt[j]) {
          a += w[c] * sx[j];
          bh += w[c] * sh[j];
          n += w[c] * cnt[j];
        }
      }
      if (n > 0) {
        mx.push(a / n);
        mh.push(bh / n);
      }
    }
    for (const s of STATISTICS) boot[s][b] = statistic(s, mx, mh, s === 'acc_eq' ? eps : 0);
    boot.pairwise[b] = pairwiseAccuracy(mx, mh);
  };
}

/** The bootstrap of some metrics (`ks`), in steps: every resample's weights drawn in order from the seed. */
export function bootstrapUnits(plan: MetaPlan, ks: readonly number[]) {
  const prepared = ks.map((k) => prepareUnit(plan, k));
  const rng = mulberry32(plan.seed);
  const w = new Uint32Array(plan.C);
  let done = 0;
  return {
    units: prepared.map((p) => p.unit),
    done: () => done,
    step(count: number): boolean {
      for (const end = Math.min(plan.total, done + count); done < end; done++) {
        drawWeights(plan.C, rng, w);
        for (const p of prepared) p.resample(w, done);
      }
      return done >= plan.total;
    },
  };
}

/** The system table of means (x[s][c] metric, h[s][c] human), systems with no review left out. */
function systemTable(plan: MetaPlan, k: number) {
  const p = plan.bases[k];
  const mx = Array.from({ length: plan.S }, () => new Float64Array(plan.C).fill(NaN));
  const mh = Array.from({ length: plan.S }, () => new Float64Array(plan.C).fill(NaN));
  const n = Array.from({ length: plan.S }, () => new Float64Array(plan.C));
  for (let i = 0; i < p.x.length; i++) {
    const [s, ch] = [p.system[i], p.change[i]];
    const k = n[s][ch]++;
    mx[s][ch] = k ? (mx[s][ch] * k + p.x[i]) / (k + 1) : p.x[i];
    mh[s][ch] = k ? (mh[s][ch] * k + p.h[i]) / (k + 1) : p.h[i];
  }
  return { mx: mx.filter((_, s) => n[s].some(Boolean)), mh: mh.filter((_, s) => n[s].some(Boolean)) };
}

/**
 * The rest of some metrics' units once `B` resamples are done: the cross-validated ε and, at system level, SPA
 * with its interval (the same resamples of changes, each SPA on the first permutations; spaInterval.ts).
 */
export function completeUnits(plan: MetaPlan, ks: readonly number[], units: readonly MetricUnit[], B: number): void {
  const masks = plan.grouping === 'system' ? swapMasks(plan.total, plan.C, plan.seed) : [];
  const spaBoot = plan.grouping === 'system' ? spaResampler(masks, plan.seed, plan.C, B) : null;
  ks.forEach((k, j) => {
    const u = units[j];
    u.cv = crossValidated(plan.bases[k], plan.grouping, plan.folds, plan.seed, u.cvTies, epsTieOptions(plan.epsSearch, plan.seed));
    if (spaBoot) {
      const t = systemTable(plan, k);
      u.spa = spaBoot(t.mx, t.mh);
    }
  });
}
