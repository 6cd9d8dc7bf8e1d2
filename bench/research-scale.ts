// Issue 30, in the browser: Research scores a dataset in the compute workers with the page never frozen.
// Production build (vite preview), Debian's Chromium, lexical similarity. For the dev half (when ../shared/data is
// present) and a generated dataset of about 86,000 reviews (bench/genDataset.ts copiedJsonl: the dev half copied with
// perturbed texts, or the project's sample where the data is absent), it prints:
//   - import: wall time and the longest main-thread task (PerformanceObserver 'longtask');
//   - scored: click on Score → every number on screen (correlations and curve), wall time, longest task;
//   - the reference-based metrics when first asked for (BLEU, chrF…, in the workers);
//   - the renderer's peak resident memory (VmHWM of Chromium's renderer processes);
//   - beside each, a floor: a bare Node loop doing the same arithmetic on one thread (prepare, lexical matrices,
//     index, scores at τ, agreement, the 101-τ curve; the reference metrics).
//   npm run bench:research-scale        BENCH_SCALE_REVIEWS=86409 BENCH_PORT=5217
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { agreement } from '../src/core/evaluate.ts';
import { correlationCurve, lexicalMatrices, prepare, refMetricValues, scoreAll, scorer } from '../src/core/research/index.ts';
import { tauGrid } from '../src/core/sweep.ts';
import { copiedJsonl } from './genDataset.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';
import { recordLongTasks } from './longTasks.ts';
import { rendererMemory } from './renderers.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5217);
const REVIEWS = Number(process.env.BENCH_SCALE_REVIEWS ?? 86_409);
const DEV = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));

/** Peak resident set of the renderer processes of the Chromium this bench started (its descendants), in bytes. */
const rendererPeak = (): number => Math.max(0, ...rendererMemory('VmHWM'));

/** The same arithmetic on one thread in Node, without a page: what the browser's figures are set beside. */
function floor(text: string) {
  const t0 = performance.now();
  const p = prepare(parseDatasetJsonl(text).rows, 'reference');
  const m = lexicalMatrices(p.items);
  const s = scorer('hard', p.items, m, 0.1);
  agreement(p.items, scoreAll(s, 0.2));
  correlationCurve(p.items, (tau) => scoreAll(s, tau), tauGrid(0, 1, 101));
  const scored = performance.now() - t0;
  const r0 = performance.now();
  refMetricValues(p);
  return { scored, refs: performance.now() - r0, reviews: p.items.length };
}

type Hook = { getState(): { progress: { phase: string }; refMetrics: { status: string }; ensureRefMetrics(): Promise<void>; results: { prepared: { items: unknown[] } } | null } };

async function longest(page: Page, from: number): Promise<number> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  return page.evaluate((f) => Math.max(0, ...(window as unknown as { __lt: { s: number; d: number }[] }).__lt.filter((t) => t.s >= f).map((t) => t.d)), from);
}

/** The renderer's resident set sampled every 100 ms, its peak kept per phase: which step holds the memory. */
function phaseSampler() {
  const peaks: Record<string, number> = {};
  let phase = 'start';
  const t0 = Date.now();
  const trace: string[] = [];
  const timer = setInterval(() => {
    const now = Math.max(0, ...rendererMemory('VmRSS'));
    peaks[phase] = Math.max(peaks[phase] ?? 0, now);
    if (process.env.BENCH_MEMORY_TRACE) trace.push(`${((Date.now() - t0) / 1000).toFixed(1)} ${phase} ${(now / 2 ** 20).toFixed(0)}`);
  }, 100);
  if (process.env.BENCH_MEMORY_TRACE) process.on('exit', () => fs.writeFileSync(process.env.BENCH_MEMORY_TRACE!, trace.join('\n')));
  return { set: (p: string) => void (phase = p), stop: () => clearInterval(timer), peaks };
}

