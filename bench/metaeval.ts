// Meta-evaluation (src/core/metaeval, issue 29), on generated tie-heavy data:
//  1. every statistic with bootstrap intervals for 12 metrics × 1,350 reviews (150 changes) × 1,000 resamples,
//     for each grouping, ranked by Spearman with bootstrap clusters, then with PERM-BOTH clusters (1,000
//     permutations) on acc_eq (Pearson at system level). Each table on one thread (the code a single worker
//     runs), then on a pool of worker threads (metaPool.ts: what the browser's pool of workers and the CLI run),
//     with wall and CPU time (CPU over all threads), the pool's size, and whether the two reports are identical;
//  2. Kendall τ-b, acc_eq and tie calibration pooled over 100,000 reviews.
// The pool: BENCH_THREADS, else the CPU count (up to 8), started once and kept. On a shared machine read the CPU
// times; the ideal split is the one-thread CPU time over the pool's size.
//   npm run bench:metaeval
import { mulberry32 } from '../src/core/bootstrap.ts';
import { kendallTauB } from '../src/core/stats.ts';
import { accEq, calibrateTies, createMetaEval, GROUPINGS, metaEvaluatePooled, type RankStatistic } from '../src/core/metaeval/index.ts';
import { record } from './summary.ts';
import { metaevalThreadPool } from '../src/cli/metaeval/metaevalWorkers.ts';
import os from 'node:os';
import { metaEvalData } from '../src/testing/metaevalData.ts';

// Wall time, and the process's CPU time beside it (all its threads): on a shared machine the wall clock measures
// the neighbours too.
async function time<T>(f: () => T | Promise<T>): Promise<{ v: T; wall: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const v = await f();
  const c = process.cpuUsage(c0);
  return { v, wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}
const secs = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(2)} s wall (CPU ${t.cpu.toFixed(2)} s)`;

const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const POOL = Number(process.env.BENCH_THREADS) || Math.max(1, Math.min(8, os.availableParallelism()));
const { records, metrics: cols } = metaEvalData(150, 9, 12, 1); // 1,350 reviews
console.log(`12 metrics × ${records.length} reviews × ${B} resamples; pool of ${POOL} worker threads (${os.availableParallelism()} CPUs)`);
// The pool is started once and kept, as the browser keeps its workers (the CLI starts one per run).
const started = await time(async () => {
  const pool = await metaevalThreadPool(POOL);
  if (!pool) throw new Error('the worker threads could not be bundled (esbuild)');
  // A small job, so every thread has booted and compiled the kernels' entry points before the timed tables.
  await metaEvaluatePooled({ records: records.slice(0, 90), metrics: cols.map((m) => ({ ...m, values: m.values.slice(0, 90) })), options: { resamples: 10 } }, pool.workers);
  return pool;
});
const threads = started.v;
console.log(`  pool started (bundle + ${POOL} threads) in ${secs(started)}`);
// BENCH_GROUPINGS=none,item runs only those groupings; BENCH_SKIP_SCALE=1 skips the 100,000-review part;
// BENCH_SKIP_POOLED_PERM=1 skips the PERM-BOTH tables.
const only = process.env.BENCH_GROUPINGS?.split(',');
for (const grouping of GROUPINGS.filter((g) => !only || only.includes(g))) {
  const tables: { statistic: RankStatistic; test: 'perm-both' | 'bootstrap'; what: string }[] = [{ statistic: 'spearman', test: 'bootstrap', what: 'ranked by Spearman, bootstrap clusters' }];
  if (!process.env.BENCH_SKIP_POOLED_PERM) {
    const statistic = grouping === 'system' ? ('pearson' as const) : ('acc_eq' as const);
    tables.push({ statistic, test: 'perm-both', what: `PERM-BOTH clusters on ${statistic === 'pearson' ? 'Pearson' : 'acc_eq'}` });
  }
  for (const t of tables) {
    const options = { grouping, resamples: B, seed: 1, statistic: t.statistic, test: t.test };
    const one = await time(() => {
      const s = createMetaEval(records, cols, options);
      s.step(B);
      return s.result();
    });
    const pool = await time(() => metaEvaluatePooled({ records, metrics: cols, options }, threads.workers));
    const same = JSON.stringify(one.v) === JSON.stringify(pool.v);
    const ideal = one.cpu / POOL;
    console.log(`  ${grouping.padEnd(6)} every statistic with intervals, ${t.what} (${one.v.comparisons.length} pairs tested):`);
    console.log(`         one thread ${secs(one)}; pool of ${POOL}: ${secs(pool)}, ideal split ${ideal.toFixed(2)} s; reports ${same ? 'identical' : 'DIFFER'}`);
    record({
      what: `meta-eval ${grouping}: all statistics + CIs, ${t.what}, 12 × 1,350 × ${B}, pool of ${POOL} (one thread: ${one.wall.toFixed(2)} s wall, CPU ${one.cpu.toFixed(2)} s)`,
      value: `${pool.wall.toFixed(2)} s wall, CPU ${pool.cpu.toFixed(2)} s`,
      target: '< 5 s',
      met: pool.wall < 5,
    });
    if (!same) process.exitCode = 1;
  }
}

await threads.end();
if (process.env.BENCH_SKIP_SCALE) process.exit();
const N = 100_000;
const r = mulberry32(3);
const hx = Array.from({ length: N }, () => r());
const h = hx.map((v) => Math.round(v * 4) / 4);
const x = hx.map((v) => Math.round((v + (r() - 0.5) * 0.6) * 20) / 20);
const { v: k, wall: tK } = await time(() => kendallTauB(x, h).r);
const { v: a, wall: tA } = await time(() => accEq(x, h, 0.05));
const { v: cal, wall: tC } = await time(() => calibrateTies([{ x, h }], { seed: 1 }));
const total = tK + tA + tC;
console.log(`\n${N.toLocaleString('en')} reviews pooled: Kendall ${k.toFixed(4)} in ${(tK * 1000).toFixed(0)} ms, acc_eq(ε 0.05) ${a.toFixed(4)} in ${(tA * 1000).toFixed(0)} ms, tie calibration ε ${cal.eps.toFixed(3)} acc ${cal.acc.toFixed(4)} (${cal.method}, ${cal.candidates} candidates) in ${(tC * 1000).toFixed(0)} ms; total ${total.toFixed(2)} s`);
record({ what: 'meta-eval pooled at 100,000 reviews: Kendall + acc_eq + tie calibration', value: `${total.toFixed(2)} s`, target: '< 2 s', met: total < 2 });
