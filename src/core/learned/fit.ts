// Train a linker end to end: cross-validate to fix the design (scoring rule, spread, hard threshold), then fit the
// weights on every review with recorded links and record what they were trained on and how they did.
import type { EvalItem } from '../evaluate.ts';
import type { ReviewFeatures } from './features.ts';
import { FEATURE_NAMES } from './features.ts';
import { crossValidateLinker, cvSummary, type CvOptions, type CvReport } from './cv.ts';
import { DEFAULT_L2 } from './logistic.ts';
import { changeKey } from './inSample.ts';
import { fitModel, goldOf, hasLinks, trainingSet } from './train.ts';
import { WEIGHTS_FORMAT, WEIGHTS_VERSION, type LinkerWeights } from './weights.ts';

export class NoLinksError extends Error {}

export const NO_LINKS_MESSAGE =
  "this dataset records no links (no review has a 'claims_addressed' / claims-addressed value), so there is nothing to learn from. Record them in Annotate mode (tick the pseudo-references each review addresses) and export, or use a dataset that has them.";

export interface TrainedLinker {
  weights: LinkerWeights;
  report: CvReport;
}

export function trainLinker(
  items: readonly EvalItem[],
  features: readonly ReviewFeatures[],
  o: CvOptions & { dataset: string; diffOf?: (rowId: string) => string },
): TrainedLinker {
  if (!hasLinks(items)) throw new NoLinksError(NO_LINKS_MESSAGE);
  const changes = new Set(items.map((it) => it.rowId)).size;
  const folds = Math.max(2, Math.min(o.folds ?? 5, changes));
  if (changes < 2) throw new NoLinksError('training needs reviews of at least two changes, so that cross-validation can hold one out');
  if (o.scheme === 'language' && new Set(items.map((it) => it.lang)).size < 2)
    throw new NoLinksError('leave-one-language-out needs reviews in at least two languages');
  const report = crossValidateLinker(items, features, { ...o, folds });
  const set = trainingSet(items, features);
  const model = fitModel(set);
  const weights: LinkerWeights = {
    format: WEIGHTS_FORMAT,
    version: WEIGHTS_VERSION,
    features: [...FEATURE_NAMES],
    mean: model.mean.map(round),
    scale: model.scale.map(round),
    coefficients: model.coefficients.map(round),
    intercept: round(model.intercept),
    l2: DEFAULT_L2,
    threshold: report.threshold,
    scoring: report.chosen.scoring,
    spread: report.chosen.spread,
    training: { dataset: o.dataset, reviews: set.reviews, pairs: set.y.length, linked: set.linked, changes: set.changes, ...(o.diffOf ? { changeKeys: trainingKeys(items, features, o.diffOf) } : {}) },
    crossValidation: cvSummary(report),
  };
  return { weights, report };
}

/** The changes whose reviews the weights were fitted on (trainingSet's rule: recorded links, a review with text), sorted. */
function trainingKeys(items: readonly EvalItem[], features: readonly ReviewFeatures[], diffOf: (rowId: string) => string): string[] {
  const ids = new Set(items.filter((it, k) => goldOf(it) && !features[k].blank).map((it) => it.rowId));
  return [...new Set([...ids].map((id) => changeKey(diffOf(id))))].sort();
}

/** 10 significant digits: a readable file, and the same numbers whether the browser or Node wrote it. */
function round(x: number): number {
  return Number(x.toPrecision(10));
}
