// Main-thread side of the embedding worker: one shared `embedder`. Every call has a timeout, and a crashed
// worker is replaced; the call in flight fails with a clear error and the next call reloads the last model.
import * as Comlink from 'comlink';
import type { Encoder } from '../core/types.ts';
import type { EmbedWorkerApi } from './worker.ts';
import type { EngineInfo, LoadOptions, ModelSpec, ProgressEvent } from './types.ts';

export class EmbedderError extends Error {
  override name = 'EmbedderError';
}

interface Pending {
  reject: (e: Error) => void;
}

const LOAD_TIMEOUT_MS = 20 * 60_000; // a 1.3 GB fp32 model on a slow line; stalls are cut sooner by the fetch timeout
const EMBED_BASE_MS = 120_000;
const EMBED_PER_SENTENCE_MS = 2_000;

export class Embedder {
  private worker: Worker | null = null;
  private api: Comlink.Remote<EmbedWorkerApi> | null = null;
  private pending = new Set<Pending>();
  private last: { spec: ModelSpec; opts: LoadOptions } | null = null;
  private needsReload = false;
  private current: EngineInfo | null = null;
  /** Called after the worker was replaced, with the reason (the UI shows it). */
  onRestart: ((reason: string) => void) | null = null;

  private ensure(): Comlink.Remote<EmbedWorkerApi> {
    if (this.api) return this.api;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      type: 'module',
      name: 'embed',
    });
    worker.addEventListener('error', (ev) => {
      ev.preventDefault();
      this.restart(`The embedding worker crashed${ev.message ? `: ${ev.message}` : ''}.`);
    });
    worker.addEventListener('messageerror', () =>
      this.restart('The embedding worker sent a message that could not be read.'),
    );
    this.worker = worker;
    this.api = Comlink.wrap<EmbedWorkerApi>(worker);
    return this.api;
  }

  /** Replaces the worker, failing every call in flight with `reason`. Also what tests use to kill it mid-batch. */
  restart(reason = 'The embedding worker was restarted.'): void {
    const err = new EmbedderError(reason);
    for (const p of this.pending) p.reject(err);
    this.pending.clear();
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    if (this.last) this.needsReload = true;
    this.current = null;
    this.onRestart?.(reason);
  }

  /** Drops the worker without reporting a restart (nothing was loaded in it); calls in flight fail with `reason`. */
  private discard(reason: string): void {
    for (const p of this.pending) p.reject(new EmbedderError(reason));
    this.pending.clear();
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    this.last = null;
    this.needsReload = false;
    this.current = null;
  }

  private call<T>(
    what: string,
    timeoutMs: number,
    fn: (api: Comlink.Remote<EmbedWorkerApi>) => Promise<T>,
  ): Promise<T> {
    const api = this.ensure();
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { reject };
      this.pending.add(entry);
      const timer = setTimeout(() => {
        // A hung call blocks the worker's queue: replace the worker so later calls can run.
        this.pending.delete(entry);
        reject(
          new EmbedderError(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s.`),
        );
        this.restart(`${what} timed out; the embedding worker was restarted.`);
      }, timeoutMs);
      fn(api).then(
        (v) => {
          clearTimeout(timer);
          if (this.pending.delete(entry)) resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          if (this.pending.delete(entry))
            reject(e instanceof Error ? e : new EmbedderError(String(e)));
        },
      );
    });
  }

  async load(
    spec: ModelSpec,
    opts: LoadOptions = {},
    onProgress?: (p: ProgressEvent) => void,
  ): Promise<EngineInfo> {
    this.last = { spec, opts };
    this.needsReload = false;
    const cb = onProgress ? Comlink.proxy(onProgress) : undefined;
    let info: EngineInfo;
    try {
      info = await this.call('Loading the model', LOAD_TIMEOUT_MS, (api) =>
        api.load(spec, opts, cb),
      );
    } catch (e) {
      // A damaged model file (truncated, or a web page instead) can stay stuck inside transformers.js/ORT, so
      // the same worker would fail again after the file is fixed: the next attempt gets a fresh worker.
      this.discard('The embedding worker was reset after a failed model load.');
      throw e;
    }
    this.current = info;
    return info;
  }

  async embed(sentences: string[]): Promise<Float32Array[]> {
    if (sentences.length === 0) return [];
    if (this.needsReload && this.last) await this.load(this.last.spec, this.last.opts);
    const timeout = EMBED_BASE_MS + EMBED_PER_SENTENCE_MS * sentences.length;
    return this.call(`Embedding ${sentences.length} sentences`, timeout, (api) =>
      api.embed(sentences),
    );
  }

  /** What the engine runs now (null before the first load or after a crash). */
  info(): EngineInfo | null {
    return this.current;
  }

  async dispose(): Promise<void> {
    if (this.api)
      await this.call('Disposing the model', 30_000, (api) => api.dispose()).catch(() => undefined);
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    this.last = null;
    this.current = null;
    this.needsReload = false;
  }
}

/** The one embedder of the page. */
export const embedder = new Embedder();

/** The shared embedder as the core's Encoder interface (id: the model in force). */
export function browserEncoder(): Encoder {
  return {
    get id() {
      return embedder.info()?.model ?? 'browser';
    },
    embed: (sentences) => embedder.embed(sentences),
  };
}
