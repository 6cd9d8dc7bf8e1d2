// The metric lab's statistics off the main thread: the core's labAgreement (src/core/lab) run in slices, with
// progress, so 1,000 resamples of every metric never freeze the page; a newer job stops an older one.
import {
  createLabAgreement,
  type LabAgreement,
  type LabAgreementOptions,
  type LabMetric,
  type LabRecord,
} from '../core/lab/index';

export type LabAgreementRequest = {
  id: number;
  records: LabRecord[];
  metrics: LabMetric[];
  options: LabAgreementOptions;
};
export type LabAgreementMessage = { id: number } & (
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; agreement: LabAgreement; ms: number }
  | { type: 'error'; message: string }
);

const post = (m: LabAgreementMessage) => (self as unknown as Worker).postMessage(m);
let latest = 0;

async function run({ id, records, metrics, options }: LabAgreementRequest) {
  const t0 = performance.now();
  try {
    const job = createLabAgreement(records, metrics, options);
    let slice = performance.now();
    while (!job.step(5)) {
      if (performance.now() - slice > 50) {
        post({ id, type: 'progress', done: job.done(), total: job.total });
        await new Promise<void>((r) => setTimeout(r, 0));
        if (id !== latest) return;
        slice = performance.now();
      }
    }
    post({ id, type: 'result', agreement: job.result(), ms: performance.now() - t0 });
  } catch (e) {
    post({ id, type: 'error', message: (e as Error).message });
  }
}

self.onmessage = (e: MessageEvent<LabAgreementRequest>) => {
  latest = e.data.id;
  void run(e.data);
};
