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
  it('gives each combination of options its own tokens of a word, whichever came first (its word cache)', () => {
    const t = 'The getUserName';
    const want = {
      '11': ['getusername', 'get', 'user', 'name'],
      '10': ['the', 'getusername', 'get', 'user', 'name'],
      '01': ['getusername'],
      '00': ['the', 'getusername'],
    };
    for (const order of [['11', '10', '01', '00'], ['00', '01', '10', '11']])
      for (const k of order)
        for (const pass of [0, 1])
          expect(lexicalTokens(t, { splitIdentifiers: k[0] === '1', removeStopwords: k[1] === '1' }), `${k} ${pass}`).toEqual(want[k as keyof typeof want]);
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
