import { describe, expect, it } from 'vitest';
import { scoreAt, harmonic } from './score.ts';
import { matrixFromRows, similarityMatrix, at } from './similarity.ts';
import { splitReview } from './sentences.ts';

describe('scoreAt', () => {
  // 2 pseudo-references × 3 sentences.
  const m = matrixFromRows([
    [0.9, 0.5, 0.2],
    [0.5, 0.5, 0.1],
  ]);

  it('counts best similarities strictly above τ', () => {
    const s = scoreAt(m, 0.5);
    // Sentence bests: 0.9, 0.5, 0.2 → only the first is > 0.5. Pseudo-reference bests: 0.9, 0.5 → one.
    expect(s.con).toBeCloseTo(1 / 3);
    expect(s.comp).toBeCloseTo(1 / 2);
    expect(s.rel).toBeCloseTo((2 * (1 / 3) * 0.5) / (1 / 3 + 0.5));
    expect(s.sentencesAbove).toBe(1);
    expect(s.pseudoReferencesAbove).toBe(1);
  });

  it('treats a similarity exactly at τ as not matched', () => {
    // Float32 0.5 is exact, so s = τ exactly.
    const tie = matrixFromRows([[0.5]]);
    expect(scoreAt(tie, 0.5)).toMatchObject({ con: 0, comp: 0, rel: 0 });
    expect(scoreAt(tie, 0.4999)).toMatchObject({ con: 1, comp: 1, rel: 1 });
  });

  it('reports the best partners with their similarities', () => {
    const s = scoreAt(m, 0.5);
    expect(s.bestForSentence.map((b) => b.index)).toEqual([0, 0, 0]);
    expect(s.bestForPseudoReference[0]).toEqual({ index: 0, similarity: at(m, 0, 0) });
    expect(s.bestForPseudoReference[1].index).toBe(0); // first of the tied 0.5s
  });

  it('scores an empty review 0/0/0 even if "" was embedded close to a pseudo-reference', () => {
    const sentences = splitReview('');
    expect(sentences).toEqual(['']);
    const s = scoreAt(matrixFromRows([[0.99]]), 0.5, { sentences });
    expect(s).toMatchObject({ scorable: true, con: 0, comp: 0, rel: 0, sentences: 1 });
    expect(s.bestForSentence[0].index).toBe(-1);
  });

  it('scores a one-sentence review', () => {
    const s = scoreAt(matrixFromRows([[0.8], [0.3], [0.1]]), 0.7314);
    expect(s).toMatchObject({ con: 1, comp: 1 / 3, rel: 0.5 });
  });

  it('marks a change without pseudo-references as not scorable, never NaN', () => {
    const s = scoreAt({ rows: 0, cols: 2, data: new Float32Array(0) }, 0.5);
    expect(s).toMatchObject({ scorable: false, con: 0, comp: 0, rel: 0 });
    expect(s.bestForSentence).toEqual([
      { index: -1, similarity: 0 },
      { index: -1, similarity: 0 },
    ]);
  });

  it('ignores NaN cells', () => {
    const s = scoreAt(matrixFromRows([[NaN, 0.9]]), 0.5);
    expect(s).toMatchObject({ con: 0.5, comp: 1 });
    expect(Number.isNaN(s.rel)).toBe(false);
  });

  it('rejects sentences that do not match the columns', () => {
    expect(() => scoreAt(m, 0.5, { sentences: ['a'] })).toThrow(/columns/);
  });
});

describe('harmonic', () => {
  it('is 0 when both are 0', () => {
    expect(harmonic(0, 0)).toBe(0);
    expect(harmonic(1, 0)).toBe(0);
    expect(harmonic(1, 1)).toBe(1);
  });
});

describe('similarityMatrix', () => {
  it('is the cosine, P rows × R columns, and 0 for a zero vector', () => {
    const p = [Float32Array.of(1, 0), Float32Array.of(0, 2)];
    const r = [Float32Array.of(1, 1), Float32Array.of(0, 0), Float32Array.of(3, 0)];
    const m = similarityMatrix(p, r);
    expect([m.rows, m.cols]).toEqual([2, 3]);
    expect(at(m, 0, 0)).toBeCloseTo(Math.SQRT1_2, 6);
    expect(at(m, 1, 0)).toBeCloseTo(Math.SQRT1_2, 6);
    expect(at(m, 0, 1)).toBe(0);
    expect(at(m, 0, 2)).toBeCloseTo(1, 6);
    expect(at(m, 1, 2)).toBe(0);
  });
});
