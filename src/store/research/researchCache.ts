// IndexedDB cache of sentence vectors for the research view, keyed by (model id, dtype, pooling, text), so
// changing τ, re-running after Cancel, or running after a reload never re-embeds what was already embedded.
import { lazyDb } from '../shared/idbStores';

const DB_NAME = 'crscore-research';
const STORE = 'vectors';

const db = lazyDb(DB_NAME, [STORE, 'meta']);

/** What a vector depends on besides its text: the same text under another model, dtype or pooling is another vector. */
export interface VectorSpace {
  model: string;
  dtype: string;
  pooling: string;
}

export function vectorKey(s: VectorSpace, text: string): string {
  return `${s.model}\u0000${s.dtype}\u0000${s.pooling}\u0000${text}`;
}

/** The cached vectors among `texts` (one read transaction). */
export async function getVectors(space: VectorSpace, texts: readonly string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  const d = await db();
  const tx = d.transaction(STORE, 'readonly');
  const st = tx.objectStore(STORE);
  const vals = await Promise.all(texts.map((t) => st.get(vectorKey(space, t)) as Promise<Float32Array | undefined>));
  await tx.done;
  texts.forEach((t, k) => {
    const v = vals[k];
    if (v instanceof Float32Array) out.set(t, v);
  });
  return out;
}

export async function putVectors(space: VectorSpace, entries: readonly [string, Float32Array][]): Promise<void> {
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite');
  const st = tx.objectStore(STORE);
  await Promise.all(entries.map(([t, v]) => st.put(v, vectorKey(space, t))));
  await tx.done;
}

export async function countVectors(): Promise<number> {
  return (await db()).count(STORE);
}

export interface CacheSize {
  vectors: number;
  /** Bytes of vector data (measured up to SAMPLE vectors, estimated beyond). */
  bytes: number;
  estimated: boolean;
}

const SAMPLE = 20_000;

export async function cacheSize(): Promise<CacheSize> {
  const d = await db();
  const vectors = await d.count(STORE);
  if (vectors === 0) return { vectors, bytes: 0, estimated: false };
  const some = (await d.getAll(STORE, null, SAMPLE)) as unknown[];
  let bytes = 0;
  for (const v of some) if (v instanceof Float32Array) bytes += v.byteLength;
  const estimated = some.length < vectors;
  return { vectors, bytes: estimated ? Math.round((bytes / some.length) * vectors) : bytes, estimated };
}

export async function clearVectors(): Promise<void> {
  await (await db()).clear(STORE);
}

/** Small key/value records: the last dataset, the run's progress and configuration, the hand-set τ values. */
export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await db()).get('meta', key) as Promise<T | undefined>;
}

export async function putMeta(key: string, value: unknown): Promise<void> {
  await (await db()).put('meta', value, key);
}
