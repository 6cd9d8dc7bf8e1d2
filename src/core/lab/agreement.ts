// The lab's statistics: every metric against every human dimension (Spearman and Kendall with percentile
// bootstrap intervals over changes), the paired-bootstrap difference against a baseline metric, the system table
// (mean per system with intervals) and the systems' rank agreement with the humans. Every statistic is read off
// the same resamples of changes (seeded mulberry32, as src/core/bootstrap.ts), so differences are paired.
// A metric is measured on the reviews it has a value for; a paired difference on the reviews both metrics score.
import { DEFAULT_RESAMPLES, DEFAULT_SEED, drawWeights, mulberry32, mulberry32At, percentileInterval, type SteppedBootstrap } from '../bootstrap.ts';
import { kendallTauB, spearman } from '../stats.ts';
import { rankPlan, weightedKendall, weightedSpearman, type RankPlan } from '../weightedRank.ts';
import {
  LAB_GAPS,
  type CorrCi,
  type Dim,
  type Estimate,
  type LabAgreement,
  type LabAgreementOptions,
  type LabGap,
  type LabMetric,
  type LabMetricAgreement,
  type LabRecord,
  type LabSystemRow,
  type PairedDiff,
} from './types.ts';

const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];

/** Correlations of one subset of reviews against the humans, point and per resample. */
interface CorrTrack {
  plans: Record<Dim, RankPlan>;
  cluster: Int32Array;
  point: Record<Dim, { s: number; k: number }>;
  s: Record<Dim, Float64Array>;
  k: Record<Dim, Float64Array>;
}

function corrTrack(values: readonly number[], humans: readonly Record<Dim, number>[], cluster: Int32Array, total: number): CorrTrack {
  const plans = {} as Record<Dim, RankPlan>;
  const point = {} as CorrTrack['point'];
  const s = {} as CorrTrack['s'];
  const k = {} as CorrTrack['k'];
  for (const d of DIMS) {
    const h = humans.map((x) => x[d]);
    plans[d] = rankPlan(values, h);
    point[d] = values.length >= 2 ? { s: spearman([...values], h).r, k: kendallTauB([...values], h).r } : { s: NaN, k: NaN };
    s[d] = new Float64Array(total);
    k[d] = new Float64Array(total);
  }
  return { plans, cluster, point, s, k };
}

function trackResample(t: CorrTrack, b: number, w: Uint32Array, scratch: Float64Array) {
  const n = t.cluster.length;
  const ws = scratch.subarray(0, n);
  for (let i = 0; i < n; i++) ws[i] = w[t.cluster[i]];
  for (const d of DIMS) {
    t.s[d][b] = weightedSpearman(t.plans[d], ws);
    t.k[d][b] = weightedKendall(t.plans[d], ws);
  }
}

/** Per system × change sums, so a resample's system means cost O(systems × changes). */
interface SystemSums {
  /** [s][c]: sum of values and count over reviews with a value. */
  v: Float64Array;
  nv: Float64Array;
  /** [s][c]: over reviews with a value and human scores: value sum, human sums per dim, count. */
  pv: Float64Array;
  ph: Record<Dim, Float64Array>;
  np: Float64Array;
}

function interval(xs: ArrayLike<number>, B: number, level: number): [number, number] {
  return B > 0 ? percentileInterval(Array.prototype.slice.call(xs, 0, B) as number[], level) : [NaN, NaN];
}

/**
 * Resamples [from, to) of a lab agreement's stream, as typed arrays: what a worker computes and sends back, so the
 * resamples can be spread over workers and merged (labAgreementOfParts) into the very figures of one run.
 */
export interface LabAgreementPart {
  from: number;
  to: number;
  /** Per track (each distinct subset of reviews), per dimension (con, comp, rel): Spearman, then Kendall. */
  tracks: Float64Array[];
  /** Per metric: (to − from) × systems × 5 system means (see systemMeans). */
  systems: Float64Array[];
}

