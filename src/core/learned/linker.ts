// The learned linker applied: link probabilities per (pseudo-reference, review sentence) cell, and the scores the
// existing link scorer reads off them. The model predicts a review-level link per pseudo-reference (the level the
// annotators linked at); each sentence shares it in proportion to how much of the pseudo-reference it carries
// (its TF-IDF cosine over the best sentence's), so the matrix shows which sentence made the link and the
// pseudo-reference's strongest cell is the model's probability.
import type { EvalItem } from '../evaluate.ts';
import { scoresFromLinks, type LinkMatrix, type LinkScores } from '../links/links.ts';
import { featureCache, FEATURE_NAMES, reviewFeatures, type FeatureCache, type LinkerInput, type ReviewFeatures } from './features.ts';
import { predictRow, type LogisticModel } from './logistic.ts';

export type LinkerScoring = 'graded' | 'hard';
/** 'attributed': sentences share the link by their cosine; 'uniform': every non-blank sentence carries it. */
export type LinkerSpread = 'attributed' | 'uniform';

/** The items of a dataset with the diff of each item's change, ready for feature extraction. */
export function linkerInputs(items: readonly EvalItem[], diffOf: (rowId: string) => string): LinkerInput[] {
  return items.map((it) => ({
    diff: diffOf(it.rowId),
    pseudoReferences: it.pseudoReferences.map((text, i) => ({ text, kind: it.pseudoReferenceKinds[i] ?? 'claim' })),
    sentences: it.sentences,
  }));
}

export function allFeatures(inputs: readonly LinkerInput[], cache: FeatureCache): ReviewFeatures[] {
  return inputs.map((input) => reviewFeatures(input, cache));
}

export { featureCache };

/** Review-level link probabilities, one per pseudo-reference (0 for a blank review). */
export function reviewProbabilities(model: LogisticModel, f: ReviewFeatures): Float64Array {
  const F = FEATURE_NAMES.length;
  const out = new Float64Array(f.rows);
  if (f.blank) return out;
  for (let i = 0; i < f.rows; i++) out[i] = predictRow(model, f.x.subarray(i * F, (i + 1) * F));
  return out;
}

/** The P×S matrix of link probabilities. */
export function probabilityMatrix(p: ArrayLike<number>, f: ReviewFeatures, spread: LinkerSpread): LinkMatrix {
  const data = new Float64Array(f.rows * f.cols);
  if (f.blank) return { rows: f.rows, cols: f.cols, data };
  for (let i = 0; i < f.rows; i++) {
    let best = 0;
    for (let j = 0; j < f.cols; j++) best = Math.max(best, f.cell[i * f.cols + j]);
    for (let j = 0; j < f.cols; j++) {
      // Blank sentences carry nothing (they still count in Con's denominator, as in the paper).
      if (f.blankSentence[j]) continue;
      const share = spread === 'uniform' || best <= 0 ? 1 : f.cell[i * f.cols + j] / best;
      data[i * f.cols + j] = p[i] * share;
    }
  }
  return { rows: f.rows, cols: f.cols, data };
}

/** Links under the rule: probabilities as credit (graded) or 1 where the probability exceeds the threshold (hard). */
export function ruleLinks(l: LinkMatrix, scoring: LinkerScoring, threshold: number): LinkMatrix {
  if (scoring === 'graded') return l;
  return { rows: l.rows, cols: l.cols, data: l.data.map((v) => (v > threshold ? 1 : 0)) };
}

export function linkerScores(
  model: LogisticModel,
  features: Iterable<ReviewFeatures>,
  o: { scoring: LinkerScoring; threshold: number; spread: LinkerSpread },
): { scores: LinkScores[]; probabilities: Float64Array[]; matrices: LinkMatrix[] } {
  // One pass, so a stream of features (datasetFeatureStream) is dropped review by review, never held whole.
  const scores: LinkScores[] = [];
  const probabilities: Float64Array[] = [];
  // The probability matrices before the rule: the heatmap, Research's index and link agreement read these.
  const matrices: LinkMatrix[] = [];
  for (const f of features) {
    const p = reviewProbabilities(model, f);
    const m = probabilityMatrix(p, f, o.spread);
    probabilities.push(p);
    matrices.push(m);
    scores.push(scoresFromLinks(ruleLinks(m, o.scoring, o.threshold)));
  }
  return { scores, probabilities, matrices };
}
