// The browser's LLM answer cache for batch claims (see src/pseudorefs/cache.ts): IndexedDB, so a second run, or a
// run after a reload, sends no request for an answer it already has. Entries hold the raw answer, never the key.
import { openDB, type IDBPDatabase } from 'idb';
import type { AnswerCache, CachedAnswer } from '../llmbatch/cache';

export const ANSWER_DB = 'crscore-llm-answers';
const STORE = 'answers';

let dbPromise: Promise<IDBPDatabase> | null = null;
function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(ANSWER_DB, 1, {
    upgrade(d) {
      if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE);
    },
  });
  return dbPromise;
}

export const idbAnswerCache: AnswerCache = {
  async get(key) {
    return (await db()).get(STORE, key) as Promise<CachedAnswer | undefined>;
  },
  async put(key, entry) {
    await (await db()).put(STORE, entry, key);
  },
};

export async function countAnswers(): Promise<number> {
  return (await db()).count(STORE);
}

export async function clearAnswers(): Promise<void> {
  await (await db()).clear(STORE);
}
