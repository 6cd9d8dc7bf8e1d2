// Hand-checked cases of NLTK's word tokenizer, Punkt and sentence_bleu (each also run in NLTK: see
// nltk.reference.test.ts for the recorded fixture).
import { describe, expect, it } from 'vitest';
import {
  crExp as crExpForTest,
  fsum,
  nltkTokenizerSignature,
  parseNltkVersion,
  parsePunktTab,
  punktSentences,
  sentenceBleu,
  treebankTokenize,
  wordTokenize,
} from './index.ts';

describe("Punkt's untrained sentence splitter", () => {
  it('breaks after every period-final word, as NLTK without a model does (abbreviations included)', () => {
    expect(punktSentences('See e.g. the docs. Then fix it.')).toEqual(['See e.g.', 'the docs.', 'Then fix it.']);
    expect(punktSentences('Fixed in v2.3. please check.')).toEqual(['Fixed in v2.3.', 'please check.']);
  });
  it('keeps initials before a capitalised word, ellipses and numbers before a lower-case word', () => {
    expect(punktSentences('Ask J. R. Smith about this. He knows.')).toEqual(['Ask J. R. Smith about this.', 'He knows.']);
    expect(punktSentences('Wait... this is wrong.')).toEqual(['Wait... this is wrong.']);
    expect(punktSentences('Items: 1. first 2. second')).toEqual(['Items: 1. first 2. second']);
  });
  it('realigns a closing bracket onto its sentence, and never splits inside code', () => {
    expect(punktSentences('(This is a note.) Next sentence.')).toEqual(['(This is a note.)', 'Next sentence.']);
    expect(punktSentences('Use foo.bar() instead. It works.')).toEqual(['Use foo.bar() instead.', 'It works.']);
  });
  it("uses a punkt_tab's abbreviations, collocations and sentence starters", () => {
    const tab = parsePunktTab({ 'abbrev_types.txt': 'e.g\nv2.3\n', 'collocations.tab': '', 'sent_starters.txt': 'then', 'ortho_context.tab': 'then\t2' });
    expect(punktSentences('See e.g. the docs. Then fix it.', tab.params)).toEqual(['See e.g. the docs.', 'Then fix it.']);
    expect(tab.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(() => parsePunktTab({ 'abbrev_types.txt': '' })).toThrow(/collocations.tab is missing/);
    expect(() => parsePunktTab({ 'abbrev_types.txt': '', 'collocations.tab': '', 'sent_starters.txt': '', 'ortho_context.tab': 'x\ty' })).toThrow(/line 1/);
  });
});

describe("NLTK's word tokenizer, 3.9 and 3.10", () => {
  it("3.9 keeps an opening quote on a word of two or more letters; 3.10 (nltk PR #3687) pads it", () => {
    expect(treebankTokenize("He said 'hello' to me", '3.9')).toEqual(['He', 'said', "'hello", "'", 'to', 'me']);
    expect(treebankTokenize("He said 'hello' to me", '3.10')).toEqual(['He', 'said', "'", 'hello', "'", 'to', 'me']);
    expect(treebankTokenize("'x' is one letter", '3.9')).toEqual(["'", 'x', "'", 'is', 'one', 'letter']);
  });
  it('3.9 leaves em dashes inside words; 3.10 splits them', () => {
    expect(treebankTokenize('food—which', '3.9')).toEqual(['food—which']);
    expect(treebankTokenize('food—which', '3.10')).toEqual(['food', '—', 'which']);
  });
  it('splits contractions, quotes and the final period; keeps inner periods without Punkt', () => {
    expect(treebankTokenize("Don't use \"strict\" mode. It's slow.")).toEqual(['Do', "n't", 'use', '``', 'strict', "''", 'mode.', 'It', "'s", 'slow', '.']);
    expect(wordTokenize("Don't use \"strict\" mode. It's slow.")).toEqual(['Do', "n't", 'use', '``', 'strict', "''", 'mode', '.', 'It', "'s", 'slow', '.']);
    expect(wordTokenize("Don't use it. Ok.", { preserveLine: true })).toEqual(['Do', "n't", 'use', 'it.', 'Ok', '.']);
  });
  it('splits a contraction followed by a tab or newline (nltk PR #3224, before 3.9)', () => {
    expect(treebankTokenize("he's\ta boy")).toEqual(['he', "'s", 'a', 'boy']);
  });
});

describe("NLTK's sentence_bleu with method4", () => {
  it('is 1 on an identical hypothesis of four words or more, 0 with no unigram in common or an empty one', () => {
    expect(sentenceBleu([['a', 'b', 'c', 'd']], ['a', 'b', 'c', 'd'])).toBe(1);
    expect(sentenceBleu([['a', 'b', 'c', 'd']], ['x'])).toBe(0);
    expect(sentenceBleu([['a', 'b']], [])).toBe(0);
  });
  it("smooths missing higher orders by method4's 1/(2^k·5/ln len) and skips them for a one-word hypothesis", () => {
    // p1 = 1, p2..p4 smoothed: 1/(2·5/ln 2)/1, ... denominators max(1, 0) = 1.
    const l2 = Math.log(2);
    const expected = Math.exp(0.25 * (Math.log(1) + Math.log(1) + Math.log(l2 / 10) + Math.log(l2 / 20)));
    expect(sentenceBleu([['a', 'b']], ['a', 'b'])).toBeCloseTo(expected, 15);
    expect(sentenceBleu([['a']], ['a'])).toBe(1);
  });
  it('takes the brevity penalty on the closest reference length, the shorter on a tie', () => {
    // Lengths 4 and 2 are both 1 from 3: the shorter (2) is taken, so no penalty; against 4 alone, exp(1 − 4/3).
    const both = sentenceBleu([['a', 'b', 'c', 'd'], ['a', 'b']], ['a', 'b', 'c']);
    const longOnly = sentenceBleu([['a', 'b', 'c', 'd']], ['a', 'b', 'c']);
    expect(longOnly / both).toBeCloseTo(Math.exp(1 - 4 / 3), 14);
  });
  it('sums as math.fsum does (correctly rounded; the values are Python 3.11 math.fsum and math.exp)', () => {
    expect(fsum([0.1, 0.2, 0.3, -0.6])).toBe(2.7755575615628914e-17);
    expect(fsum(Array(10).fill(0.1))).toBe(1);
    expect(fsum([1, 1e-16, 1e-16])).toBe(1.0000000000000002);
    expect(fsum([1e100, 1, -1e100])).toBe(1);
    // V8's Math.exp gives 0.8091067115702213 here.
    expect(crExpForTest(-0.2118244650968009)).toBe(0.8091067115702212);
  });
});

describe('the signature', () => {
  it('names the tokenizer version and the Punkt parameters', () => {
    expect(nltkTokenizerSignature({ version: '3.9' })).toBe('nltk-3.9/punkt-untrained');
    expect(nltkTokenizerSignature({ version: '3.10', punktTabHash: 'abc123abc123' })).toBe('nltk-3.10/punkt-tab#abc123abc123');
    expect(nltkTokenizerSignature({ version: '3.9', preserveLine: true })).toBe('nltk-3.9/preserve-line');
    expect(parseNltkVersion('nltk-3.10')).toBe('3.10');
    expect(parseNltkVersion('3.9')).toBe('3.9');
    expect(parseNltkVersion('nltk-3.8')).toBeNull();
  });
});
