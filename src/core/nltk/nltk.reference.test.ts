// Every value recorded from the real NLTK (scripts/nltk-reference.py: NLTK 3.8 from Debian and 3.10.3's wheel,
// NLTK 3.9 built from both and checked equal) against ours.
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/nltk-reference.json';
import { parsePunktTab, punktSentences, sentenceBleu, treebankTokenize, wordTokenize, type PunktTabFiles } from './index.ts';

interface Case {
  text: string;
  treebank: Record<'3.8' | '3.9' | '3.10', string[]>;
  sentences: Record<'3.9' | '3.10' | 'tab', string[]>;
  wordTokenize: Record<'3.9' | '3.10' | 'tab', string[]>;
}
const cases = fixture.cases as Case[];
const tab = parsePunktTab(fixture.punktTab as PunktTabFiles);

describe('NLTK recorded: the word tokenizer, Punkt and word_tokenize', () => {
  it('has the hand-checked cases and a few hundred generated ones', () => {
    expect(cases.length).toBeGreaterThan(350);
  });
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    expect(treebankTokenize(c.text, '3.9')).toEqual(c.treebank['3.9']);
    expect(treebankTokenize(c.text, '3.10')).toEqual(c.treebank['3.10']);
    expect(punktSentences(c.text)).toEqual(c.sentences['3.9']);
    expect(punktSentences(c.text, undefined, { version: '3.10' })).toEqual(c.sentences['3.10']);
    expect(punktSentences(c.text, tab.params)).toEqual(c.sentences.tab);
    expect(wordTokenize(c.text)).toEqual(c.wordTokenize['3.9']);
    expect(wordTokenize(c.text, { version: '3.10' })).toEqual(c.wordTokenize['3.10']);
    expect(wordTokenize(c.text, { punkt: tab.params })).toEqual(c.wordTokenize.tab);
  });
});

describe('NLTK recorded: sentence_bleu with SmoothingFunction().method4', () => {
  const pairs = fixture.bleu as { reference: string; hypothesis: string; refTokens: string[]; hypTokens: string[]; bleu?: number; bleuUnsmoothed?: number }[];
  it.each(pairs.map((p, i) => [i, p] as const))('pair %i', (_, p) => {
    expect(wordTokenize(p.reference.toLowerCase().trim())).toEqual(p.refTokens);
    expect(wordTokenize(p.hypothesis.toLowerCase().trim())).toEqual(p.hypTokens);
    if (p.bleu === undefined) return;
    expect(sentenceBleu([p.refTokens], p.hypTokens)).toBe(p.bleu);
    expect(sentenceBleu([p.refTokens], p.hypTokens, { smoothing: 'method0' })).toBe(p.bleuUnsmoothed);
  });
  it.each(fixture.bleuEdges.map((e, i) => [i, e] as const))('edge %i', (_, e) => {
    expect(sentenceBleu(e.references, e.hypothesis)).toBe(e.bleu);
    expect(sentenceBleu(e.references, e.hypothesis, { smoothing: 'method0' })).toBe(e.bleuUnsmoothed);
  });
});
