// The lab's statistics as the page now runs them (typed inputs posted to the compute workers, the resamples cut into
// one share per worker, the shares merged) give exactly what the page computed before (one record object per
// review and the whole bootstrap in one worker): every figure, on a generated Research run with CRScore, BLEU, chrF
// and an LLM grade with gaps.
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset';
import { sampleJsonl } from '../../core/importers/sample';
import { gradeMetric, labAgreement, labRecords, labReviews, crscoreMetrics, referenceMetric, type GradeOutcome, type LabAgreement } from '../../core/lab/index';
import { lexicalMatrices, prepare, refMetricValues, scoreAll, scorer } from '../../core/research/index';
import { flatLabMetric, flatLabRecords, labInputsOf, type FlatLabInputs } from './labFlat';
import { labApi } from './labPoolApi';
import { slices } from './researchPool';

function run() {
  const prepared = prepare(parseDatasetJsonl(sampleJsonl(40, 5)).rows, 'reference');
  const scores = scoreAll(scorer('hard', prepared.items, lexicalMatrices(prepared.items), 0.1), 0.3);
  const refs = refMetricValues(prepared);
  const reviews = labReviews(prepared);
  const outcomes: GradeOutcome[] = reviews
    .filter((_, i) => i % 7 !== 3)
    .map((r, i) => ({ id: r.id, grade: i % 5 === 0 ? null : 1 + (i % 5), status: i % 5 === 0 ? 'failed' : 'graded', samples: [], answers: [], cached: false }));
  const columns = [
    ...crscoreMetrics(scores, { tau: 0.3 }),
    referenceMetric('bleu', 'BLEU', refs.bleu!, {}),
    referenceMetric('chrf', 'chrF', refs.chrf!, {}),
    gradeMetric(reviews, outcomes, { model: 'm' }),
  ];
  return { prepared, reviews, columns };
}

/** The new path, without the Worker objects: what each worker is sent (cloned as postMessage clones it). */
async function pooled(inputs: FlatLabInputs, workers: number): Promise<LabAgreement | null> {
  const parts = [];
  for (const [a, b] of slices(inputs.options.resamples!, workers)) {
    labApi.labSet(1, structuredClone(inputs));
    parts.push(structuredClone(await labApi.labPart(1, a, b, () => undefined)));
  }
  return labApi.labMerge(1, parts.map((p) => p!));
}

describe('the lab statistics in the compute workers', () => {
  it('equal the one-worker path exactly, for 1 to 4 workers', async () => {
    const { prepared, reviews, columns } = run();
    const options = { baseline: 'crscore.rel', resamples: 60, seed: 9 };
    const before = labAgreement(labRecords(reviews), columns, options);
    expect(before.metrics.find((m) => m.id === 'llm-grade')!.gaps.cancelled).toBeGreaterThan(0);
    expect(before.metrics.find((m) => m.id === 'llm-grade')!.gaps.failed).toBeGreaterThan(0);
    const inputs: FlatLabInputs = { ...flatLabRecords(prepared.items), metrics: columns.map(flatLabMetric), options };
    for (const workers of [1, 2, 3, 4]) expect(await pooled(inputs, workers)).toEqual(before);
  });

  it('posts typed arrays and interned names, and gives back the same records and columns', () => {
    const { prepared, reviews, columns } = run();
    const flat = flatLabRecords(prepared.items);
    expect(flat.change).toBeInstanceOf(Int32Array);
    expect(flat.changeIds.length).toBe(new Set(reviews.map((r) => r.changeId)).size);
    const metrics = columns.map(flatLabMetric);
    expect(metrics.every((m) => m.values instanceof Float64Array)).toBe(true);
    const back = labInputsOf({ ...flat, metrics, options: {} });
    expect(back.records).toEqual(labRecords(reviews));
    expect(back.metrics).toEqual(columns);
  });

  it('a newer job ends an older one at its next slice', async () => {
    const { prepared, columns } = run();
    const inputs: FlatLabInputs = { ...flatLabRecords(prepared.items), metrics: columns.map(flatLabMetric), options: { resamples: 4000, seed: 1 } };
    labApi.labSet(1, inputs);
    const old = labApi.labPart(1, 0, 4000, () => undefined);
    await new Promise((r) => setTimeout(r, 60));
    labApi.labSet(2, inputs);
    expect(await old).toBeNull();
    expect(labApi.labMerge(1, [])).toBeNull();
  });
});
