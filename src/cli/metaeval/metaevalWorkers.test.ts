// `crscore eval`'s meta-evaluation on real worker threads (the esbuild bundle of metaevalWorkerMain.ts) gives the
// one-thread report byte for byte, for 2 and 3 threads.
import { describe, expect, it } from 'vitest';
import { metaEvaluate } from '../../core/metaeval/index.ts';
import { metaEvaluateJobs, metaEvaluateThreads } from './metaevalWorkers.ts';
import { metaEvalData } from '../../testing/metaevalData.ts';

describe('meta-evaluation on worker threads', () => {
  it('2 and 3 threads give the one-thread report byte for byte (pooled acc_eq, PERM-BOTH clusters)', async () => {
    const { records, metrics } = metaEvalData(40, 5, 5, 3, { noise: 0.3 });
    const options = { grouping: 'none' as const, statistic: 'acc_eq' as const, resamples: 80, seed: 4 };
    const one = JSON.stringify(metaEvaluate(records, metrics, options));
    const progress: number[] = [];
    for (const threads of [2, 3]) {
      const rep = await metaEvaluateThreads({ records, metrics, options }, threads, { onProgress: (d) => progress.push(d) });
      expect(JSON.stringify(rep)).toBe(one);
    }
    // Progress comes from the pool only (the one-thread fallback reports none): the threads did run.
    expect(progress.at(-1)).toBe(80);
  }, 60_000);

  it('several jobs side by side on one pool give each its one-thread report (pooled, item, system)', async () => {
    const { records, metrics } = metaEvalData(30, 4, 4, 5, { noise: 0.3 });
    const jobs = (['none', 'item', 'system'] as const).map((grouping) => ({ records, metrics, options: { grouping, statistic: 'spearman' as const, resamples: 60, seed: 2 } }));
    const reports = await metaEvaluateJobs(jobs, 2);
    jobs.forEach((job, k) => expect(JSON.stringify(reports[k])).toBe(JSON.stringify(metaEvaluate(job.records, job.metrics, job.options))));
  }, 60_000);
});