/** What each JavaScript context holds (performance.measureUserAgentSpecificMemory: the page is cross-origin isolated). */
async function memoryBreakdown(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const m = await (performance as unknown as { measureUserAgentSpecificMemory(): Promise<{ bytes: number; breakdown: { bytes: number; attribution: { url: string; scope: string }[]; types: string[] }[] }> }).measureUserAgentSpecificMemory();
    const by = new Map<string, number>();
    for (const b of m.breakdown) {
      const a = b.attribution[0];
      const key = a ? `${a.scope} ${a.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')}` : b.types.join('+') || 'shared';
      by.set(key, (by.get(key) ?? 0) + b.bytes);
    }
    return `total ${(m.bytes / 2 ** 20).toFixed(0)}; ` + [...by].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(0)}`).join(', ');
  });
}

async function measure(page: Page, name: string, file: string, text: string) {
  const mem0 = phaseSampler();
  await page.goto(`http://localhost:${PORT}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = r.onerror = r.onblocked = () => res(null); }));
  await page.reload();
  const i0 = await page.evaluate(() => performance.now());
  const iw = Date.now();
  mem0.set('import');
  await page.getByTestId('research-file').setInputFiles(file);
  await page.getByTestId('import-summary').waitFor({ timeout: 600_000 });
  const importS = (Date.now() - iw) / 1000;
  const importLong = await longest(page, i0);
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-scoring').selectOption('hard');
  const s0 = await page.evaluate(() => performance.now());
  const sw = Date.now();
  mem0.set('scoring');
  await page.getByTestId('research-run').click({ timeout: 0 });
  await page.locator('[data-testid="research-progress"][data-phase="done"]').waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="curve-chart"] [data-testid="curve-svg"]').waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="correlation-table"][data-pending="false"]').waitFor({ timeout: 900_000 });
  const scoredS = (Date.now() - sw) / 1000;
  const scoreLong = await longest(page, s0);
  if (process.env.BENCH_MEMORY_BREAKDOWN) console.log(`${name}: memory after scoring, by context (MiB): ${await memoryBreakdown(page)}`);
  // The reference-based metrics, when a view first asks (the metric lab's default columns may already have).
  const r0 = await page.evaluate(() => performance.now());
  const rw = Date.now();
  mem0.set('reference metrics');
  await page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().ensureRefMetrics());
  await page.waitForFunction(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().refMetrics.status === 'done', null, { timeout: 900_000 });
  const refsS = (Date.now() - rw) / 1000;
  const refsLong = await longest(page, r0);
  // The larger of the renderers' own peak now and the samples: a renderer that has since exited (a cross-origin
  // isolated page changes process on navigation) is in the samples only.
  mem0.stop();
  const mem = Math.max(rendererPeak(), ...Object.values(mem0.peaks));
  console.log(`${name}: renderer resident peak by phase (MiB): ${Object.entries(mem0.peaks).map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(0)}`).join(', ')}`);
  const f = floor(text);
  const reviews = await page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().results!.prepared.items.length);
  const row = { name, reviews, importS, importLong, scoredS, scoreLong, refsS, refsLong, mem, floorScored: f.scored / 1000, floorRefs: f.refs / 1000 };
  const target = name === 'dev half' ? 1 : 30;
  const issue = name === 'dev half' ? 'Browser, dev half, scored' : 'Browser, 86k reviews lexical, scored';
  record({ what: `Research scored in the browser (${name}, ${reviews.toLocaleString('en')} reviews, lexical), click → every number`, value: `${scoredS.toFixed(2)} s (floor ${row.floorScored.toFixed(2)} s)`, target: `< ${target} s`, met: scoredS < target, issue, floor: `${row.floorScored.toFixed(2)} s` });
  record({ what: `Research scoring, longest main-thread task (${name})`, value: `${scoreLong.toFixed(0)} ms`, target: '< 50 ms', met: scoreLong < 50, issue });
  if (name !== 'dev half') record({ what: `Renderer peak memory (${name}, ${reviews.toLocaleString('en')} reviews)`, value: `${(mem / 2 ** 20).toFixed(0)} MiB`, target: '< 1 GiB', met: mem < 2 ** 30, issue: 'Browser renderer, 86k' });
  return row;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-bench-scale-'));
const outDir = path.join(tmp, 'dist');
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ preview: { port: PORT, strictPort: true }, build: { outDir }, logLevel: 'warn' });
const rows: Awaited<ReturnType<typeof measure>>[] = [];
try {
  const sets: [string, string][] = [];
  if (fs.existsSync(DEV)) sets.push(['dev half', fs.readFileSync(DEV, 'utf8')]);
  else console.log(`dev half absent (${DEV}): its row is skipped.`);
  if (REVIEWS > 0) sets.push([`generated`, copiedJsonl(REVIEWS, 30, fs.existsSync(DEV) ? fs.readFileSync(DEV, 'utf8') : undefined)]);
  for (const [name, text] of sets) {
    const file = path.join(tmp, `${name.replace(/\W+/g, '-')}.jsonl`);
    fs.writeFileSync(file, text);
    // A fresh browser per dataset, so the renderer's peak is this dataset's.
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...(process.env.BENCH_MEMORY_BREAKDOWN ? ['--enable-blink-features=ForceEagerMeasureMemory'] : [])] });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await recordLongTasks(page);
      // BENCH_CORES: the core count the page sees (it sizes the worker pools), to compare pool sizes.
      if (process.env.BENCH_CORES) await page.addInitScript((n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), Number(process.env.BENCH_CORES));
      rows.push(await measure(page, name, file, text));
      console.log(`Chromium ${browser.version()}`);
    } finally {
      await browser.close();
    }
  }
  console.log(`\nResearch at scale, production build, lexical similarity, ${os.cpus().length} cores (navigator.hardwareConcurrency sizes the worker pool)`);
  console.log('| dataset | reviews | import s (longest task ms) | scored s (longest task ms) | floor s, one thread | ratio | reference metrics s (longest task ms) | floor s | renderer peak MiB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.reviews} | ${r.importS.toFixed(2)} (${r.importLong.toFixed(0)}) | ${r.scoredS.toFixed(2)} (${r.scoreLong.toFixed(0)}) | ${r.floorScored.toFixed(2)} | ${(r.scoredS / r.floorScored).toFixed(2)} | ${r.refsS.toFixed(2)} (${r.refsLong.toFixed(0)}) | ${r.floorRefs.toFixed(2)} | ${(r.mem / 2 ** 20).toFixed(0)} |`);
} finally {
  await new Promise<void>((res) => server.httpServer.close(() => res()));
  fs.rmSync(tmp, { recursive: true, force: true });
}