/** Everything a report needs before any resample, with arrays for `len` resamples. */
function setup(records: readonly LabRecord[], metrics: readonly LabMetric[], o: LabAgreementOptions, len: number) {
  for (const m of metrics)
    if (m.values.length !== records.length)
      throw new Error(`lab: metric ${m.id} has ${m.values.length} values for ${records.length} reviews`);
  const level = o.level ?? 0.95;
  const seed = o.seed ?? DEFAULT_SEED;
  const total = Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES));
  const baselineId = metrics.length === 0 ? null : (o.baseline ?? metrics[0].id);
  const baseline = baselineId === null ? undefined : metrics.find((m) => m.id === baselineId);
  if (baselineId !== null && !baseline)
    throw new Error(`lab: baseline ${baselineId} is not among the metrics (${metrics.map((m) => m.id).join(', ')})`);

  const ids = [...new Set(records.map((r) => r.changeId))].sort();
  const at = new Map(ids.map((id, k) => [id, k]));
  const clusterOf = Int32Array.from(records, (r) => at.get(r.changeId)!);
  const C = ids.length;
  const systems = [...new Set(records.map((r) => r.system))].sort();
  const sysOf = Int32Array.from(records, (r) => systems.indexOf(r.system));
  const S = systems.length;

  const has = (m: LabMetric, i: number) => m.values[i] !== null && Number.isFinite(m.values[i]);
  const subset = (pred: (i: number) => boolean) => records.map((_, i) => i).filter(pred);
  const track = (m: LabMetric, idx: number[]) =>
    corrTrack(idx.map((i) => m.values[i]!), idx.map((i) => records[i].human!), Int32Array.from(idx, (i) => clusterOf[i]), len);

  // Every distinct track is resampled once: when a metric and the baseline score the same reviews (the usual
  // case), their paired comparison reuses their own tracks, which are then already paired.
  const tracks: CorrTrack[] = [];
  const tracked = (t: CorrTrack) => (tracks.push(t), t);
  const owns = metrics.map((m) => {
    const idx = subset((i) => has(m, i) && !!records[i].human);
    return { idx, own: tracked(track(m, idx)) };
  });
  const baseOwn = baseline ? owns[metrics.indexOf(baseline)] : undefined;
  const per = metrics.map((m, k) => {
    const { own, idx } = owns[k];
    let paired: { idx: number[]; a: CorrTrack; b: CorrTrack } | null = null;
    if (baseline && baseOwn && m !== baseline) {
      const both = subset((i) => has(m, i) && has(baseline, i) && !!records[i].human);
      paired =
        both.length === idx.length && both.length === baseOwn.idx.length
          ? { idx: both, a: own, b: baseOwn.own }
          : { idx: both, a: tracked(track(m, both)), b: tracked(track(baseline, both)) };
    }
    const sums: SystemSums = {
      v: new Float64Array(S * C),
      nv: new Float64Array(S * C),
      pv: new Float64Array(S * C),
      ph: { con: new Float64Array(S * C), comp: new Float64Array(S * C), rel: new Float64Array(S * C) },
      np: new Float64Array(S * C),
    };
    records.forEach((r, i) => {
      if (!has(m, i)) return;
      const o2 = sysOf[i] * C + clusterOf[i];
      sums.v[o2] += m.values[i]!;
      sums.nv[o2] += 1;
      if (r.human) {
        sums.pv[o2] += m.values[i]!;
        for (const d of DIMS) sums.ph[d][o2] += r.human[d];
        sums.np[o2] += 1;
      }
    });
    return { m, own, paired, sums, sysMeans: [] as Float64Array[] };
  });

  /** Per system: [mean value, paired value mean, paired human con, comp, rel] (NaN where empty). */
  const systemMeans = (s: SystemSums, w: Uint32Array | null): Float64Array => {
    const out = new Float64Array(S * 5).fill(NaN);
    for (let k = 0; k < S; k++) {
      let v = 0, nv = 0, pv = 0, np = 0;
      const ph = { con: 0, comp: 0, rel: 0 };
      for (let c = 0; c < C; c++) {
        const wc = w ? w[c] : 1;
        if (wc === 0) continue;
        const j = k * C + c;
        v += wc * s.v[j];
        nv += wc * s.nv[j];
        pv += wc * s.pv[j];
        np += wc * s.np[j];
        for (const d of DIMS) ph[d] += wc * s.ph[d][j];
      }
      if (nv > 0) out[k * 5] = v / nv;
      if (np > 0) {
        out[k * 5 + 1] = pv / np;
        out[k * 5 + 2] = ph.con / np;
        out[k * 5 + 3] = ph.comp / np;
        out[k * 5 + 4] = ph.rel / np;
      }
    }
    return out;
  };

  const scratch = new Float64Array(records.length);
  /** Resample b (of this setup's arrays) with the changes' weights w. */
  const resample = (b: number, w: Uint32Array) => {
    for (const t of tracks) trackResample(t, b, w, scratch);
    for (const p of per) p.sysMeans.push(systemMeans(p.sums, w));
  };

  /** The report over the first B resamples. */
  const result = (B: number): LabAgreement => {
    const ci = (point: number, xs: ArrayLike<number>): CorrCi => {
      const [lo, hi] = interval(xs, B, level);
      return { r: point, lo, hi };
    };
    const out: LabMetricAgreement[] = per.map(({ m, own, paired, sums, sysMeans }) => {
      const gaps = Object.fromEntries(LAB_GAPS.map((g) => [g, 0])) as Record<LabGap, number>;
      m.values.forEach((v, i) => {
        if (v === null || !Number.isFinite(v)) gaps[m.gaps?.[i] ?? 'no-grade']++;
      });
      const correlations = Object.fromEntries(
        DIMS.map((d) => [d, { spearman: ci(own.point[d].s, own.s[d]), kendall: ci(own.point[d].k, own.k[d]) }]),
      ) as LabMetricAgreement['correlations'];
      let pairedVsBaseline: LabMetricAgreement['pairedVsBaseline'] = null;
      if (paired) {
        const diff = (pa: number, pb: number, xa: Float64Array, xb: Float64Array): PairedDiff => {
          const ds = Array.from(xa.subarray(0, B), (v, i) => v - xb[i]);
          const [lo, hi] = B > 0 ? percentileInterval(ds, level) : [NaN, NaN];
          return { metric: pa, baseline: pb, diff: pa - pb, lo, hi, significant: lo > 0 || hi < 0 };
        };
        const sp = {} as Record<Dim, PairedDiff>;
        const kd = {} as Record<Dim, PairedDiff>;
        for (const d of DIMS) {
          sp[d] = diff(paired.a.point[d].s, paired.b.point[d].s, paired.a.s[d], paired.b.s[d]);
          kd[d] = diff(paired.a.point[d].k, paired.b.point[d].k, paired.a.k[d], paired.b.k[d]);
        }
        pairedVsBaseline = { baseline: baselineId!, n: paired.idx.length, spearman: sp, kendall: kd };
      }
      const point = systemMeans(sums, null);
      const est = (k: number, off: number): Estimate => {
        const [lo, hi] = B > 0 ? percentileInterval(sysMeans.map((x) => x[k * 5 + off]), level) : [NaN, NaN];
        return { mean: point[k * 5 + off], lo, hi };
      };
      const rows: LabSystemRow[] = systems.map((system, k) => {
        let n = 0;
        let hn = 0;
        for (let c = 0; c < C; c++) {
          n += sums.nv[k * C + c];
          hn += sums.np[k * C + c];
        }
        return {
          system,
          n,
          mean: n > 0 ? est(k, 0) : null,
          human: hn > 0 ? { con: est(k, 2), comp: est(k, 3), rel: est(k, 4), n: hn } : null,
        };
      });
      rows.sort((x, y) => (y.mean?.mean ?? -Infinity) - (x.mean?.mean ?? -Infinity));
      // Systems' rank agreement: metric mean vs human mean over the same reviews (value and human scores).
      const ranked = systems.map((_, k) => k).filter((k) => Number.isFinite(point[k * 5 + 1]));
      const rankCorr = (x: Float64Array, d: number) => {
        const ks = ranked.filter((k) => Number.isFinite(x[k * 5 + 1]) && Number.isFinite(x[k * 5 + d]));
        if (ks.length < 2) return { s: NaN, k: NaN };
        const a = ks.map((k) => x[k * 5 + 1]);
        const h = ks.map((k) => x[k * 5 + d]);
        return { s: spearman(a, h).r, k: kendallTauB(a, h).r };
      };
      const systemRanking = { systems: ranked.length } as LabMetricAgreement['systemRanking'];
      DIMS.forEach((d, j) => {
        const p = rankCorr(point, 2 + j);
        const rs = sysMeans.map((x) => rankCorr(x, 2 + j));
        systemRanking[d] = { spearman: ci(p.s, rs.map((r) => r.s)), kendall: ci(p.k, rs.map((r) => r.k)) };
      });
      return {
        id: m.id,
        label: m.label,
        family: m.family,
        config: m.config,
        n: own.cluster.length,
        gaps,
        correlations,
        pairedVsBaseline,
        systems: rows,
        systemRanking,
      };
    });
    return {
      resamples: B,
      seed,
      level,
      changes: C,
      reviews: records.length,
      scored: records.filter((r) => r.human).length,
      baseline: baselineId,
      metrics: out,
    };
  };

  return { total, seed, C, S, tracks, per, resample, result };
}

