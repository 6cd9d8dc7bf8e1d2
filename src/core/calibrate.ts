import { bestMatches } from './score.ts';
import type { Calibration, SimilarityMatrix } from './types.ts';

/**
 * The paper's τ (§3, "Selecting threshold τ"): pair every review sentence of the chosen system with its most
 * similar pseudo-reference and average those best similarities over all sentences. Changes without
 * pseudo-references contribute nothing. `sentences[k]`, when given, are matrix k's column texts: blank
 * sentences (an empty review's [""]) are left out, since they say nothing about matched similarity.
 */
export function calibrate(
  matrices: readonly SimilarityMatrix[],
  sentences?: readonly (readonly string[] | undefined)[],
): Calibration {
  return calibrationOf(calibrationValues(matrices, sentences));
}

/** The values calibrate averages: each non-empty sentence's best similarity, in order. */
export function calibrationValues(
  matrices: readonly SimilarityMatrix[],
  sentences?: readonly (readonly string[] | undefined)[],
): number[] {
  const values: number[] = [];
  matrices.forEach((m, k) => {
    if (m.rows === 0) return;
    const s = sentences?.[k];
    const { forSentence } = bestMatches(m, { sentences: s });
    forSentence.forEach((b, j) => {
      if (b.index >= 0 && !(s && s[j].trim() === '')) values.push(b.similarity);
    });
  });
  return values;
}

/** τ = the mean of the values, and their sd (calibrate's; the values may be gathered a slice at a time). */
export function calibrationOf(values: number[]): Calibration {
  const n = values.length;
  const tau = n > 0 ? values.reduce((a, b) => a + b, 0) / n : 0;
  // Population sd (numpy's np.std default), as the reference repository's ramp thresholds use numpy.
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - tau) ** 2, 0) / n) : 0;
  return { tau, sd, values };
}

/** Just the calibrated τ (see calibrate). */
export function calibrateTau(
  matrices: readonly SimilarityMatrix[],
  sentences?: readonly (readonly string[] | undefined)[],
): number {
  return calibrate(matrices, sentences).tau;
}
