// The research view's numbers, pure TypeScript (no DOM, no stores): built on the core's evaluate.ts so the browser and
// `crscore eval` report the same figures for the same configuration.
import {
  agreement,
  calibrateOnSystem,
  collectEvalItems,
  DIMENSIONS,
  scoreItems,
  type Agreement,
  type Dimension,
  type EvalItem,
  type ItemScore,
} from '../core/evaluate';
import { REFERENCE_SYSTEM, type DatasetReview, type DatasetRow } from '../core/dataset';
import { bestMatches } from '../core/score';
import { kendallTauB, mean, spearman } from '../core/stats';
import { lexicalRefMetrics, REF_METRICS, type RefMetricId } from '../core/refmetrics/index';
import type { Calibration, Correlation, SimilarityMatrix, SplitMode } from '../core/types';

export interface PreparedDataset {
  items: EvalItem[];
  /** Per item: the review as written and the reference review (`msg`) of its change, when there is one. */
  reviews: { row: DatasetRow; review: DatasetReview; reference: string | null }[];
  skippedDiffs: string[];
  systems: string[];
  languages: string[];
  hasReference: boolean;
}

/** The eval items (exactly collectEvalItems) with the rows and reference reviews beside them. */
export function prepare(rows: readonly DatasetRow[], split: SplitMode): PreparedDataset {
  const { items, skippedDiffs } = collectEvalItems(rows, split);
  const reviews: PreparedDataset['reviews'] = [];
  // Same walk as collectEvalItems, so index k here is item k there.
  for (const row of rows) {
    if (row.pseudoRefs.length === 0) continue;
    const ref = row.reviews.find((r) => r.system === REFERENCE_SYSTEM)?.review ?? null;
    for (const r of row.reviews) if (r.system !== REFERENCE_SYSTEM) reviews.push({ row, review: r, reference: ref && ref.trim() ? ref : null });
  }
  if (reviews.length !== items.length) throw new Error('prepare: rows and items are out of step');
  return {
    items,
    reviews,
    skippedDiffs,
    systems: [...new Set(items.map((i) => i.system))].sort(),
    languages: [...new Set(items.map((i) => i.lang))].sort(),
    hasReference: reviews.some((r) => r.reference !== null),
  };
}

/** Every distinct non-blank text to embed: pseudo-references, review sentences, and (for embedding cosine) whole reviews and references. */
export function textsToEmbed(p: PreparedDataset, wholeReviews: boolean): string[] {
  const set = new Set<string>();
  for (const it of p.items) {
    for (const t of it.pseudoReferences) if (t.trim()) set.add(t);
    for (const t of it.sentences) if (t.trim()) set.add(t);
  }
  if (wholeReviews)
    for (const r of p.reviews)
      if (r.reference) {
        if (r.review.review?.trim()) set.add(r.review.review);
        set.add(r.reference);
      }
  return [...set];
}

export interface CorrRow {
  id: string;
  label: string;
  /** Per human dimension. */
  byDim: Record<Dimension, { spearman: Correlation; kendall: Correlation }>;
  n: number;
}

