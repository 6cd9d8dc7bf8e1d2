// One worker thread of `crscore eval`'s bootstrap (bundled to plain JavaScript by resampleWorkers.ts): runs every
// kernel over its contiguous range of resamples, reading the weights the main thread drew into shared memory, and
// posts the draws back (transferred).
import { parentPort, workerData } from 'node:worker_threads';
import { makeKernel, runKernel, type ResampleSpec } from '../../core/resampling.ts';
import type { ResampleJob } from './resampleWorkers.ts';

const job = workerData as ResampleJob;
const outs = job.specs.map((spec: ResampleSpec, j) => {
  const g = job.groups[job.groupOf[j]];
  const w = g.clusters < 65536 ? new Uint16Array(g.buffer) : new Uint32Array(g.buffer);
  const kernel = makeKernel(spec);
  const out = new Float64Array((job.to - job.from) * kernel.outputs);
  runKernel(kernel, { clusters: g.clusters, count: g.count, seed: job.seed, w }, job.from, job.to, out);
  return out;
});
parentPort!.postMessage(outs, outs.map((o) => o.buffer));
