// Claims-LLM generation speed (tokens/s) of the Qwen2-architecture model that scripts/make-qwen2-onnx.py
// generates, at the test's tiny shape (2×64) and at Qwen2.5-0.5B's shape (24 layers × 896, 14 heads, 2 KV heads,
// intermediate 4864; vocabulary 32,000 instead of 151,936), random weights: the tiny model in fp32, the 0.5B shape
// in 4-bit MatMulNBits weights (scripts/quantize-q4.py; its 1.7 GB fp32 file does not fit the WASM heap).
// Engines: onnxruntime-node (transformers.js in Node), and Chromium through the app's own worker
// (src/llm/client.ts) on WASM and on WebGPU (SwiftShader here: a CPU emulation; real hardware where there is a
// GPU). App overhead: time per generated token through the app's worker (Comlink, streaming callbacks) against
// transformers.js's text-generation pipeline alone in the page, same model, same backend.
//   npm run bench:llm
//   BENCH_MODELS=tiny npm run bench:llm            # tiny | qwen-0.5b
//   BENCH_GPU=0 npm run bench:llm                  # skip WebGPU (SwiftShader is slow at the 0.5B shape)
//   BENCH_ENGINES=gpu BENCH_REPEAT=1 npm run bench:llm   # engines: node,wasm,gpu; timed runs per length
// Greedy decoding, the claims prompt of a 5-line diff; every length timed three times, the fastest kept (this
// machine's other work only adds time). A random model may stop early at its end token: the table says how
// many tokens were generated (the same on every engine, greedy). Prints tables; never asserts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type Plugin } from 'vite';
import { AutoModelForCausalLM, AutoTokenizer, env } from '@huggingface/transformers';
import { buildClaimsPrompt } from '../src/claims/prompt.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5212);
const OUT = path.resolve('bench/out');
const PROMPT = buildClaimsPrompt(
  [
    '@@ -10,7 +10,7 @@ class Cache:',
    '     def get(self, key):',
    '-        return self.store[key]',
    '+        return self.store.get(key)',
    '     def put(self, key, value):',
  ].join('\n'),
);

interface Shape {
  key: string;
  /** Weights the engines load: fp32 (onnx/model.onnx), or q4 (onnx/model_q4.onnx, MatMulNBits). */
  dtype: 'fp32' | 'q4';
  label: string;
  dir: string;
  served: string;
  gen: string[];
  /** New tokens timed on CPU engines and on WebGPU (SwiftShader runs the 0.5B shape at seconds per token). */
  k: number;
  kGpu: number;
}
const SHAPES: Shape[] = [
  {
    key: 'tiny',
    dtype: 'fp32',
    label: 'tiny (2×64, test model)',
    dir: path.resolve('public/models/tiny-qwen2'),
    served: '/models/tiny-qwen2',
    gen: [],
    k: 256,
    kGpu: 32,
  },
  {
    key: 'qwen-0.5b',
    dtype: 'q4',
    label: 'Qwen2.5-0.5B shape (24×896), q4',
    dir: path.join(OUT, 'qwen2-0.5b-shape'),
    served: '/models/bench/qwen2-0.5b-shape-q4',
    gen: [
      '--layers',
      '24',
      '--hidden',
      '896',
      '--heads',
      '14',
      '--kv-heads',
      '2',
      '--intermediate',
      '4864',
      '--vocab-size',
      '32000',
    ],
    k: 16,
    kGpu: 4,
  },
];
const engines = (process.env.BENCH_ENGINES ?? 'node,wasm,gpu').split(',');
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const wanted = (process.env.BENCH_MODELS ?? 'tiny,qwen-0.5b').split(',');

/** The folder the engines load: the generated fp32 model, or its q4 copy (scripts/quantize-q4.py). */
const modelDir = (s: Shape) => (s.dtype === 'q4' ? `${s.dir}-q4` : s.dir);

function ensureModel(s: Shape): boolean {
  try {
    if (!fs.existsSync(path.join(s.dir, 'onnx/model.onnx'))) {
      if (!s.gen.length) return false;
      console.log(`generating ${s.label} into ${path.relative(process.cwd(), s.dir)} …`);
      execFileSync('/usr/bin/python3', ['scripts/make-qwen2-onnx.py', ...s.gen, '--out', s.dir], {
        stdio: 'inherit',
      });
    }
    // fp32 at 24×896 is 1.7 GB: more than onnxruntime-web's WASM heap can take in (std::bad_alloc), so the
    // 0.5B shape runs as 4-bit weights, like the q4 files transformers.js loads for the real models.
    const q4 = path.join(modelDir(s), 'onnx/model_q4.onnx');
    if (s.dtype === 'q4' && !fs.existsSync(q4)) {
      fs.mkdirSync(path.dirname(q4), { recursive: true });
      for (const f of fs.readdirSync(s.dir))
        if (f.endsWith('.json')) fs.copyFileSync(path.join(s.dir, f), path.join(modelDir(s), f));
      execFileSync(
        '/usr/bin/python3',
        ['scripts/quantize-q4.py', path.join(s.dir, 'onnx/model.onnx'), q4],
        { stdio: 'inherit' },
      );
    }
    return true;
  } catch {
    console.log(`could not generate ${s.label}: apt-get install -y python3-onnx python3-numpy`);
    return false;
  }
}

