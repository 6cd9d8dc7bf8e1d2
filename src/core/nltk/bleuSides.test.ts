// The counted-once path of sentence_bleu (bleuSides, sentenceBleuOfSides: each text's n-grams counted once, ids
// in a shared vocabulary, clipping as a merge) against the plain one it replaced (each pair's n-grams counted
// afresh, keyed by JSON.stringify of the tokens), on generated token lists: the same figure, bit for bit.
import { describe, expect, it } from 'vitest';
import { bleuSides, brevityPenalty, closestRefLength, crExp, crLog, fsum, sentenceBleu, sentenceBleuOfSides, type SentenceBleuOptions } from './index.ts';
import { mulberry32 } from '../resampling.ts';

function plainCounts(words: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const key = JSON.stringify(words.slice(i, i + n));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The implementation before the counted-once path, kept here as the reference. */
function plainBleu(references: readonly (readonly string[])[], hypothesis: readonly string[], opts: SentenceBleuOptions = {}): number {
  const { weights = [0.25, 0.25, 0.25, 0.25], smoothing = 'method4', k = 5 } = opts;
  const pn = weights.map((_, i) => {
    const counts = plainCounts(hypothesis, i + 1);
    const refCounts = references.map((r) => plainCounts(r, i + 1));
    let numerator = 0;
    let total = 0;
    for (const [g, c] of counts) {
      let max = 0;
      for (const rc of refCounts) max = Math.max(max, rc.get(g) ?? 0);
      numerator += Math.min(c, max);
      total += c;
    }
    return { numerator, denominator: Math.max(1, total) };
  });
  const hypLen = hypothesis.length;
  const bp = brevityPenalty(closestRefLength(references, hypLen), hypLen);
  if (pn[0].numerator === 0) return 0;
  let p = pn.map((x) => x.numerator / x.denominator);
  if (smoothing === 'method4') {
    let incvnt = 1;
    p = pn.map((x, i) => {
      if (x.numerator === 0 && hypLen > 1) {
        const numerator = 1 / ((2 ** incvnt * k) / crLog(hypLen));
        incvnt++;
        return numerator / x.denominator;
      }
      return p[i];
    });
  }
  if (smoothing === 'method0') p = p.map((x, i) => (pn[i].numerator === 0 ? 2.2250738585072014e-308 : x));
  return bp * crExp(fsum(weights.flatMap((w, i) => (p[i] > 0 ? [w * crLog(p[i])] : []))));
}

// Tokens that a joined key would confuse: spaces, separators, NUL, lone surrogates, JSON's own quotes.
const VOCAB = ['the', 'null', 'check', 'a b', 'a', 'b', ' ', '', '\u0000', 'x\u0000y', '"', '\\', '\ud800', '😀', 'null,', '[', ']', 'cache', 'lock', '.'];

function tokens(r: () => number, max: number): string[] {
  return Array.from({ length: Math.floor(r() * max) }, () => VOCAB[Math.floor(r() * (r() < 0.7 ? 6 : VOCAB.length))]);
}

describe('sentence_bleu counted once equals the plain count', () => {
  it('on 600 generated pairs, one to three references, method4 and method0, bit for bit', () => {
    const r = mulberry32(7);
    const side = bleuSides();
    let nonZero = 0;
    for (let k = 0; k < 600; k++) {
      const refs = Array.from({ length: 1 + Math.floor(r() * 3) }, () => tokens(r, 30));
      const hyp = tokens(r, 30);
      for (const smoothing of ['method4', 'method0'] as const) {
        const want = plainBleu(refs, hyp, { smoothing });
        expect(sentenceBleu(refs, hyp, { smoothing })).toBe(want);
        // Sides from one long-lived vocabulary, as a batch keeps them.
        expect(sentenceBleuOfSides(refs.map((t) => side(t, 4)), side(hyp, 4), { smoothing })).toBe(want);
        if (want > 0) nonZero++;
      }
    }
    expect(nonZero).toBeGreaterThan(200);
  });
  it('keeps apart n-grams that a joined key would merge', () => {
    // ["a b", "c"] and ["a", "b c"] join to the same "a b c".
    expect(sentenceBleu([['a b', 'c', 'd', 'e']], ['a', 'b c', 'd', 'e'])).toBe(plainBleu([['a b', 'c', 'd', 'e']], ['a', 'b c', 'd', 'e']));
    expect(sentenceBleu([['a b', 'c', 'd', 'e']], ['a', 'b c', 'd', 'e'])).toBeLessThan(1);
  });
  it('raises on no reference, as NLTK does', () => {
    expect(() => sentenceBleuOfSides([], bleuSides()(['a'], 4))).toThrow(/no reference/);
  });
});
