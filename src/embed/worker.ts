/// <reference lib="webworker" />
// The embedding worker: owns inference (transformers.js on WebGPU/WASM, or USE-lite on TF.js). Thin on purpose:
// pooling, batching and the cache live in pure modules that Node shares.
import * as Comlink from 'comlink';
import { env } from '@huggingface/transformers';
import { cacheKeyPrefix, embedCached, serialQueue } from './batching.ts';
import { FetchTimeoutError } from './fetch.ts';
import { setUpTransformers, pointAtModel } from './workerEnv.ts';
import { loadHfEncoder, type HfEncoder } from './hf.ts';
import {
  modelCard,
  USE_LITE_DEFAULT_POOLING,
  USE_LITE_TAU,
  USE_LITE_TAU_REASON,
} from './models.ts';
import { poolingFromConfig, type ModelPooling } from './pooling.ts';
import { USE_LITE_DIMENSIONS, createUseLiteEncoder, type UseLiteEncoder } from './uselite.ts';
import { loadBrowserUseLite, wasmThreads } from './useliteBrowser.ts';
import {
  specLabel,
  type EngineInfo,
  type LoadOptions,
  type ModelSpec,
  type ProgressEvent,
} from './types.ts';

/** Pseudo-path under which a user's local folder is served from memory by our fetch. */
const LOCAL_DIR = '/__local-model__/';

type Engine =
  | { kind: 'hf'; enc: HfEncoder; modelPooling: ModelPooling }
  | { kind: 'use-lite'; enc: UseLiteEncoder };

let engine: Engine | null = null;
let info: EngineInfo | null = null;
let fetchTimeoutMs = 30_000;
let localFiles = new Map<string, Blob>();
const cache = new Map<string, Float32Array>();
const CACHE_LIMIT = 50_000;
const enqueue = serialQueue();
const isolated = self.crossOriginIsolated === true;
let threads = isolated ? Math.max(1, navigator.hardwareConcurrency || 1) : 1;
let ortStarted = false;

// Before any load: same-origin ORT files, threads, and a fetch that cannot hang (src/embed/workerEnv.ts).
const { onnxWasm } = setUpTransformers(LOCAL_DIR, threads, { localFiles: () => localFiles, fetchTimeoutMs: () => fetchTimeoutMs });

async function pickDevice(
  opts: LoadOptions,
): Promise<{ device: 'webgpu' | 'wasm'; dtypes: string[]; note?: string }> {
  if (opts.backend !== 'wasm') {
    const gpu = (
      navigator as Navigator & {
        gpu?: { requestAdapter(): Promise<{ features: Set<string> } | null> };
      }
    ).gpu;
    const adapter = gpu ? await gpu.requestAdapter().catch(() => null) : null;
    if (adapter)
      return {
        device: 'webgpu',
        dtypes: adapter.features.has('shader-f16') ? ['fp16', 'fp32'] : ['fp32'],
      };
    if (opts.backend === 'webgpu') {
      return {
        device: 'wasm',
        dtypes: ['q8', 'fp32'],
        note: 'WebGPU was requested, but this browser offers no WebGPU adapter: running on WASM.',
      };
    }
  }
  return { device: 'wasm', dtypes: ['q8', 'fp32'] };
}

