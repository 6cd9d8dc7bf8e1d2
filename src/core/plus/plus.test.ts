import { describe, expect, it } from 'vitest';
import { matrixFromRows } from '../similarity.ts';
import { backgroundIdf, corpusIdf } from './idf.ts';
import { preparePlus } from './preset.ts';
import { credit, rampFromCalibration, scorePlus, type PlusOptions } from './score.ts';
import { plusSimilarityMatrix } from './similarity.ts';
import { plusTokens } from './tokens.ts';

const plain: PlusOptions = { issueWeight: 1, redundancy: 0, informationWeightedCon: false };
const ramp = { low: 0.2, high: 0.6 };

describe('graded credit', () => {
  it('is 0 at or below τ − sd, 1 at or above τ, linear between', () => {
    expect(rampFromCalibration({ tau: 0.6, sd: 0.4 })).toEqual({ low: 0.6 - 0.4, high: 0.6 });
    expect(credit(0.2, ramp)).toBe(0);
    expect(credit(0.1, ramp)).toBe(0);
    expect(credit(0.4, ramp)).toBeCloseTo(0.5, 12);
    expect(credit(0.6, ramp)).toBe(1);
    expect(credit(0.9, ramp)).toBe(1);
  });
});

describe('scorePlus', () => {
  // 2 pseudo-references × 2 sentences. Best per sentence: 0.6 (credit 1), 0.3 (credit 0.25).
  // Best per pseudo-reference: 0.6 (1), 0.3 (0.25). Con = Comp = 0.625, Rel = 0.625.
  const m = matrixFromRows([
    [0.6, 0.1],
    [0.0, 0.3],
  ]);
  const zeros = matrixFromRows([
    [1, 0],
    [0, 1],
  ]);
  const input = {
    matrix: m,
    selfSimilarity: zeros,
    sentences: ['a b', 'c d'],
    sentenceWeights: [1, 3],
    kinds: ['claim', 'issue'] as const,
  };
  it('averages credits (hand-computed)', () => {
    const s = scorePlus({ ...input, kinds: [...input.kinds] }, ramp, plain);
    expect(s.con).toBeCloseTo(0.625, 6);
    expect(s.comp).toBeCloseTo(0.625, 6);
    expect(s.rel).toBeCloseTo(0.625, 6);
    expect(s.sentencesAbove).toBe(1);
  });
  it('weighs sentences by information and issues by issueWeight', () => {
    const s = scorePlus({ ...input, kinds: [...input.kinds] }, ramp, {
      issueWeight: 0.25,
      redundancy: 0,
      informationWeightedCon: true,
    });
    // Con = (1·1 + 3·0.25) / 4 = 0.4375; Comp = (1·1 + 0.25·0.25) / 1.25 = 0.85.
    expect(s.con).toBeCloseTo(0.4375, 6);
    expect(s.comp).toBeCloseTo(0.85, 6);
    expect(s.rel).toBeCloseTo((2 * 0.4375 * 0.85) / (0.4375 + 0.85), 6);
  });
  it('discounts pseudo-references that repeat each other', () => {
    const same = matrixFromRows([
      [1, 1],
      [1, 1],
    ]);
    const s = scorePlus({ ...input, selfSimilarity: same, kinds: ['claim', 'claim'] }, ramp, {
      ...plain,
      redundancy: 1,
    });
    // Both weights become 1/2: Comp is unchanged here because the weights are equal.
    expect(s.pseudoReferenceWeight).toEqual([0.5, 0.5]);
    expect(s.comp).toBeCloseTo(0.625, 6);
  });
  it('scores an empty review 0 and a change without pseudo-references as not scorable', () => {
    const idf = corpusIdf([]);
    const empty = scorePlus(
      preparePlus([{ text: 'adds a null check', kind: 'claim' }], [''], idf),
      ramp,
      plain,
    );
    expect([empty.con, empty.comp, empty.rel]).toEqual([0, 0, 0]);
    const none = scorePlus(preparePlus([], ['Looks good.'], idf), ramp, plain);
    expect(none.scorable).toBe(false);
    expect([none.con, none.comp, none.rel]).toEqual([0, 0, 0]);
  });
});

describe('plus similarity', () => {
  it('stems and splits identifiers, so paraphrases of the code meet', () => {
    expect(plusTokens('getUserName returns null')).toEqual([
      'getusernam',
      'get',
      'user',
      'name',
      'return',
      'null',
    ]);
    const idf = backgroundIdf([
      { word: 'the', count: 1000 },
      { word: 'return', count: 50 },
      { word: 'null', count: 5 },
    ]);
    const m = plusSimilarityMatrix(
      ['The function now returns null when the list is empty.'],
      ['getList returned null here', 'Please fix the typo in the README.'],
      idf,
    );
    expect(m.data[0]).toBeGreaterThan(0.2);
    expect(m.data[1]).toBe(0);
  });
  it('gives unseen words (identifiers) the highest background weight', () => {
    const idf = backgroundIdf([
      { word: 'value', count: 1000 },
      { word: 'values', count: 10 },
    ]);
    expect(idf.weight('valu')).toBeCloseTo(Math.log(1011 / 1011), 12);
    expect(idf.weight('maxretri')).toBeCloseTo(Math.log(1011), 12);
  });
});
