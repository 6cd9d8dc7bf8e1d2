// The meta-evaluation table: every metric's Pearson, Spearman, Kendall τ-b and acc_eq (tie-calibrated, in-sample
// and cross-validated) under one grouping, with bootstrap intervals over changes (the same draws as
// src/core/bootstrap.ts: mulberry32(seed), drawWeights per resample, changes in sorted order), the metrics ranked
// by one statistic with significance clusters. Run in steps so a worker can report progress.
//
// Intervals: acc_eq's interval is at the in-sample ε (re-calibrating on each resample would cost a sweep per
// resample); soft pairwise accuracy's runs each resample's permutation tests on the first
// SPA_INTERVAL_PERMUTATIONS (100) of the point estimate's permutations, a resampled change's copies swapping
// together (1,000 resamples × 1,000 permutations × every pair of systems would cost ten times as much).
import { DEFAULT_RESAMPLES, DEFAULT_SEED, drawWeights, mulberry32, percentileInterval, type Dim } from '../bootstrap.ts';
import { corrPlan, corrScratch, resampleCorrelations, type CorrPlan } from '../weightedRank.ts';
import { groupedStatistic, groupsFor, pairwiseAccuracy, statistic, STATISTICS, type Grouping, type Statistic } from './grouped.ts';
import { accKernel, accPlan, weightedAccEq, type AccPlan } from './pairwise.ts';
import { bootstrapP, permBoth, significanceClusters, swapMasks } from './significance.ts';
import { softPairwiseAccuracy } from './spa.ts';
import { spaResampler } from './spaInterval.ts';
import { calibrateTies, type TieCalibration } from './ties.ts';
import { crossValidated, pooledFolds } from './crossval.ts';

export interface MetaRecord {
  changeId: string;
  system: string;
  /** Human scores; null where the review is unscored (left out). */
  human: Record<Dim, number> | null;
}

export type MetaKind = 'metric' | 'baseline' | 'ceiling' | 'imported';

export interface MetaMetric {
  id: string;
  label: string;
  kind?: MetaKind;
  /** The human dimension it is judged against (default: from an id ending .con/.comp/.rel, else rel). */
  dim?: Dim;
  values: readonly (number | null)[];
}

/** What the ranking and the clusters read: the four statistics, or at system level also these two. */
export type RankStatistic = Statistic | 'pairwise' | 'spa';

export interface MetaEvalOptions {
  grouping?: Grouping;
  statistic?: RankStatistic;
  resamples?: number;
  seed?: number;
  level?: number;
  /** Folds of changes for the cross-validated ε (default 5). */
  folds?: number;
  /** Significance level of the clusters (default 0.05). */
  alpha?: number;
  /** The test behind the clusters (default perm-both, as WMT). */
  test?: 'perm-both' | 'bootstrap';
  /** Every metric is also tested against this one (default: the first metric). */
  against?: string;
  /** The human dimension of the table: metrics judged against another are left out (default rel). */
  dim?: Dim;
}

export interface StatCell {
  value: number;
  lo: number;
  hi: number;
}

export interface MetaRow {
  id: string;
  label: string;
  kind: MetaKind;
  dim: Dim;
  /** Reviews with a value and human scores; their changes. */
  n: number;
  changes: number;
  stats: Record<Statistic, StatCell>;
  ties: Omit<TieCalibration, 'acc'> & { accInSample: number; accCv: number; epsCv: number[]; folds: number };
  /** System level only. */
  pairwise?: StatCell;
  spa?: StatCell;
  rank: number;
  cluster: number;
}

export interface MetaComparison {
  a: string;
  b: string;
  /** Statistic of a minus that of b. */
  delta: number;
  pPerm: number;
  pBoot: number;
}

export interface MetaEvalReport {
  dim: Dim;
  grouping: Grouping;
  statistic: RankStatistic;
  resamples: number;
  seed: number;
  level: number;
  alpha: number;
  test: 'perm-both' | 'bootstrap';
  folds: number;
  changes: number;
  rows: MetaRow[];
  comparisons: MetaComparison[];
}

export interface SteppedMetaEval {
  total: number;
  done(): number;
  step(count: number): boolean;
  result(): MetaEvalReport;
}