/** Steps resamples [from, to) of the seeded stream through `st`, then gives `done`'s result. */
function stepped<R>(st: ReturnType<typeof setup>, from: number, to: number, done: () => R): SteppedBootstrap<R> {
  // Resample b's weights are draws b × C … (b + 1) × C − 1 of the stream, wherever b is computed.
  const rng = from === 0 ? mulberry32(st.seed) : mulberry32At(st.seed, from * st.C);
  const w = new Uint32Array(st.C);
  let b = from;
  return {
    total: to - from,
    done: () => b - from,
    step(count) {
      for (const end = Math.min(to, b + count); b < end; b++) {
        drawWeights(st.C, rng, w);
        st.resample(b - from, w);
      }
      return b >= to;
    },
    result: done,
  };
}

/** The lab's agreement report, run in steps (a page shows progress); `labAgreement` runs it to the end. */
export function createLabAgreement(
  records: readonly LabRecord[],
  metrics: readonly LabMetric[],
  o: LabAgreementOptions = {},
): SteppedBootstrap<LabAgreement> {
  const st = setup(records, metrics, o, resamplesOf(o));
  let s: SteppedBootstrap<LabAgreement> | null = null;
  s = stepped(st, 0, st.total, () => st.result(s!.done()));
  return s;
}

const resamplesOf = (o: LabAgreementOptions) => Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES));

