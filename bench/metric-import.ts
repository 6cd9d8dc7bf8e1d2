// Importing a metric's per-review scores (issue 38), in Chromium: a 1,000,000-row CSV against 1,000,000 reviews.
// Before: the page read the file (papaparse, one object per row) on its own thread at the import, and again at
// every regroup (compute() re-read every import). After: a worker parses it once into typed columns and matches
// them once per run against the run's reviews, which the page sends it once (scoresParse.worker.ts); a regroup
// reuses the matched columns (metricImports.ts). Printed: the wall time of each step and the longest task the page's thread ran meanwhile.
// Figures only; nothing is asserted.
//   npm run bench:metric-import        BENCH_PORT=5219 BENCH_ROWS=1000000
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { recordLongTasks } from './longTasks.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5219);
const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'warn' });
await server.listen();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await recordLongTasks(page);
  // tsx names the page function's inner arrows with __name(), which the page does not have.
  await page.addInitScript('globalThis.__name = (f) => f;');
  await page.route('**/bench-blank', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.goto(`http://localhost:${PORT}/bench-blank`);
  const out = await page.evaluate(async (N) => {
    const { readMetricScores } = await import('/src/core/metaeval/scoresFile.ts' as string);
    const { parseInWorker, importedScores } = await import('/src/store/metaeval/metricImports.ts' as string);
    const w = window as unknown as { __lt: { s: number; d: number }[] };
    const systems = ['knn_pred', 'lstm_pred', 'codereviewer_pred', 'gpt3.5_pred'];
    const keys = Array.from({ length: N }, (_, i) => ({ changeId: `py-${Math.floor(i / 4)}`, system: systems[i % 4] }));
    const lines = ['id,lang,system,human.rel,mine.rel,mine.con'];
    for (let i = 0; i < N; i++) lines.push(`${keys[i].changeId},py,${keys[i].system},0.5,${(i % 97) / 97},${(i % 13) / 13}`);
    const text = lines.join('\n') + '\n';
    const blob = new Blob([text]);
    // Wall time and the longest task the page ran during f.
    const timed = async (f: () => unknown) => {
      await new Promise((r) => setTimeout(r, 50));
      const t0 = performance.now();
      await f();
      const wall = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 50));
      const longest = Math.max(0, ...w.__lt.filter((e) => e.s >= t0 - 1 && e.s < t0 + wall).map((e) => e.d));
      return { wall, longest };
    };
    const before = { import: await timed(() => readMetricScores('mine', 'mine.csv', text, keys)), regroup: await timed(() => readMetricScores('mine', 'mine.csv', text, keys)) };
    let m: unknown;
    const parse = await timed(async () => (m = await parseInWorker({ name: 'mine', file: 'mine.csv', blob })));
    const match = await timed(() => importedScores(m, keys, null));
    const regroup = await timed(() => importedScores(m, keys, null));
    const check = (await importedScores(m, keys, null)) as { coverage: { matched: number } };
    if (check.coverage.matched !== N) throw new Error(`matched ${check.coverage.matched} of ${N}`);
    return { before, after: { parse, match, regroup }, bytes: text.length };
  }, N);
  const s = (t: { wall: number; longest: number }) => `${(t.wall / 1000).toFixed(2)} s (longest task on the page ${(t.longest / 1000).toFixed(2)} s)`;
  console.log(`Metric import, ${N.toLocaleString('en')} rows (${(out.bytes / 2 ** 20).toFixed(0)} MiB CSV) against ${N.toLocaleString('en')} reviews, Chromium:`);
  console.log(`  before: import (parse + match on the page) ${s(out.before.import)}; every regroup re-read it: ${s(out.before.regroup)}`);
  console.log(`  after:  parse in a worker ${s(out.after.parse)}; match once per run in the worker (the reviews sent there) ${s(out.after.match)}; regroup ${s(out.after.regroup)}`);
  const imp = out.after.parse.longest + out.after.match.longest;
  record({ what: `metric import, ${N} rows: the page's longest tasks (parse + match in the worker), before ${(out.before.import.longest / 1000).toFixed(2)} s`, value: `${(imp / 1000).toFixed(2)} s`, target: '< 1 s', met: imp < 1000 });
  record({ what: `metric import, ${N} rows: a regroup, before ${(out.before.regroup.wall / 1000).toFixed(2)} s`, value: `${(out.after.regroup.wall / 1000).toFixed(3)} s`, target: '< 0.05 s', met: out.after.regroup.wall < 50 });
} finally {
  await browser.close();
  await server.close();
}
