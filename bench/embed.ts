// Embedding throughput (sentences/s): Node (onnxruntime-node on the generated tiny BERT; USE-lite on TF.js WASM)
// and headless Chromium through the app's own worker (WASM, WebGPU via SwiftShader, USE-lite).
//   npm run bench:embed                      # all
//   BENCH_MODEL=bench/out/minilm-shape npm run bench:embed   # another model folder (scripts/make-bert-onnx.py)
//   BENCH_BROWSER=0 npm run bench:embed      # Node only
// Starts `vite` on BENCH_PORT (default 5201) and stops it at the end. Prints a table; never asserts.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createNodeEncoder } from '../src/embed/node.ts';

const N = Number(process.env.BENCH_SENTENCES ?? 256);
const MODEL = path.resolve(process.env.BENCH_MODEL ?? 'public/models/tiny-bert');
const SERVED = process.env.BENCH_SERVED ?? 'tiny-bert'; // the same model as the app serves it under /models/
const PORT = Number(process.env.BENCH_PORT ?? 5201);
const WORDS =
  'the function now returns null when the list is empty so please add a check for the missing index and log an error'.split(
    ' ',
  );

/** N distinct ~20-word sentences (distinct, so the vector cache never answers). */
function sentences(run: string): string[] {
  return Array.from({ length: N }, (_, i) => {
    const w = Array.from({ length: 18 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]);
    return `${run} ${i} ${w.join(' ')}.`;
  });
}

interface Row {
  where: string;
  engine: string;
  model: string;
  perSecond: number;
  note: string;
}
const rows: Row[] = [];

async function nodeBench(spec: string, label: string) {
  const enc = await createNodeEncoder(spec);
  await enc.embed(sentences('warmup'));
  const t = performance.now();
  await enc.embed(sentences('timed'));
  const s = (performance.now() - t) / 1000;
  rows.push({
    where: 'Node',
    engine: label,
    model: path.basename(spec),
    perSecond: N / s,
    note: 'batches of 32',
  });
  await enc.dispose?.();
}

async function startVite(): Promise<ChildProcess> {
  const vite = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', String(PORT), '--strictPort'],
    { stdio: 'pipe' },
  );
  for (let i = 0; i < 60; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/e2e-embed.html`)).ok) return vite;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  vite.kill();
  throw new Error(`vite did not start on port ${PORT}`);
}

async function browserBench() {
  const vite = await startVite();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--enable-unsafe-webgpu',
      '--use-webgpu-adapter=swiftshader',
    ],
  });
  try {
    const cases: [string, object, object][] = [
      ['WASM', { kind: 'served', path: SERVED }, { backend: 'wasm', fallback: false }],
      ['WebGPU', { kind: 'served', path: SERVED }, { backend: 'webgpu', fallback: false }],
      ['USE-lite', { kind: 'use-lite' }, {}],
    ];
    for (const [label, spec, opts] of cases) {
      const page = await browser.newPage();
      await page.goto(`http://localhost:${PORT}/e2e-embed.html`);
      await page.waitForFunction(() => !!window.__embed);
      const r = await page.evaluate(
        async ({ spec, opts, warm, timed }) => {
          const { embedder } = window.__embed!;
          const info = await embedder.load(spec as never, opts as never);
          await embedder.embed(warm);
          const t = performance.now();
          await embedder.embed(timed);
          return { info, seconds: (performance.now() - t) / 1000 };
        },
        { spec, opts, warm: sentences('warmup'), timed: sentences('timed') },
      );
      rows.push({
        where: 'Chromium',
        engine: `${label} (${r.info.backend}, ${r.info.dtype}, ${r.info.threads} thread${r.info.threads > 1 ? 's' : ''})`,
        model: r.info.model,
        perSecond: N / r.seconds,
        note: `isolated=${r.info.crossOriginIsolated}`,
      });
      await page.close();
    }
  } finally {
    await browser.close();
    vite.kill();
  }
}

await nodeBench(MODEL, 'onnxruntime-node (fp32)');
await nodeBench('use-lite', 'TF.js WASM (USE-lite)');
if (process.env.BENCH_BROWSER !== '0') await browserBench();

console.log(`\nEmbedding throughput, ${N} distinct ~20-word sentences after a warm-up of ${N}:\n`);
console.log('| where | engine | model | sentences/s | note |\n|---|---|---|---:|---|');
for (const r of rows)
  console.log(`| ${r.where} | ${r.engine} | ${r.model} | ${r.perSecond.toFixed(1)} | ${r.note} |`);
