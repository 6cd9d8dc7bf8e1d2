import { describe, expect, it } from 'vitest';
import {
  crscoreMask,
  isCrscoreDropped,
  l2normalize,
  poolSentence,
  poolingFromConfig,
  removeStopwords,
  type PoolToken,
} from './pooling.ts';

const tok = (text: string, special = false, attended = true): PoolToken => ({
  text,
  special,
  attended,
});

describe('crscore pooling mask', () => {
  it('drops NLTK stopwords, "." and ",", keeps [CLS]/[SEP] and content words, ignores padding', () => {
    const tokens = [
      tok('[CLS]', true),
      tok('the'),
      tok('function'),
      tok(','),
      tok('returns'),
      tok('.'),
      tok('[SEP]', true),
      tok('[PAD]', true, false),
    ];
    expect(crscoreMask(tokens)).toEqual([true, false, true, false, true, false, true, false]);
  });
  it('uses every attended token when the sentence is only stopwords', () => {
    const tokens = [
      tok('[CLS]', true),
      tok('this'),
      tok('is'),
      tok('it'),
      tok('[SEP]', true),
      tok('[PAD]', true, false),
    ];
    expect(crscoreMask(tokens)).toEqual([true, true, true, true, true, false]);
  });
  it('matches case-insensitively and keeps other punctuation', () => {
    expect(isCrscoreDropped(' The')).toBe(true);
    expect(isCrscoreDropped('?')).toBe(false);
    expect(isCrscoreDropped("don't")).toBe(true);
  });
});

describe('poolSentence', () => {
  it('averages the masked rows of the right batch row, then L2-normalises', () => {
    // batch 2 × seq 3 × dim 2
    const hidden = Float32Array.from([1, 0, 9, 9, 3, 4, /* row 2 */ 0, 2, 0, 0, 2, 0]);
    const a = poolSentence(hidden, 0, 3, 2, [true, false, true]); // mean (2, 2) → (0.7071, 0.7071)
    expect(a[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(a[1]).toBeCloseTo(Math.SQRT1_2, 6);
    const b = poolSentence(hidden, 1, 3, 2, [true, true, false]); // mean (0, 1)
    expect(Array.from(b)).toEqual([0, 1]);
  });
  it('leaves a zero vector zero', () => {
    expect(Array.from(l2normalize(new Float32Array(3)))).toEqual([0, 0, 0]);
  });
});

describe('helpers', () => {
  it('reads sentence-transformers pooling configs', () => {
    expect(poolingFromConfig({ pooling_mode_cls_token: true })).toBe('cls');
    expect(poolingFromConfig({ pooling_mode_mean_tokens: true })).toBe('mean');
    expect(poolingFromConfig(null)).toBeNull();
  });
  it('removes stopwords from text for sentence-level encoders, keeping all-stopword text', () => {
    expect(removeStopwords('The function now returns null, when the list is empty.')).toBe(
      'function returns null list empty',
    );
    expect(removeStopwords('this is it')).toBe('this is it');
  });
});
