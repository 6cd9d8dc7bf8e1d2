// bench/embed.ts's USE-lite section: sentences/s of the bundled encoder on the human study's dev half (a sample of
// its texts, longest first), for the CLI (Node) and the browser (the production build, `vite build --mode e2e`
// into bench/out/dist-embed, served by `vite preview`): one thread, every core (CLI: worker threads; browser:
// one embedding worker per core, as Research runs them), and the bare loop over the same model on the same threads
// (the floor: tokenize, run the graph, read back; nothing else). Then the batch size the backend likes, and the
// whole dev half end to end: `crscore eval --encoder use-lite` and Research's cold run in the production build.
// Each case runs BENCH_REPEATS times, interleaved; the best is kept (the machine is shared).
//   BENCH_MODELS=use-lite npm run bench:embed
//   BENCH_WHOLE=0 …        # skip the two whole-dev-half runs;  BENCH_TEXTS=400 …   # sample size
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { chromium, type Browser } from 'playwright-core';
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { prepare, textsToEmbed } from '../src/core/research/index.ts';
import { batches, longestFirst, MAX_BATCH } from '../src/embed/batching.ts';
import { createNodeEncoder } from '../src/embed/node.ts';
import { startTsWorker } from '../src/embed/useliteThreads.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const DATASET = path.resolve(process.env.BENCH_DATASET ?? '../shared/data/crscore-human-study/dev.jsonl');
/** The preview of the production build, on bench/embed.ts's port (its dev server has closed by then). */
const PORT = Number(process.env.BENCH_PORT ?? 5211);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const SIZE = Number(process.env.BENCH_TEXTS ?? 400);
const CORES = os.availableParallelism();
const DIST = path.resolve('bench/out/dist-embed');
const WARM = ['warm up', 'a second, longer sentence to warm the model up with'];

interface Row {
  side: 'CLI' | 'browser';
  engine: string;
  threads: number;
  perSecond: number;
}

/** Every `step`-th text of the dev half: lengths as the whole half has them. */
function sample(all: string[]): string[] {
  const step = Math.max(1, Math.floor(all.length / SIZE));
  return all.filter((_, i) => i % step === 0).slice(0, SIZE);
}

async function nodeApp(texts: string[], threads: number): Promise<number> {
  const enc = await createNodeEncoder('use-lite', { threads });
  await enc.embed(WARM);
  const t = performance.now();
  await enc.embed(texts);
  const s = (performance.now() - t) / 1000;
  await enc.dispose?.();
  return texts.length / s;
}

