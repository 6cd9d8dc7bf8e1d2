// Research pipeline, stage 6: analysis. Agreement with the humans (the core's evaluate.ts, so the browser and
// `crscore eval` report the same figures), the paper's Table 2 correlation rows (Naik et al. 2025), the correlation-vs-τ curve, the
// system leaderboard, per-language figures and the similarity histogram.
import { agreement, DIMENSIONS, type Agreement, type Dimension, type EvalItem } from '../evaluate.ts';
import { column, type ItemScores, type ScoreColumns } from '../scoreColumns.ts';
import { REF_METRICS, refMetricScorer, type RefMetricId } from '../refmetrics/index.ts';
import { kendallTauB, mean, spearman } from '../stats.ts';
import type { Correlation } from '../types.ts';
import { correlator, type Correlator } from '../correlator.ts';
import type { PreparedDataset } from './prepare.ts';
import type { SweepIndex } from './scoring.ts';

export interface CorrRow {
  id: string;
  label: string;
  /** Per human dimension. */
  byDim: Record<Dimension, { spearman: Correlation; kendall: Correlation }>;
  n: number;
}

/**
 * Reference-based metric values per item (null where the change has no reference review): every metric, or only
 * those in `ids` (a view that shows BLEU does not pay for chrF).
 */
export function refMetricValues(
  p: PreparedDataset,
  embedCos?: (review: string, reference: string) => number,
  ids?: readonly RefMetricId[],
): Partial<Record<RefMetricId, (number | null)[]>> {
  const out: Partial<Record<RefMetricId, (number | null)[]>> = {};
  for (const m of REF_METRICS) if ((!ids || ids.includes(m.id)) && (m.fn || (m.id === 'embedCos' && embedCos))) out[m.id] = [];
  const score = refMetricScorer(ids);
  p.reviews.forEach((r) => {
    const vals = r.reference ? score(r.reference, r.review.review ?? '') : null;
    for (const m of REF_METRICS) {
      const arr = out[m.id];
      if (!arr) continue;
      if (!r.reference) arr.push(null);
      else if (m.id === 'embedCos') arr.push(r.review.review?.trim() ? embedCos!(r.review.review, r.reference) : 0);
      else arr.push(vals![m.id] ?? null);
    }
  });
  return out;
}

/** Spearman and Kendall of a metric against every human dimension, over items with human scores (and a value). */
export function correlate(items: readonly EvalItem[], values: ArrayLike<number | null>): Omit<CorrRow, 'id' | 'label'> {
  const idx = items.map((it, k) => (it.human && values[k] != null ? k : -1)).filter((k) => k >= 0);
  const x = idx.map((k) => values[k] as number);
  const byDim = Object.fromEntries(
    DIMENSIONS.map((d) => {
      const h = idx.map((k) => items[k].human![d]);
      return [d, { spearman: spearman(x, h), kendall: kendallTauB(x, h) }];
    }),
  ) as CorrRow['byDim'];
  return { byDim, n: idx.length };
}

/** Rows for the reference-based metrics: they do not depend on τ, so a run computes them once. */
export function refMetricRows(items: readonly EvalItem[], refValues: Partial<Record<RefMetricId, (number | null)[]>>): CorrRow[] {
  const rows: CorrRow[] = [];
  for (const m of REF_METRICS) {
    const v = refValues[m.id];
    if (v && v.some((x) => x != null)) rows.push({ id: m.id, label: m.label, ...correlate(items, v) });
  }
  return rows;
}

/** CRScore's Con, Comp and Rel rows at one τ. */
export function crscoreRows(items: readonly EvalItem[], scores: ItemScores): CorrRow[] {
  return DIMENSIONS.map((d) => ({
    id: `crscore-${d}`,
    label: `CRScore ${d === 'con' ? 'Con' : d === 'comp' ? 'Comp' : 'Rel'}`,
    ...correlate(items, column(scores, d)),
  }));
}

