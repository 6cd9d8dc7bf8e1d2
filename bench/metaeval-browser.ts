// The meta-evaluation in the browser's workers: the same 12 metrics × 1,350 reviews × 1,000 resamples as
// bench/metaeval.ts, each table computed by the app's pool (src/store/metaeval/metaevalPool.ts, one worker per core that
// navigator.hardwareConcurrency reports) in Debian's Chromium, timed from the call to the report. Each table runs
// twice: the first includes the workers' start and the JIT's warm-up, the second is what a user waits for when
// they change the grouping or the statistic. Figures only; nothing is asserted. What a person waits for in the app
// itself (opening the lab, each change, first time and back) is bench/metaeval-page.ts.
//   npx tsx bench/metaeval-browser.ts        BENCH_PORT=5218 BENCH_RESAMPLES=1000
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5218);
const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'warn' });
await server.listen();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  // A blank document of the server's origin: the bench imports the modules itself, not the app.
  await page.route('**/bench-blank', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.goto(`http://localhost:${PORT}/bench-blank`);
  const tables = [
    { grouping: 'none', statistic: 'spearman', test: 'bootstrap' },
    { grouping: 'none', statistic: 'acc_eq', test: 'perm-both' },
    { grouping: 'item', statistic: 'spearman', test: 'bootstrap' },
    { grouping: 'item', statistic: 'acc_eq', test: 'perm-both' },
    { grouping: 'system', statistic: 'spearman', test: 'bootstrap' },
    { grouping: 'system', statistic: 'pearson', test: 'perm-both' },
  ];
  const out = await page.evaluate(
    async ({ tables, B }) => {
      const { metaEvalData } = await import('/src/testing/metaevalData.ts' as string);
      const { metaEvaluateInPool, METAEVAL_POOL_SIZE } = await import('/src/store/metaeval/metaevalPool.ts' as string);
      const { records, metrics } = metaEvalData(150, 9, 12, 1);
      const rows: { table: string; first: number; warm: number; pairs: number }[] = [];
      for (const t of tables) {
        const job = { records, metrics, options: { ...t, resamples: B, seed: 1 } };
        const t0 = performance.now();
        await metaEvaluateInPool(job);
        const t1 = performance.now();
        const rep = await metaEvaluateInPool(job);
        rows.push({ table: `${t.grouping}, ${t.statistic}, ${t.test}`, first: (t1 - t0) / 1000, warm: (performance.now() - t1) / 1000, pairs: rep.comparisons.length });
      }
      return { pool: METAEVAL_POOL_SIZE as number, reviews: records.length as number, rows };
    },
    { tables, B },
  );
  console.log(`Meta-evaluation in Chromium's workers: 12 metrics × ${out.reviews} reviews × ${B} resamples, pool of ${out.pool} (hardwareConcurrency)`);
  console.log('| table | first run s (workers start) | again s | pairs tested |');
  console.log('|---|---:|---:|---:|');
  for (const r of out.rows) {
    console.log(`| ${r.table} | ${r.first.toFixed(2)} | ${r.warm.toFixed(2)} | ${r.pairs} |`);
    record({ what: `meta-eval in the browser's workers, ${r.table}, 12 × ${out.reviews} × ${B}, pool of ${out.pool}`, value: `${r.warm.toFixed(2)} s (first ${r.first.toFixed(2)} s)`, target: '< 5 s', met: r.warm < 5 });
  }
} finally {
  await browser.close();
  await server.close();
}
