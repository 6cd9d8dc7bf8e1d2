import { describe, expect, it } from 'vitest';
import { blankSession, exampleSessions, type Session } from '../../store/session/session';
import { applyShortcut, metricOf, shortcutOf, usesPlusTau, withMetric } from './metric';

const base = (over: Partial<Session> = {}): Session => ({ ...blankSession(), ...over });

describe('workbench metric settings', () => {
  it('reads a session saved before the split: preset plus is TF-IDF + graded, else the similarity with hard τ', () => {
    expect(metricOf(base({ preset: 'plus', similarity: 'lexical' }))).toEqual({ similarity: 'tfidf', scoring: 'graded' });
    expect(metricOf(base({ similarity: 'lexical' }))).toEqual({ similarity: 'lexical', scoring: 'hard' });
    expect(metricOf(base({ preset: 'paper', similarity: 'embedding' }))).toEqual({ similarity: 'embedding', scoring: 'hard' });
  });

  it('sets the similarity and the rule apart, keeping preset in step for older readers', () => {
    const s = withMetric(base({ similarity: 'lexical' }), { scoring: 'graded' });
    expect(metricOf(s)).toEqual({ similarity: 'lexical', scoring: 'graded' });
    expect(shortcutOf(metricOf(s))).toBe('custom');
    expect(s.preset).toBe('paper');
    const t = withMetric(base(), { similarity: 'tfidf' });
    expect(metricOf(t)).toEqual({ similarity: 'tfidf', scoring: 'hard' });
    expect(usesPlusTau(metricOf(t))).toBe(true);
    const p = withMetric(t, { scoring: 'graded' });
    expect(p.preset).toBe('plus');
    expect(shortcutOf(metricOf(p))).toBe('plus');
  });

  it('shortcuts: plus is TF-IDF + graded; paper is hard τ on the encoder, or on lexical when lexical was chosen', () => {
    const plus = applyShortcut(base({ similarity: 'lexical' }), 'plus');
    expect(metricOf(plus)).toEqual({ similarity: 'tfidf', scoring: 'graded' });
    expect(metricOf(applyShortcut(plus, 'paper'))).toEqual({ similarity: 'embedding', scoring: 'hard' });
    const lexGraded = withMetric(base({ similarity: 'lexical' }), { scoring: 'graded' });
    expect(metricOf(applyShortcut(lexGraded, 'paper'))).toEqual({ similarity: 'lexical', scoring: 'hard' });
  });

  it('the paper examples open under the learned preset (the CLI default); leaving the linker returns to hard τ', () => {
    const ex = exampleSessions()[0];
    expect(shortcutOf(metricOf(ex))).toBe('learned');
    expect(metricOf(ex).scoring).toBe('graded');
    expect(metricOf(withMetric(ex, { similarity: 'lexical' }))).toEqual({ similarity: 'lexical', scoring: 'hard' });
    expect(metricOf(withMetric(ex, { similarity: 'tfidf', scoring: 'graded' }))).toEqual({ similarity: 'tfidf', scoring: 'graded' });
    expect(metricOf(applyShortcut(ex, 'paper'))).toEqual({ similarity: 'embedding', scoring: 'hard' });
    // The linker's rule comes with it when it is chosen as a similarity.
    expect(metricOf(withMetric(base({ similarity: 'lexical' }), { similarity: 'learned' }, 'hard'))).toEqual({ similarity: 'learned', scoring: 'hard' });
    // Leaving plus for lexical: lexical's own rule; a rule chosen by hand stays.
    const plus = applyShortcut(base(), 'plus');
    expect(metricOf(withMetric(plus, { similarity: 'lexical' }))).toEqual({ similarity: 'lexical', scoring: 'hard' });
    const lexGraded = withMetric(base({ similarity: 'lexical' }), { scoring: 'graded' });
    expect(metricOf(withMetric(lexGraded, { similarity: 'embedding' }))).toEqual({ similarity: 'embedding', scoring: 'graded' });
    // A blank session keeps the paper's embedding: it has nothing to score until the user types a case.
    expect(metricOf(blankSession())).toEqual({ similarity: 'embedding', scoring: 'hard' });
  });
});
