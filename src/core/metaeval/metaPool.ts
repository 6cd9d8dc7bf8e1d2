// The meta-evaluation on several workers, with the figures of one thread to the last digit. Pure: the browser
// (Web Workers over comlink) and the CLI (worker threads) each wrap metaEvalWorkerApi() in a worker and hand the
// wrappers to metaEvaluatePooled, which only schedules.
//  - Metrics are dealt out in turn; a worker calibrates its metrics' ε and runs their bootstrap.
//    Every worker draws the same resamples from the seed, so a metric's figures are those of one thread.
//  - The clusters' walk then asks for one pair at a time; every worker runs a range of that pair's permutations
//    and the counts of extreme permutations are summed (integers: the p is the same double). Grouped by item,
//    where permutations are cheap, a pair goes whole to one worker.
import { planMetaEvalTyped, bootstrapUnits, completeUnits, metaTable, typedMetric, type MetaPlan, type MetricUnit } from './metaPlan.ts';
import { metaRows, permExtremes, rankTable } from './metaFinish.ts';
import { permCache, swapMasks, type PermCache } from './significance.ts';
import { keepPerm, keepUnit, memoPerm, memoUnit, unitKey, type MetaMemo } from './metaMemo.ts';
export type { MetricUnit } from './metaPlan.ts';
import type { MetaEvalOptions, MetaEvalReport, MetaMetric, MetaRecord, MetaTable, TypedMetaMetric } from './metaTypes.ts';

export interface MetaEvalJob {
  records: MetaRecord[];
  metrics: MetaMetric[];
  options: MetaEvalOptions;
}

/** A job as the workers receive it: typed arrays and interned tables, no object per review. */
export interface TypedMetaEvalJob {
  table: MetaTable;
  metrics: TypedMetaMetric[];
  options: MetaEvalOptions;
}

export const typedJob = (job: MetaEvalJob | TypedMetaEvalJob): TypedMetaEvalJob =>
  'table' in job ? job : { table: metaTable(job.records), metrics: job.metrics.map(typedMetric), options: job.options };

type Maybe<T> = T | Promise<T>;

/** One worker of the pool: metaEvalWorkerApi() itself (this thread), or a wrapper that posts to a worker. */
export interface MetaEvalWorker {
  /** Plans job `id` and prepares metrics `ks` (their indices among the job's metrics of the table's dimension). */
  start(id: number, job: TypedMetaEvalJob, ks: number[]): Maybe<void>;
  /** Runs up to `count` more resamples of the worker's metrics; returns how many are done. */
  step(id: number, count: number): Maybe<number>;
  /** The worker's metrics' units, completed (typed arrays: a wrapper transfers them, see unitBuffers). */
  take(id: number): Maybe<MetricUnit[]>;
  /** PERM-BOTH of metrics ia and ib at their ε, permutations [from, to): the count of extreme ones. */
  perm(id: number, ia: number, ib: number, epsA: number, epsB: number, from: number, to: number): Maybe<number>;
  /** Forgets job `id`. */
  release(id: number): Maybe<void>;
}

interface Session {
  plan: MetaPlan;
  ks: number[];
  boot: ReturnType<typeof bootstrapUnits>;
  masks?: Uint8Array[];
  /** PERM-BOTH's per-metric setup, kept across the pairs the walk asks for. */
  perms?: PermCache;
}

/** The worker's side, as plain functions: what a Web Worker or a worker thread exposes. */
export function metaEvalWorkerApi() {
  const sessions = new Map<number, Session>();
  const get = (id: number) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`meta-evaluation: job ${id} is not started on this worker`);
    return s;
  };
  return {
    start(id: number, job: TypedMetaEvalJob, ks: number[]): void {
      const plan = planMetaEvalTyped(job.table, job.metrics, job.options);
      sessions.set(id, { plan, ks, boot: bootstrapUnits(plan, ks) });
    },
    step(id: number, count: number): number {
      const s = get(id);
      s.boot.step(count);
      return s.boot.done();
    },
    take(id: number): MetricUnit[] {
      const s = get(id);
      completeUnits(s.plan, s.ks, s.boot.units, s.boot.done());
      return s.boot.units;
    },
    perm(id: number, ia: number, ib: number, epsA: number, epsB: number, from: number, to: number): number {
      const s = get(id);
      s.masks ??= swapMasks(s.plan.total, s.plan.C, s.plan.seed);
      s.perms ??= permCache();
      return permExtremes(s.plan, s.masks, ia, ib, epsA, epsB, from, to, s.perms);
    },
    release(id: number): void {
      sessions.delete(id);
    },
  } satisfies MetaEvalWorker;
}

/** The buffers of units' typed arrays, to transfer rather than copy. */
export function unitBuffers(units: readonly MetricUnit[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const u of units) {
    for (const a of Object.values(u.boot)) out.push(a.buffer as ArrayBuffer);
    if (u.spa) out.push(u.spa.boot.buffer as ArrayBuffer);
  }
  return out;
}