/** Serves bench/out/<name>/ at /models/bench/<name>/ (dev server only). */
function serveBenchModels(): Plugin {
  return {
    name: 'bench-models',
    configureServer(server) {
      server.middlewares.use('/models/bench/', (req, res, next) => {
        const file = path.join(OUT, decodeURIComponent((req.url ?? '').split('?')[0]));
        if (!file.startsWith(OUT) || !fs.existsSync(file) || !fs.statSync(file).isFile())
          return next();
        res.setHeader('Content-Length', fs.statSync(file).size);
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        if (req.method === 'HEAD') return res.end();
        fs.createReadStream(file).pipe(res);
      });
    },
  };
}

interface Timing {
  ms1: number;
  msK: number;
  tokensK: number;
}
interface Row {
  model: string;
  engine: string;
  t: Timing | null;
  note?: string;
}
const rows: Row[] = [];
const tokensPerSecond = (t: Timing) => t.tokensK / (t.msK / 1000);
/** Decode cost alone: the K-token run minus the 1-token run (which is the prompt's prefill and one step). */
const decodeMs = (t: Timing) => (t.msK - t.ms1) / Math.max(1, t.tokensK - 1);

async function nodeTiming(s: Shape): Promise<Timing> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = path.dirname(modelDir(s)) + path.sep;
  const id = path.basename(modelDir(s));
  const tok = await AutoTokenizer.from_pretrained(id);
  const model = await AutoModelForCausalLM.from_pretrained(id, { dtype: s.dtype, device: 'cpu' });
  const input = tok.apply_chat_template([{ role: 'user', content: PROMPT }], {
    add_generation_prompt: true,
    return_dict: true,
  }) as never;
  const run = async (n: number) => {
    const t = performance.now();
    const out = (await model.generate({
      ...(input as object),
      max_new_tokens: n,
      do_sample: false,
    })) as { dims: number[] };
    return {
      ms: performance.now() - t,
      tokens: out.dims[1] - (input as { input_ids: { dims: number[] } }).input_ids.dims[1],
    };
  };
  await run(4);
  const fastest = async (n: number) => {
    const rs = [];
    for (let i = 0; i < REPEAT; i++) rs.push(await run(n));
    return rs.sort((a, b) => a.ms - b.ms)[0];
  };
  const one = await fastest(1);
  const many = await fastest(s.k);
  await model.dispose();
  return { ms1: one.ms, msK: many.ms, tokensK: many.tokens };
}

type LocalLlmHandle = {
  load(spec: unknown, opts: unknown): Promise<{ device: string }>;
  generate(p: string, o: unknown, onText?: (t: string) => void): Promise<{ tokens: number }>;
};

async function appTiming(
  browser: Browser,
  s: Shape,
  backend: 'wasm' | 'auto',
  k: number,
): Promise<Timing & { device: string }> {
  const page = await browser.newPage();
  try {
    await page.goto(`http://localhost:${PORT}/e2e-claims.html`);
    await page.waitForFunction(
      () => !!(window as unknown as { __crscoreLocalLlm?: unknown }).__crscoreLocalLlm,
    );
    return await page.evaluate(
      async ({ served, backend, prompt, k, repeat }) => {
        const llm = (window as unknown as { __crscoreLocalLlm: LocalLlmHandle }).__crscoreLocalLlm;
        const info = await llm.load({ kind: 'served', path: served }, { backend }); // includes an 8-token warm-up
        // No named inner functions: the bench runs through tsx, whose helpers do not exist in the page.
        // Each length three times, the fastest kept: this machine's other work only ever adds time.
        const runs: { n: number; ms: number; tokens: number }[] = [];
        for (const n of [4, ...Array<number>(repeat).fill(1), ...Array<number>(repeat).fill(k)]) {
          let pieces = 0;
          const t = performance.now();
          const r = await llm.generate(
            prompt,
            { maxNewTokens: n, temperature: 0, timeoutMs: 3_600_000 },
            () => void pieces++,
          );
          runs.push({ n, ms: performance.now() - t, tokens: r.tokens });
        }
        const [one, many] = [1, k].map(
          (n) => runs.filter((x) => x.n === n).sort((a, b) => a.ms - b.ms)[0],
        );
        return { ms1: one.ms, msK: many.ms, tokensK: many.tokens, device: info.device };
      },
      { served: s.served, backend, prompt: PROMPT, k, repeat: REPEAT },
    );
  } finally {
    await page.close();
  }
}

