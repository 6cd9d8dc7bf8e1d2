// A scoring rule belongs to its configuration. The shortcuts set the similarity and the rule together (paper: hard τ
// on a similarity; plus: TF-IDF with graded credit; learned: the linker with the rule it was shipped or trained
// with); changing the similarity alone leaves a shortcut, and the new similarity then takes its own rule, as a fresh
// choice of it would. The Workbench and Research both ask here, so the two never disagree on what a run means.
import type { ScoringRule } from './scoring.ts';

export interface RuleChoice {
  similarity: string;
  scoring: ScoringRule;
}

export type Shortcut = 'paper' | 'plus' | 'learned';

/** Which shortcut the settings match, or 'custom' (e.g. lexical + graded). The learned linker is 'learned' under either rule. */
export function shortcutOf(m: RuleChoice): Shortcut | 'custom' {
  if (m.similarity === 'learned') return 'learned';
  if (m.similarity === 'tfidf' && m.scoring === 'graded') return 'plus';
  if (m.similarity !== 'tfidf' && m.scoring === 'hard') return 'paper';
  return 'custom';
}

/** A similarity's own rule: the learned linker's is its own (`learnedRule`); every other similarity's is the paper's hard τ. */
export function ownRule(similarity: string, learnedRule: ScoringRule): ScoringRule {
  return similarity === 'learned' ? learnedRule : 'hard';
}

/**
 * The rule once the similarity becomes `to` with no rule asked for. Leaving a shortcut gives `to` its own rule (the
 * learned preset's graded is link probabilities as credit, plus's is its ramp: neither means anything for lexical).
 * A rule chosen by hand (a custom pair) stays, except into or out of the linker, whose rules are its own.
 */
export function ruleAfter(was: RuleChoice, to: string, learnedRule: ScoringRule): ScoringRule {
  if (to === was.similarity) return was.scoring;
  const custom = shortcutOf(was) === 'custom' && to !== 'learned';
  return custom ? was.scoring : ownRule(to, learnedRule);
}
