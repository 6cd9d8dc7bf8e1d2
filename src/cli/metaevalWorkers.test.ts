// `crscore eval`'s meta-evaluation on real worker threads (the esbuild bundle of metaevalWorkerMain.ts) gives the
// one-thread report byte for byte, for 2 and 3 threads.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../core/bootstrap.ts';
import { metaEvaluate, type MetaMetric, type MetaRecord } from '../core/metaeval/index.ts';
import { metaEvaluateThreads } from './metaevalWorkers.ts';

function data(changes: number, systems: number, count: number, seed: number) {
  const r = mulberry32(seed);
  const records: MetaRecord[] = [];
  const q: number[] = [];
  for (let c = 0; c < changes; c++)
    for (let s = 0; s < systems; s++) {
      const v = s / systems + r() - 0.5;
      q.push(v);
      const h = Math.min(4, Math.max(0, Math.round(v * 3 + 2))) / 4;
      records.push({ changeId: `c${c}`, system: `s${s}`, human: { con: h, comp: h, rel: h } });
    }
  const metrics: MetaMetric[] = Array.from({ length: count }, (_, k) => ({
    id: `m${k}`,
    label: `metric ${k}`,
    values: q.map((v) => (k % 2 ? Math.round((v + (r() - 0.5) * (0.3 + k / 10)) * 6) / 6 : v + (r() - 0.5) * (0.3 + k / 10))),
  }));
  return { records, metrics };
}

describe('meta-evaluation on worker threads', () => {
  it('2 and 3 threads give the one-thread report byte for byte (pooled acc_eq, PERM-BOTH clusters)', async () => {
    const { records, metrics } = data(40, 5, 5, 3);
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
});
