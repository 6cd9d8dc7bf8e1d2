// Runs the bootstrap (src/core/bootstrap.ts) off the main thread, so the τ slider never waits for it. One long-lived
// worker (starting a worker per request costs more than a slider step): it works in slices and yields between
// them, so a newer job or a cancel message stops the older job at once. Posts progress every ~100 ms, then the
// report (and the comparison with the pinned baseline, when there is one).
import { createBootstrap, createComparison, type BootstrapOptions } from '../../core/bootstrap';
import { unpackRecords, type PackedRecords } from './recordsPack';

/** Records travel packed (typed arrays, transferred), never as one object per review. */
export type BootstrapRequest =
  | { type: 'job'; id: number; records: PackedRecords; baseline: PackedRecords | null; options: BootstrapOptions }
  | { type: 'cancel'; id: number };

export type BootstrapMessage = { id: number } & (
  | { type: 'progress'; done: number; total: number }
  | { type: 'report'; report: ReturnType<ReturnType<typeof createBootstrap>['result']> }
  | { type: 'comparison'; comparison: ReturnType<ReturnType<typeof createComparison>['result']> }
  | { type: 'done'; ms: number }
  | { type: 'error'; message: string }
);

const post = (m: BootstrapMessage) => (self as unknown as Worker).postMessage(m);
const yieldToMessages = () => new Promise<void>((r) => setTimeout(r, 0));
let latest = 0;

async function run(job: Extract<BootstrapRequest, { type: 'job' }>) {
  const { id, options } = job;
  const records = unpackRecords(job.records);
  const baseline = job.baseline ? unpackRecords(job.baseline) : null;
  const t0 = performance.now();
  const jobs = [createBootstrap(records, options), ...(baseline ? [createComparison(records, baseline, options)] : [])];
  const total = jobs.reduce((a, j) => a + j.total, 0);
  let before = 0;
  let slice = performance.now();
  let last = 0;
  for (const [k, j] of jobs.entries()) {
    while (!j.step(2)) {
      const now = performance.now();
      if (now - slice > 30) {
        await yieldToMessages();
        if (id !== latest) return;
        slice = performance.now();
      }
      if (now - last > 100) {
        post({ id, type: 'progress', done: before + j.done(), total });
        last = now;
      }
    }
    before += j.total;
    if (k === 0) post({ id, type: 'report', report: (j as ReturnType<typeof createBootstrap>).result() });
    else post({ id, type: 'comparison', comparison: (j as ReturnType<typeof createComparison>).result() });
    post({ id, type: 'progress', done: before, total });
  }
  post({ id, type: 'done', ms: performance.now() - t0 });
}

self.onmessage = (e: MessageEvent<BootstrapRequest>) => {
  latest = e.data.id;
  if (e.data.type !== 'job') return;
  const id = e.data.id;
  run(e.data).catch((err: unknown) => post({ id, type: 'error', message: (err as Error).message }));
};
