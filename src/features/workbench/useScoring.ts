// From the session's texts to the matrix and the scores. The matrix is memoised on the texts, so
// moving τ only re-runs scoreAt (a pass over P×R), never the similarity or the encoder.
import { useMemo } from 'react';
import { lexicalSimilarityMatrix } from '../../core/lexical';
import { PLUS_DEFAULT_CALIBRATION, PLUS_OPTIONS, preparePlus, scorePlus, type PlusInput, type PlusScores, type Ramp } from '../../core/plus';
import { scoreAt } from '../../core/score';
import { splitReview } from '../../core/sentences';
import type { Scores, SimilarityMatrix } from '../../core/types';
import type { PseudoReferenceItem, Session } from '../../store/session';
import { usePlusIdf } from './plusIdf';

export interface Scoring {
  sentences: string[];
  refs: PseudoReferenceItem[];
  pTexts: string[];
  /** Null when the chosen similarity has no matrix for these texts yet (embedding pending). */
  matrix: SimilarityMatrix | null;
  source: string;
  scores: Scores | null;
  /** True when the review has no sentence with text. */
  emptyReview: boolean;
  /** τ in force: the paper's (session.tau) or the plus preset's (session.plusTau). */
  tau: number;
  /** Set under the plus preset: the graded-credit ramp and its scores' details. */
  plus: { ramp: Ramp; input: PlusInput | null; scores: PlusScores | null; error: string | null } | null;
}

export const plusTauOf = (s: Session) => s.plusTau ?? PLUS_DEFAULT_CALIBRATION.tau;
/** The ramp's width: the spread of the calibration values (issue 8), fixed while τ moves. */
export const rampFor = (tau: number): Ramp => ({ low: Math.max(0, tau - PLUS_DEFAULT_CALIBRATION.sd), high: tau });

export function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function useTexts(session: Session) {
  const sentences = useMemo(() => splitReview(session.review, session.splitMode), [session.review, session.splitMode]);
  const refs = useMemo(() => session.pseudoReferences.filter((p) => p.enabled && p.text.trim() !== ''), [session.pseudoReferences]);
  const pKey = refs.map((r) => r.text).join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the texts, not the item objects
  const pTexts = useMemo(() => refs.map((r) => r.text), [pKey]);
  return { sentences, refs, pTexts };
}

export function useScoring(session: Session): Scoring {
  const { sentences, refs, pTexts } = useTexts(session);
  const isPlus = session.preset === 'plus';
  const { idf, error: idfError } = usePlusIdf(isPlus);
  const kinds = refs.map((r) => r.kind).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on texts and kinds, not the item objects
  const plusInput = useMemo(() => (isPlus && idf ? preparePlus(refs, sentences, idf) : null), [isPlus, idf, pTexts, kinds, sentences]);
  const plusTau = plusTauOf(session);
  const plusScores = useMemo(
    () => (plusInput ? scorePlus(plusInput, rampFor(plusTau), PLUS_OPTIONS) : null),
    [plusInput, plusTau],
  );
  const paper = usePaperScoring(session, sentences, refs, pTexts, !isPlus);
  if (isPlus)
    return {
      sentences,
      refs,
      pTexts,
      matrix: plusInput?.matrix ?? null,
      source: 'plus: stemmed TF-IDF',
      scores: plusScores,
      emptyReview: sentences.every((s) => s.trim() === ''),
      tau: plusTau,
      plus: { ramp: rampFor(plusTau), input: plusInput, scores: plusScores, error: idfError },
    };
  return paper;
}

/** The paper's preset; `active` false (plus in force) skips its work but keeps the hooks in order. */
function usePaperScoring(session: Session, sentences: string[], refs: PseudoReferenceItem[], pTexts: string[], active: boolean): Scoring {
  const lexical = useMemo(
    () => (active && session.similarity === 'lexical' ? lexicalSimilarityMatrix(pTexts, sentences) : null),
    [active, session.similarity, pTexts, sentences],
  );
  const emb = session.embedding;
  const embedded = useMemo(() => {
    if (!active || session.similarity !== 'embedding' || !emb) return null;
    if (!sameTexts(emb.pTexts, pTexts) || !sameTexts(emb.rTexts, sentences)) return null;
    return { rows: emb.rows, cols: emb.cols, data: Float32Array.from(emb.data) } satisfies SimilarityMatrix;
  }, [active, session.similarity, emb, pTexts, sentences]);
  const matrix = session.similarity === 'lexical' ? lexical : embedded;
  const tau = session.tau;
  const scores = useMemo(() => (matrix ? scoreAt(matrix, tau, { sentences }) : null), [matrix, tau, sentences]);
  return {
    sentences,
    refs,
    pTexts,
    matrix,
    source: session.similarity === 'lexical' ? 'lexical' : (emb?.encoderId ?? 'embedding'),
    scores,
    emptyReview: sentences.every((s) => s.trim() === ''),
    tau,
    plus: null,
  };
}
