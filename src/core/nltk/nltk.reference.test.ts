// Every value recorded from the real NLTK (scripts/nltk-reference.py: NLTK 3.8 from Debian and 3.10.3's wheel,
// NLTK 3.9 built from both and checked equal) against ours.
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/nltk-reference.json';
import { crExp, crLog, parsePunktTab, punktSentences, sentenceBleu, treebankTokenize, wordTokenize, type PunktTabFiles } from './index.ts';

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

describe("exp and log: correctly rounded, and CPython's math module (glibc) within one unit in the last place", () => {
  const m = (fixture as unknown as { math: Record<'exp' | 'log', [number, number, number][]> }).math;
  const ulps = (a: number, b: number) => {
    const v = new DataView(new ArrayBuffer(16));
    v.setFloat64(0, a);
    v.setFloat64(8, b);
    return Math.abs(Number(v.getBigInt64(0) - v.getBigInt64(8)));
  };
  it('crExp and crLog give the correctly rounded value of every recorded argument', () => {
    expect(m.exp.filter(([x, , cr]) => crExp(x) !== cr)).toEqual([]);
    expect(m.log.filter(([x, , cr]) => crLog(x) !== cr)).toEqual([]);
  });
  it("differ from glibc's only where glibc misrounds (4 of the 4,000 exp arguments, by one unit), never for log", () => {
    const expOff = m.exp.filter(([x, py]) => crExp(x) !== py);
    expect(expOff.length).toBe(4);
    for (const [x, py, cr] of expOff) {
      expect(cr).not.toBe(py);
      expect(ulps(crExp(x), py)).toBe(1);
    }
    expect(m.log.filter(([x, py]) => crLog(x) !== py)).toEqual([]);
    // What the correction is for: V8's own exp and log are further from glibc's.
    const v8Off = m.exp.filter(([x, py]) => Math.exp(x) !== py).length + m.log.filter(([x, py]) => Math.log(x) !== py).length;
    expect(v8Off).toBeGreaterThan(4);
  });
});
