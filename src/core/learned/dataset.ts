// The learned preset on a whole dataset: features of every eval item (with its change's diff), the baselines its
// cross-validation is compared with, and the scores. Shared by `crscore train-linker`, `crscore eval --preset
// learned` and Research, so all three give the same figures for the same rows.
import type { DatasetRow } from '../dataset.ts';
import type { EvalItem, ItemScore } from '../evaluate.ts';
import type { Idf } from '../plus/idf.ts';
import { plusInputs } from '../plus/evaluate.ts';
import { lexicalMatrices, tfidfMatrices } from '../research/similarity.ts';
import type { Baseline } from './cv.ts';
import type { LinkMatrix } from '../links/links.ts';
import type { ReviewFeatures } from './features.ts';
import { featureCache, reviewFeatures } from './features.ts';
import { linkerInputs, linkerScores, type LinkerScoring } from './linker.ts';
import { modelOf, type LinkerWeights } from './weights.ts';

export function datasetFeatures(rows: readonly DatasetRow[], items: readonly EvalItem[], idf: Idf): ReviewFeatures[] {
  return [...datasetFeatureStream(rows, items, idf)];
}

/** The same features one item at a time, for a caller that scores each and lets it go (86k reviews' are ~200 MB). */
export function* datasetFeatureStream(rows: readonly DatasetRow[], items: readonly EvalItem[], idf: Idf): Generator<ReviewFeatures> {
  const diffs = new Map(rows.map((r) => [r.id, r.diff]));
  const cache = featureCache(idf);
  for (const input of linkerInputs(items, (id) => diffs.get(id) ?? '')) yield reviewFeatures(input, cache);
}

/** The encoder-free baselines: the paper's hard τ on lexical overlap, and plus. */
export function learnedBaselines(items: readonly EvalItem[], idf: Idf): Baseline[] {
  return [
    { id: 'lexical', label: 'lexical, paper τ', matrices: lexicalMatrices(items).matrices, rule: 'hard' },
    { id: 'plus', label: 'plus (TF-IDF, graded)', matrices: tfidfMatrices(items, idf).matrices, rule: 'plus', inputs: plusInputs(items, idf) },
  ];
}

/** Con, Comp and Rel of every item under the weights' rule (or the one asked for), with the probability matrices behind them. */
export function scoreLearned(
  weights: LinkerWeights,
  features: Iterable<ReviewFeatures>,
  scoring?: LinkerScoring,
): { scores: ItemScore[]; matrices: LinkMatrix[] } {
  const { scores, matrices } = linkerScores(modelOf(weights), features, { ...weights, scoring: scoring ?? weights.scoring });
  return { scores, matrices };
}
