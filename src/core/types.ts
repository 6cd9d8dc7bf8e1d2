// Shared vocabulary of the metric, in the paper's names.

/** Where a pseudo-reference comes from: an LLM claim, an implication, an analyzer issue, or one the user typed. */
export type PseudoReferenceKind = 'claim' | 'implication' | 'issue' | 'manual';

export interface PseudoReference {
  text: string;
  kind: PseudoReferenceKind;
  /** 'LLM', an analyzer name ('JSHint', 'PyScent', 'PMD'), 'user', or 'dataset'. */
  source: string;
  /** Line in the new file, for analyzer issues. */
  line?: number;
  /** A readable form beside the paper's "line N, col M, reason" text. */
  readable?: string;
}

/** Cosine similarities, P rows (pseudo-references) × R columns (review sentences), row-major. */
export interface SimilarityMatrix {
  rows: number;
  cols: number;
  data: Float32Array;
}

export interface Match {
  /** Index of the best partner (column for a pseudo-reference, row for a sentence); -1 when none. */
  index: number;
  similarity: number;
}

export interface Scores {
  /** False when the change has no pseudo-references: the metric is undefined, not zero. */
  scorable: boolean;
  /** Conciseness: share of review sentences whose best similarity is > τ. */
  con: number;
  /** Comprehensiveness: share of pseudo-references whose best similarity is > τ. */
  comp: number;
  /** Relevance: harmonic mean of Con and Comp (0 when both are 0). */
  rel: number;
  tau: number;
  sentencesAbove: number;
  sentences: number;
  pseudoReferencesAbove: number;
  pseudoReferences: number;
  bestForPseudoReference: Match[];
  bestForSentence: Match[];
}

/** Anything that turns sentences into L2-normalised vectors. */
export interface Encoder {
  readonly id: string;
  embed(sentences: string[]): Promise<Float32Array[]>;
  dispose?(): Promise<void> | void;
}

export type SplitMode = 'reference' | 'improved';

/** One point of a τ sweep. */
export interface SweepPoint {
  tau: number;
  con: number;
  comp: number;
  rel: number;
}

/** The paper's τ calibration: the mean of each review sentence's best similarity, with the values behind it. */
export interface Calibration {
  /** Mean of `values` (the paper's τ). 0 when there are no values. */
  tau: number;
  /** Population standard deviation of `values` (numpy's default); 0 with fewer than two values. */
  sd: number;
  /** Each review sentence's best similarity, over all matrices with pseudo-references. */
  values: number[];
}

/** A correlation coefficient with its two-sided p-value (NaN when undefined, e.g. constant input). */
export interface Correlation {
  r: number;
  p: number;
}
