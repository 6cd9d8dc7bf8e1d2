// The meta-evaluation on a human-scored dataset (src/core/humanData): the reviews it judges (the run's items, then
// the kept reviews without one: everyReview), which groupings say nothing (one system; one review per change), on a
// binary dimension every metric's ROC AUC with its interval, and each metric's n with why the others were left out,
// by the core functions `crscore eval --dataset … --metaeval` calls. The run's items carry the chosen dimension's score.
import { binaryAuc, groupingUndefined, overReviews, type JudgedReview } from '../../core/humanData/bridge';
import { metricCoverage, type KeptReview, type MetricCoverage } from '../../core/humanData/judged';
import type { Dimension } from '../../core/humanData/model';
import type { LabReview } from '../../core/lab/metrics';
import type { AucEstimate, Grouping } from '../../core/metaeval/index';
import { labRowsOf } from '../lab/labColumns';
import { useResearch } from '../research/research';
import type { Results } from '../research/researchRun';

export interface HumanJudging {
  dimension: Dimension;
  reviews: JudgedReview[];
}

let judgedMemo: { prepared: unknown; kept: unknown; reviews: readonly LabReview[] } | null = null;

/**
 * Every review the run's meta-evaluation judges: the items' (labRowsOf, the same array when none is kept), then the
 * kept ones. Metric columns over the items are spread over them with `overJudged`.
 */
export function judgedLabReviews(results: Results): readonly LabReview[] {
  const items = labRowsOf(results).reviews;
  if (!results.kept?.length) return items;
  if (judgedMemo?.prepared !== results.prepared || judgedMemo.kept !== results.kept)
    judgedMemo = { prepared: results.prepared, kept: results.kept, reviews: [...items, ...results.kept] };
  return judgedMemo.reviews;
}

/** A column over the run's items spread over every judged review, the kept ones without a value. */
export const overJudged = <C extends { values: readonly (number | null)[]; gaps?: readonly (unknown | null)[] }>(c: C, results: Results): C =>
  overReviews(c, results.prepared.items.length + (results.kept?.length ?? 0));

let memo: { reviews: unknown; dimension: Dimension; out: HumanJudging } | null = null;

/** The judged reviews of the run on screen, when its dataset is a human-scored one; else null. */
export function humanJudging(): HumanJudging | null {
  // The dimension the run on screen judged (the selector may already name the next run's).
  const { results } = useResearch.getState();
  const dimension = results?.humanDimension;
  if (!results || !dimension) return null;
  const reviews = judgedLabReviews(results);
  if (memo?.reviews !== reviews || memo.dimension !== dimension)
    memo = { reviews, dimension, out: { dimension, reviews: reviews.map((r) => ({ changeId: r.changeId, system: r.system, human: r.human?.rel ?? null })) } };
  return memo.out;
}

/** Why the grouping is undefined on the human-scored dataset on screen, or null. */
export function undefinedGrouping(g: Grouping): string | null {
  const h = humanJudging();
  return h ? groupingUndefined(h.reviews, g) : null;
}

/** ROC AUC per metric on a binary dimension (null otherwise). */
export function binaryAucs(metrics: readonly { id: string; values: ArrayLike<number | null> }[], opts: { resamples: number; seed: number }): Record<string, AucEstimate> | null {
  const h = humanJudging();
  if (!h || h.dimension.scale.kind !== 'binary') return null;
  return Object.fromEntries(metrics.map((m) => [m.id, binaryAuc(h.reviews, m.values, opts)]));
}

/** On how many reviews each metric is judged, and why the others are left out (`crscore eval`'s coverage); null
 *  when the dataset on screen is not a human-scored one. */
export interface JudgedCoverage {
  /** Every review of the judged dataset: those judged, those kept without an item, those left out of every metric. */
  total: number;
  metrics: MetricCoverage[];
}

export function judgedCoverage(metrics: readonly { id: string; label: string; values: ArrayLike<number | null>; gaps?: readonly (string | null)[] }[]): JudgedCoverage | null {
  const { results } = useResearch.getState();
  const h = humanJudging();
  if (!results || !h) return null;
  const reviews = judgedLabReviews(results);
  const unscorable = reviews as readonly Partial<KeptReview>[];
  const left = results.leftOut ?? { noReference: 0, noPseudoReferences: 0 };
  const o = { ...left, unscored: `no ${h.dimension.name} score` };
  return {
    total: reviews.length + left.noReference + left.noPseudoReferences,
    metrics: metrics.map((m) => metricCoverage(m, unscorable, (k) => h.reviews[k]?.human ?? null, o)),
  };
}
