// The stages of `crscore eval --dataset FILE --metrics bleu,chrf,rouge-l,meteor,crscore --pseudo-refs reference
// --metaeval`, timed one by one in this process with the functions the CLI calls (src/cli/human/evalHuman.ts): read,
// each metric, each grouping of the meta-evaluation. Figures only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { referenceColumns, crscoreMetrics, type LabMetric, type ReferenceMetricName } from '../src/core/lab/index.ts';
import { LEXICAL_TAU } from '../src/core/lexical.ts';
import { prepare } from '../src/core/research/index.ts';
import { importHumanData } from '../src/core/humanData/index.ts';
import { humanRows } from '../src/core/humanData/bridge.ts';
import { baselineMetrics, type MetaMetric } from '../src/core/metaeval/index.ts';
import { evalMatrices, evalScores } from '../src/cli/stages/evalStages.ts';
import { meteorWordNet } from '../src/cli/metaeval/evalMetrics.ts';
import { metaEvaluateThreads, metaevalThreads } from '../src/cli/metaeval/metaevalWorkers.ts';

export const HUMAN_METRICS = ['bleu', 'chrf', 'rouge-l', 'meteor', 'crscore'] as const;

export interface StageTimes {
  stages: { name: string; ms: number }[];
  threads: number;
}

export async function humanStages(file: string, resamples = 1000): Promise<StageTimes> {
  const stages: { name: string; ms: number }[] = [];
  const timed = async <T>(name: string, f: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const r = await f();
    stages.push({ name, ms: performance.now() - t0 });
    return r;
  };
  const imported = await timed('read (xlsx → reviews)', async () => {
    const bytes = readFileSync(file);
    return importHumanData(path.basename(file), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  });
  const d = imported.dataset;
  const dimension = d.dimensions[0];
  const { bridged, prepared } = await timed('prepare (rows, sentences)', () => {
    const bridged = humanRows(d, dimension);
    const prepared = prepare(bridged.rows, 'reference');
    prepared.items.forEach((it, k) => {
      const h = bridged.reviews[k].human;
      it.human = h === null ? null : { con: h, comp: h, rel: h };
    });
    return { bridged, prepared };
  });
  const columns: LabMetric[] = [];
  for (const n of HUMAN_METRICS) {
    if (n === 'crscore')
      columns.push(
        ...(await timed('crscore (lexical, reference pseudo-refs)', async () => {
          const { m } = await evalMatrices(prepared.items, { similarity: 'lexical', scoring: 'hard' });
          const scores = evalScores(prepared.items, m, 'hard', LEXICAL_TAU, null);
          return crscoreMetrics(scores, { tau: LEXICAL_TAU, tauSource: 'lexical-preset', pseudoRefs: 'reference', similarity: 'lexical', scoring: 'hard' });
        })),
      );
    else if (n === 'meteor') {
      const wordnet = await timed('meteor: WordNet load', () => meteorWordNet());
      columns.push(...(await timed('meteor', () => referenceColumns(prepared, ['meteor'], { wordnet }))));
    } else columns.push(...(await timed(n, () => referenceColumns(prepared, [n as ReferenceMetricName], {}))));
  }
  const reviews = bridged.reviews;
  const records = reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, human: r.human === null ? null : { con: r.human, comp: r.human, rel: r.human } }));
  const metrics: MetaMetric[] = [
    ...columns.map((c) => ({ id: c.id, label: c.label, kind: 'metric' as const, dim: 'rel' as const, values: c.values })),
    ...baselineMetrics(reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), 1).map((m) => ({ ...m, dim: 'rel' as const })),
  ];
  let threads = 1;
  for (const g of ['none', 'item', 'system'] as const) {
    const job = { records, metrics, options: { grouping: g, statistic: 'spearman' as const, dim: 'rel' as const, resamples, seed: 1, against: columns[0]?.id } };
    threads = metaevalThreads(job);
    await timed(`metaeval ${g === 'none' ? 'pooled' : g}`, () => metaEvaluateThreads(job));
  }
  return { stages, threads };
}