/** Reference-based metric values per item (null where the change has no reference review). */
export function refMetricValues(
  p: PreparedDataset,
  embedCos?: (review: string, reference: string) => number,
): Partial<Record<RefMetricId, (number | null)[]>> {
  const out: Partial<Record<RefMetricId, (number | null)[]>> = {};
  for (const m of REF_METRICS) if (m.fn || (m.id === 'embedCos' && embedCos)) out[m.id] = [];
  p.reviews.forEach((r) => {
    const vals = r.reference ? lexicalRefMetrics(r.reference, r.review.review ?? '') : null;
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
export function correlate(items: readonly EvalItem[], values: readonly (number | null)[]): Omit<CorrRow, 'id' | 'label'> {
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

/** Seed 000 Table 2 style: CRScore Con/Comp/Rel and every reference-based metric against the humans. */
export function correlationTable(
  items: readonly EvalItem[],
  scores: readonly ItemScore[],
  refValues: Partial<Record<RefMetricId, (number | null)[]>>,
): CorrRow[] {
  const rows: CorrRow[] = DIMENSIONS.map((d) => ({
    id: `crscore-${d}`,
    label: `CRScore ${d === 'con' ? 'Con' : d === 'comp' ? 'Comp' : 'Rel'}`,
    ...correlate(items, scores.map((s) => s[d])),
  }));
  for (const m of REF_METRICS) {
    const v = refValues[m.id];
    if (v && v.some((x) => x != null)) rows.push({ id: m.id, label: m.label, ...correlate(items, v) });
  }
  return rows;
}

export interface Analysis {
  tau: number;
  scores: ItemScore[];
  agreement: Agreement;
}

export function analyse(items: readonly EvalItem[], matrices: readonly SimilarityMatrix[], tau: number): Analysis {
  const scores = scoreItems(items, matrices, tau);
  return { tau, scores, agreement: agreement(items, scores) };
}

export function calibrate(items: readonly EvalItem[], matrices: readonly SimilarityMatrix[], system: string): Calibration {
  return calibrateOnSystem(items, matrices, system);
}

/**
 * Sorted best-match values per item, computed once; every later τ is a binary search. This is what makes the
 * correlation-vs-τ curve cheap: O(items · log) per τ plus the O(n log n) correlations.
 */
export interface SweepIndex {
  /** Per item: best similarity of each non-blank review sentence (sorted), sentence count, same for pseudo-references. */
  sentences: Float64Array[];
  sentenceCount: number[];
  refs: Float64Array[];
  refCount: number[];
}

export function sweepIndex(items: readonly EvalItem[], matrices: readonly SimilarityMatrix[]): SweepIndex {
  const sentences: Float64Array[] = [];
  const refs: Float64Array[] = [];
  items.forEach((it, k) => {
    const { forPseudoReference, forSentence } = bestMatches(matrices[k], { sentences: it.sentences });
    sentences.push(Float64Array.from(forSentence.filter((b) => b.index >= 0).map((b) => b.similarity)).sort());
    refs.push(Float64Array.from(forPseudoReference.filter((b) => b.index >= 0).map((b) => b.similarity)).sort());
  });
  return { sentences, refs, sentenceCount: matrices.map((m) => m.cols), refCount: matrices.map((m) => m.rows) };
}

/** Count of values strictly greater than tau in a sorted array. */
function above(sorted: Float64Array, tau: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] > tau) hi = mid;
    else lo = mid + 1;
  }
  return sorted.length - lo;
}

/** Con/Comp/Rel of every item at τ from the index (identical to scoreAt). */
export function scoresAt(ix: SweepIndex, tau: number): ItemScore[] {
  return ix.sentences.map((s, k) => {
    const rows = ix.refCount[k];
    const cols = ix.sentenceCount[k];
    const con = rows > 0 && cols > 0 ? above(s, tau) / cols : 0;
    const comp = rows > 0 ? above(ix.refs[k], tau) / rows : 0;
    return { con, comp, rel: con + comp > 0 ? (2 * con * comp) / (con + comp) : 0 };
  });
}

export interface CurvePoint {
  tau: number;
  /** e.g. rel_spearman, con_kendall */
  [key: string]: number;
}

/** Spearman and Kendall of Con, Comp and Rel (each against the same human dimension) at every τ. */
export function correlationCurve(items: readonly EvalItem[], ix: SweepIndex, taus: readonly number[]): CurvePoint[] {
  const scored = items.map((it, k) => (it.human ? k : -1)).filter((k) => k >= 0);
  const human = Object.fromEntries(DIMENSIONS.map((d) => [d, scored.map((k) => items[k].human![d])])) as Record<Dimension, number[]>;
  return taus.map((tau) => {
    const s = scoresAt(ix, tau);
    const pt: CurvePoint = { tau };
    for (const d of DIMENSIONS) {
      const x = scored.map((k) => s[k][d]);
      pt[`${d}_spearman`] = spearman(x, human[d]).r;
      pt[`${d}_kendall`] = kendallTauB(x, human[d]).r;
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

/** Per system: mean metric and human Con/Comp/Rel over reviews with human scores; ranks by Rel. */
export function leaderboard(items: readonly EvalItem[], scores: readonly ItemScore[]): LeaderRow[] {
  const by = new Map<string, number[]>();
  items.forEach((it, k) => {
    if (!it.human) return;
    if (!by.has(it.system)) by.set(it.system, []);
    by.get(it.system)!.push(k);
  });
  const rows = [...by.entries()].map(([system, ks]) => ({
    system,
    n: ks.length,
    metric: Object.fromEntries(DIMENSIONS.map((d) => [d, mean(ks.map((k) => scores[k][d]))])) as Record<Dimension, number>,
    human: Object.fromEntries(DIMENSIONS.map((d) => [d, mean(ks.map((k) => items[k].human![d]))])) as Record<Dimension, number>,
    metricRank: 0,
    humanRank: 0,
  }));
  [...rows].sort((a, b) => b.metric.rel - a.metric.rel).forEach((r, i) => (r.metricRank = i + 1));
  [...rows].sort((a, b) => b.human.rel - a.human.rel).forEach((r, i) => (r.humanRank = i + 1));
  return rows.sort((a, b) => a.metricRank - b.metricRank);
}

/** Per language: Spearman of Con, Comp, Rel with the humans, and mean Rel. */
export function byLanguage(items: readonly EvalItem[], scores: readonly ItemScore[]) {
  const langs = [...new Set(items.map((i) => i.lang))].sort();
  return langs.map((lang) => {
    const ks = items.map((it, k) => (it.lang === lang ? k : -1)).filter((k) => k >= 0);
    const sub = ks.map((k) => items[k]);
    const c = correlate(sub, ks.map((k) => scores[k].rel));
    const per = Object.fromEntries(
      DIMENSIONS.map((d) => [d, correlate(sub, ks.map((k) => scores[k][d])).byDim[d]]),
    ) as Record<Dimension, { spearman: Correlation; kendall: Correlation }>;
    return { lang, reviews: ks.length, n: c.n, meanRel: mean(ks.map((k) => scores[k].rel)), per };
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
