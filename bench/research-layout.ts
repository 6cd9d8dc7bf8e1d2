// What a researcher meets in Research after one run: the page's height, its sections, controls and tables, at
// 1024×768 and 1440×900. Prints figures, never asserts (the journey spec e2e/journey-researcher.spec.ts asserts).
//   npm run bench:research-layout            (builds, serves on BENCH_PORT, default 5217)
//   BENCH_DIST=dir npm run bench:research-layout   (measures an existing build instead)
// Datasets: the app's sample (always) and the human study's dev half when ../shared/data is present (BENCH_DATASET).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS } from './summary.ts';

const port = Number(process.env.BENCH_PORT ?? 5217);
const DEV = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

interface Figures {
  height: number;
  screens: number;
  sections: number;
  headings: string[];
  controls: number;
  tables: number;
  agreementTables: number;
  systemTables: number;
}

// A string, not a function: tsx's helpers (__name) do not exist in the page.
const MEASURE = `(() => {
  const root = document.querySelector('[data-testid="research"]');
  const vis = (e) => e.checkVisibility() && e.getBoundingClientRect().width > 0;
  const all = (sel) => Array.from(root.querySelectorAll(sel)).filter(vis);
  const tables = all('table');
  const head = (t) => Array.from(t.querySelectorAll('thead th')).map((th) => th.textContent || '').join(' | ');
  const height = document.scrollingElement.scrollHeight;
  return {
    height,
    screens: Math.round((height / innerHeight) * 10) / 10,
    sections: all('section').length,
    headings: all('h2, h3').map((h) => (h.textContent || '').trim().slice(0, 40)),
    controls: all('button, input, select, textarea, summary, a[href]').length,
    tables: tables.length,
    agreementTables: tables.filter((t) => /human Con|Spearman/.test(head(t)) && !/System/.test(head(t))).length,
    systemTables: tables.filter((t) => /System/.test(head(t))).length,
  };
})()`;

/** Counts only what is on the page and visible (closed <details> and unopened sub-views are not). */
const measure = (page: Page): Promise<Figures> => page.evaluate(MEASURE) as Promise<Figures>;

async function run(page: Page, file: string | null) {
  await page.goto(`http://localhost:${port}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = r.onerror = r.onblocked = () => res(null); }));
  await page.reload();
  if (file) await page.getByTestId('research-file').setInputFiles(file);
  else await page.getByTestId('research-sample').click();
  await page.getByTestId('import-summary').waitFor();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await page.locator('[data-testid="research-progress"][data-phase="done"]').waitFor({ timeout: 300_000 });
  await page.locator('[data-testid="curve-chart"] [data-testid="curve-svg"]').waitFor({ timeout: 300_000 });
  await page.waitForTimeout(1500); // the intervals arrive from their worker after τ rests
}

let dist = process.env.BENCH_DIST;
if (!dist) {
  dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-rlayout-')), 'dist');
  await build({ logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
}
const server = await preview({ preview: { port, strictPort: true }, build: { outDir: dist }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const datasets: [string, string | null][] = [['sample', null]];
  if (fs.existsSync(DEV)) datasets.push(['dev half', DEV]);
  else console.log(`dev half absent (${DEV}): its rows are skipped (set BENCH_DATASET).`);
  console.log('| dataset | viewport | height px | screens | sections | headings | controls | tables | agreement tables | system tables |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const detail: string[] = [];
  for (const [name, file] of datasets) {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      await context.route(/huggingface\.co|hf\.co/, (r) => r.abort('internetdisconnected'));
      const page = await context.newPage();
      await run(page, file);
      const f = await measure(page);
      console.log(`| ${name} | ${size.width}×${size.height} | ${f.height} | ${f.screens} | ${f.sections} | ${f.headings.length} | ${f.controls} | ${f.tables} | ${f.agreementTables} | ${f.systemTables} |`);
      if (size.width === 1024) detail.push(`${name}: ${f.headings.join(' · ')}`);
      await context.close();
    }
  }
  console.log('\nVisible headings at 1024×768:');
  for (const d of detail) console.log(`- ${d}`);
} finally {
  await browser.close();
  server.httpServer.close();
}