/** [start, end) of each of `parts` shares of n, as equal as whole numbers allow. */
export function shares(n: number, parts: number): [number, number][] {
  return Array.from({ length: parts }, (_, i) => [Math.floor((i * n) / parts), Math.floor(((i + 1) * n) / parts)]);
}

export class MetaEvalCancelled extends Error {
  constructor() {
    super('meta-evaluation cancelled');
  }
}

let lastId = 0;

const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

export interface PoolOptions {
  /** Resamples done (over all metrics, as a share of the total), while the bootstrap runs. */
  onProgress?: (done: number, total: number) => void;
  /** Resamples per call to a worker between progress reports (default: a tenth of them). */
  chunk?: number;
  /** Checked between calls: true stops the run with MetaEvalCancelled. */
  cancelled?: () => boolean;
  /** Units and permutation tests of earlier runs (metaMemo.ts): only what it lacks is computed, and kept there. */
  memo?: MetaMemo;
}

/** metaEvaluate's report, computed on `workers` (at least one); they are sent the job typed. */
export async function metaEvaluatePooled(given: MetaEvalJob | TypedMetaEvalJob, workers: readonly MetaEvalWorker[], o: PoolOptions = {}): Promise<MetaEvalReport> {
  if (workers.length === 0) throw new Error('meta-evaluation: no worker');
  const job = typedJob(given);
  const plan = planMetaEvalTyped(job.table, job.metrics, job.options);
  const K = plan.bases.length;
  const id = ++lastId;
  const check = () => {
    if (o.cancelled?.()) throw new MetaEvalCancelled();
  };
  const memo = o.memo;
  // The page's thread plans and hashes tens of thousands of reviews: a yield between the steps keeps each short.
  await breathe();
  const keys = memo ? plan.bases.map((_, k) => unitKey(plan, k)) : [];
  if (memo) await breathe();
  const units: MetricUnit[] = new Array<MetricUnit>(K);
  if (memo) for (let k = 0; k < K; k++) units[k] = memoUnit(memo, plan, k, keys[k])!;
  // The metrics still to compute, dealt out in turn from a worker that moves on with each job: neighbouring
  // metrics often cost alike (the reference metrics first, the cheap baselines last), and jobs run side by side
  // (the three groupings) so no longer give one worker every job's heavier share. Any deal gives the same figures.
  const todo = Array.from({ length: K }, (_, k) => k).filter((k) => !units[k]);
  const dealt = workers.map((_, j) => todo.filter((_, i) => (i + id) % workers.length === j));
  try {
    // One copy of the job per worker, each in its own task.
    const started: Maybe<void>[] = [];
    for (const [j, w] of workers.entries()) {
      if (j) await breathe();
      started.push(w.start(id, job, dealt[j]));
    }
    await Promise.all(started);
    const total = plan.total;
    const chunk = Math.max(1, o.chunk ?? Math.ceil(total / 10));
    const done = workers.map(() => 0);
    const report = () => o.onProgress?.(todo.length ? Math.floor(done.reduce((t, d, j) => t + d * dealt[j].length, 0) / todo.length) : total, total);
    await Promise.all(
      workers.map(async (w, j) => {
        while (dealt[j].length && done[j] < total) {
          check();
          done[j] = await w.step(id, chunk);
          report();
        }
      }),
    );
    check();
    const taken = await Promise.all(workers.map((w, j) => (dealt[j].length ? w.take(id) : [])));
    dealt.forEach((ks, j) =>
      ks.forEach((k, i) => {
        units[k] = taken[j][i];
        if (memo) keepUnit(memo, plan, k, units[k], keys[k]);
      }),
    );
    report();
    const rows = metaRows(plan, units, total);
    const known = new Map<string, number>();
    let asked = 0;
    for (;;) {
      const r = rankTable(plan, units, rows, total, (ia, ib) => known.get(`${ia}:${ib}`) ?? (memo && memoPerm(memo, plan, ia, ib, units[ia].ties.eps, units[ib].ties.eps)));
      if (!('need' in r)) return r;
      check();
      const [ia, ib] = r.need;
      const [ea, eb] = [units[ia].ties.eps, units[ib].ties.eps];
      // Summed counts (NaN from every worker where the pair's Δ is not finite); no permutations: no p. Grouped by
      // item a permutation costs less than a worker's setup of the pair (each change's statistic for both
      // metrics), so the pair goes whole to one worker, in turn.
      const split = plan.grouping === 'item' ? [workers[asked++ % workers.length]] : workers;
      const ranges = shares(total, split.length);
      const busy = split.flatMap((w, j) => (ranges[j][1] > ranges[j][0] ? [w.perm(id, ia, ib, ea, eb, ...ranges[j])] : []));
      const extreme = (await Promise.all(busy)).reduce((a, b) => a + b, 0);
      const p = total ? extreme / total : NaN;
      known.set(`${ia}:${ib}`, p);
      if (memo) keepPerm(memo, plan, ia, ib, ea, eb, p);
    }
  } finally {
    await Promise.all(workers.map((w) => w.release(id))).catch(() => undefined);
  }
}
