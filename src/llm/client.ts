// Main-thread side of the claims LLM worker: one shared `localLlm`. Loads once per model and backend,
// streams tokens, cancels, and replaces a worker that died: the call in flight fails with a clear error and
// the next call starts a new worker (which loads the model again, from the browser's cache).
import * as Comlink from 'comlink';
import type { LlmWorkerApi } from './worker.ts';
import { classifyLlmError } from './errors.ts';
import {
  llmSpecLabel,
  type LlmGenerateOptions,
  type LlmGenerateResult,
  type LlmInfo,
  type LlmLoadOptions,
  type LlmProgress,
  type LlmSpec,
} from './types.ts';

export class LocalLlmError extends Error {
  override name = 'LocalLlmError';
}

const LOAD_TIMEOUT_MS = 30 * 60_000; // a 1 GB model on a slow line; a silent server is cut sooner by the fetch timeout

/** The Cache Storage bucket transformers.js keeps downloaded model files in (env.cacheKey). */
export const MODEL_CACHE = 'transformers-cache';

export class LocalLlm {
  private worker: Worker | null = null;
  private api: Comlink.Remote<LlmWorkerApi> | null = null;
  private pending = new Set<(e: Error) => void>();
  private loadedKey: string | null = null;
  private loading: Promise<LlmInfo> | null = null;
  private current: LlmInfo | null = null;

  private ensure(): Comlink.Remote<LlmWorkerApi> {
    if (this.api) return this.api;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      type: 'module',
      name: 'claims-llm',
    });
    worker.addEventListener('error', (ev) => {
      ev.preventDefault();
      this.restart(`The in-browser model's worker crashed${ev.message ? ` (${ev.message})` : ''}.`);
    });
    this.worker = worker;
    this.api = Comlink.wrap<LlmWorkerApi>(worker);
    return this.api;
  }

  /** Replaces the worker; every call in flight fails with `reason`. Tests use it to kill the worker mid-generation. */
  restart(reason = "The in-browser model's worker was stopped."): void {
    const err = new LocalLlmError(reason);
    for (const reject of this.pending) reject(err);
    this.pending.clear();
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    this.loadedKey = null;
    this.loading = null;
    this.current = null;
  }

  private call<T>(
    timeoutMs: number,
    fn: (api: Comlink.Remote<LlmWorkerApi>) => Promise<T>,
  ): Promise<T> {
    const api = this.ensure();
    return new Promise<T>((resolve, reject) => {
      const fail = (e: Error) => {
        clearTimeout(timer);
        reject(e);
      };
      this.pending.add(fail);
      const timer = setTimeout(() => {
        this.pending.delete(fail);
        reject(
          new LocalLlmError(
            `The in-browser model did not answer within ${Math.round(timeoutMs / 1000)} s.`,
          ),
        );
        this.restart("The in-browser model's worker was restarted after a timeout.");
      }, timeoutMs);
      fn(api).then(
        (v) => {
          clearTimeout(timer);
          if (this.pending.delete(fail)) resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          if (!this.pending.delete(fail)) return;
          const err = e instanceof Error ? e : new LocalLlmError(String(e));
          // After running out of GPU memory or losing the device the worker's sessions are unusable.
          const kind = classifyLlmError(err.message);
          if (kind === 'out-of-memory' || kind === 'device-lost') this.restart(err.message);
          reject(err);
        },
      );
    });
  }

  static key(spec: LlmSpec, opts: LlmLoadOptions): string {
    return `${opts.backend}|${llmSpecLabel(spec)}|${spec.kind === 'local' ? spec.files.length : ''}`;
  }

  /** Loads unless this model and backend are already loaded (or loading). */
  async load(
    spec: LlmSpec,
    opts: LlmLoadOptions,
    onProgress?: (p: LlmProgress) => void,
  ): Promise<LlmInfo> {
    const key = LocalLlm.key(spec, opts);
    if (this.loadedKey === key && this.current) return this.current;
    if (this.loadedKey === key && this.loading) return this.loading;
    this.loadedKey = key;
    this.current = null;
    const cb = onProgress ? Comlink.proxy(onProgress) : undefined;
    const loading = this.call(LOAD_TIMEOUT_MS, (api) => api.load(spec, opts, cb));
    this.loading = loading;
    try {
      const info = await loading;
      if (this.loading === loading) this.current = info;
      return info;
    } catch (e) {
      if (this.loading === loading) {
        // A failed load can leave transformers.js/ORT stuck: the next attempt gets a fresh worker.
        this.restart('The in-browser model was reset after a failed load.');
      }
      throw e;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  /** Generates from `prompt` with the loaded model; `signal` interrupts it (the text so far is returned). */
  async generate(
    prompt: string,
    opts: LlmGenerateOptions & { timeoutMs: number },
    onText?: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<LlmGenerateResult> {
    if (!this.current) throw new LocalLlmError('No model is loaded.');
    const api = this.ensure();
    // Shared memory reaches the worker even while a WASM generation never yields (cross-origin isolated
    // pages); the message is the fallback elsewhere.
    const stopFlag =
      typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated
        ? new Int32Array(new SharedArrayBuffer(4))
        : undefined;
    const onAbort = () => {
      if (stopFlag) Atomics.store(stopFlag, 0, 1);
      void api.interrupt().catch(() => undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const cb = onText ? Comlink.proxy(onText) : undefined;
      return await this.call(opts.timeoutMs, (a) =>
        a.generate(
          prompt,
          { maxNewTokens: opts.maxNewTokens, temperature: opts.temperature },
          cb,
          stopFlag,
        ),
      );
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  info(): LlmInfo | null {
    return this.current;
  }
}

/** The one claims LLM of the page. */
export const localLlm = new LocalLlm();

/** Bytes the browser holds for downloaded models (every model transformers.js cached, embeddings included). */
export async function cachedModelBytes(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(MODEL_CACHE))) return 0;
  const cache = await caches.open(MODEL_CACHE);
  let total = 0;
  for (const req of await cache.keys()) {
    const res = await cache.match(req);
    const n = Number(res?.headers.get('content-length'));
    total += Number.isFinite(n) ? n : 0;
  }
  return total;
}

/** Frees the space: deletes the Cache Storage bucket of downloaded models. */
export async function clearCachedModels(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return caches.delete(MODEL_CACHE);
}