/** As the paper's Table 2 (Naik et al. 2025): CRScore Con/Comp/Rel and every reference-based metric against the humans. */
export function correlationTable(
  items: readonly EvalItem[],
  scores: ItemScores,
  refValues: Partial<Record<RefMetricId, (number | null)[]>>,
): CorrRow[] {
  return [...crscoreRows(items, scores), ...refMetricRows(items, refValues)];
}

export interface Analysis {
  tau: number;
  /** Every review's scores at τ, one column per dimension (a τ step makes three arrays, not an object per review). */
  scores: ScoreColumns;
  agreement: Agreement;
}

export function analyse(items: readonly EvalItem[], scores: ScoreColumns, tau: number): Analysis {
  return { tau, scores, agreement: agreement(items, scores) };
}

export interface CurvePoint {
  tau: number;
  /** e.g. rel_spearman, con_kendall */
  [key: string]: number;
}

/** Spearman and Kendall of Con, Comp and Rel (each against the same human dimension) at every τ. */
export function correlationCurve(
  items: readonly EvalItem[],
  scoreAt: (tau: number) => ItemScores,
  taus: readonly number[],
): CurvePoint[] {
  const scored = items.map((it, k) => (it.human ? k : -1)).filter((k) => k >= 0);
  // The human side is the same at every τ: its ranks and ties once, and one buffer for the metric's column.
  const human = Object.fromEntries(DIMENSIONS.map((d) => [d, correlator(scored.map((k) => items[k].human![d]))])) as Record<Dimension, Correlator>;
  const x = new Float64Array(scored.length);
  return taus.map((tau) => {
    const s = scoreAt(tau);
    const pt: CurvePoint = { tau };
    for (const d of DIMENSIONS) {
      const col = column(s, d);
      for (let i = 0; i < scored.length; i++) x[i] = col[scored[i]];
      pt[`${d}_spearman`] = human[d].spearman(x).r;
      pt[`${d}_kendall`] = human[d].kendall(x).r;
    }
    return pt;
  });
}

/** The τ of the curve with the highest value of `key` (NaN ignored). */
export function bestTau(curve: readonly CurvePoint[], key = 'rel_spearman'): CurvePoint | null {
  let best: CurvePoint | null = null;
  for (const p of curve) if (Number.isFinite(p[key]) && (!best || p[key] > best[key])) best = p;
  return best;
}

export interface LeaderRow {
  system: string;
  n: number;
  metric: Record<Dimension, number>;
  human: Record<Dimension, number>;
  metricRank: number;
  humanRank: number;
}

/** What a leaderboard needs that does not change with τ: each system's scored items and its human means. */
export interface SystemGroups {
  systems: { system: string; idx: Int32Array; human: Record<Dimension, number> }[];
}

export function systemGroups(items: readonly EvalItem[]): SystemGroups {
  const by = new Map<string, number[]>();
  items.forEach((it, k) => {
    if (!it.human) return;
    if (!by.has(it.system)) by.set(it.system, []);
    by.get(it.system)!.push(k);
  });
  return {
    systems: [...by.entries()].map(([system, ks]) => ({
      system,
      idx: Int32Array.from(ks),
      human: Object.fromEntries(DIMENSIONS.map((d) => [d, mean(ks.map((k) => items[k].human![d]))])) as Record<Dimension, number>,
    })),
  };
}

/** Per system: mean metric and human Con/Comp/Rel over reviews with human scores; ranks by Rel. */
export function leaderboard(items: readonly EvalItem[] | SystemGroups, scores: ItemScores): LeaderRow[] {
  const groups = 'systems' in items ? items : systemGroups(items);
  const [cs, ps, rs] = DIMENSIONS.map((d) => column(scores, d));
  const rows: LeaderRow[] = groups.systems.map((g) => {
    let con = 0;
    let comp = 0;
    let rel = 0;
    for (let i = 0; i < g.idx.length; i++) {
      const k = g.idx[i];
      con += cs[k];
      comp += ps[k];
      rel += rs[k];
    }
    const n = g.idx.length;
    return { system: g.system, n, metric: { con: con / n, comp: comp / n, rel: rel / n }, human: g.human, metricRank: 0, humanRank: 0 };
  });
  [...rows].sort((a, b) => b.metric.rel - a.metric.rel).forEach((r, i) => (r.metricRank = i + 1));
  [...rows].sort((a, b) => b.human.rel - a.human.rel).forEach((r, i) => (r.humanRank = i + 1));
  return rows.sort((a, b) => a.metricRank - b.metricRank);
}

