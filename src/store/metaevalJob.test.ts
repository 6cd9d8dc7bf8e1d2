// The meta-evaluation's worker inputs (typed records and columns, the review texts once per run) give the core
// exactly the records and metrics (baselines included) the page built before, so the report is the same.
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../core/dataset';
import { sampleJsonl } from '../core/importers/sample';
import { labReviews } from '../core/lab/index';
import { baselineMetrics, metaEvaluate, type MetaMetric } from '../core/metaeval/index';
import { prepare } from '../core/research/index';
import { flatLabRecords, flatValues } from './labFlat';
import { metaEvalInputs, type MetaEvalJob } from './metaevalJob';

describe('metaEvalInputs', () => {
  it('rebuilds the records, columns and baselines of the old path, and keeps the texts between jobs', () => {
    const prepared = prepare(parseDatasetJsonl(sampleJsonl(30, 4)).rows, 'reference');
    const reviews = labReviews(prepared);
    const columns: MetaMetric[] = [
      { id: 'crscore.rel', label: 'Rel', kind: 'metric', values: reviews.map((r, i) => (i % 9 === 0 ? null : r.review.length / 100)) },
      { id: 'imported.x', label: 'x', kind: 'imported', values: reviews.map((_, i) => (i % 4) / 3) },
    ];
    const oldRecords = reviews.map((x) => ({ changeId: x.changeId, system: x.system, human: x.human }));
    const oldMetrics = [...columns, ...baselineMetrics(reviews, 3)];
    const job = (texts: string[] | null): MetaEvalJob => ({
      records: structuredClone(flatLabRecords(prepared.items)),
      metrics: columns.map(({ values, ...m }) => ({ ...m, values: flatValues(values) })),
      baselines: { texts, seed: 3 },
      options: { resamples: 40, seed: 3, dim: 'rel' },
      ceiling: null,
    });
    const first = metaEvalInputs(job(prepared.reviews.map((x) => x.review.review ?? '')));
    expect(first.records).toEqual(oldRecords);
    expect(first.metrics).toEqual(oldMetrics);
    expect(metaEvalInputs(job(null)).metrics).toEqual(oldMetrics);
    const o = { resamples: 40, seed: 3, dim: 'rel' as const };
    expect(metaEvaluate(first.records, first.metrics, o)).toEqual(metaEvaluate(oldRecords, oldMetrics, o));
  });
});
