import { describe, expect, it } from 'vitest';
import { calibratedTau, followModel, LEXICAL_KEY, leaveLexical, PAPER_MODEL, setByHand, tauLine } from './modelTau';

describe('τ follows the model in force', () => {
  const fresh = { tau: 0.7314 };
  it('moves to the calibrated τ of a model that comes into force (USE-lite after a hub fallback)', () => {
    expect(calibratedTau('use-lite')).toBe(0.6447);
    expect(calibratedTau(PAPER_MODEL)).toBe(0.7314);
    expect(calibratedTau('tiny-bert')).toBeNull();
    expect(calibratedTau('tiny-bert', { model: 'tiny-bert', defaultTau: 0.5 })).toBe(0.5);
    expect(followModel(fresh, 'use-lite', 0.6447)).toEqual({ tau: 0.6447, tauFor: 'use-lite' });
    expect(tauLine({ tau: 0.6447, tauFor: 'use-lite' }, 'use-lite', 0.6447).kind).toBe('calibrated');
  });
  it('does nothing while the same model stays in force', () => {
    expect(followModel({ tau: 0.3, tauFor: 'use-lite' }, 'use-lite', 0.6447)).toBeNull();
  });
  it('keeps a hand-set τ for its model and restores it when that model comes back', () => {
    let s = { ...fresh, ...followModel(fresh, 'use-lite', 0.6447)! };
    s = { ...s, ...setByHand(s, 0.6, 'use-lite') };
    expect(tauLine(s, 'use-lite', 0.6447)).toEqual({ kind: 'hand', tau: 0.6, model: 'use-lite' });
    s = { ...s, ...followModel(s, 'tiny-bert', null)! };
    expect(s.tau).toBe(0.6); // no calibrated τ known: it stays, and the line says so
    expect(tauLine(s, 'tiny-bert', null).kind).toBe('unknown');
    s = { ...s, ...setByHand(s, 0.42, 'tiny-bert') };
    s = { ...s, ...followModel(s, 'use-lite', 0.6447)! };
    expect(s.tau).toBe(0.6);
    s = { ...s, ...followModel(s, 'tiny-bert', null)! };
    expect(s.tau).toBe(0.42);
  });
  it('a τ set before any model is in force is not kept for a model', () => {
    const s = setByHand(fresh, 0.5, null);
    expect(s.tauBy).toBeUndefined();
    expect(tauLine(s, null, null).kind).toBe('paper');
    expect(followModel(s, 'use-lite', 0.6447)?.tau).toBe(0.6447);
  });
  // Issue 28: Workbench → Lexical kept the embedding τ 0.7314 and every score became 0.
  it('lexical takes its own calibrated τ, keeps a hand-set one, and gives the embedding its τ back', () => {
    expect(calibratedTau(LEXICAL_KEY)).toBe(0.149);
    let s: { tau: number; tauFor?: string; tauBy?: Record<string, number> } = { ...fresh, ...followModel(fresh, LEXICAL_KEY, 0.149)! };
    expect(s).toEqual({ tau: 0.149, tauFor: LEXICAL_KEY });
    expect(tauLine(s, LEXICAL_KEY, 0.149).kind).toBe('calibrated');
    s = { ...s, ...setByHand(s, 0.2, LEXICAL_KEY) };
    // Back to embeddings before any model: the paper's τ, not lexical's.
    s = { ...s, ...leaveLexical(s)! };
    expect(s.tau).toBe(0.7314);
    expect(s.tauFor).toBeUndefined();
    // Then a model: its calibrated τ; lexical again: the τ set by hand for it.
    s = { ...s, ...followModel(s, 'use-lite', 0.6447)! };
    expect(s.tau).toBe(0.6447);
    s = { ...s, ...followModel(s, LEXICAL_KEY, 0.149)! };
    expect(s.tau).toBe(0.2);
    expect(tauLine(s, LEXICAL_KEY, 0.149).kind).toBe('hand');
    expect(leaveLexical({ tau: 0.6, tauFor: 'use-lite' })).toBeNull();
  });
});
