// Training the linker on a dataset's annotator links: one example per (review, pseudo-reference) pair of every review
// whose links were recorded ('linked' or 'none'; 'unrecorded' is left out), label 1 when the annotators linked it.
import type { EvalItem } from '../evaluate.ts';
import { annotatorVector } from '../links/annotator.ts';
import { linkCounts, prf } from '../links/links.ts';
import { FEATURE_NAMES, type ReviewFeatures } from './features.ts';
import { reviewProbabilities } from './linker.ts';
import { trainLogistic, type LogisticModel, type TrainOptions } from './logistic.ts';

export interface TrainingSet {
  x: Float64Array;
  y: Uint8Array;
  /** Reviews that contributed pairs, and how many of the pairs are linked. */
  reviews: number;
  linked: number;
  changes: number;
}

/** The 0/1 annotator links of an item; null when unrecorded or absent. */
export function goldOf(it: EvalItem): Float64Array | null {
  return it.annotatorLinks ? annotatorVector(it.annotatorLinks, it.pseudoReferences.length) : null;
}

/** Items with recorded links. */
export function hasLinks(items: readonly EvalItem[]): boolean {
  return items.some((it) => goldOf(it) !== null);
}

export function trainingSet(items: readonly EvalItem[], features: readonly ReviewFeatures[], subset?: readonly number[]): TrainingSet {
  const F = FEATURE_NAMES.length;
  const rows: number[][] = [];
  const ys: number[] = [];
  let reviews = 0;
  const changes = new Set<string>();
  for (const k of subset ?? items.keys()) {
    const gold = goldOf(items[k]);
    const f = features[k];
    // Blank reviews link nothing by rule; they teach the model nothing about text.
    if (!gold || f.blank) continue;
    reviews++;
    changes.add(items[k].rowId);
    for (let i = 0; i < f.rows; i++) {
      rows.push(Array.from(f.x.subarray(i * F, (i + 1) * F)));
      ys.push(gold[i]);
    }
  }
  const x = new Float64Array(rows.length * F);
  rows.forEach((r, n) => x.set(r, n * F));
  return { x, y: Uint8Array.from(ys), reviews, linked: ys.filter((v) => v > 0).length, changes: changes.size };
}

export function fitModel(set: TrainingSet, o: TrainOptions = {}): LogisticModel {
  return trainLogistic(set.x, set.y, FEATURE_NAMES.length, o);
}

/** Review-level predictions and gold of the given items with recorded links, flattened over pairs. */
export function pairPredictions(
  model: LogisticModel,
  items: readonly EvalItem[],
  features: readonly ReviewFeatures[],
  subset: readonly number[],
): { p: number[]; g: number[] } {
  const p: number[] = [];
  const g: number[] = [];
  for (const k of subset) {
    const gold = goldOf(items[k]);
    if (!gold) continue;
    const probs = reviewProbabilities(model, features[k]);
    for (let i = 0; i < gold.length; i++) {
      p.push(probs[i]);
      g.push(gold[i]);
    }
  }
  return { p, g };
}

/** The probability threshold with the best link F1 on these pairs (grid of 0.01 steps; ties go to the lower). */
export function bestThreshold(p: readonly number[], g: readonly number[]): number {
  let best = 0.5;
  let bestF1 = -1;
  for (let t = 0.05; t < 0.951; t += 0.01) {
    const tt = Math.round(t * 100) / 100;
    const f1 = prf(linkCounts(p.map((v) => (v > tt ? 1 : 0)), g)).f1 ?? 0;
    if (f1 > bestF1 + 1e-12) [best, bestF1] = [tt, f1];
  }
  return best;
}
