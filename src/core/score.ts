import type { Match, Scores, SimilarityMatrix } from './types.ts';

/** The paper's τ for mxbai-embed-large-v1 (Naik et al. 2025, §3). */
export const PAPER_TAU = 0.7314;

export interface ScoreOptions {
  /**
   * The review sentences behind the matrix columns. When given, a blank sentence never counts as
   * matched, whatever its similarity: splitReview('') gives [""], and an empty review must score
   * 0/0/0 even if an encoder maps "" somewhere close to a pseudo-reference.
   */
  sentences?: readonly string[];
}

export interface BestMatches {
  /** Best review sentence for each pseudo-reference (row). */
  forPseudoReference: Match[];
  /** Best pseudo-reference for each review sentence (column). */
  forSentence: Match[];
}

/** Arg-max of each row and each column. NaN cells are ignored; a line with no usable cell gets {index: -1, similarity: 0}. */
export function bestMatches(m: SimilarityMatrix, opts: ScoreOptions = {}): BestMatches {
  const blank = blankColumns(m, opts);
  const forPseudoReference: Match[] = [];
  const forSentence: Match[] = Array.from({ length: m.cols }, () => ({ index: -1, similarity: 0 }));
  const colBest = new Float64Array(m.cols).fill(-Infinity);
  for (let i = 0; i < m.rows; i++) {
    let best = -Infinity;
    let bestJ = -1;
    for (let j = 0; j < m.cols; j++) {
      const s = m.data[i * m.cols + j];
      if (Number.isNaN(s) || blank[j]) continue;
      if (s > best) {
        best = s;
        bestJ = j;
      }
      if (s > colBest[j]) {
        colBest[j] = s;
        forSentence[j] = { index: i, similarity: s };
      }
    }
    forPseudoReference.push(
      bestJ < 0 ? { index: -1, similarity: 0 } : { index: bestJ, similarity: best },
    );
  }
  return { forPseudoReference, forSentence };
}

/**
 * CRScore at threshold τ (strict >, as in the paper's indicator).
 * Con = share of review sentences whose best similarity > τ; Comp = share of pseudo-references whose
 * best similarity > τ; Rel = harmonic mean, 0 when both are 0.
 * No pseudo-references: scorable false and 0/0/0 (never NaN). Blank sentences (see ScoreOptions) count
 * in the denominator of Con but are never matched, so R = [""] scores 0/0/0.
 */
export function scoreAt(m: SimilarityMatrix, tau: number, opts: ScoreOptions = {}): Scores {
  const { forPseudoReference, forSentence } = bestMatches(m, opts);
  const scorable = m.rows > 0;
  const sentencesAbove = scorable
    ? forSentence.filter((b) => b.index >= 0 && b.similarity > tau).length
    : 0;
  const pseudoReferencesAbove = forPseudoReference.filter(
    (b) => b.index >= 0 && b.similarity > tau,
  ).length;
  const con = m.cols > 0 && scorable ? sentencesAbove / m.cols : 0;
  const comp = scorable ? pseudoReferencesAbove / m.rows : 0;
  return {
    scorable,
    con,
    comp,
    rel: harmonic(con, comp),
    tau,
    sentencesAbove,
    sentences: m.cols,
    pseudoReferencesAbove,
    pseudoReferences: m.rows,
    bestForPseudoReference: forPseudoReference,
    bestForSentence: forSentence,
  };
}

/** Harmonic mean of Con and Comp; 0 when their sum is 0. */
export function harmonic(con: number, comp: number): number {
  return con + comp > 0 ? (2 * con * comp) / (con + comp) : 0;
}

export function blankColumns(m: SimilarityMatrix, opts: ScoreOptions): boolean[] {
  const s = opts.sentences;
  if (s && s.length !== m.cols)
    throw new Error(`scoreAt: ${s.length} sentences for a matrix with ${m.cols} columns`);
  return Array.from({ length: m.cols }, (_, j) => (s ? s[j].trim() === '' : false));
}
