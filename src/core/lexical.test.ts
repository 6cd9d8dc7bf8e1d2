import { describe, expect, it } from 'vitest';
import {
  identifierParts,
  jaccard,
  lexicalSimilarityMatrix,
  lexicalTokens,
  createLexicalEncoder,
} from './lexical.ts';
import { NLTK_ENGLISH_STOPWORDS } from './stopwords.ts';
import { similarityMatrix, at } from './similarity.ts';

describe('lexical similarity', () => {
  it('has the 179 NLTK English stopwords', () => {
    expect(NLTK_ENGLISH_STOPWORDS.length).toBe(179);
    expect(new Set(NLTK_ENGLISH_STOPWORDS).size).toBe(179);
  });
  it('lowercases, drops stopwords, keeps identifiers whole and split', () => {
    expect(lexicalTokens("Don't call getUserName on the max_retries value")).toEqual([
      'call',
      'getusername',
      'get',
      'user',
      'name',
      'max_retries',
      'max',
      'retries',
      'value',
    ]);
    expect(identifierParts('parseHTTPResponse_v2')).toEqual([
      'parse',
      'HTTP',
      'Response',
      'v',
      '2',
    ]);
    expect(lexicalTokens('getUserName', { splitIdentifiers: false })).toEqual(['getusername']);
  });
  it('is the Jaccard overlap of token sets, in [0, 1]', () => {
    // {user, name, changed} vs {user, name, renamed}: 2 shared of 4 → 0.5
    const m = lexicalSimilarityMatrix(
      ['The user name changed'],
      ['user name renamed', 'the of and', ''],
    );
    expect(at(m, 0, 0)).toBeCloseTo(0.5, 7);
    expect(at(m, 0, 1)).toBe(0); // only stopwords
    expect(at(m, 0, 2)).toBe(0); // empty sentence
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
  it('as an encoder gives the Ochiai coefficient through cosine', async () => {
    const enc = createLexicalEncoder();
    const [a, b] = await enc.embed(['user name changed', 'user name']);
    // |A∩B| / √(|A||B|) = 2/√6
    expect(at(similarityMatrix([a], [b]), 0, 0)).toBeCloseTo(2 / Math.sqrt(6), 6);
  });
});
