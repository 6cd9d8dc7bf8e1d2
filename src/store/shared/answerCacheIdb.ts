// The browser's LLM answer cache for batch claims (see src/pseudorefs/cache.ts): IndexedDB, so a second run, or a
// run after a reload, sends no request for an answer it already has. Entries hold the raw answer, never the key.
// Two tabs running the same batch share it: a Web Lock per answer makes the second wait and read the first's.
import { lazyDb } from './idbStores';
import { ClaimsError } from '../../claims/errors';
import type { AnswerCache, CachedAnswer } from '../../llmbatch/cache';

export const ANSWER_DB = 'crscore-llm-answers';
const STORE = 'answers';

const db = lazyDb(ANSWER_DB, [STORE]);

const locks = (globalThis.navigator as Navigator | undefined)?.locks;

export const idbAnswerCache: AnswerCache = {
  async get(key) {
    return (await db()).get(STORE, key) as Promise<CachedAnswer | undefined>;
  },
  async put(key, entry) {
    // The write is done only when its transaction commits: a quota refusal shows up here, not later.
    const tx = (await db()).transaction(STORE, 'readwrite');
    await Promise.all([tx.store.put(entry, key), tx.done]);
  },
  ...(locks && {
    lock<T>(key: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return (locks.request(`crscore-llm-answer:${key}`, signal ? { signal } : {}, fn) as Promise<T>).catch((e: unknown) => {
        // Cancel while waiting for another tab's answer: not asked, so Resume asks it.
        if (signal?.aborted && !(e instanceof ClaimsError)) throw new ClaimsError('cancelled', 'Cancelled before it was asked.');
        throw e;
      });
    },
  }),
};

export async function countAnswers(): Promise<number> {
  return (await db()).count(STORE);
}

export async function clearAnswers(): Promise<void> {
  await (await db()).clear(STORE);
}
