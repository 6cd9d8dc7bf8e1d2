// Which reviews of a human-scored dataset a run judges, and on how many of them each metric is judged. With made
// pseudo-references or the reference review's sentences, every review is kept (bridge.ts, everyReview): the
// reference-free metrics that need neither (the baselines) judge them all, CRScore the ones with pseudo-references,
// and each metric's gaps are left out and counted. `crscore eval --dataset` and Research both read these. Pure.
import type { LabReview } from '../lab/metrics.ts';
import { numberRepeats } from '../reviewKeys.ts';
import { hasOwnPseudoReferences, type HumanRows, type PseudoRefSource, type Unscorable } from './bridge.ts';
import type { HumanDataset } from './model.ts';

/**
 * Whether the reviews that prepare() makes no item of are kept (judged by the metrics that need no item): with made
 * pseudo-references, or the reference review's sentences. With the dataset's own, a change without them is left out
 * of every metric, as the human study's path leaves it (its published figures).
 */
export function keepsEveryReview(d: HumanDataset, o: { made: boolean; source?: PseudoRefSource }): boolean {
  const source = o.source ?? (hasOwnPseudoReferences(d) ? 'dataset' : 'reference');
  return o.made || source === 'reference';
}

/** A kept review (no item: its change has no pseudo-references, or no reference review) as the lab's reviews hold one. */
export type KeptReview = LabReview & { unscorable: Unscorable };

/** The bridged reviews past the scorable ones (everyReview) as lab reviews, each with why it has no item. */
export function keptReviews(reviews: HumanRows['reviews'], scorable: number): KeptReview[] {
  const kept = reviews.slice(scorable);
  // Their changes have no item, so their ids never meet an item's; numbered among themselves as labReviews does.
  const ids = numberRepeats(kept.map((r) => `${r.change.id}::${r.review.system}`));
  return kept.map((r, k) => ({
    id: ids[k],
    changeId: r.change.id,
    system: r.review.system,
    lang: r.change.lang,
    review: r.review.review,
    reference: r.change.references[0] ?? null,
    diff: r.change.code.kind === 'diff' ? r.change.code.diff : '',
    pseudoRefs: [],
    human: r.slots ?? null,
    unscorable: r.unscorable ?? 'no pseudo-references',
  }));
}

/** A metric's n (reviews with a value and a human score) and the reviews left out of it, by why. */
export interface MetricCoverage {
  id: string;
  label: string;
  n: number;
  leftOut: Record<string, number>;
}

export interface CoverageOptions {
  /** Reviews left out of every metric (not kept): their change has no reference review, or no pseudo-references. */
  noReference: number;
  noPseudoReferences: number;
  /** Why a review without a human score is left out ("no relevance score"). */
  unscored: string;
}

/**
 * Coverage of one column over the judged reviews (aligned with `reviews`; a kept review says why it has no item):
 * its value missing on a kept review is left out as unscorable, elsewhere by its gap (or 'no value'), and a review
 * with a value but no human score as unscored.
 */
export function metricCoverage(
  c: { id: string; label: string; values: ArrayLike<number | null>; gaps?: readonly (string | null)[] },
  reviews: readonly { unscorable?: Unscorable }[],
  human: (k: number) => number | null,
  o: CoverageOptions,
): MetricCoverage {
  const leftOut: Record<string, number> = {};
  const add = (why: string, k = 1) => k && (leftOut[why] = (leftOut[why] ?? 0) + k);
  add('no reference review', o.noReference);
  add('no pseudo-references', o.noPseudoReferences);
  let n = 0;
  for (let k = 0; k < c.values.length; k++) {
    const v = c.values[k];
    const none = v === null || !Number.isFinite(v);
    const unscorable = reviews[k]?.unscorable;
    if (none && unscorable) add(unscorable);
    else if (none) add(c.gaps?.[k] === 'not-applicable' ? 'no reference review' : (c.gaps?.[k] ?? 'no value'));
    else if (human(k) === null) add(o.unscored);
    else n++;
  }
  return { id: c.id, label: c.label, n, leftOut };
}
