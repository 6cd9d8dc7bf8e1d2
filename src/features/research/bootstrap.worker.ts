// Runs the bootstrap (src/core/bootstrap.ts) off the main thread: 1,000 resamples over the dev split take seconds,
// and the τ slider must not wait for them. Posts progress every ~100 ms, then the report (and the comparison with
// the pinned baseline, when there is one). The page cancels by terminating the worker.
import { createBootstrap, createComparison, type BootstrapOptions, type ReviewRecord } from '../../core/bootstrap';

export interface BootstrapJob {
  records: ReviewRecord[];
  baseline: ReviewRecord[] | null;
  options: BootstrapOptions;
}

export type BootstrapMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'report'; report: ReturnType<ReturnType<typeof createBootstrap>['result']> }
  | { type: 'comparison'; comparison: ReturnType<ReturnType<typeof createComparison>['result']> }
  | { type: 'done'; ms: number }
  | { type: 'error'; message: string };

const post = (m: BootstrapMessage) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<BootstrapJob>) => {
  const t0 = performance.now();
  try {
    const { records, baseline, options } = e.data;
    const jobs = [createBootstrap(records, options), ...(baseline ? [createComparison(records, baseline, options)] : [])];
    const total = jobs.reduce((a, j) => a + j.total, 0);
    let before = 0;
    let last = 0;
    for (const [k, j] of jobs.entries()) {
      while (!j.step(5)) {
        const now = performance.now();
        if (now - last > 100) {
          post({ type: 'progress', done: before + j.done(), total });
          last = now;
        }
      }
      before += j.total;
      if (k === 0) post({ type: 'report', report: (j as ReturnType<typeof createBootstrap>).result() });
      else post({ type: 'comparison', comparison: (j as ReturnType<typeof createComparison>).result() });
      post({ type: 'progress', done: before, total });
    }
    post({ type: 'done', ms: performance.now() - t0 });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
