// ROC AUC of a metric against a binary human dimension (a review judged relevant or not, informative or not): the
// chance that a positive review scores above a negative one, a tie counting one half (the Mann–Whitney U over
// n₊·n₋). With one sort, every bootstrap resample costs one pass: a resample is a weight per review (how many
// times its change was drawn), and the weighted U counts pairs with those multiplicities.
import { percentileInterval } from '../bootstrap.ts';
import { drawWeights, mulberry32 } from '../resampling.ts';

export interface AucEstimate {
  /** null with `undefinedWhy` when a side has no review. */
  auc: number | null;
  lo: number | null;
  hi: number | null;
  positives: number;
  negatives: number;
  undefinedWhy?: string;
}

/** Review indices sorted by score; reviews without a score or label are left out. */
function order(scores: ArrayLike<number | null>, labels: ArrayLike<number | null>): number[] {
  const idx: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    const l = labels[i];
    if (s !== null && Number.isFinite(s) && (l === 0 || l === 1)) idx.push(i);
  }
  return idx.sort((a, b) => (scores[a] as number) - (scores[b] as number));
}

/** Weighted U / (W₊·W₋) over reviews in score order; null when either side weighs nothing. */
function aucSorted(sorted: readonly number[], scores: ArrayLike<number | null>, labels: ArrayLike<number | null>, weight: (i: number) => number): number | null {
  let negBelow = 0;
  let u = 0;
  let pos = 0;
  for (let k = 0; k < sorted.length; ) {
    const s = scores[sorted[k]];
    let wp = 0;
    let wn = 0;
    for (; k < sorted.length && scores[sorted[k]] === s; k++) {
      const i = sorted[k];
      const w = weight(i);
      if (labels[i] === 1) wp += w;
      else wn += w;
    }
    u += wp * negBelow + 0.5 * wp * wn;
    negBelow += wn;
    pos += wp;
  }
  return pos > 0 && negBelow > 0 ? u / (pos * negBelow) : null;
}

/** ROC AUC, ties counted one half; null when there is no positive or no negative review. */
export function rocAuc(scores: ArrayLike<number | null>, labels: ArrayLike<number | null>): number | null {
  return aucSorted(order(scores, labels), scores, labels, () => 1);
}

/**
 * ROC AUC with a percentile bootstrap interval that resamples changes (`clusterOf[i]` = review i's change number,
 * 0…clusters−1), as the meta-evaluation's other intervals do.
 */
export function rocAucInterval(
  scores: ArrayLike<number | null>,
  labels: ArrayLike<number | null>,
  clusterOf: ArrayLike<number>,
  opts: { resamples: number; seed: number; level?: number },
): AucEstimate {
  const sorted = order(scores, labels);
  const positives = sorted.filter((i) => labels[i] === 1).length;
  const negatives = sorted.length - positives;
  const base = { positives, negatives };
  if (positives === 0 || negatives === 0)
    return { ...base, auc: null, lo: null, hi: null, undefinedWhy: positives === 0 ? 'no review is labelled 1' : 'no review is labelled 0' };
  const auc = aucSorted(sorted, scores, labels, () => 1);
  let clusters = 0;
  for (const i of sorted) clusters = Math.max(clusters, clusterOf[i] + 1);
  const rng = mulberry32(opts.seed);
  const w = new Uint32Array(clusters);
  const values: number[] = [];
  for (let b = 0; b < opts.resamples; b++) {
    drawWeights(clusters, rng, w);
    const v = aucSorted(sorted, scores, labels, (i) => w[clusterOf[i]]);
    if (v !== null) values.push(v); // a resample that drew one side only has no AUC
  }
  if (values.length === 0) return { ...base, auc, lo: null, hi: null, undefinedWhy: 'no resample holds both labels' };
  const [lo, hi] = percentileInterval(values, opts.level ?? 0.95);
  return { ...base, auc, lo, hi };
}
