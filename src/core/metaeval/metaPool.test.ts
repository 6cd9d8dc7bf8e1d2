// The meta-evaluation on a pool of workers must give the one-thread report byte for byte, whatever the number of
// workers: here each worker is its own metaEvalWorkerApi(), every message goes through structuredClone (as
// postMessage would copy it) and answers arrive in a shuffled order, so neither sharing nor timing can show.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { metaEvalWorkerApi, metaEvaluatePooled, MetaEvalCancelled, shares, type MetaEvalJob, type MetaEvalWorker, type TypedMetaEvalJob } from './metaPool.ts';
import { metaEvaluate } from './report.ts';
import { metaEvalData } from '../../testing/metaevalData.ts';

/** A worker as a message boundary: arguments and answers cloned, each answer after a random short delay. */
function remote(seed: number): MetaEvalWorker {
  const api = metaEvalWorkerApi();
  const r = mulberry32(seed);
  const later = <T>(f: () => T) => new Promise<T>((res, rej) => setTimeout(() => {
    try {
      res(structuredClone(f()));
    } catch (e) {
      rej(e);
    }
  }, r() < 0.5 ? 0 : 1));
  return {
    start: (id, job, ks) => later(() => api.start(id, structuredClone(job), ks)),
    step: (id, n) => later(() => api.step(id, n)),
    take: (id) => later(() => api.take(id)),
    perm: (id, ...a) => later(() => api.perm(id, ...a)),
    release: (id) => later(() => api.release(id)),
  };
}

const json = (x: unknown) => JSON.stringify(x);

describe('metaEvaluatePooled', () => {
  const { records, metrics } = metaEvalData(30, 5, 5, 4, { unscored: 0.05, missing: 0.03 });
  const cases: MetaEvalJob['options'][] = [
    { grouping: 'none', statistic: 'acc_eq', test: 'perm-both' },
    { grouping: 'none', statistic: 'spearman', test: 'bootstrap' },
    { grouping: 'item', statistic: 'kendall' },
    { grouping: 'system', statistic: 'pearson' },
    { grouping: 'system', statistic: 'spa' },
  ];
  for (const options of cases)
    it(`1, 2 and 3 workers give the one-thread report byte for byte: ${options.grouping} ${options.statistic}`, async () => {
      const o = { ...options, resamples: 60, seed: 9 };
      const one = json(metaEvaluate(records, metrics, o));
      const progress: number[] = [];
      for (const W of [1, 2, 3]) {
        const workers = Array.from({ length: W }, (_, j) => remote(W * 10 + j));
        const rep = await metaEvaluatePooled({ records, metrics, options: o }, workers, { chunk: 7, onProgress: (d) => progress.push(d) });
        expect(json(rep)).toBe(one);
      }
      expect(progress.at(-1)).toBe(60);
      // The walk asked for PERM-BOTH where the test applies: the comparisons carry a p from the pooled counts.
      const rep = JSON.parse(one) as { comparisons: { pPerm: number | null }[] };
      expect(rep.comparisons.length).toBeGreaterThan(0);
      if (options.statistic !== 'spa') expect(rep.comparisons.some((c) => c.pPerm !== null)).toBe(true);
    });

  it('more workers than metrics, and no resamples', async () => {
    const few = metrics.slice(0, 2);
    for (const resamples of [0, 13]) {
      const o = { grouping: 'none' as const, statistic: 'kendall' as const, resamples, seed: 2 };
      const one = json(metaEvaluate(records, few, o));
      expect(json(await metaEvaluatePooled({ records, metrics: few, options: o }, [remote(1), remote(2), remote(3), remote(4)]))).toBe(one);
    }
  });

  it('a cancelled run stops with MetaEvalCancelled and releases its workers', async () => {
    const api = metaEvalWorkerApi();
    const released: number[] = [];
    let started = -1;
    const worker: MetaEvalWorker = { ...api, start: (id, job, ks) => api.start((started = id), job, ks), release: (id) => (released.push(id), api.release(id)) };
    let calls = 0;
    const run = metaEvaluatePooled({ records, metrics, options: { resamples: 50 } }, [worker], { chunk: 5, cancelled: () => ++calls > 3 });
    await expect(run).rejects.toBeInstanceOf(MetaEvalCancelled);
    expect(released).toEqual([started]);
    expect(() => api.step(started, 1)).toThrow(/not started/);
  });

  it('workers are sent the job typed: interned tables and Float64Arrays, no object per review', async () => {
    const api = metaEvalWorkerApi();
    const sent: unknown[] = [];
    const worker: MetaEvalWorker = { ...api, start: (id, job, ks) => (sent.push(job), api.start(id, job, ks)) };
    const o = { resamples: 20, seed: 5 };
    const rep = await metaEvaluatePooled({ records, metrics, options: o }, [worker]);
    expect(json(rep)).toBe(json(metaEvaluate(records, metrics, o)));
    const job = sent[0] as TypedMetaEvalJob;
    expect(Object.keys(job).sort()).toEqual(['metrics', 'options', 'table']);
    expect(job.table.change).toBeInstanceOf(Int32Array);
    expect(job.table.human).toHaveLength(records.length * 3);
    expect(job.table.changeIds).toHaveLength(30);
    expect(job.metrics.every((m) => m.values instanceof Float64Array && m.values.length === records.length)).toBe(true);
    // null stands as NaN, and both are left out alike.
    expect(job.metrics[0].values.some(Number.isNaN)).toBe(metrics[0].values.some((v) => v === null));
  });

  it('shares cover 0 … n once, in order', () => {
    expect(shares(10, 3)).toEqual([[0, 3], [3, 6], [6, 10]]);
    expect(shares(2, 4)).toEqual([[0, 0], [0, 1], [1, 1], [1, 2]]);
  });
});
