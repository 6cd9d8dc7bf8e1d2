// The meta-evaluation on a human-scored dataset (src/core/humanData): which groupings say nothing (one system; one
// review per change) and, on a binary dimension, every metric's ROC AUC with its interval, by the core functions
// `crscore eval --dataset … --metaeval` calls. The run's items carry the chosen dimension's score (humanPrepared).
import { binaryAuc, groupingUndefined, type JudgedReview } from '../../core/humanData/bridge';
import type { Dimension } from '../../core/humanData/model';
import type { AucEstimate, Grouping } from '../../core/metaeval/index';
import { useResearch } from '../research/research';

export interface HumanJudging {
  dimension: Dimension;
  reviews: JudgedReview[];
}

let memo: { items: unknown; dimension: Dimension; out: HumanJudging } | null = null;

/** The judged reviews of the run on screen, when its dataset is a human-scored one; else null. */
export function humanJudging(): HumanJudging | null {
  // The dimension the run on screen judged (the selector may already name the next run's).
  const { results } = useResearch.getState();
  const dimension = results?.humanDimension;
  if (!results || !dimension) return null;
  const items = results.prepared.items;
  if (memo?.items !== items || memo.dimension !== dimension)
    memo = { items, dimension, out: { dimension, reviews: items.map((it) => ({ changeId: it.rowId, system: it.system, human: it.human?.rel ?? null })) } };
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
