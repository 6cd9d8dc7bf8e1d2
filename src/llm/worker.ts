/// <reference lib="webworker" />
// The claims LLM's own worker (not the embedding worker: the two models load and fail independently).
// transformers.js text generation on WebGPU or WASM; tokens stream back through a Comlink proxy; Cancel
// interrupts between tokens.
import * as Comlink from 'comlink';
import {
  env,
  InterruptableStoppingCriteria,
  StoppingCriteria,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { generateText, loadTextModel } from './generateText.ts';
import { setUpTransformers, pointAtModel } from '../embed/workerEnv.ts';
import { NO_WEBGPU_MESSAGE } from './errors.ts';
import { dtypeCandidates, planDownload } from './plan.ts';
import {
  llmSpecLabel,
  type LlmGenerateOptions,
  type LlmGenerateResult,
  type LlmInfo,
  type LlmLoadOptions,
  type LlmProgress,
  type LlmSpec,
} from './types.ts';

/** Pseudo-path under which a picked folder is served from memory by our fetch (as the embedding worker does). */
const LOCAL_DIR = '/__local-llm__/';
const WARMUP_TOKENS = 8;

let model: PreTrainedModel | null = null;
let tokenizer: PreTrainedTokenizer | null = null;
let info: LlmInfo | null = null;
let localFiles = new Map<string, Blob>();
let fetchTimeoutMs = 30_000;
const stopping = new InterruptableStoppingCriteria();

/**
 * Cancel through shared memory: on WASM a generation may never yield to the worker's event loop between
 * tokens, so an `interrupt()` message would wait until the end. The client sets the flag; this reads it.
 */
class SharedFlagCriteria extends StoppingCriteria {
  constructor(private readonly flag: Int32Array) {
    super();
  }
  override _call(inputIds: number[][]): boolean[] {
    return new Array<boolean>(inputIds.length).fill(Atomics.load(this.flag, 0) === 1);
  }
}

const { fetch: workerFetch } = setUpTransformers(
  LOCAL_DIR,
  self.crossOriginIsolated ? Math.max(1, navigator.hardwareConcurrency || 1) : 1,
  { localFiles: () => localFiles, fetchTimeoutMs: () => fetchTimeoutMs },
);

async function webgpuAdapter(): Promise<{ features: Set<string> } | null> {
  const gpu = (
    navigator as Navigator & {
      gpu?: { requestAdapter(): Promise<{ features: Set<string> } | null> };
    }
  ).gpu;
  return gpu ? gpu.requestAdapter().catch(() => null) : null;
}

type RawProgress = { status: string; file?: string; loaded?: number; total?: number };

async function dispose(): Promise<void> {
  await model?.dispose().catch(() => undefined);
  model = null;
  tokenizer = null;
  info = null;
}

async function run(
  prompt: string,
  opts: LlmGenerateOptions,
  onText?: (text: string) => void,
  stopFlag?: Int32Array,
): Promise<LlmGenerateResult> {
  const m = model;
  const tok = tokenizer;
  if (!m || !tok) throw new Error('No model is loaded: call load() first.');
  stopping.reset();
  const r = await generateText({ model: m, tokenizer: tok }, prompt, opts, {
    onText,
    stopping: stopFlag ? [stopping, new SharedFlagCriteria(stopFlag)] : stopping,
  });
  return { ...r, interrupted: stopping.interrupted || (!!stopFlag && Atomics.load(stopFlag, 0) === 1) };
}

const api = {
  async load(
    spec: LlmSpec,
    opts: LlmLoadOptions,
    onProgress?: (p: LlmProgress) => void,
  ): Promise<LlmInfo> {
    fetchTimeoutMs = opts.fetchTimeoutMs ?? 30_000;
    await dispose();
    const adapter = opts.backend === 'wasm' ? null : await webgpuAdapter();
    // Never a silent fallback: without WebGPU the user chooses WASM knowingly.
    if (opts.backend !== 'wasm' && !adapter) throw new Error(NO_WEBGPU_MESSAGE);
    const device = adapter ? 'webgpu' : 'wasm';
    const id = pointAtModel(spec, LOCAL_DIR, (files) => (localFiles = files));
    const plan = await planDownload(
      spec,
      dtypeCandidates(device, !!adapter?.features.has('shader-f16')),
      {
        fetchImpl: workerFetch,
        remoteHost: env.remoteHost,
        base: new URL('/models/', self.location.origin).href,
      },
    );
    const progress_callback = onProgress
      ? (raw: RawProgress) => {
          const status = (['initiate', 'download', 'progress', 'done'] as const).find(
            (s) => s === raw.status,
          );
          if (raw.file && status)
            onProgress({ file: raw.file, loaded: raw.loaded ?? 0, total: raw.total ?? 0, status });
        }
      : undefined;
    ({ model, tokenizer } = await loadTextModel(id, { device, dtype: plan.dtype, progress_callback }));
    // A short greedy run compiles the GPU shaders and measures this machine's speed.
    const warm = await run('Hello', { maxNewTokens: WARMUP_TOKENS, temperature: 0 });
    info = {
      model: llmSpecLabel(spec),
      device,
      dtype: plan.dtype,
      warmupTokensPerSecond: warm.tokensPerSecond,
      hasChatTemplate: !!tokenizer.chat_template,
    };
    return info;
  },

  async generate(
    prompt: string,
    opts: LlmGenerateOptions,
    onText?: (text: string) => void,
    stopFlag?: Int32Array,
  ): Promise<LlmGenerateResult> {
    return run(prompt, opts, onText, stopFlag);
  },

  /** Stops the generation in progress after its current token. */
  interrupt(): void {
    stopping.interrupt();
  },

  info(): LlmInfo | null {
    return info;
  },

  dispose,
};

export type LlmWorkerApi = typeof api;

Comlink.expose(api);
