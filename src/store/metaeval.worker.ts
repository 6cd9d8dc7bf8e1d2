// The meta-evaluation (src/core/metaeval) off the main thread, through comlink: the bootstrap runs in slices and
// reports progress, so 1,000 resamples of a dozen metrics never freeze the page.
import * as Comlink from 'comlink';
import { createMetaEval, metaEvaluate, type MetaEvalOptions, type MetaEvalReport, type MetaMetric, type MetaRecord } from '../core/metaeval/index';

export interface MetaEvalJob {
  records: MetaRecord[];
  metrics: MetaMetric[];
  options: MetaEvalOptions;
  /** The human ceiling's own records and metric (one annotator as the metric), when two annotators scored. */
  ceiling: { records: MetaRecord[]; metrics: MetaMetric[] } | null;
}

const api = {
  async run(job: MetaEvalJob, onProgress: (done: number, total: number) => void): Promise<{ report: MetaEvalReport; ceiling: MetaEvalReport | null; ms: number }> {
    const t0 = performance.now();
    const s = createMetaEval(job.records, job.metrics, job.options);
    let slice = performance.now();
    while (!s.step(10)) {
      if (performance.now() - slice > 100) {
        onProgress(s.done(), s.total);
        slice = performance.now();
      }
    }
    onProgress(s.total, s.total);
    const report = s.result();
    const ceiling = job.ceiling ? metaEvaluate(job.ceiling.records, job.ceiling.metrics, { ...job.options, against: undefined }) : null;
    return { report, ceiling, ms: performance.now() - t0 };
  },
};

export type MetaEvalApi = typeof api;
Comlink.expose(api);
