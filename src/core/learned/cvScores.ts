// Cross-validated per-review scores of the learned linker: every review is scored by a linker trained without its
// change (folds of changes, as crossValidateLinker's), with the probability threshold chosen on the training folds.
// The meta-evaluation and `--scores-out` can then judge the learned preset without its in-sample advantage.
import type { EvalItem, ItemScore } from '../evaluate.ts';
import { foldSplits } from './cv.ts';
import type { ReviewFeatures } from './features.ts';
import { linkerScores, type LinkerScoring, type LinkerSpread } from './linker.ts';
import { bestThreshold, fitModel, pairPredictions, trainingSet } from './train.ts';

export interface CvScoresOptions {
  folds: number;
  seed?: number;
  scoring: LinkerScoring;
  spread: LinkerSpread;
}

/** Out-of-fold Con, Comp and Rel of every item (in items' order), and each fold's threshold. */
export function crossValidatedScores(items: readonly EvalItem[], features: readonly ReviewFeatures[], o: CvScoresOptions): { scores: ItemScore[]; folds: { name: string; reviews: number; threshold: number }[] } {
  if (!Number.isInteger(o.folds) || o.folds < 2) throw new Error(`cross-validation needs at least 2 folds, not ${o.folds}`);
  const splits = foldSplits(items, o.folds, o.seed ?? 1, 'changes');
  if (splits.length < 2) throw new Error(`cross-validation needs at least 2 changes, found ${splits.length}`);
  const scores: ItemScore[] = new Array(items.length);
  const folds = splits.map(({ name, train, test }) => {
    const set = trainingSet(items, features, train);
    if (set.y.length === 0) throw new Error(`fold ${name}: no review of the training folds has recorded links to learn from`);
    const model = fitModel(set);
    const tp = pairPredictions(model, items, features, train);
    const threshold = bestThreshold(tp.p, tp.g);
    const out = linkerScores(model, test.map((k) => features[k]), { scoring: o.scoring, spread: o.spread, threshold }).scores;
    test.forEach((k, j) => (scores[k] = out[j]));
    return { name, reviews: test.length, threshold };
  });
  return { scores, folds };
}
