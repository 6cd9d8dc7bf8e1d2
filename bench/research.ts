// Research mode in the browser: the whole dev split scored with the bundled USE-lite encoder (cold: empty
// IndexedDB cache; warm: every vector cached), and the 101-value correlation-vs-τ curve recomputed and redrawn.
//   npm run bench:research
//   BENCH_DATASET=path/to.jsonl BENCH_PORT=5205 BENCH_REPEATS=5 npm run bench:research
// Starts `vite` (dev) on BENCH_PORT (default 5205) and stops it at the end. Prints figures; never asserts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { record } from './summary.ts';

const DATASET = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const PORT = Number(process.env.BENCH_PORT ?? 5205);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const MEMORY_RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 10);

if (!fs.existsSync(DATASET)) {
  console.log(`bench:research skipped: ${DATASET} is absent (set BENCH_DATASET).`);
  process.exit(0);
}

async function startVite(): Promise<ChildProcess> {
  const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(PORT), '--strictPort'], { stdio: 'pipe' });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/`)).ok) return vite;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  vite.kill();
  throw new Error(`vite did not start on port ${PORT}`);
}

type Hook = {
  getState(): {
    progress: { phase: string; done: number; total: number; cached: number };
    results: { runMs: number; prepared: { items: unknown[] }; engine: { model: string; backend: string; dtype: string } | null; calibration: { tau: number } } | null;
    recomputeCurve(): Promise<number>;
  };
};

/** Clicks Score and waits for done; wall time measured in the page from the click to the results' paint. */
async function scoreRun(page: Page): Promise<{ ms: number; total: number; cached: number; runMs: number }> {
  return page.evaluate(async () => {
    const st = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch;
    const t0 = performance.now();
    (document.querySelector('[data-testid="research-run"]') as HTMLButtonElement).click();
    // A plain loop: tsx would wrap a named inner function in __name(), which the page does not have.
    for (;;) {
      const p = st.getState().progress;
      if (p.phase === 'done' && document.querySelector('[data-testid="curve-chart"] [data-testid="curve-svg"]')) break;
      if (p.phase === 'error' || p.phase === 'cancelled') throw new Error(`run ended: ${p.phase}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const s = st.getState();
    return { ms: performance.now() - t0, total: s.progress.total, cached: s.progress.cached, runMs: s.results!.runMs };
  });
}

const vite = await startVite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`http://localhost:${PORT}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = () => res(null); r.onerror = () => res(null); r.onblocked = () => res(null); }));
  await page.reload();
  await page.getByTestId('research-file').setInputFiles(DATASET);
  await page.getByTestId('import-summary').waitFor();
  await page.getByTestId('research-similarity').selectOption('use-lite');

  const cold = await scoreRun(page);
  const info = await page.evaluate(() => {
    const r = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().results!;
    return { reviews: r.prepared.items.length, engine: r.engine, tau: r.calibration.tau };
  });
  const warm = await scoreRun(page);

  // τ sweep: recompute the 101-point curve (Spearman and Kendall of Con, Comp, Rel) and wait for its paint.
  const sweeps: { computeMs: number; redrawMs: number }[] = [];
  for (let i = 0; i < REPEATS; i++) {
    sweeps.push(
      await page.evaluate(async () => {
        const st = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch;
        const t0 = performance.now();
        const computeMs = await st.getState().recomputeCurve();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return { computeMs, redrawMs: performance.now() - t0 };
      }),
    );
  }
  const med = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  // Memory: the page's JS heap after a forced GC, after the first scored run and after each of
  // MEMORY_RUNS more (warm cache, so each run rebuilds every result). It must not grow run after run.
  const cdp = await page.context().newCDPSession(page);
  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 2 ** 20;
  };
  const heaps = [await heapMb()];
  for (let i = 0; i < MEMORY_RUNS; i++) {
    await scoreRun(page);
    heaps.push(await heapMb());
  }
  const lex = await (async () => {
    await page.getByTestId('research-similarity').selectOption('lexical');
    return scoreRun(page);
  })();

  console.log(`\nResearch mode, ${path.basename(DATASET)}: ${info.reviews} reviews, ${cold.total} distinct texts, encoder ${info.engine?.model} (${info.engine?.backend}, ${info.engine?.dtype}); calibrated τ ${info.tau.toFixed(4)}\n`);
  console.log('| what | seconds | note |\n|---|---:|---|');
  console.log(`| score whole split, USE-lite, cold cache | ${(cold.ms / 1000).toFixed(1)} | ${cold.total - cold.cached} texts embedded by the research embedding workers (one per core) (target < 120 s) |`);
  console.log(`| score whole split, USE-lite, warm cache | ${(warm.ms / 1000).toFixed(2)} | ${warm.cached}/${warm.total} texts from IndexedDB |`);
  console.log(`| score whole split, lexical | ${(lex.ms / 1000).toFixed(2)} | no encoder |`);
  console.log(`| 101-τ correlation curve: compute (median of ${REPEATS}) | ${(med(sweeps.map((s) => s.computeMs)) / 1000).toFixed(3)} | Spearman + Kendall × Con/Comp/Rel |`);
  console.log(`| 101-τ correlation curve: compute + redraw (median of ${REPEATS}) | ${(med(sweeps.map((s) => s.redrawMs)) / 1000).toFixed(3)} | until the next paint (target < 0.5 s) |`);
  const growth = heaps[heaps.length - 1] - heaps[0];
  console.log(`\nJS heap of the page after GC (MB), after the cold and warm runs, then after each of ${MEMORY_RUNS} more:`);
  console.log(heaps.map((h) => h.toFixed(1)).join(' → '));
  console.log(`growth over the ${MEMORY_RUNS} repeated runs: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB`);

  const coldS = cold.ms / 1000;
  const redraw = med(sweeps.map((s) => s.redrawMs)) / 1000;
  record({ what: `whole dev split in the browser, USE-lite, cold cache (${info.reviews} reviews)`, value: `${coldS.toFixed(1)} s`, target: '< 120 s', met: coldS < 120 });
  record({ what: 'whole dev split, USE-lite, warm cache', value: `${(warm.ms / 1000).toFixed(2)} s` });
  record({ what: '101-value τ sweep over the dev split: compute + redraw', value: `${redraw.toFixed(3)} s`, target: '< 0.5 s', met: redraw < 0.5 });
  record({ what: 'page JS heap after scoring the dev split (after GC)', value: `${heaps[0].toFixed(1)} MB` });
  record({ what: `page JS heap growth over ${MEMORY_RUNS} more runs`, value: `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB (${heaps.map((h) => h.toFixed(0)).join(', ')})`, target: 'no growth (< 5 MB)', met: growth < 5 });
} finally {
  await browser.close();
  vite.kill();
}