async function readJson(url: string): Promise<unknown> {
  try {
    const res = await env.fetch(url);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

async function loadHf(
  spec: Exclude<ModelSpec, { kind: 'use-lite' }>,
  opts: LoadOptions,
  onProgress?: (p: ProgressEvent) => void,
) {
  let poolingUrl: string;
  const id = pointAtModel(spec, LOCAL_DIR, (files) => (localFiles = files));
  if (spec.kind === 'hub') {
    poolingUrl = `${env.remoteHost}${id}/resolve/main/1_Pooling/config.json`;
  } else {
    poolingUrl = new URL(`${env.localModelPath}${id}/1_Pooling/config.json`, self.location.origin)
      .href;
  }
  const { device, dtypes, note } = await pickDevice(opts);
  if (opts.threads && !ortStarted && onnxWasm) {
    threads = isolated ? Math.max(1, Math.floor(opts.threads)) : 1;
    onnxWasm.numThreads = threads;
  }
  ortStarted = true;
  const enc = await loadHfEncoder(id, { device, dtypes, onProgress });
  const card = modelCard(spec.kind === 'hub' ? spec.id : id);
  const modelPooling = poolingFromConfig(await readJson(poolingUrl)) ?? card.pooling;
  const pooling = opts.pooling ?? 'crscore';
  engine = { kind: 'hf', enc, modelPooling };
  info = {
    backend: device,
    dtype: enc.dtype,
    model: specLabel(spec),
    dimensions: enc.dimensions,
    crossOriginIsolated: isolated,
    threads: device === 'wasm' ? threads : 1,
    pooling,
    defaultTau: card.defaultTau,
    tauReason: card.tauReason,
    ...(note ? { fallbackNotice: note } : {}),
  };
}

let useLite: UseLiteEncoder | null = null;
let useLiteThreads = 1;

async function loadUseLite(opts: LoadOptions, onProgress?: (p: ProgressEvent) => void) {
  if (!useLite) {
    const { tf, model, tokenizer } = await loadBrowserUseLite(threads, onProgress);
    useLite = createUseLiteEncoder(tf, model, tokenizer);
    useLiteThreads = wasmThreads(tf);
  }
  engine = { kind: 'use-lite', enc: useLite! };
  info = {
    backend: 'tfjs-wasm',
    dtype: 'fp32',
    model: 'use-lite',
    dimensions: USE_LITE_DIMENSIONS,
    crossOriginIsolated: isolated,
    threads: useLiteThreads,
    pooling: opts.pooling ?? USE_LITE_DEFAULT_POOLING,
    defaultTau: USE_LITE_TAU,
    tauReason: USE_LITE_TAU_REASON,
  };
}

/** Why a model could not load, in words a user can act on; `server` names where the files come from. */
function explain(e: unknown, server = 'the Hugging Face hub'): string {
  const msg = String((e as Error)?.message ?? e);
  const detail = msg.slice(0, 160);
  if (e instanceof FetchTimeoutError || (e as Error)?.name === 'FetchTimeoutError')
    return `the server did not answer (${msg})`;
  if (/Failed to fetch|NetworkError|fetch failed|ENOTFOUND|EAI_AGAIN/i.test(msg))
    return `${server} could not be reached (network error)`;
  if (/\b404\b|not found/i.test(msg)) return `a model file was not found (${detail})`;
  if (/not valid JSON|Unexpected token|Failed to parse model JSON/i.test(msg))
    return `a model file is not what it should be: the server may have sent a web page instead (${detail})`;
  if (/protobuf parsing failed|tensor should have|byte length|out of bounds|Invalid typed array|offset is outside/i.test(msg))
    return `a model file is incomplete or damaged (${detail})`;
  if (/\bHTTP \d{3}\b|status code \d{3}/.test(msg)) return `a model file could not be downloaded (${detail})`;
  return msg.slice(0, 200);
}

const api = {
  async load(
    spec: ModelSpec,
    opts: LoadOptions = {},
    onProgress?: (p: ProgressEvent) => void,
  ): Promise<EngineInfo> {
    return enqueue(async () => {
      fetchTimeoutMs = opts.fetchTimeoutMs ?? 30_000;
      if (engine?.kind === 'hf') await engine.enc.dispose().catch(() => undefined);
      engine = null;
      info = null;
      if (spec.kind === 'use-lite') {
        try {
          await loadUseLite(opts, onProgress);
        } catch (e) {
          throw new Error(`Could not load the bundled USE-lite encoder: ${explain(e, "this app's server")}`, { cause: e });
        }
        return info!;
      }
      try {
        await loadHf(spec, opts, onProgress);
        return info!;
      } catch (e) {
        const server = spec.kind === 'hub' ? 'the Hugging Face hub' : "this app's server";
        const why = `Could not load ${specLabel(spec)}: ${explain(e, server)}`;
        if (opts.fallback === false) throw new Error(why, { cause: e });
        try {
          await loadUseLite({ ...opts, pooling: USE_LITE_DEFAULT_POOLING }, onProgress);
        } catch (e2) {
          throw new Error(`${why}; the bundled USE-lite fallback failed too: ${explain(e2, "this app's server")}`, {
            cause: e2,
          });
        }
        info = {
          ...info!,
          fallbackNotice: `${why}. Using the bundled USE-lite encoder instead.`,
        };
        return info;
      }
    });
  },

  async embed(sentences: string[]): Promise<Float32Array[]> {
    return enqueue(async () => {
      const e = engine;
      const i = info;
      if (!e || !i) throw new Error('No model is loaded: call load() first.');
      if (cache.size > CACHE_LIMIT) cache.clear();
      const rows = await embedCached(
        sentences,
        cacheKeyPrefix(i.model, i.pooling),
        cache,
        (batch) =>
          e.kind === 'hf'
            ? e.enc.embed(batch, i.pooling, e.modelPooling)
            : e.enc.embed(batch, i.pooling),
      );
      // Copies go out (their buffers are transferred); the cache keeps its own.
      const out = rows.map((r) => r.slice());
      return Comlink.transfer(
        out,
        out.map((r) => r.buffer as ArrayBuffer),
      );
    });
  },

  info(): EngineInfo | null {
    return info;
  },

  async dispose(): Promise<void> {
    return enqueue(async () => {
      if (engine?.kind === 'hf') await engine.enc.dispose().catch(() => undefined);
      engine = null;
      info = null;
      cache.clear();
      localFiles = new Map();
    });
  },
};

export type EmbedWorkerApi = typeof api;

Comlink.expose(api);
