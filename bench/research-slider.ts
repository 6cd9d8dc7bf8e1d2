// The Research τ slider, issue 14 item 5 and issue 16: a keyboard step re-scores every review and repaints the
// tables, the curve's and the histogram's τ line, the scatter and the examples. Times, inside the page, from the
// keydown event to the next painted frame (rAF, then a posted task), in the production build (vite preview):
//   - the dev split (1,296 reviews) when ../shared/data is present (or BENCH_DATASET), lexical similarity;
//   - a generated dataset of 100,000 reviews (the project's sample, scaled: 25,000 changes × 4 systems).
// The correlations are recomputed once the slider rests (not per step), in a compute worker; the table is marked
// "updating" until then. Printed apart: the time from the last step to the settled correlations, and the longest
// main-thread task (PerformanceObserver 'longtask') while stepping and settling, until the bootstrap (started
// once the slider rests) is done.
//   npm run bench:research-slider [-- --steps 100] [--no-large]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { sampleJsonl } from '../src/core/importers/sample.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';
import { recordLongTasks } from './longTasks.ts';

const args = process.argv.slice(2);
const steps = Number(args[args.indexOf('--steps') + 1]) || 100;
const port = Number(process.env.BENCH_PORT ?? 5216);
const DEV = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

type Hook = {
  getState(): {
    progress: { phase: string };
    results: { prepared: { items: unknown[] } } | null;
    tau: number;
    setTau(t: number): void;
    flushCorrelations(): Promise<void>;
    correlationsPending: boolean;
    setConfig(p: object): void;
    run(): Promise<void>;
  };
};

async function load(page: Page, file: string, scoring: 'hard' | 'graded') {
  await page.goto(`http://localhost:${port}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = r.onerror = r.onblocked = () => res(null); }));
  await page.reload();
  await page.getByTestId('research-file').setInputFiles(file);
  await page.getByTestId('import-summary').waitFor({ timeout: 600_000 });
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-scoring').selectOption(scoring);
  const t0 = Date.now();
  // A large dataset's run keeps the main thread busy for a while: no click timeout.
  await page.getByTestId('research-run').click({ timeout: 0 });
  await page.locator('[data-testid="research-progress"][data-phase="done"]').waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="curve-chart"] [data-testid="curve-svg"]').waitFor({ timeout: 900_000 });
  return (Date.now() - t0) / 1000;
}

/** Presses arrow keys on the τ slider; per step, keydown → next painted frame. */
async function slide(page: Page): Promise<{ frame: number[]; reviews: number; corrMs: number; longest: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __b: { t0: number; frame: number[] } };
    w.__b = { t0: 0, frame: [] };
    const slider = document.querySelector('[data-testid="research-tau"]')!;
    slider.addEventListener('keydown', (e) => (w.__b.t0 = e.timeStamp), { capture: true });
    slider.addEventListener('input', () => {
      const t0 = w.__b.t0;
      // After React's commit of this discrete event: the next frame, then a task (the frame is painted).
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.__b.frame.push(performance.now() - t0);
        ch.port2.postMessage(0);
      });
    });
  });
  const slider = page.getByTestId('research-tau');
  await slider.focus();
  for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowRight');
  await page.evaluate(() => ((window as unknown as { __b: { frame: number[] } }).__b.frame = []));
  const from = await page.evaluate(() => performance.now());
  for (let k = 0; k < steps; k++) {
    await page.keyboard.press(Math.floor(k / 25) % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForFunction((n) => (window as unknown as { __b: { frame: number[] } }).__b.frame.length >= n, k + 1);
  }
  const out = await page.evaluate(async () => {
    const hook = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch;
    // The rest after the last step: the worker's agreement, correlation rows and by-language land (wall time).
    const c0 = performance.now();
    for (;;) {
      if (!hook.getState().correlationsPending) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const corrMs = performance.now() - c0;
    return { frame: (window as unknown as { __b: { frame: number[] } }).__b.frame, reviews: hook.getState().results!.prepared.items.length, corrMs };
  });
  // The work a rest starts after the correlations (the bootstrap's records, packed and posted 500 ms later) counts
  // too: the longest task is read once the bootstrap is done.
  await page.waitForFunction(() => {
    const u = (globalThis as unknown as { __crscoreUncertainty?: { getState(): { status: string } } }).__crscoreUncertainty;
    return !u || ['done', 'idle', 'error'].includes(u.getState().status);
  }, null, { timeout: 120_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const longest = await page.evaluate((f) => Math.max(0, ...(window as unknown as { __lt: { s: number; d: number }[] }).__lt.filter((t) => t.s >= f).map((t) => t.d)), from);
  return { ...out, longest };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-rslider-'));
const outDir = path.join(tmp, 'dist');
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ preview: { port, strictPort: true }, build: { outDir }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await recordLongTasks(page);
  const rows: string[] = [];
  const measure = async (name: string, file: string, scoring: 'hard' | 'graded', target: number) => {
    const runS = await load(page, file, scoring);
    const r = await slide(page);
    const p95 = pct(r.frame, 95);
    rows.push(`| ${name} | ${r.reviews} | ${scoring} | ${pct(r.frame, 50).toFixed(1)} | ${p95.toFixed(1)} | ${Math.max(...r.frame).toFixed(1)} | ${r.longest.toFixed(0)} | ${r.corrMs.toFixed(1)} | ${runS.toFixed(1)} |`);
    record({ what: `Research τ slider, longest main-thread task while stepping and settling (${name}, ${scoring})`, value: `${r.longest.toFixed(0)} ms`, target: '< 50 ms', met: r.longest < 50 });
    record({ what: `Research τ slider, keyboard step → painted frame, p95 (${name}, ${r.reviews.toLocaleString('en')} reviews, ${scoring})`, value: `${p95.toFixed(1)} ms`, target: `< ${target} ms`, met: p95 < target });
  };
  if (fs.existsSync(DEV)) {
    await measure('dev split', DEV, 'hard', 100);
    await measure('dev split', DEV, 'graded', 100);
  } else console.log(`dev split absent (${DEV}): its rows are skipped (set BENCH_DATASET).`);
  if (!args.includes('--no-large')) {
    const big = path.join(tmp, 'generated-100k.jsonl');
    fs.writeFileSync(big, sampleJsonl(25_000, 11));
    await measure('generated', big, 'hard', 200);
  }
  console.log(`\nResearch τ slider, production build (vite preview), Chromium ${browser.version()}, lexical similarity, ${steps} keyboard steps`);
  console.log('| dataset | reviews | scoring | p50 ms | p95 ms | max ms | longest task ms | last step → correlations settled, ms | import → scored, s |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
} finally {
  await browser.close();
  await new Promise<void>((res) => server.httpServer.close(() => res()));
  fs.rmSync(tmp, { recursive: true, force: true });
}
