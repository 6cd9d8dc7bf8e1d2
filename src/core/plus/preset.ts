import type { PseudoReferenceKind, SimilarityMatrix } from '../types.ts';
import type { Idf } from './idf.ts';
import type { PlusInput, PlusOptions } from './score.ts';
import { cosineMatrix, plusTextCache, type PlusText } from './similarity.ts';

/** The `plus` preset as shipped; the choice among the candidates below is reported in docs/presets.md. */
export const PLUS_OPTIONS: PlusOptions = {
  issueWeight: 0.25,
  redundancy: 1,
  informationWeightedCon: true,
};

/**
 * The handful of principled variants that were compared on dev (and are re-chosen inside each
 * cross-validation fold): issues weighted as claims or at 1/4, redundancy discount on or off,
 * sentences weighted equally or by information.
 */
export const PLUS_CANDIDATES: PlusOptions[] = [1, 0.25].flatMap((issueWeight) =>
  [0, 1].flatMap((redundancy) =>
    [false, true].map((informationWeightedCon) => ({
      issueWeight,
      redundancy,
      informationWeightedCon,
    })),
  ),
);

/**
 * Default calibration for single examples (the workbench), where no system's reviews are at hand: the
 * paper's method on dev's gpt3.5_pred reviews with this similarity, from
 * `npm run crscore -- eval --preset plus --dataset ../shared/data/crscore-human-study/dev.jsonl --json`.
 * `crscore eval` recalibrates on the dataset it is given.
 */
export const PLUS_DEFAULT_CALIBRATION = { tau: 0.3279, sd: 0.2606 };

export interface PlusPseudoReference {
  text: string;
  kind: PseudoReferenceKind;
}

/**
 * Work shared by the items of one batch: each distinct text is tokenised once, and the
 * pseudo-references × pseudo-references matrix is built once per change, not once per review.
 */
export interface PlusBatch {
  texts: (text: string) => PlusText;
  selfOf: Map<string, SimilarityMatrix>;
}

export function plusBatch(idf: Idf): PlusBatch {
  return { texts: plusTextCache(idf), selfOf: new Map() };
}

/** Everything scorePlus needs for one review, built once so τ, sd and the options can change freely. */
export function preparePlus(
  pseudoReferences: readonly PlusPseudoReference[],
  sentences: readonly string[],
  idf: Idf,
  batch: PlusBatch = plusBatch(idf),
): PlusInput {
  const refs = pseudoReferences.map((p) => batch.texts(p.text).vector);
  const key = JSON.stringify(pseudoReferences.map((p) => p.text));
  let selfSimilarity = batch.selfOf.get(key);
  if (!selfSimilarity) batch.selfOf.set(key, (selfSimilarity = cosineMatrix(refs, refs)));
  const said = sentences.map((s) => batch.texts(s));
  return plusInputFrom(
    cosineMatrix(
      refs,
      said.map((s) => s.vector),
    ),
    selfSimilarity,
    pseudoReferences,
    sentences,
    idf,
    batch,
  );
}

/**
 * Graded credit on any similarity: the P×S matrix and the P×P pseudo-reference similarities (same similarity,
 * for the redundancy discount) come from the caller; the sentence weights always come from the IDF.
 */
export function plusInputFrom(
  matrix: SimilarityMatrix,
  selfSimilarity: SimilarityMatrix,
  pseudoReferences: readonly PlusPseudoReference[],
  sentences: readonly string[],
  idf: Idf,
  batch: PlusBatch = plusBatch(idf),
): PlusInput {
  return {
    matrix,
    selfSimilarity,
    sentences,
    sentenceWeights: sentences.map((s) => batch.texts(s).weight),
    kinds: pseudoReferences.map((p) => p.kind),
  };
}
