// From the session's texts to the matrix and the scores. The matrix is memoised on the texts, so
// moving τ only re-runs scoreAt (a pass over P×R), never the similarity or the encoder.
import { useMemo } from 'react';
import { lexicalSimilarityMatrix } from '../../core/lexical';
import { scoreAt } from '../../core/score';
import { splitReview } from '../../core/sentences';
import type { Scores, SimilarityMatrix } from '../../core/types';
import type { PseudoReferenceItem, Session } from '../../store/session';

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
}

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
  const lexical = useMemo(
    () => (session.similarity === 'lexical' ? lexicalSimilarityMatrix(pTexts, sentences) : null),
    [session.similarity, pTexts, sentences],
  );
  const emb = session.embedding;
  const embedded = useMemo(() => {
    if (session.similarity !== 'embedding' || !emb) return null;
    if (!sameTexts(emb.pTexts, pTexts) || !sameTexts(emb.rTexts, sentences)) return null;
    return { rows: emb.rows, cols: emb.cols, data: Float32Array.from(emb.data) } satisfies SimilarityMatrix;
  }, [session.similarity, emb, pTexts, sentences]);
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
  };
}