const dimOf = (m: MetaMetric): Dim => m.dim ?? (/\.(con|comp|rel)$/.exec(m.id)?.[1] as Dim | undefined) ?? 'rel';

interface Prepared {
  m: MetaMetric;
  dim: Dim;
  x: Float64Array;
  h: Float64Array;
  change: Int32Array;
  system: Int32Array;
  ties: TieCalibration;
  /** Pooled: the folds' calibrations, computed with the in-sample one (null: each fold on its own). */
  cvTies?: TieCalibration[] | null;
  point: Record<Statistic, number>;
  boot: Record<Statistic | 'pairwise', Float64Array>;
  resample: (w: Uint32Array, b: number) => void;
}

function weightedPearson(x: Float64Array, y: Float64Array, w: Float64Array): number {
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

export function createMetaEval(records: readonly MetaRecord[], all: readonly MetaMetric[], o: MetaEvalOptions = {}): SteppedMetaEval {
  const dim = o.dim ?? 'rel';
  const metrics = all.filter((m) => dimOf(m) === dim);
  const grouping = o.grouping ?? 'none';
  const stat: RankStatistic = o.statistic ?? 'spearman';
  if ((stat === 'pairwise' || stat === 'spa') && grouping !== 'system')
    throw new Error(`${stat} is a system-level statistic: use grouping 'system'`);
  const seed = o.seed ?? DEFAULT_SEED;
  const total = Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES));
  const level = o.level ?? 0.95;
  const folds = o.folds ?? 5;
  for (const m of metrics)
    if (m.values.length !== records.length) throw new Error(`meta-evaluation: ${m.id} has ${m.values.length} values for ${records.length} reviews`);
  const ids = [...new Set(records.map((r) => r.changeId))].sort();
  const C = ids.length;
  const changeAt = new Map(ids.map((id, k) => [id, k]));
  const systems = [...new Set(records.map((r) => r.system))].sort();
  const sysAt = new Map(systems.map((s, k) => [s, k]));
  const S = systems.length;

  const prepared: Prepared[] = metrics.map((m) => {
    const dim = dimOf(m);
    const idx = records.map((_, i) => i).filter((i) => records[i].human && m.values[i] !== null && Number.isFinite(m.values[i]));
    const x = Float64Array.from(idx, (i) => m.values[i]!);
    const h = Float64Array.from(idx, (i) => records[i].human![dim]);
    const change = Int32Array.from(idx, (i) => changeAt.get(records[i].changeId)!);
    const system = Int32Array.from(idx, (i) => sysAt.get(records[i].system)!);
    const groups = groupsFor(grouping, x, h, change, system);
    // Pooled: the in-sample ε and the folds' from one sort of the pair events (the same figures).
    const shared = grouping === 'none' && idx.length >= 2 ? pooledFolds({ x, h, change }, folds, seed) : null;
    const ties = shared ? shared[shared.length - 1] : calibrateTies(groups, { seed });
    const point = Object.fromEntries(STATISTICS.map((s) => [s, groupedStatistic(s, groups, s === 'acc_eq' ? ties.eps : 0)])) as Record<Statistic, number>;
    const boot = Object.fromEntries([...STATISTICS, 'pairwise'].map((s) => [s, new Float64Array(total).fill(NaN)])) as Prepared['boot'];
    return { m, dim, x, h, change, system, ties, cvTies: shared ? shared.slice(0, -1) : grouping === 'none' ? null : undefined, point, boot, resample: resampler(grouping, x, h, change, system, ties.eps, boot) };
  });

  function resampler(g: Grouping, x: Float64Array, h: Float64Array, change: Int32Array, system: Int32Array, eps: number, boot: Prepared['boot']) {
    if (g === 'none') {
      // Spearman and Kendall from one pass over the (x, h) cells: bit for bit weightedSpearman and weightedKendall.
      const cp: CorrPlan = corrPlan(x, h);
      const scratch = corrScratch(cp);
      const pair = new Float64Array(2);
      const ap: AccPlan = accPlan(x, h);
      const wr = new Float64Array(x.length);
      const tree = new Float64Array(ap.xs.length + 1);
      const prefix = new Float64Array(x.length + 1);
      const ker = accKernel(ap, eps);
      return (w: Uint32Array, b: number) => {
        for (let i = 0; i < x.length; i++) wr[i] = w[change[i]];
        boot.pearson[b] = weightedPearson(x, h, wr);
        resampleCorrelations(cp, wr, scratch, pair, 0);
        boot.spearman[b] = pair[0];
        boot.kendall[b] = pair[1];
        boot.acc_eq[b] = weightedAccEq(ap, wr, ker, tree, prefix);
      };
    }
    if (g === 'item') {
      // A change's reviews move together, so its statistic is fixed: a resample is a weighted mean over changes.
      const groups = groupsFor('item', x, h, change, system);
      const present = [...new Set(change)].sort((a, b) => a - b);
      const per = STATISTICS.map((s) => Float64Array.from(groups, (gr) => statistic(s, gr.x, gr.h, s === 'acc_eq' ? eps : 0)));
      return (w: Uint32Array, b: number) =>
        STATISTICS.forEach((s, k) => {
          let t = 0, n = 0;
          present.forEach((c, j) => {
            if (Number.isFinite(per[k][j]) && w[c] > 0) {
              t += w[c] * per[k][j];
              n += w[c];
            }
          });
          boot[s][b] = n > 0 ? t / n : NaN;
        });
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

  const rng = mulberry32(seed);
  const w = new Uint32Array(C);
  let done = 0;
  return {
    total,
    done: () => done,
    step(count) {
      for (const end = Math.min(total, done + count); done < end; done++) {
        drawWeights(C, rng, w);
        for (const p of prepared) p.resample(w, done);
      }
      return done >= total;
    },
    result: () => finish(prepared, { dim, grouping, stat, seed, level, folds, B: done, C, S, alpha: o.alpha ?? 0.05, test: o.test ?? 'perm-both', against: o.against, total }),
  };
}

function finish(
  prepared: Prepared[],
  c: { dim: Dim; grouping: Grouping; stat: RankStatistic; seed: number; level: number; folds: number; B: number; C: number; S: number; alpha: number; test: 'perm-both' | 'bootstrap'; against?: string; total: number },
): MetaEvalReport {
  const ci = (v: number, xs: Float64Array): StatCell => {
    const [lo, hi] = c.B > 0 ? percentileInterval(xs.subarray(0, c.B), c.level) : [NaN, NaN];
    return { value: v, lo, hi };
  };
  const masks = swapMasks(c.total, c.C, c.seed);
  const systemTable = (p: Prepared) => {
    const mx = Array.from({ length: c.S }, () => new Float64Array(c.C).fill(NaN));
    const mh = Array.from({ length: c.S }, () => new Float64Array(c.C).fill(NaN));
    const n = Array.from({ length: c.S }, () => new Float64Array(c.C));
    for (let i = 0; i < p.x.length; i++) {
      const [s, ch] = [p.system[i], p.change[i]];
      const k = n[s][ch]++;
      mx[s][ch] = k ? (mx[s][ch] * k + p.x[i]) / (k + 1) : p.x[i];
      mh[s][ch] = k ? (mh[s][ch] * k + p.h[i]) / (k + 1) : p.h[i];
    }
    return { mx: mx.filter((_, s) => n[s].some(Boolean)), mh: mh.filter((_, s) => n[s].some(Boolean)) };
  };
  const spaBoot = spaResampler(masks, c.seed, c.C, c.B);
  const rows: MetaRow[] = prepared.map((p) => {
    const cv = crossValidated(p, c.grouping, c.folds, c.seed, p.cvTies);
    const { acc, ...ties } = p.ties;
    const row: MetaRow = {
      id: p.m.id,
      label: p.m.label,
      kind: p.m.kind ?? 'metric',
      dim: p.dim,
      n: p.x.length,
      changes: new Set(p.change).size,
      stats: Object.fromEntries(STATISTICS.map((s) => [s, ci(p.point[s], p.boot[s])])) as Record<Statistic, StatCell>,
      ties: { ...ties, accInSample: acc, accCv: cv.accCv, epsCv: cv.epsCv, folds: c.folds },
      rank: 0,
      cluster: 0,
    };
    if (c.grouping === 'system') {
      const g = groupsFor('system', p.x, p.h, p.change, p.system)[0];
      row.pairwise = ci(pairwiseAccuracy(g.x, g.h), p.boot.pairwise);
      const t = systemTable(p);
      // The interval: the same resamples of changes, each SPA on the first permutations (see the header).
      const boot = spaBoot(t.mx, t.mh);
      row.spa = ci(softPairwiseAccuracy(t.mx, t.mh, { masks }), boot);
    }
    return row;
  });
  const value = (r: MetaRow) => (c.stat === 'pairwise' ? r.pairwise!.value : c.stat === 'spa' ? r.spa!.value : r.stats[c.stat].value);
  const order = rows.map((_, k) => k).sort((a, b) => {
    const va = value(rows[a]), vb = value(rows[b]);
    return (Number.isFinite(vb) ? vb : -Infinity) - (Number.isFinite(va) ? va : -Infinity) || a - b;
  });
  const cache = new Map<string, MetaComparison>();
  const compare = (ia: number, ib: number): MetaComparison => {
    const key = `${ia}:${ib}`;
    if (cache.has(key)) return cache.get(key)!;
    const A = prepared[ia], B = prepared[ib];
    const cmp = { a: A.m.id, b: B.m.id, ...pairTests(A, B, value(rows[ia]) - value(rows[ib]), c, masks) };
    cache.set(key, cmp);
    return cmp;
  };
  const clusterOf = significanceClusters(order.length, (a, b) => {
    const t = compare(order[a], order[b]);
    // PERM-BOTH where it applies; system-level pairwise accuracy has the paired bootstrap only.
    const p = c.test === 'perm-both' && Number.isFinite(t.pPerm) ? t.pPerm : t.pBoot;
    return t.delta > 0 && p < c.alpha;
  });
  order.forEach((k, r) => {
    rows[k].rank = r + 1;
    rows[k].cluster = clusterOf[r];
  });
  const against = c.against ? prepared.findIndex((p) => p.m.id === c.against) : 0;
  if (against >= 0) prepared.forEach((_, k) => k !== against && compare(k, against));
  return {
    dim: c.dim,
    grouping: c.grouping,
    statistic: c.stat,
    resamples: c.B,
    seed: c.seed,
    level: c.level,
    alpha: c.alpha,
    test: c.test,
    folds: c.folds,
    changes: c.C,
    rows: order.map((k) => rows[k]),
    comparisons: [...cache.values()],
  };
}

/**
 * PERM-BOTH and the paired bootstrap of two metrics, on the reviews both score. System-level pairwise accuracy
 * has the bootstrap test only; SPA has neither (its clusters are then one).
 */
function pairTests(A: Prepared, B: Prepared, delta: number, c: { grouping: Grouping; stat: RankStatistic }, masks: Uint8Array[]) {
  const stat = c.stat;
  if (stat === 'spa') return { delta, pPerm: NaN, pBoot: NaN };
  const diffs = Float64Array.from(A.boot[stat], (v, k) => v - B.boot[stat][k]);
  const pBoot = bootstrapP(delta, diffs);
  if (stat === 'pairwise') return { delta, pPerm: NaN, pBoot };
  const key = (p: Prepared, i: number) => p.change[i] * 65536 + p.system[i];
  const inB = new Map<number, number>();
  for (let i = 0; i < B.x.length; i++) inB.set(key(B, i), i);
  const ia: number[] = [], ib: number[] = [];
  for (let i = 0; i < A.x.length; i++) {
    const j = inB.get(key(A, i));
    if (j !== undefined) {
      ia.push(i);
      ib.push(j);
    }
  }
  const perm = permBoth(
    {
      a: ia.map((i) => A.x[i]),
      b: ib.map((j) => B.x[j]),
      h: ia.map((i) => A.h[i]),
      change: ia.map((i) => A.change[i]),
      system: ia.map((i) => A.system[i]),
      epsA: A.ties.eps,
      epsB: B.ties.eps,
    },
    c.grouping,
    stat,
    { masks },
  );
  return { delta, pPerm: perm.p, pBoot };
}

export function metaEvaluate(records: readonly MetaRecord[], metrics: readonly MetaMetric[], o: MetaEvalOptions = {}): MetaEvalReport {
  const s = createMetaEval(records, metrics, o);
  s.step(s.total);
  return s.result();
}
