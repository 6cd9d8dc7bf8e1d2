// The workbench's two metric settings, apart: the similarity (embedding model, lexical, plus's TF-IDF) and the
// scoring rule (the paper's hard τ, graded credit). "paper" and "plus" are shortcuts that set both. A session
// saved before the split has only `preset`: 'plus' there meant TF-IDF with graded credit.
import type { ScoringRule } from '../../core/research/scoring';
import type { Session, SimilarityChoice } from '../../store/session';

export interface Metric {
  similarity: SimilarityChoice;
  scoring: ScoringRule;
}

export function metricOf(s: Pick<Session, 'similarity' | 'scoring' | 'preset'>): Metric {
  if (s.scoring) return { similarity: s.similarity, scoring: s.scoring };
  if (s.preset === 'plus') return { similarity: 'tfidf', scoring: 'graded' };
  return { similarity: s.similarity === 'tfidf' ? 'embedding' : s.similarity, scoring: 'hard' };
}

export type Shortcut = 'paper' | 'plus' | 'learned';

/** Which shortcut the settings match, or 'custom' (e.g. lexical + graded). The learned linker is 'learned' under either rule. */
export function shortcutOf(m: Metric): Shortcut | 'custom' {
  if (m.similarity === 'learned') return 'learned';
  if (m.similarity === 'tfidf' && m.scoring === 'graded') return 'plus';
  if (m.similarity !== 'tfidf' && m.scoring === 'hard') return 'paper';
  return 'custom';
}

/** The session with both settings written out; `preset` follows, so readers of the old field stay right. */
export function withMetric<S extends Session>(s: S, change: Partial<Metric>): S {
  const was = metricOf(s);
  // The learned linker's "graded" is its probabilities as credit, not plus's ramp: leaving the linker for a
  // similarity returns to the paper's hard τ unless a rule is asked for.
  const leavesLinker = was.similarity === 'learned' && change.similarity !== undefined && change.similarity !== 'learned' && change.scoring === undefined;
  const m = { ...was, ...change, ...(leavesLinker ? { scoring: 'hard' as const } : {}) };
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
