import { describe, expect, it } from 'vitest';
import { ownRule, ruleAfter, shortcutOf } from './rule.ts';

describe('a scoring rule belongs to its configuration', () => {
  it('leaving the learned preset gives the new similarity its own rule (lexical: the paper\'s hard τ, not probabilities as credit)', () => {
    expect(ruleAfter({ similarity: 'learned', scoring: 'graded' }, 'lexical', 'graded')).toBe('hard');
    expect(ruleAfter({ similarity: 'learned', scoring: 'graded' }, 'use-lite', 'graded')).toBe('hard');
    expect(ruleAfter({ similarity: 'learned', scoring: 'hard' }, 'tfidf', 'hard')).toBe('hard');
  });

  it('leaving the plus preset too: its graded is plus\'s ramp on TF-IDF, not a choice made for lexical', () => {
    expect(ruleAfter({ similarity: 'tfidf', scoring: 'graded' }, 'lexical', 'graded')).toBe('hard');
    expect(ruleAfter({ similarity: 'paper', scoring: 'hard' }, 'tfidf', 'graded')).toBe('hard');
  });

  it('entering the linker takes its own rule, whatever was chosen before', () => {
    expect(ruleAfter({ similarity: 'lexical', scoring: 'hard' }, 'learned', 'graded')).toBe('graded');
    expect(ruleAfter({ similarity: 'lexical', scoring: 'graded' }, 'learned', 'hard')).toBe('hard');
    expect(ownRule('learned', 'hard')).toBe('hard');
    expect(ownRule('tfidf', 'graded')).toBe('hard');
  });

  it('a rule chosen by hand stays with a change of similarity; the same similarity changes nothing', () => {
    expect(shortcutOf({ similarity: 'lexical', scoring: 'graded' })).toBe('custom');
    expect(ruleAfter({ similarity: 'lexical', scoring: 'graded' }, 'use-lite', 'hard')).toBe('graded');
    expect(ruleAfter({ similarity: 'tfidf', scoring: 'hard' }, 'lexical', 'graded')).toBe('hard');
    expect(ruleAfter({ similarity: 'learned', scoring: 'hard' }, 'learned', 'graded')).toBe('hard');
  });
});
