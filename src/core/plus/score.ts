import { bestMatches, harmonic } from '../score.ts';
import type { PseudoReferenceKind, Scores, SimilarityMatrix } from '../types.ts';

/**
 * Graded credit instead of the paper's hard threshold: a best similarity earns 0 at or below `low`, 1 at
 * or above `high`, linearly in between. The reference repository's two-threshold ramp: high = τ and
 * low = τ − sd, both from the paper's calibration. The hard threshold gives Rel = 0 to most reviews;
 * the ramp keeps the ordering among them.
 */
export interface Ramp {
  low: number;
  high: number;
}

export function rampFromCalibration(c: { tau: number; sd: number }): Ramp {
  return { low: c.tau - c.sd, high: c.tau };
}

export function credit(s: number, ramp: Ramp): number {
  if (!(s > ramp.low)) return 0;
  if (s >= ramp.high || ramp.high <= ramp.low) return 1;
  return (s - ramp.low) / (ramp.high - ramp.low);
}

export interface PlusOptions {
  /** Weight of an analyzer issue against a claim in Comp: reviewers rarely address lint warnings. */
  issueWeight: number;
  /** Discount for a pseudo-reference that other pseudo-references repeat (0 = none). */
  redundancy: number;
  /** Weight review sentences by their information (IDF mass) in Con, so "Thanks!" weighs little. */
  informationWeightedCon: boolean;
}

export interface PlusInput {
  /** Pseudo-references × review sentences. */
  matrix: SimilarityMatrix;
  /** Pseudo-references × pseudo-references, same similarity (for the redundancy discount). */
  selfSimilarity: SimilarityMatrix;
  sentences: readonly string[];
  sentenceWeights: readonly number[];
  kinds: readonly PseudoReferenceKind[];
}

export interface PlusScores extends Scores {
  ramp: Ramp;
  /** Credit of each review sentence's best match, and of each pseudo-reference's. */
  sentenceCredit: number[];
  pseudoReferenceCredit: number[];
  /** The weights that entered Con and Comp. */
  sentenceWeight: number[];
  pseudoReferenceWeight: number[];
}

/** The `plus` preset's Con, Comp and Rel: graded credit, weighted means. Blank sentences earn nothing. */
export function scorePlus(input: PlusInput, ramp: Ramp, opts: PlusOptions): PlusScores {
  const { matrix: m, sentences } = input;
  const best = bestMatches(m, { sentences });
  const scorable = m.rows > 0;
  const blank = sentences.map((s) => s.trim() === '');
  const sentenceCredit = best.forSentence.map((b, j) =>
    scorable && !blank[j] && b.index >= 0 ? credit(b.similarity, ramp) : 0,
  );
  const pseudoReferenceCredit = best.forPseudoReference.map((b) =>
    b.index >= 0 ? credit(b.similarity, ramp) : 0,
  );
  const sentenceWeight = sentences.map((_, j) =>
    blank[j] ? 0 : opts.informationWeightedCon ? input.sentenceWeights[j] : 1,
  );
  const pseudoReferenceWeight = input.kinds.map((kind, i) => {
    let repeated = 0;
    for (let k = 0; k < m.rows; k++)
      if (k !== i) repeated += credit(input.selfSimilarity.data[i * m.rows + k], ramp);
    return (kind === 'issue' ? opts.issueWeight : 1) / (1 + opts.redundancy * repeated);
  });
  const con = scorable ? weightedMean(sentenceCredit, sentenceWeight) : 0;
  const comp = scorable ? weightedMean(pseudoReferenceCredit, pseudoReferenceWeight) : 0;
  return {
    scorable,
    con,
    comp,
    rel: harmonic(con, comp),
    tau: ramp.high,
    sentencesAbove: sentenceCredit.filter((c) => c >= 1).length,
    sentences: m.cols,
    pseudoReferencesAbove: pseudoReferenceCredit.filter((c) => c >= 1).length,
    pseudoReferences: m.rows,
    bestForPseudoReference: best.forPseudoReference,
    bestForSentence: best.forSentence,
    ramp,
    sentenceCredit,
    pseudoReferenceCredit,
    sentenceWeight,
    pseudoReferenceWeight,
  };
}

function weightedMean(values: readonly number[], weights: readonly number[]): number {
  let s = 0;
  let w = 0;
  values.forEach((v, k) => {
    s += v * weights[k];
    w += weights[k];
  });
  return w > 0 ? s / w : 0;
}
