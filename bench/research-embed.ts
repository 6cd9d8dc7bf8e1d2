// Issue 16: the whole dev split scored in Research with a model of mxbai-embed-large-v1's shape (BERT-large,
// 24 layers × 1024, random weights from scripts/make-bert-onnx.py, q8 from scripts/quantize-q8.py: what WASM loads
// for mxbai from the hub), cold vector cache, through the Research view itself (its worker, its IndexedDB cache).
// On a small machine the whole split takes long: BENCH_DIFFS scores the first N diffs (default 12) and the
// figure for the whole split is extrapolated from the measured texts per second (said so in the output).
//   npm run bench:research-embed
//   BENCH_DIFFS=150 BENCH_BACKEND=webgpu npm run bench:research-embed   # all of it, on a machine with a GPU
// Needs bench/out/bert-large-shape-q8 (npm run bench:embed makes it) and ../shared/data (or BENCH_DATASET).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer, type Plugin } from 'vite';
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { prepare, textsToEmbed } from '../src/core/research/index.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const DATASET = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const PORT = Number(process.env.BENCH_PORT ?? 5217);
const DIFFS = Number(process.env.BENCH_DIFFS ?? 12);
const BACKEND = process.env.BENCH_BACKEND ?? 'wasm';
const OUT = path.resolve('bench/out');
const MODEL = process.env.BENCH_MODEL ?? 'bert-large-shape-q8';

if (!fs.existsSync(DATASET)) {
  console.log(`bench:research-embed skipped: ${DATASET} is absent (set BENCH_DATASET).`);
  process.exit(0);
}
if (!fs.existsSync(path.join(OUT, MODEL))) {
  console.log(`bench:research-embed skipped: bench/out/${MODEL} is absent (npm run bench:embed generates it).`);
  process.exit(0);
}

/** Serves bench/out/<name>/ at /models/bench/<name>/ (dev server only). */
function serveBenchModels(): Plugin {
  return {
    name: 'bench-models',
    configureServer(server) {
      server.middlewares.use('/models/bench/', (req, res, next) => {
        const file = path.join(OUT, decodeURIComponent((req.url ?? '').split('?')[0]));
        if (!file.startsWith(OUT) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return next();
        res.setHeader('Content-Length', fs.statSync(file).size);
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        fs.createReadStream(file).pipe(res);
      });
    },
  };
}

const text = fs.readFileSync(DATASET, 'utf8');
const all = parseDatasetJsonl(text).rows;
const wholeTexts = textsToEmbed(prepare(all, 'reference'), true).length;
const lines = text.split('\n').filter((l) => l.trim());
const subset = lines.slice(0, Math.min(DIFFS, lines.length));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-rembed-'));
const file = path.join(tmp, `dev-first${subset.length}.jsonl`);
fs.writeFileSync(file, `${subset.join('\n')}\n`);

const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'warn', plugins: [serveBenchModels()] });
await server.listen();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${PORT}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = r.onerror = r.onblocked = () => res(null); }));
  await page.reload();
  await page.getByTestId('research-file').setInputFiles(file);
  await page.getByTestId('import-summary').waitFor();
  await page.getByTestId('research-similarity').selectOption('hub');
  await page.getByTestId('research-hub-id').fill(`/models/bench/${MODEL}`);
  await page.getByTestId('research-backend').selectOption(BACKEND);
  // Page-side timings: the click, the first text embedded (the model is loaded then), the end.
  const t = await page.evaluate(async () => {
    type S = { progress: { phase: string; done: number; total: number; message?: string }; results: { engine: { backend: string; dtype: string; threads: number } | null } | null };
    const st = (globalThis as unknown as { __crscoreResearch: { getState(): S; subscribe(f: (s: S) => void): () => void } }).__crscoreResearch;
    const t0 = performance.now();
    let loaded = 0;
    const off = st.subscribe((s) => {
      if (!loaded && s.progress.phase === 'reading-cache') loaded = performance.now();
    });
    (document.querySelector('[data-testid="research-run"]') as HTMLButtonElement).click();
    for (;;) {
      const p = st.getState().progress;
      if (p.phase === 'done') break;
      if (p.phase === 'error' || p.phase === 'cancelled') throw new Error(`run ended: ${p.phase} ${p.message ?? ''}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    off();
    const end = performance.now();
    const s = st.getState();
    return { totalMs: end - t0, loadMs: loaded - t0, embedMs: end - loaded, texts: s.progress.total, engine: s.results!.engine! };
  });
  const rate = t.texts / (t.embedMs / 1000);
  const wholeS = t.loadMs / 1000 + wholeTexts / rate;
  const engine = `${t.engine.backend}, ${t.engine.dtype}, ${t.engine.threads} thread${t.engine.threads > 1 ? 's' : ''}`;
  console.log(`\nResearch, ${MODEL} (BERT-large shape, 24×1024, mxbai-embed-large-v1's shape), ${engine}, cold cache, Chromium ${browser.version()}, ${os.cpus().length} cores`);
  console.log('| what | value |\n|---|---:|');
  console.log(`| measured: first ${subset.length} of ${lines.length} diffs, ${t.texts} texts | ${(t.totalMs / 1000).toFixed(1)} s (model load ${(t.loadMs / 1000).toFixed(1)} s, embedding and scoring ${(t.embedMs / 1000).toFixed(1)} s) |`);
  console.log(`| texts per second | ${rate.toFixed(2)} |`);
  console.log(`| whole dev split (${lines.length} diffs, ${wholeTexts} texts), ${subset.length === lines.length ? 'measured' : 'extrapolated: load + texts ÷ rate'} | ${(subset.length === lines.length ? t.totalMs / 1000 : wholeS).toFixed(0)} s |`);
  record({
    what: `whole dev split in Research, BERT-large shape (mxbai's), ${engine}, cold cache${subset.length === lines.length ? '' : ` (extrapolated from ${t.texts} texts)`}`,
    value: `${(subset.length === lines.length ? t.totalMs / 1000 : wholeS).toFixed(0)} s`,
  });
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
