// The learned preset in Research: the per-item matrices are the linker's link probabilities (so the histogram,
// the pair matrix and τ read them like any similarity), and the scorer is the linker's rule. The graded scores are
// exactly `crscore eval --preset learned`'s (computed in double precision from the same features).
import type { DatasetRow } from '../dataset.ts';
import type { EvalItem } from '../evaluate.ts';
import type { Idf } from '../plus/idf.ts';
import type { Scorer, ScoringRule } from '../research/scoring.ts';
import { sweepIndex } from '../research/scoring.ts';
import type { ItemMatrices } from '../research/similarity.ts';
import type { SimilarityMatrix } from '../types.ts';
import { datasetFeatures } from './dataset.ts';
import { linkerScores } from './linker.ts';
import { modelOf, type LinkerWeights } from './weights.ts';
import { columnsOf } from '../scoreColumns.ts';

export interface LearnedRun {
  m: ItemMatrices;
  scorer: Scorer;
}

export function learnedRun(rows: readonly DatasetRow[], items: readonly EvalItem[], idf: Idf, weights: LinkerWeights, rule: ScoringRule): LearnedRun {
  const features = datasetFeatures(rows, items, idf);
  // Graded credit from the double-precision probabilities, exactly as `crscore eval --preset learned`.
  const linked = linkerScores(modelOf(weights), features, { scoring: 'graded', threshold: weights.threshold, spread: weights.spread });
  const selfOf = new Map<number, SimilarityMatrix>();
  const matrices: SimilarityMatrix[] = [];
  const self: SimilarityMatrix[] = [];
  for (const [k, f] of features.entries()) {
    const l = linked.matrices[k];
    matrices.push({ rows: l.rows, cols: l.cols, data: Float32Array.from(l.data) });
    // Redundancy is not part of the linker's rule; a zero P×P keeps the shape the other rules expect.
    let z = selfOf.get(f.rows);
    if (!z) selfOf.set(f.rows, (z = { rows: f.rows, cols: f.rows, data: new Float32Array(f.rows * f.rows) }));
    self.push(z);
  }
  return { m: { matrices, self }, scorer: { rule: 'learned', mode: rule, index: sweepIndex(items, matrices), credit: columnsOf(linked.scores) } };
}
