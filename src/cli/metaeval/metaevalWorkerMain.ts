// One worker thread of `crscore eval`'s meta-evaluation (bundled to plain JavaScript by workerBundle.ts): the
// core's worker side (metaEvalWorkerApi) behind a small message protocol; the units go back transferred.
import { parentPort } from 'node:worker_threads';
import { metaEvalWorkerApi, unitBuffers, type MetricUnit } from '../../core/metaeval/index.ts';
import type { MetaEvalCall } from './metaevalWorkers.ts';

const api = metaEvalWorkerApi();

parentPort!.on('message', ({ seq, method, args }: MetaEvalCall) => {
  try {
    const result = (api[method] as (...a: unknown[]) => unknown)(...args);
    const transfer = method === 'take' ? unitBuffers(result as MetricUnit[]) : [];
    parentPort!.postMessage({ seq, result }, transfer);
  } catch (e) {
    parentPort!.postMessage({ seq, error: e instanceof Error ? e.message : String(e) });
  }
});
