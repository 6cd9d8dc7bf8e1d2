// `crscore eval`'s meta-evaluation on worker threads (src/core/metaeval/metaPool.ts schedules; each thread runs
// metaevalWorkerMain.ts). The report equals the one-thread metaEvaluate's to the last digit, whatever the number
// of threads: CRSCORE_THREADS when set (1 = this thread only), else the CPU count (up to 8) when the work pays for
// starting the threads (about 0.3 s each), else this thread.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { metaEvaluate, metaEvaluatePooled, type MetaEvalJob, type MetaEvalReport, type MetaEvalWorker, type PoolOptions } from '../../core/metaeval/index.ts';
import { workerSource } from '../shared/workerBundle.ts';

export interface MetaEvalCall {
  seq: number;
  method: keyof MetaEvalWorker;
  args: unknown[];
}

/** Threads for a job: reviews × metrics × resamples decide whether threads pay. */
export function metaevalThreads(job: MetaEvalJob): number {
  const env = Number(process.env.CRSCORE_THREADS);
  if (Number.isInteger(env) && env >= 1) return env;
  const work = job.records.length * job.metrics.length * (job.options.resamples ?? 1000);
  if (work < 2_000_000) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), 8));
}

/** A worker thread as a MetaEvalWorker: each call a message, each answer matched by its sequence number. */
function threadWorker(source: string): { worker: MetaEvalWorker; end: () => Promise<number> } {
  const w = new Worker(source, { eval: true });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let seq = 0;
  const fail = (e: Error) => {
    for (const p of waiting.values()) p.reject(e);
    waiting.clear();
  };
  w.on('message', (m: { seq: number; result?: unknown; error?: string }) => {
    const p = waiting.get(m.seq);
    waiting.delete(m.seq);
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else p?.resolve(m.result);
  });
  w.on('error', fail);
  w.on('exit', (code) => code !== 0 && fail(new Error(`meta-evaluation worker stopped with code ${code}`)));
  const call = (method: keyof MetaEvalWorker) => (...args: unknown[]) =>
    new Promise<never>((resolve, reject) => {
      waiting.set(++seq, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ seq, method, args } satisfies MetaEvalCall);
    });
  return {
    worker: { start: call('start'), step: call('step'), take: call('take'), perm: call('perm'), release: call('release') },
    end: () => w.terminate(),
  };
}

/** `threads` worker threads kept for several runs (null where the worker cannot be bundled); end() stops them. */
export async function metaevalThreadPool(threads: number): Promise<{ workers: MetaEvalWorker[]; end: () => Promise<void> } | null> {
  const source = await workerSource(new URL('./metaevalWorkerMain.ts', import.meta.url));
  if (source === null) return null;
  const pool = Array.from({ length: threads }, () => threadWorker(source));
  return { workers: pool.map((p) => p.worker), end: async () => void (await Promise.all(pool.map((p) => p.end()))) };
}

/** metaEvaluate's report on `threads` worker threads (1: on this thread), started for this run. */
export async function metaEvaluateThreads(job: MetaEvalJob, threads = metaevalThreads(job), o: PoolOptions = {}): Promise<MetaEvalReport> {
  const pool = threads > 1 ? await metaevalThreadPool(threads) : null;
  if (pool === null) return metaEvaluate(job.records, job.metrics, job.options);
  try {
    return await metaEvaluatePooled(job, pool.workers, o);
  } finally {
    await pool.end();
  }
}

/**
 * Several jobs' reports (say, one data set's groupings) on one pool of threads started once, the jobs run side by
 * side so the threads stay busy; each report is the one metaEvaluate gives for its job.
 */
export async function metaEvaluateJobs(jobs: readonly MetaEvalJob[], threads = Math.max(1, ...jobs.map((j) => metaevalThreads(j)))): Promise<MetaEvalReport[]> {
  const pool = threads > 1 && jobs.length > 0 ? await metaevalThreadPool(threads) : null;
  if (pool === null) return jobs.map((job) => metaEvaluate(job.records, job.metrics, job.options));
  try {
    return await Promise.all(jobs.map((job) => metaEvaluatePooled(job, pool.workers)));
  } finally {
    await pool.end();
  }
}
