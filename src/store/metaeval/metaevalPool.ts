// The meta-evaluation's workers (metaeval.worker.ts): one per core the browser reports, up to 8, started on first
// use and kept. metaEvaluatePooled (src/core/metaeval) deals the metrics out among them and splits each
// permutation test; the report is the one a single thread gives, whatever the pool's size.
import * as Comlink from 'comlink';
import { metaEvaluatePooled, metaMemo, type MetaEvalJob, type MetaEvalReport, type MetaTable, type PoolOptions, type TypedMetaEvalJob, type TypedMetaMetric } from '../../core/metaeval/index';
import type { MetaEvalWorkerApi } from './metaeval.worker';

/** Workers in the pool: the cores the browser reports (at least 1, at most 8). */
export const METAEVAL_POOL_SIZE = Math.max(1, Math.min(8, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 1));

const pool: Comlink.Remote<MetaEvalWorkerApi>[] = [];

function workers(): Comlink.Remote<MetaEvalWorkerApi>[] {
  while (pool.length < METAEVAL_POOL_SIZE) {
    const worker = new Worker(new URL('./metaeval.worker.ts', import.meta.url), { type: 'module' });
    pool.push(Comlink.wrap<MetaEvalWorkerApi>(worker));
  }
  return pool;
}

/**
 * What the page's runs computed (metaMemo.ts): a metric's unit per grouping and a pair's PERM-BOTH p per statistic,
 * so a change of statistic, a metric added or a configuration seen before computes only what is new.
 */
const memo = metaMemo();

/** metaEvaluate's report, computed on the pool (what an earlier run computed is taken from the memo). */
export function metaEvaluateInPool(job: MetaEvalJob | TypedMetaEvalJob, o: PoolOptions = {}): Promise<MetaEvalReport> {
  return metaEvaluatePooled(job, workers(), { memo, ...o });
}

/** The baseline columns (baselineColumns), computed by the pool's first worker. */
export function baselinesInPool(table: MetaTable, texts: (string | null)[], seed: number): Promise<TypedMetaMetric[]> {
  return Promise.resolve(workers()[0].baselines(table, texts, seed));
}
