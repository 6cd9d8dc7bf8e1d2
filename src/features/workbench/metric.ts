// The workbench's two metric settings, apart: the similarity (embedding model, lexical, plus's TF-IDF) and the
// scoring rule (the paper's hard τ, graded credit). "paper" and "plus" are shortcuts that set both. A session
// saved before the split has only `preset`: 'plus' there meant TF-IDF with graded credit.
import type { ScoringRule } from '../../core/research/scoring';
import { ruleAfter, shortcutOf, type Shortcut } from '../../core/research/rule';
import type { Session, SimilarityChoice } from '../../store/session/session';

export interface Metric {
  similarity: SimilarityChoice;
  scoring: ScoringRule;
}

export function metricOf(s: Pick<Session, 'similarity' | 'scoring' | 'preset'>): Metric {
  if (s.scoring) return { similarity: s.similarity, scoring: s.scoring };
  if (s.preset === 'plus') return { similarity: 'tfidf', scoring: 'graded' };
  return { similarity: s.similarity === 'tfidf' ? 'embedding' : s.similarity, scoring: 'hard' };
}

export type { Shortcut };
export { shortcutOf };

/**
 * The session with both settings written out; `preset` follows, so readers of the old field stay right. A change
 * of similarity alone gives it the rule core's ruleAfter says (the same as Research's): leaving a shortcut, the
 * similarity's own rule; a rule chosen by hand stays.
 */
export function withMetric<S extends Session>(s: S, change: Partial<Metric>, learnedRule: ScoringRule = 'graded'): S {
  const was = metricOf(s);
  const similarity = change.similarity ?? was.similarity;
  const scoring = change.scoring ?? ruleAfter(was, similarity, learnedRule);
  const m = { similarity, scoring };
  return { ...s, similarity: m.similarity, scoring: m.scoring, preset: shortcutOf(m) === 'plus' ? 'plus' : 'paper' };
}

/** The shortcuts: plus is TF-IDF + graded; learned is the linker with its own rule; paper is hard τ on an encoder (lexical stays lexical). */
export function applyShortcut<S extends Session>(s: S, shortcut: Shortcut, learnedRule: ScoringRule = 'graded'): S {
  if (shortcut === 'plus') return withMetric(s, { similarity: 'tfidf', scoring: 'graded' });
  if (shortcut === 'learned') return withMetric(s, { similarity: 'learned', scoring: learnedRule });
  const { similarity } = metricOf(s);
  return withMetric(s, { similarity: similarity === 'tfidf' || similarity === 'learned' ? 'embedding' : similarity, scoring: 'hard' });
}

/** τ belongs to the similarity: TF-IDF keeps its own (plusTau), the others share the model's or the paper's. */
export const usesPlusTau = (m: Metric) => m.similarity === 'tfidf';
/** The learned linker's τ is its probability threshold (session.learnedTau, else the linker's own). */
export const usesLearnedTau = (m: Metric) => m.similarity === 'learned';