/** Resamples [from, to) only, in steps: one worker's share of a report (see labAgreementOfParts). */
export function createLabAgreementPart(
  records: readonly LabRecord[],
  metrics: readonly LabMetric[],
  o: LabAgreementOptions,
  from: number,
  to: number,
): SteppedBootstrap<LabAgreementPart> {
  if (!(0 <= from && from <= to && to <= resamplesOf(o))) throw new Error(`lab: resamples [${from}, ${to}) are not within 0…${resamplesOf(o)}`);
  const st = setup(records, metrics, o, to - from);
  let s: SteppedBootstrap<LabAgreementPart> | null = null;
  s = stepped(st, from, to, () => {
    const n = s!.done();
    return {
      from,
      to: from + n,
      tracks: st.tracks.flatMap((t) => DIMS.flatMap((d) => [t.s[d].slice(0, n), t.k[d].slice(0, n)])),
      systems: st.per.map((p) => {
        const out = new Float64Array(n * st.S * 5);
        p.sysMeans.slice(0, n).forEach((x, b) => out.set(x, b * st.S * 5));
        return out;
      }),
    };
  });
  return s;
}

/** The report of parts that cover every resample in order ([0, a), [a, b) … [·, resamples)): one run's figures. */
export function labAgreementOfParts(
  records: readonly LabRecord[],
  metrics: readonly LabMetric[],
  o: LabAgreementOptions,
  parts: readonly LabAgreementPart[],
): LabAgreement {
  const st = setup(records, metrics, o, resamplesOf(o));
  let b = 0;
  for (const p of [...parts].sort((x, y) => x.from - y.from || x.to - y.to)) {
    if (p.from !== b) throw new Error(`lab: the parts leave resamples ${b}…${p.from} out`);
    const n = p.to - p.from;
    st.tracks.forEach((t, i) =>
      DIMS.forEach((d, j) => {
        t.s[d].set(p.tracks[i * 6 + j * 2], b);
        t.k[d].set(p.tracks[i * 6 + j * 2 + 1], b);
      }),
    );
    st.per.forEach((q, i) => {
      for (let r = 0; r < n; r++) q.sysMeans.push(p.systems[i].slice(r * st.S * 5, (r + 1) * st.S * 5));
    });
    b = p.to;
  }
  if (b !== st.total) throw new Error(`lab: the parts cover ${b} of ${st.total} resamples`);
  return st.result(b);
}

export function labAgreement(records: readonly LabRecord[], metrics: readonly LabMetric[], o: LabAgreementOptions = {}): LabAgreement {
  const s = createLabAgreement(records, metrics, o);
  s.step(s.total);
  return s.result();
}
