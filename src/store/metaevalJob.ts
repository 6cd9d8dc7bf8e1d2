// What the meta-evaluation's worker is sent, and how it turns it back into the core's inputs: the reviews as the
// lab's typed records (labFlat.ts), every metric column as a Float64Array (NaN where a review has no value), and the
// reviews' texts for the length baseline (sent once per run: the worker keeps the last), so the page builds no
// object per review and the baselines (a word count and a sort over every review) are computed in the worker.
import { baselineMetrics, type MetaEvalOptions, type MetaMetric, type MetaRecord } from '../core/metaeval/index';
import { labRecordsOf, valuesOf, type FlatLabRecords } from './labFlat';

export interface FlatMetaMetric extends Omit<MetaMetric, 'values'> {
  values: Float64Array;
}

export interface MetaEvalJob {
  records: FlatLabRecords;
  /** The lab's and the imported columns; the baselines follow them, built in the worker. */
  metrics: FlatMetaMetric[];
  /** Each review's text (null: the last job's texts, the run is the same) and the random baseline's seed. */
  baselines: { texts: string[] | null; seed: number };
  options: MetaEvalOptions;
  /** The human ceiling's own records and metric (one annotator as the metric), when two annotators scored. */
  ceiling: { records: MetaRecord[]; metrics: MetaMetric[] } | null;
}

let texts: string[] = [];

/** The core's records and metrics (the columns, then the baselines) of a job; in the worker. */
export function metaEvalInputs(job: MetaEvalJob): { records: MetaRecord[]; metrics: MetaMetric[] } {
  if (job.baselines.texts) texts = job.baselines.texts;
  const records = labRecordsOf(job.records);
  if (texts.length !== records.length) throw new Error(`meta-evaluation: ${texts.length} review texts for ${records.length} reviews`);
  const metrics = job.metrics.map(({ values, ...m }): MetaMetric => ({ ...m, values: valuesOf(values) }));
  const reviews = records.map((r, k) => ({ changeId: r.changeId, system: r.system, review: texts[k] }));
  return { records, metrics: [...metrics, ...baselineMetrics(reviews, job.baselines.seed)] };
}