async function pipelineTimingIn(
  browser: Browser,
  s: Shape,
  device: 'wasm' | 'webgpu',
  k: number,
): Promise<Timing> {
  const page = await browser.newPage();
  try {
    await page.goto(`http://localhost:${PORT}/e2e-claims.html`);
    return await page.evaluate(
      async ({ served, device, dtype, prompt, k, url, repeat }) => {
        const m = (await import(/* @vite-ignore */ url)) as typeof import('./llm-pipeline.ts');
        return m.pipelineTiming(
          served.replace(/^\/models\//, ''),
          device,
          dtype,
          prompt,
          k,
          repeat,
        );
      },
      {
        served: s.served,
        device,
        dtype: s.dtype,
        prompt: PROMPT,
        k,
        url: '/bench/llm-pipeline.ts',
        repeat: REPEAT,
      },
    );
  } finally {
    await page.close();
  }
}

async function attempt<T>(what: string, f: () => Promise<T>): Promise<T | null> {
  try {
    return await f();
  } catch (e) {
    console.log(
      `${what}: failed (${String((e as Error).message ?? e)
        .split('\n')[0]
        .slice(0, 200)})`,
    );
    return null;
  }
}

async function main() {
  const shapes = SHAPES.filter((s) => wanted.includes(s.key) && ensureModel(s));
  const server = await createServer({
    server: { port: PORT, strictPort: true },
    logLevel: 'warn',
    plugins: [serveBenchModels()],
  });
  await server.listen();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'],
  });
  try {
    for (const s of shapes) {
      const log = (engine: string, t: Timing | null, note?: string) => {
        rows.push({ model: s.label, engine, t, note });
        console.log(
          `${s.label} · ${engine}: ${t ? `${tokensPerSecond(t).toFixed(1)} tokens/s, decode ${decodeMs(t).toFixed(1)} ms/token` : 'n/a'}`,
        );
      };
      if (engines.includes('node'))
        log('onnxruntime-node (transformers.js, CPU)', await attempt('node', () => nodeTiming(s)));
      const cpu = engines.includes('wasm');
      const appWasm = cpu
        ? await attempt('app WASM', () => appTiming(browser, s, 'wasm', s.k))
        : null;
      if (cpu) log('Chromium, app worker, WASM', appWasm);
      const pipeWasm = cpu
        ? await attempt('pipeline WASM', () => pipelineTimingIn(browser, s, 'wasm', s.k))
        : null;
      if (cpu) log('Chromium, pipeline alone, WASM', pipeWasm);
      if (process.env.BENCH_GPU !== '0' && engines.includes('gpu')) {
        const appGpu = await attempt('app WebGPU', () => appTiming(browser, s, 'auto', s.kGpu));
        log(
          `Chromium, app worker, WebGPU (${appGpu?.device === 'webgpu' ? 'SwiftShader' : 'no adapter'})`,
          appGpu,
        );
        const pipeGpu = await attempt('pipeline WebGPU', () =>
          pipelineTimingIn(browser, s, 'webgpu', s.kGpu),
        );
        log('Chromium, pipeline alone, WebGPU (SwiftShader)', pipeGpu);
        if (appGpu && pipeGpu)
          record({
            what: `claims LLM, ${s.label}, WebGPU (SwiftShader): app vs pipeline ms/token`,
            value: `${decodeMs(appGpu).toFixed(1)} vs ${decodeMs(pipeGpu).toFixed(1)}`,
          });
      }
      if (appWasm)
        record({
          what: `claims LLM, ${s.label}, WASM: tokens/s through the app`,
          value: tokensPerSecond(appWasm).toFixed(1),
        });
      if (appWasm && pipeWasm)
        record({
          what: `claims LLM, ${s.label}, WASM: app vs pipeline decode ms/token`,
          value: `${decodeMs(appWasm).toFixed(2)} vs ${decodeMs(pipeWasm).toFixed(2)}`,
        });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(
    `\nClaims LLM generation, greedy, claims prompt of a 5-line diff (random weights; tiny fp32, 0.5B shape q4)\n`,
  );
  console.log(
    '| model | engine | new tokens | tokens/s (with prefill) | decode ms/token |\n|---|---|---:|---:|---:|',
  );
  for (const r of rows)
    console.log(
      `| ${r.model} | ${r.engine} | ${r.t ? r.t.tokensK : ''} | ${r.t ? tokensPerSecond(r.t).toFixed(1) : 'n/a'} | ${r.t ? decodeMs(r.t).toFixed(2) : ''} |`,
    );
}

await main();