export interface LanguageRow {
  lang: string;
  reviews: number;
  n: number;
  meanRel: number;
  per: Record<Dimension, { spearman: Correlation; kendall: Correlation }>;
}

/** Per language: Spearman and Kendall of Con, Comp, Rel with the same human dimension, and mean Rel. */
export function byLanguage(items: readonly EvalItem[], scores: ItemScores): LanguageRow[] {
  const langs = [...new Set(items.map((i) => i.lang))].sort();
  const col = { con: column(scores, 'con'), comp: column(scores, 'comp'), rel: column(scores, 'rel') };
  return langs.map((lang) => {
    const ks = items.map((it, k) => (it.lang === lang ? k : -1)).filter((k) => k >= 0);
    const scored = ks.filter((k) => items[k].human);
    const per = Object.fromEntries(
      DIMENSIONS.map((d) => {
        const x = scored.map((k) => col[d][k]);
        const h = scored.map((k) => items[k].human![d]);
        return [d, { spearman: spearman(x, h), kendall: kendallTauB(x, h) }];
      }),
    ) as Record<Dimension, { spearman: Correlation; kendall: Correlation }>;
    return { lang, reviews: ks.length, n: scored.length, meanRel: mean(ks.map((k) => col.rel[k])), per };
  });
}

/** A change of the dataset as a language's row counts it: its reviews, and whether it has pseudo-references. */
export interface LanguageChange {
  lang: string;
  reviews: number;
  hasPseudoReferences: boolean;
}

/**
 * Why a language of the dataset has no review judged against the people (byLanguage lists only the items scored):
 * none of its changes has pseudo-references (`what` names them: a human-scored table's are its reference review),
 * none of its reviews could be scored, or none has a human score. Languages with a judged review are left out.
 */
export function unjudgedLanguages(changes: readonly LanguageChange[], items: readonly EvalItem[], what = 'pseudo-references'): { lang: string; changes: number; reviews: number; why: string }[] {
  const langs = [...new Set(changes.map((c) => c.lang))].sort();
  return langs.flatMap((lang) => {
    const own = items.filter((i) => i.lang === lang);
    if (own.some((i) => i.human)) return [];
    const cs = changes.filter((c) => c.lang === lang);
    const reviews = cs.reduce((a, c) => a + c.reviews, 0);
    const n = cs.length;
    const ofChanges = `${n} change${n === 1 ? '' : 's'}`;
    const why =
      own.length > 0
        ? `none scored: none of its ${own.length} review${own.length === 1 ? '' : 's'} has a human score`
        : cs.every((c) => !c.hasPseudoReferences)
          ? `none scored: its ${ofChanges} ${n === 1 ? 'carries' : 'carry'} no ${what}`
          : `none scored: no review of its ${ofChanges} could be scored (empty reviews)`;
    return [{ lang, changes: n, reviews: Math.max(reviews, own.length), why }];
  });
}

/** Histogram of values in [lo, hi] with `bins` bins. */
export function histogram(values: ArrayLike<number>, bins = 40, lo = -0.2, hi = 1) {
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    const b = Math.min(bins - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * bins)));
    counts[b]++;
  }
  return counts.map((c, b) => ({ x: lo + ((b + 0.5) * (hi - lo)) / bins, from: lo + (b * (hi - lo)) / bins, count: c }));
}

/** Each review sentence's best similarity and each pseudo-reference's best similarity, over all items. */
export function bestValues(ix: SweepIndex): { sentences: number[]; refs: number[] } {
  return {
    sentences: ix.sentences.flatMap((a) => Array.from(a)),
    refs: ix.refs.flatMap((a) => Array.from(a)),
  };
}
