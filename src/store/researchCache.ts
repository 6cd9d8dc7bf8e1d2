// IndexedDB cache of sentence vectors for the research view, keyed by model + pooling + text, so changing τ
// (or re-running after Cancel, or after a reload) never re-embeds what was already embedded.
import { openDB, type IDBPDatabase } from 'idb';

const DB_NAME = 'crscore-research';
const STORE = 'vectors';

let dbPromise: Promise<IDBPDatabase> | null = null;
function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE);
      if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta');
    },
  });
  return dbPromise;
}

export function vectorKey(model: string, pooling: string, text: string): string {
  return `${model}\u0000${pooling}\u0000${text}`;
}

/** The cached vectors among `texts` (one read transaction). */
export async function getVectors(model: string, pooling: string, texts: readonly string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  const d = await db();
  const tx = d.transaction(STORE, 'readonly');
  const st = tx.objectStore(STORE);
  const vals = await Promise.all(texts.map((t) => st.get(vectorKey(model, pooling, t)) as Promise<Float32Array | undefined>));
  await tx.done;
  texts.forEach((t, k) => {
    const v = vals[k];
    if (v instanceof Float32Array) out.set(t, v);
  });
  return out;
}

export async function putVectors(model: string, pooling: string, entries: readonly [string, Float32Array][]): Promise<void> {
  const d = await db();
  const tx = d.transaction(STORE, 'readwrite');
  const st = tx.objectStore(STORE);
  await Promise.all(entries.map(([t, v]) => st.put(v, vectorKey(model, pooling, t))));
  await tx.done;
}

export async function countVectors(): Promise<number> {
  return (await db()).count(STORE);
}

export async function clearVectors(): Promise<void> {
  await (await db()).clear(STORE);
}

/** Small key/value records: the last dataset and the run's progress, so Resume works after a reload. */
export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await db()).get('meta', key) as Promise<T | undefined>;
}

export async function putMeta(key: string, value: unknown): Promise<void> {
  await (await db()).put('meta', value, key);
}
