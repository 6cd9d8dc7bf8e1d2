// From the session's texts to the matrix and the scores. The similarity (embedding, lexical, TF-IDF) and the
// scoring rule (hard τ, graded credit) are separate settings (metric.ts). The matrices are memoised on the texts,
// so moving τ only re-scores (a pass over P×R), never the similarity or the encoder.
import { useMemo } from 'react';
import { lexicalSimilarityMatrix } from '../../core/lexical';
import { PLUS_DEFAULT_CALIBRATION, PLUS_OPTIONS, plusInputFrom, plusSimilarityMatrix, scorePlus, type PlusInput, type PlusScores, type Ramp } from '../../core/plus';
import { scoreAt } from '../../core/score';
import { splitReview } from '../../core/sentences';
import type { Scores, SimilarityMatrix } from '../../core/types';
import type { PseudoReferenceItem, Session } from '../../store/session/session';
import { scoresFromLinks } from '../../core/links/links';
import { metricOf, usesLearnedTau, usesPlusTau, type Metric } from './metric';
import { usePlusIdf } from './plusIdf';
import { useLearned, type LearnedState } from './useLearned';

export interface Scoring {
  sentences: string[];
  refs: PseudoReferenceItem[];
  pTexts: string[];
  /** Null when the chosen similarity has no matrix for these texts yet (embedding pending, word frequencies loading). */
  matrix: SimilarityMatrix | null;
  source: string;
  scores: Scores | null;
  /** True when the review has no sentence with text. */
  emptyReview: boolean;
  /** τ in force: TF-IDF's own (session.plusTau) or the one the other similarities share (session.tau). */
  tau: number;
  metric: Metric;
  /** Set under graded credit: the ramp and its scores' details. */
  plus: { ramp: Ramp; input: PlusInput | null; scores: PlusScores | null; error: string | null } | null;
  /** Set when the word frequencies (TF-IDF, graded credit's sentence weights) could not load. */
  idfError: string | null;
  /** Set under the learned preset: the linker's features and probabilities for this review. */
  learned: LearnedState | null;
}

export const plusTauOf = (s: Session) => s.plusTau ?? PLUS_DEFAULT_CALIBRATION.tau;
/** The ramp's width: the spread of the calibration values, fixed while τ moves. */
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

const SOURCE = { lexical: 'lexical', tfidf: 'plus: stemmed TF-IDF', learned: 'learned linker: link probabilities' } as const;

export function useScoring(session: Session): Scoring {
  const { sentences, refs, pTexts } = useTexts(session);
  const metric = metricOf(session);
  const { similarity } = metric;
  const isLearned = similarity === 'learned';
  // Graded credit means plus's ramp on a similarity; on the learned linker it means its probabilities as credit.
  const graded = metric.scoring === 'graded' && !isLearned;
  const { idf, error: idfError } = usePlusIdf(graded || similarity === 'tfidf' || isLearned);
  const pair = useSimilarity(session, similarity, sentences, pTexts, graded, idf);
  const learned = useLearned(isLearned, session.input, sentences, refs, idf);
  const matrix = learned?.matrix ?? pair?.matrix ?? null;
  const kinds = refs.map((r) => r.kind).join(',');
  const plusInput = useMemo(
    () => (graded && idf && pair?.self ? plusInputFrom(pair.matrix, pair.self, refs, sentences, idf) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on texts and kinds, not the item objects
    [graded, idf, pair, kinds, sentences],
  );
  const tau = usesPlusTau(metric) ? plusTauOf(session) : usesLearnedTau(metric) ? (session.learnedTau ?? learned?.weights.threshold ?? 0.5) : session.tau;
  const plusScores = useMemo(() => (plusInput ? scorePlus(plusInput, rampFor(tau), PLUS_OPTIONS) : null), [plusInput, tau]);
  const hardScores = useMemo(() => (!graded && matrix ? scoreAt(matrix, tau, { sentences }) : null), [graded, matrix, tau, sentences]);
  const learnedCredit = useMemo(() => (learned && metric.scoring === 'graded' ? scoresFromLinks(learned.links) : null), [learned, metric.scoring]);
  return {
    sentences,
    refs,
    pTexts,
    matrix,
    source: similarity === 'embedding' ? (session.embedding?.encoderId ?? 'embedding') : SOURCE[similarity],
    scores: graded ? plusScores : learnedCredit && hardScores ? { ...hardScores, ...learnedCredit } : hardScores,
    emptyReview: sentences.every((s) => s.trim() === ''),
    tau,
    metric,
    plus: graded ? { ramp: rampFor(tau), input: plusInput, scores: plusScores, error: idfError } : null,
    idfError,
    learned,
  };
}

/** P×S for the chosen similarity, and P×P from the same similarity when graded credit needs it. */
function useSimilarity(
  session: Session,
  similarity: Metric['similarity'],
  sentences: string[],
  pTexts: string[],
  needSelf: boolean,
  idf: ReturnType<typeof usePlusIdf>['idf'],
): { matrix: SimilarityMatrix; self: SimilarityMatrix | null } | null {
  const emb = session.embedding;
  return useMemo(() => {
    if (similarity === 'learned') return null;
    if (similarity === 'lexical')
      return { matrix: lexicalSimilarityMatrix(pTexts, sentences), self: needSelf ? lexicalSimilarityMatrix(pTexts, pTexts) : null };
    if (similarity === 'tfidf')
      return idf ? { matrix: plusSimilarityMatrix(pTexts, sentences, idf), self: needSelf ? plusSimilarityMatrix(pTexts, pTexts, idf) : null } : null;
    if (!emb || !sameTexts(emb.pTexts, pTexts) || !sameTexts(emb.rTexts, sentences)) return null;
    const matrix = { rows: emb.rows, cols: emb.cols, data: Float32Array.from(emb.data) };
    const self = emb.selfData ? { rows: emb.rows, cols: emb.rows, data: Float32Array.from(emb.selfData) } : null;
    return needSelf && !self ? null : { matrix, self };
  }, [similarity, pTexts, sentences, needSelf, idf, emb]);
}
