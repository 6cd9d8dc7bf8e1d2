// The meta-evaluation with a memo of earlier runs (metaMemo.ts) gives the table of a fresh run byte for byte:
// going back to a configuration, changing the statistic (units shared), adding a metric (the others' units
// shared), on one or several workers, with every message cloned as postMessage would.
import { describe, expect, it } from 'vitest';
import { metaEvalData } from '../../testing/metaevalData.ts';
import { metaEvaluate } from './report.ts';
import { metaEvalWorkerApi, metaEvaluatePooled, type MetaEvalWorker } from './metaPool.ts';
import { keepUnit, memoUnit, metaMemo, unitKey } from './metaMemo.ts';
import { planMetaEval } from './metaPlan.ts';
import type { MetaEvalOptions } from './metaTypes.ts';

/** A worker that counts the metrics it is asked to compute and the permutation ranges it runs. */
function counted(count: { units: number; perms: number }): MetaEvalWorker {
  const api = metaEvalWorkerApi();
  const c = structuredClone;
  return {
    start: async (id, job, ks) => {
      count.units += ks.length;
      api.start(id, c(job), ks);
    },
    step: async (id, n) => api.step(id, n),
    take: async (id) => c(api.take(id)),
    perm: async (id, ...a) => {
      count.perms++;
      return api.perm(id, ...a);
    },
    release: async (id) => api.release(id),
  };
}

describe('the meta-evaluation with a memo', () => {
  const data = metaEvalData(14, 5, 5, 7, { unscored: 0.1, missing: 0.05 });
  const { records } = data;
  // Five metrics judged against relevance, one against conciseness.
  const metrics = [...data.metrics, { ...data.metrics[1], id: 'm.con', dim: 'con' as const, values: data.metrics[1].values.map((v) => (v === null ? null : 1 - v)) }];
  const configs: MetaEvalOptions[] = [
    { grouping: 'none', statistic: 'spearman' },
    { grouping: 'none', statistic: 'acc_eq' },
    { grouping: 'item', statistic: 'kendall' },
    { grouping: 'system', statistic: 'pearson' },
    { grouping: 'system', statistic: 'spa' },
    { grouping: 'none', statistic: 'pearson', dim: 'con' },
    { grouping: 'none', statistic: 'spearman' },
    { grouping: 'system', statistic: 'spearman' },
    { grouping: 'item', statistic: 'acc_eq' },
  ];

  for (const pool of [1, 2])
    it(`gives every table of a fresh run, byte for byte, on ${pool} worker(s), and computes nothing twice`, async () => {
      const memo = metaMemo();
      const count = { units: 0, perms: 0 };
      const workers = Array.from({ length: pool }, () => counted(count));
      for (const c of configs) {
        const options = { ...c, resamples: 60, seed: 5 };
        const before = { ...count };
        const report = await metaEvaluatePooled({ records, metrics, options }, workers, { memo });
        expect(JSON.stringify(report), `${c.grouping} ${c.statistic} ${c.dim ?? 'rel'}`).toBe(JSON.stringify(metaEvaluate(records, metrics, options)));
        // The same configuration again: every unit and every pair from the memo.
        await metaEvaluatePooled({ records, metrics, options }, workers, { memo });
        expect(count.units - before.units, 'units computed for a configuration seen before').toBeLessThanOrEqual(report.rows.length);
        const after = { ...count };
        const again = await metaEvaluatePooled({ records, metrics, options }, workers, { memo });
        expect(count).toEqual(after);
        expect(JSON.stringify(again)).toBe(JSON.stringify(report));
      }
      // The statistic changed within a grouping: no unit computed again (5 metrics of rel, one of con per grouping).
      expect(count.units).toBe(5 + 5 + 5 + 1);
    });

  it('adds a metric without computing the others again', async () => {
    const memo = metaMemo();
    const count = { units: 0, perms: 0 };
    const options = { grouping: 'none' as const, statistic: 'spearman' as const, resamples: 40, seed: 2 };
    await metaEvaluatePooled({ records, metrics: metrics.slice(0, 3), options }, [counted(count)], { memo });
    expect(count.units).toBe(3);
    const report = await metaEvaluatePooled({ records, metrics, options }, [counted(count)], { memo });
    expect(count.units).toBe(5);
    expect(JSON.stringify(report)).toBe(JSON.stringify(metaEvaluate(records, metrics, options)));
  });

  it("never hands back another metric's unit, even under the same key", () => {
    const memo = metaMemo();
    const plan = planMetaEval(records, metrics, { resamples: 10 });
    const other = planMetaEval(records, metrics.map((m, k) => (k === 0 ? { ...m, values: m.values.map((v) => (v === null ? null : v + 1)) } : m)), { resamples: 10 });
    const unit = { marker: true } as never;
    keepUnit(memo, plan, 0, unit);
    expect(memoUnit(memo, plan, 0)).toBe(unit);
    // A forged collision: metric 0 of the other plan looked up under the first one's key.
    expect(memoUnit(memo, other, 0, unitKey(plan, 0))).toBeUndefined();
  });

  it('keeps at most `limit` entries, the most recent', () => {
    const memo = metaMemo(2);
    const plan = planMetaEval(records, metrics, { resamples: 10 });
    [0, 1, 2].forEach((k) => keepUnit(memo, plan, k, { k } as never));
    expect(memoUnit(memo, plan, 0)).toBeUndefined();
    expect(memoUnit(memo, plan, 2)).toEqual({ k: 2 });
  });
});
