// The meta-evaluation's typed path (the page's interned records and Float64Array columns, the baselines built by
// a worker from the review texts, every message cloned as postMessage would) gives the report of the old path
// (one record object per review and the baselines on the page, one thread) to the last digit.
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset';
import { sampleJsonl } from '../../core/importers/sample';
import { labReviews } from '../../core/lab/index';
import {
  baselineColumns,
  baselineMetrics,
  metaEvalWorkerApi,
  metaEvaluate,
  metaEvaluatePooled,
  type MetaEvalOptions,
  type MetaEvalWorker,
  type MetaMetric,
  type TypedMetaMetric,
} from '../../core/metaeval/index';
import { prepare } from '../../core/research/index';
import { flatLabRecords, flatValues } from '../research/labFlat';

function cloned(): MetaEvalWorker {
  const api = metaEvalWorkerApi();
  const c = structuredClone;
  return {
    start: async (id, job, ks) => api.start(id, c(job), ks),
    step: async (id, n) => api.step(id, n),
    take: async (id) => c(api.take(id)),
    perm: async (id, ...a) => api.perm(id, ...a),
    release: async (id) => api.release(id),
  };
}

describe('the meta-evaluation sent typed', () => {
  const prepared = prepare(parseDatasetJsonl(sampleJsonl(40, 4)).rows, 'reference');
  const reviews = labReviews(prepared);
  const columns: MetaMetric[] = [
    { id: 'crscore.rel', label: 'Rel', kind: 'metric', values: reviews.map((r, i) => (i % 9 === 0 ? null : r.review.length / 100)) },
    { id: 'crscore.con', label: 'Con', kind: 'metric', values: reviews.map((r, i) => (i % 5) / 4 + r.review.length / 1e4) },
    { id: 'imported.x', label: 'x', kind: 'imported', values: reviews.map((_, i) => (i % 7 === 3 ? null : (i % 4) / 3)) },
  ];
  const oldRecords = reviews.map((x) => ({ changeId: x.changeId, system: x.system, human: x.human }));
  const oldMetrics = [...columns, ...baselineMetrics(reviews, 3)];

  it('the worker-built baselines are the page-built ones', () => {
    const texts = prepared.reviews.map((x) => x.review.review ?? '');
    const typed = baselineColumns(structuredClone(flatLabRecords(prepared.items)), texts, 3);
    expect(typed.map(({ values, ...m }) => ({ ...m, values: Array.from(values) }))).toEqual(baselineMetrics(reviews, 3));
    expect(() => baselineColumns(flatLabRecords(prepared.items), texts.slice(1), 3)).toThrow(/review texts/);
  });

  const cases: MetaEvalOptions[] = [
    { grouping: 'none', statistic: 'acc_eq' },
    { grouping: 'item', statistic: 'kendall', dim: 'con' },
    { grouping: 'system', statistic: 'spa' },
    { grouping: 'system', statistic: 'pearson', test: 'bootstrap' },
  ];
  for (const c of cases)
    it(`gives the old path's report byte for byte: ${c.grouping} ${c.statistic}`, async () => {
      const options = { ...c, resamples: 40, seed: 3 };
      const table = flatLabRecords(prepared.items);
      const texts = prepared.reviews.map((x) => x.review.review ?? '');
      const metrics: TypedMetaMetric[] = [...columns.map(({ values, ...m }) => ({ ...m, values: flatValues(values) })), ...baselineColumns(table, texts, 3)];
      const report = await metaEvaluatePooled({ table, metrics, options }, [cloned(), cloned()]);
      expect(report.rows.length).toBe(c.dim === 'con' ? 1 : 5);
      expect(JSON.stringify(report)).toBe(JSON.stringify(metaEvaluate(oldRecords, oldMetrics, options)));
    });
});
