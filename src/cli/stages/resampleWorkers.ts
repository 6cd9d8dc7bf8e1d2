// The bootstrap's resamples spread over worker threads (Node only; the arithmetic is src/core/resampling.ts).
// The main thread draws every resample's weights from the seed once, into shared memory, in the order one thread
// would; each worker runs every kernel over a contiguous range of resamples, and the ranges are put back in order.
// So the figures equal the single-thread path's to the last digit, whatever the number of threads.
// The workers run plain JavaScript: the worker's entry (resampleWorkerMain.ts and the core kernels it imports) is
// bundled once per process with esbuild (workerBundle.ts) and started from that source.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerSource } from '../shared/workerBundle.ts';
import { drawResamples, resampleBytes, resampleKey, runSpecs, type ResampleSpec } from '../../core/resampling.ts';

export interface ResampleJob {
  specs: ResampleSpec[];
  /** One draw of resamples per distinct set of changes, shared by the specs over it. */
  groups: { clusters: number; count: number; buffer: SharedArrayBuffer }[];
  groupOf: number[];
  seed: number;
  from: number;
  to: number;
}

/**
 * Threads for the resamples: CRSCORE_THREADS when set (1 = no worker), else the CPU count when the work is large
 * enough to pay for starting the workers (about 0.3 s each), else 1.
 */
export function resampleThreads(specs: readonly ResampleSpec[], count: number): number {
  const env = Number(process.env.CRSCORE_THREADS);
  if (Number.isInteger(env) && env >= 1) return Math.min(env, Math.max(1, count));
  let reviews = 0;
  for (const s of specs) reviews += s.kind === 'bootstrap' ? s.scoredCluster.length * (1 + s.plans.length) + s.sums.length : s.sums.length;
  if (reviews * count < 50_000_000) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), 16, count));
}

/** Every spec's draws (resamples × outputs), as runSpecs gives them, on `threads` worker threads. */
export async function runSpecsParallel(specs: readonly ResampleSpec[], seed: number, count: number, threads = resampleThreads(specs, count)): Promise<Float64Array[]> {
  if (threads <= 1 || count === 0 || specs.length === 0) return runSpecs(specs, seed, count);
  // Where esbuild cannot run (say, its platform binary is missing), one thread gives the same figures.
  const source = await workerSource(new URL('./resampleWorkerMain.ts', import.meta.url));
  if (source === null) return runSpecs(specs, seed, count);
  const groups: ResampleJob['groups'] = [];
  const keys = new Map<string, number>();
  const groupOf = specs.map((s) => {
    const key = resampleKey(s.clusterIds, seed, count);
    let g = keys.get(key);
    if (g === undefined) {
      const clusters = s.clusterIds.length;
      const buffer = new SharedArrayBuffer(Math.max(1, resampleBytes(clusters, count)));
      drawResamples(clusters, count, seed, buffer);
      keys.set(key, (g = groups.length));
      groups.push({ clusters, count, buffer });
    }
    return g;
  });
  const bounds = Array.from({ length: threads + 1 }, (_, t) => Math.round((t * count) / threads));
  const parts = await Promise.all(
    bounds.slice(0, -1).map((from, t) => {
      const job: ResampleJob = { specs: [...specs], groups, groupOf, seed, from, to: bounds[t + 1] };
      return new Promise<Float64Array[]>((resolve, reject) => {
        const w = new Worker(source, { eval: true, workerData: job });
        w.once('message', (m: Float64Array[]) => resolve(m));
        w.once('error', reject);
        w.once('exit', (code) => code !== 0 && reject(new Error(`resample worker stopped with code ${code}`)));
      });
    }),
  );
  return specs.map((_, j) => {
    const K = parts[0][j].length / Math.max(1, bounds[1] - bounds[0]);
    const out = new Float64Array(count * K);
    parts.forEach((p, t) => out.set(p[j], bounds[t] * K));
    return out;
  });
}
