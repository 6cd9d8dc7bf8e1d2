// Research pipeline, stage 3 in the browser: embeddings. The workbench's engine (src/embed: transformers.js on
// WebGPU with WASM as the fallback, or USE-lite) in the research view's own workers, so a batch run never swaps the
// workbench's model; vectors go through the IndexedDB cache, and Cancel acts between batches.
import { Embedder } from '../../embed/client';
import { longestFirst } from '../../embed/batching';
import { specLabel, type Backend, type EngineInfo, type ModelSpec, type ProgressEvent } from '../../embed/types';
import { NO_LOAD, summarizeLoad, withEarlier, type LoadProgress } from '../../embed/progress';
import { getVectors, putVectors, type VectorSpace } from './researchCache';

/**
 * USE-lite runs single-threaded WASM in the production build (src/embed/useliteBrowser.ts), so one worker per core
 * (up to 4), each with its own model, embeds batches side by side: every core, with the vectors of one worker (the
 * batches are cut here, before they are handed out). A transformers model is large and multithreads itself
 * (onnxruntime-web's numThreads, src/embed/workerEnv.ts): it gets one worker, and the others are let go.
 */
const POOL_SIZE = Math.max(1, Math.min(4, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 1));
const pool: Embedder[] = [];

/** Embedding calls sent to the research workers since the page loaded (tests read it to prove a resume embeds nothing). */
export const embedStats = { calls: 0, texts: 0 };

export interface RunEngine {
  model: string;
  dtype: string;
  backend: string;
  pooling: string;
  threads: number;
}

export const spaceOf = (e: RunEngine): VectorSpace => ({ model: e.model, dtype: e.dtype, pooling: e.pooling });

function engineOf(info: EngineInfo): RunEngine {
  return { model: info.model, dtype: info.dtype, backend: info.backend, pooling: info.pooling, threads: info.threads };
}

/** Loads `spec` in the pool: how far its files have come (bytes, else a share: progress.ts). Never falls back silently. */
async function loadPool(spec: ModelSpec, backend: Backend, onLoading: (p: LoadProgress) => void): Promise<Embedder[]> {
  const label = specLabel(spec);
  const size = spec.kind === 'use-lite' ? POOL_SIZE : 1;
  while (pool.length > size) await pool.pop()!.dispose();
  while (pool.length < size) pool.push(new Embedder());
  const files = new Map<string, ProgressEvent>();
  const onProgress = (p: ProgressEvent) => {
    files.set(p.file, withEarlier(files.get(p.file), p));
    onLoading(summarizeLoad(files.values()));
  };
  await Promise.all(
    pool.map((e, k) =>
      e.info()?.model === label && spec.kind !== 'local' && (spec.kind === 'use-lite' || backend === 'auto' || e.info()?.backend === backend)
        ? e.info()!
        : e.load(spec, { fallback: false, backend }, k === 0 ? onProgress : undefined),
    ),
  );
  return pool;
}

export interface EmbedHooks {
  batchSize: number;
  backend: Backend;
  /** The engine a previous run of this similarity used: when every text is cached under it, no model is loaded. */
  known?: RunEngine | null;
  onLoading(p: LoadProgress): void;
  onCacheRead(total: number): void;
  onEmbedded(done: number, total: number, cached: number): void;
  cancelled(): boolean;
  live(): boolean;
  /** Stop after the cache: never load a model (bringing results back after a reload). */
  cacheOnly?: boolean;
}

export type EmbedOutcome =
  | { kind: 'done'; vectors: Map<string, Float32Array>; engine: RunEngine; cached: number; cacheFailure: Error | null }
  | { kind: 'cancelled' | 'error'; done: number; total: number; error?: Error; engine: RunEngine | null };

/** Every text's vector: from the cache, else embedded by the pool (each batch cached as it lands). `spec` may throw. */
export async function embedTexts(spec: () => ModelSpec, texts: readonly string[], h: EmbedHooks): Promise<EmbedOutcome> {
  if (h.known) {
    h.onCacheRead(texts.length);
    const vectors = await getVectors(spaceOf(h.known), texts).catch(() => new Map<string, Float32Array>());
    if (vectors.size === texts.length) return { kind: 'done', vectors, engine: h.known, cached: texts.length, cacheFailure: null };
    if (h.cacheOnly) return { kind: 'cancelled', done: vectors.size, total: texts.length, engine: h.known };
  }
  if (h.cacheOnly) return { kind: 'cancelled', done: 0, total: texts.length, engine: null };
  h.onLoading(NO_LOAD);
  let workers: Embedder[];
  try {
    // The spec is asked for only now: a run whose texts are all cached needs no model (nor its folder).
    workers = await loadPool(spec(), h.backend, h.onLoading);
  } catch (e) {
    return { kind: 'error', done: 0, total: texts.length, error: e instanceof Error ? e : new Error(String(e)), engine: null };
  }
  // The threads of the whole pool: each worker's WASM threads, summed.
  const engine = { ...engineOf(workers[0].info()!), threads: workers.reduce((n, e) => n + (e.info()?.threads ?? 1), 0) };
  const space = spaceOf(engine);
  h.onCacheRead(texts.length);
  const vectors = await getVectors(space, texts).catch(() => new Map<string, Float32Array>());
  const cached = vectors.size;
  // Longest first (batching.ts): texts of like length batch together, and the workers' last batches are short
  // ones (the vectors are keyed by text, so their order does not matter).
  const missing = longestFirst(texts.filter((t) => !vectors.has(t)));
  h.onEmbedded(cached, texts.length, cached);
  const batch = Math.max(1, h.batchSize);
  let next = 0;
  let embedded = 0;
  let failure: Error | null = null;
  let cacheFailure: Error | null = null;
  // Each worker takes the next batch until none is left, Cancel is pressed or a worker fails; a batch in flight
  // finishes and is cached, so nothing embedded is lost (a failed batch is embedded again on Resume).
  const work = async (e: Embedder) => {
    try {
      while (next < missing.length && !h.cancelled() && !failure && h.live()) {
        const chunk = missing.slice(next, next + batch);
        next += chunk.length;
        embedStats.calls++;
        embedStats.texts += chunk.length;
        const vecs = await e.embed(chunk);
        const entries = chunk.map((t, j) => [t, vecs[j]] as [string, Float32Array]);
        for (const [t, v] of entries) vectors.set(t, v);
        // A full disk must not stop the run: the vectors stay in memory, and the end of the run says so. The
        // write goes on while this worker embeds its next batch; a batch counts as done once it is written, so
        // a reload at the progress bar's "done" finds it in the cache. The run waits for every write.
        writes.push(
          putVectors(space, entries)
            .catch((err: Error) => void (cacheFailure ??= err))
            .then(() => {
              embedded += chunk.length;
              if (h.live() && !failure) h.onEmbedded(cached + embedded, texts.length, cached);
            }),
        );
      }
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
    }
  };
  const writes: Promise<void>[] = [];
  await Promise.all(workers.map(work));
  await Promise.all(writes);
  const done = cached + embedded;
  if (failure) return { kind: 'error', done, total: texts.length, error: failure, engine };
  if (done < texts.length) return { kind: 'cancelled', done, total: texts.length, engine };
  return { kind: 'done', vectors, engine, cached, cacheFailure };
}

/** Whether an error means the hub (or the network) could not be reached, rather than a broken model. */
export function isUnreachable(message: string): boolean {
  return /could not be reached|did not answer|network error|Failed to fetch/i.test(message);
}
