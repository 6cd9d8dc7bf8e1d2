// Browser module for bench/llm.ts: transformers.js's text-generation pipeline alone, in the page, on a model
// this app serves; the same ORT files and thread count as the app's worker (src/llm/worker.ts). Loaded by the
// bench through Vite's dev server; never part of the app.
import { env, pipeline, TextStreamer } from '@huggingface/transformers';
import ortWasmUrl from '../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjsUrl from '../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.mjs?url';

export interface PipelineTiming {
  ms1: number;
  msK: number;
  tokensK: number;
}

export async function pipelineTiming(
  served: string,
  device: 'wasm' | 'webgpu',
  dtype: 'fp32' | 'q4',
  prompt: string,
  k: number,
  repeat = 3,
): Promise<PipelineTiming> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useBrowserCache = false;
  env.useWasmCache = false;
  env.localModelPath = '/models/';
  const wasm = env.backends.onnx.wasm as { wasmPaths?: unknown; numThreads?: number };
  wasm.wasmPaths = {
    mjs: new URL(ortMjsUrl, location.href).href,
    wasm: new URL(ortWasmUrl, location.href).href,
  };
  wasm.numThreads = self.crossOriginIsolated ? Math.max(1, navigator.hardwareConcurrency || 1) : 1;
  const generator = await pipeline('text-generation', served, { device, dtype });
  const messages = [{ role: 'user', content: prompt }];
  const run = async (n: number) => {
    let tokens = 0;
    const streamer = new TextStreamer(generator.tokenizer, {
      skip_prompt: true,
      callback_function: () => undefined,
      token_callback_function: () => void tokens++,
    });
    const t = performance.now();
    await generator(messages, { max_new_tokens: n, do_sample: false, streamer });
    return { ms: performance.now() - t, tokens };
  };
  await run(4); // warm-up (WebGPU compiles its shaders here)
  // Each length `repeat` times, the fastest kept (as bench/llm.ts does for the app).
  const fastest = async (n: number) => {
    const rs = [];
    for (let i = 0; i < repeat; i++) rs.push(await run(n));
    return rs.sort((a, b) => a.ms - b.ms)[0];
  };
  const one = await fastest(1);
  const many = await fastest(k);
  await generator.dispose();
  return { ms1: one.ms, msK: many.ms, tokensK: many.tokens };
}
