// Analyzers + tree claims on ~2,500 bare hunks in CodeReviewer's nine languages in the browser, as a person runs
// them: the generated table (src/testing/reviewTable.ts: patch, msg, lang, three binary labels, no reference)
// opened in Research's production build, mapped, and `offline` made in step 2 (the analyzers' worker). Prints the
// total time, the longest main-thread task over the run (target: none over 50 ms) and the counts. Prints figures;
// never fails on a missed target.
//   npm run bench:treelang-browser      (BENCH_TREELANG_N=500 for a quicker run)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { generateReviewTable, reviewTableCsv } from '../src/testing/reviewTable.ts';
import { recordLongTasks } from './longTasks.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4262);
const N = Number(process.env.BENCH_TREELANG_N ?? 2500);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-treelang-'));
const file = path.join(tmp, 'nine-languages.csv');
fs.writeFileSync(file, reviewTableCsv(generateReviewTable({ rows: N })));
const outDir = path.join(tmp, 'dist');
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ preview: { port: PORT, strictPort: true }, build: { outDir }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await recordLongTasks(page);
  await page.goto(`http://localhost:${PORT}/#research`);
  await page.getByTestId('research-file').setInputFiles(file);
  await page.getByTestId('human-mapping-apply').click();
  await page.getByTestId('human-prefs-offline').waitFor();
  // Long tasks from here on: the click, the worker's progress arriving, the result handed to Research.
  const from = await page.evaluate(() => performance.now());
  await page.getByTestId('prefs-generate').click();
  await page.getByTestId('human-prefs-result').waitFor({ timeout: 30 * 60_000 });
  const out = await page.evaluate((t0) => {
    const w = window as unknown as { __lt: { s: number; d: number }[] };
    const el = document.querySelector('[data-testid="human-prefs-result"]')!;
    const tasks = w.__lt.filter((x) => x.s + x.d >= t0);
    return {
      s: (performance.now() - t0) / 1000,
      longest: Math.max(0, ...tasks.map((x) => x.d)),
      over50: tasks.filter((x) => x.d > 50).length,
      tasks: tasks.filter((x) => x.d > 50).map((x) => `${((x.s - t0) / 1000).toFixed(2)} s: ${x.d.toFixed(0)} ms`),
      claims: Number(el.getAttribute('data-claims')),
      issues: Number(el.getAttribute('data-issues')),
      unscorable: Number(el.getAttribute('data-unscorable')),
    };
  }, from);
  console.log(
    `analyzers + tree claims in the browser's worker: ${N} hunks in 9 languages, ${out.s.toFixed(1)} s; longest main-thread task ${out.longest.toFixed(0)} ms (${out.over50} over 50 ms); ${out.claims} claims, ${out.issues} issues, ${out.unscorable} changes without pseudo-references`,
  );
  if (out.tasks.length) console.log(`  tasks over 50 ms (from the click): ${out.tasks.join(', ')}`);
  record({ what: `browser: analyzers + tree claims, ${N} hunks in 9 languages (worker)`, value: `${out.s.toFixed(1)} s, longest main-thread task ${out.longest.toFixed(0)} ms`, target: 'no task over 50 ms', met: out.longest <= 50 });
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
  fs.rmSync(tmp, { recursive: true, force: true });
}
