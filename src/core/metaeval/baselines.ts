// Baselines every meta-evaluation table carries: a metric that cannot beat them measures little.
//  - length: the review's length in words (whitespace-separated tokens; an absent review is 0);
//  - random: a seeded uniform score per review, drawn in the order of (change, system), so it does not depend
//    on the order of the records;
//  - constant: the same score for every review (its correlations are undefined; its acc_eq is the share of pairs
//    the humans tie).
import { mulberry32 } from '../bootstrap.ts';
import { typedMetric } from './metaPlan.ts';
import type { MetaMetric, MetaTable, TypedMetaMetric } from './metaTypes.ts';

export interface BaselineReview {
  changeId: string;
  system: string;
  review: string | null;
}

export const wordCount = (text: string | null): number => (text ?? '').split(/\s+/).filter(Boolean).length;

export function baselineMetrics(reviews: readonly BaselineReview[], seed = 1): MetaMetric[] {
  const key = (r: BaselineReview) => `${r.changeId}\u0000${r.system}`;
  const order = reviews.map((_, i) => i).sort((a, b) => (key(reviews[a]) < key(reviews[b]) ? -1 : key(reviews[a]) > key(reviews[b]) ? 1 : a - b));
  const rng = mulberry32(seed);
  const random = new Array<number>(reviews.length);
  for (const i of order) random[i] = rng();
  return [
    { id: 'baseline.length', label: 'Length (words)', kind: 'baseline', values: reviews.map((r) => wordCount(r.review)) },
    { id: 'baseline.random', label: `Random (seed ${seed})`, kind: 'baseline', values: random },
    { id: 'baseline.constant', label: 'Constant', kind: 'baseline', values: reviews.map(() => 0.5) },
  ];
}

/** The baselines of typed records and each review's text (in a worker: the page builds no object per review). */
export function baselineColumns(t: MetaTable, texts: readonly (string | null)[], seed = 1): TypedMetaMetric[] {
  if (texts.length !== t.change.length) throw new Error(`meta-evaluation: ${texts.length} review texts for ${t.change.length} reviews`);
  const reviews = Array.from(t.change, (c, k): BaselineReview => ({ changeId: t.changeIds[c], system: t.systems[t.system[k]], review: texts[k] }));
  return baselineMetrics(reviews, seed).map(typedMetric);
}