/** The floor in Node: `threads` worker threads, each running bare batches from one queue. */
async function nodeRaw(texts: string[], threads: number, batch = MAX_BATCH): Promise<number> {
  const workers: Worker[] = [];
  const waiting = new Map<Worker, { resolve(): void; reject(e: Error): void }>();
  const call = (w: Worker, msg: string[] | null) =>
    new Promise<void>((resolve, reject) => {
      waiting.set(w, { resolve, reject });
      if (msg) w.postMessage(msg);
    });
  for (let i = 0; i < threads; i++) {
    const w = startTsWorker(new URL('./useLiteRawNode.ts', import.meta.url));
    w.on('message', (m: { ok: boolean; error?: string }) => (m.ok ? waiting.get(w)?.resolve() : waiting.get(w)?.reject(new Error(m.error))));
    w.on('error', (e: Error) => waiting.get(w)?.reject(e));
    workers.push(w);
  }
  try {
    await Promise.all(workers.map((w) => call(w, null)));
    await Promise.all(workers.map((w) => call(w, WARM)));
    const todo = batches(longestFirst(texts), batch);
    let next = 0;
    const t = performance.now();
    await Promise.all(workers.map(async (w) => {
      while (next < todo.length) await call(w, todo[next++]);
    }));
    return texts.length / ((performance.now() - t) / 1000);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

async function browserRate(browser: Browser, how: 'app' | 'raw', workers: number, texts: string[], batch: number) {
  const page = await browser.newPage();
  try {
    await page.goto(`http://localhost:${PORT}/e2e-embed.html`);
    await page.waitForFunction(() => !!window.__embed);
    const r = await page.evaluate(
      ([h, w, t, b, warm]) => window.__embed!.useLiteRate(h, w, t, b, warm),
      [how, workers, texts, batch, WARM] as const,
    );
    return { perSecond: texts.length / r.seconds, threads: r.threads * workers };
  } finally {
    await page.close();
  }
}

async function best(run: () => Promise<number>): Promise<number> {
  let top = 0;
  for (let i = 0; i < REPEATS; i++) top = Math.max(top, await run());
  return top;
}

/** `crscore eval --encoder use-lite` on the dev half, wall seconds (vectors are not cached between CLI runs). */
function cliWhole(): number {
  const t = performance.now();
  execFileSync(process.execPath, ['bin/crscore.mjs', 'eval', '--dataset', DATASET, '--encoder', 'use-lite', '--json'], { stdio: 'ignore' });
  return (performance.now() - t) / 1000;
}

/** Research in the production build: import the dev half, score with USE-lite on an empty cache, then again (cached). */
async function researchWhole(browser: Browser): Promise<{ cold: number; warm: number; threads: number }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await page.goto(`http://localhost:${PORT}/#research`);
    await page.evaluate(() => new Promise((res) => {
      const r = indexedDB.deleteDatabase('crscore-research');
      r.onsuccess = r.onerror = r.onblocked = () => res(null);
    }));
    await page.reload();
    await page.getByTestId('research-file').setInputFiles(DATASET);
    await page.getByTestId('import-summary').waitFor();
    await page.getByTestId('research-similarity').selectOption('use-lite');
    const score = () =>
      page.evaluate(async () => {
        type St = { getState(): { progress: { phase: string }; results: { engine: { threads: number } | null } | null } };
        const st = (globalThis as unknown as { __crscoreResearch: St }).__crscoreResearch;
        const t0 = performance.now();
        (document.querySelector('[data-testid="research-run"]') as HTMLButtonElement).click();
        for (;;) {
          const p = st.getState().progress;
          if (p.phase === 'done' && document.querySelector('[data-testid="curve-chart"] [data-testid="curve-svg"]')) break;
          if (p.phase === 'error' || p.phase === 'cancelled') throw new Error(`run ended: ${p.phase}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        return { s: (performance.now() - t0) / 1000, threads: st.getState().results?.engine?.threads ?? 0 };
      });
    const cold = await score();
    const warm = await score();
    return { cold: cold.s, warm: warm.s, threads: cold.threads };
  } finally {
    await page.close();
  }
}

export async function benchUseLite(): Promise<void> {
  if (!fs.existsSync(DATASET)) {
    console.log(`USE-lite: skipped, ${DATASET} is absent (set BENCH_DATASET).`);
    return;
  }
  const all = textsToEmbed(prepare(parseDatasetJsonl(fs.readFileSync(DATASET, 'utf8')).rows, 'reference'), true);
  const texts = sample(all);
  console.log(`USE-lite: ${texts.length} of the dev half's ${all.length} texts, ${CORES} cores, load average ${os.loadavg()[0].toFixed(1)}`);
  console.log('building the production bundle (vite build --mode e2e) into bench/out/dist-embed …');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'e2e', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  const preview = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--outDir', DIST, '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
  let browser: Browser | null = null;
  const rows: Row[] = [];
  const sizes: { side: string; batch: number; perSecond: number }[] = [];
  try {
    for (let i = 0; i < 120; i++) {
      if (await fetch(`http://localhost:${PORT}/`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const b = browser;
    const cases: { row: Omit<Row, 'perSecond'>; run: () => Promise<number> }[] = [
      { row: { side: 'CLI', engine: 'app (createNodeEncoder)', threads: 1 }, run: () => nodeApp(texts, 1) },
      { row: { side: 'CLI', engine: 'app (createNodeEncoder)', threads: CORES }, run: () => nodeApp(texts, CORES) },
      { row: { side: 'CLI', engine: 'bare loop (floor)', threads: 1 }, run: () => nodeRaw(texts, 1) },
      { row: { side: 'CLI', engine: 'bare loop (floor)', threads: CORES }, run: () => nodeRaw(texts, CORES) },
      { row: { side: 'browser', engine: 'app (embedding workers)', threads: 1 }, run: async () => (await browserRate(b, 'app', 1, texts, MAX_BATCH)).perSecond },
      { row: { side: 'browser', engine: 'app (embedding workers)', threads: CORES }, run: async () => (await browserRate(b, 'app', CORES, texts, MAX_BATCH)).perSecond },
      { row: { side: 'browser', engine: 'bare loop (floor)', threads: 1 }, run: async () => (await browserRate(b, 'raw', 1, texts, MAX_BATCH)).perSecond },
      { row: { side: 'browser', engine: 'bare loop (floor)', threads: CORES }, run: async () => (await browserRate(b, 'raw', CORES, texts, MAX_BATCH)).perSecond },
    ];
    const found = cases.map(() => 0);
    for (let r = 0; r < REPEATS; r++)
      for (const [i, c] of cases.entries()) {
        found[i] = Math.max(found[i], await c.run());
        console.log(`  ${c.row.side} ${c.row.engine}, ${c.row.threads} thread(s): ${found[i].toFixed(1)} sentences/s (best so far)`);
      }
    cases.forEach((c, i) => rows.push({ ...c.row, perSecond: found[i] }));
    for (const batch of [8, 16, 32, 64, 128]) {
      sizes.push({ side: 'CLI', batch, perSecond: await best(() => nodeRaw(texts, 1, batch)) });
      sizes.push({ side: 'browser', batch, perSecond: await best(async () => (await browserRate(b, 'raw', 1, texts, batch)).perSecond) });
    }
    const whole = process.env.BENCH_WHOLE === '0' ? null : { cli: cliWhole(), research: await researchWhole(b) };

    console.log(`\nUSE-lite, ${texts.length} dev-half texts longest first, batches of ${MAX_BATCH}, best of ${REPEATS}:\n`);
    console.log('| side | engine | threads | sentences/s | × one thread | × floor, same threads |\n|---|---|---:|---:|---:|---:|');
    for (const r of rows) {
      const one = rows.find((x) => x.side === r.side && x.engine === r.engine && x.threads === 1)!;
      const floor = rows.find((x) => x.side === r.side && x.engine.startsWith('bare') && x.threads === r.threads)!;
      console.log(`| ${r.side} | ${r.engine} | ${r.threads} | ${r.perSecond.toFixed(1)} | ${(r.perSecond / one.perSecond).toFixed(2)} | ${(r.perSecond / floor.perSecond).toFixed(2)} |`);
      record({ what: `USE-lite ${r.side}, ${r.engine}, ${r.threads} thread(s)`, value: `${r.perSecond.toFixed(1)} sent/s`, floor: `${floor.perSecond.toFixed(1)} sent/s` });
    }
    console.log('\nBatch size, bare loop, one thread (sentences/s):\n');
    console.log(`| batch | ${[8, 16, 32, 64, 128].join(' | ')} |\n|---|${'---:|'.repeat(5)}`);
    for (const side of ['CLI', 'browser'])
      console.log(`| ${side} | ${sizes.filter((s) => s.side === side).map((s) => s.perSecond.toFixed(1)).join(' | ')} |`);
    if (whole) {
      console.log(`\nWhole dev half (Research embeds ${all.length} texts; the CLI the distinct non-blank ones of its items):\n`);
      console.log('| run | seconds | target |\n|---|---:|---|');
      console.log(`| crscore eval --encoder use-lite (CLI, ${CORES} threads) | ${whole.cli.toFixed(1)} | ≤ 60 s |`);
      console.log(`| Research, production build, cold cache (${whole.research.threads} threads) | ${whole.research.cold.toFixed(1)} | ≤ 45 s |`);
      console.log(`| Research, production build, second run (vectors from the cache) | ${whole.research.warm.toFixed(2)} | |`);
      record({ what: 'crscore eval --encoder use-lite, dev half', value: `${whole.cli.toFixed(1)} s`, target: '≤ 60 s', met: whole.cli <= 60 });
      record({ what: 'Research, USE-lite, dev half, cold cache (production build)', value: `${whole.research.cold.toFixed(1)} s`, target: '≤ 45 s', met: whole.research.cold <= 45 });
    }
    console.log(`\nload average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  } finally {
    await browser?.close();
    preview.kill();
  }
}
