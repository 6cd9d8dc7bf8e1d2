// The cache of raw LLM answers for batch runs (claims, links, grades): keyed by provider, base URL, model, temperature and a SHA-256
// of the prompt text. The entry holds the raw answer (parsed on use) and how it was made, never the key.
// Storage is injected: IndexedDB in the browser (src/store/shared/answerCacheIdb.ts), a folder in the CLI.
import type { LlmSettings } from '../claims/providers';

export interface CachedAnswer {
  /** The model's raw text. */
  text: string;
  provider: string;
  baseUrl: string;
  model: string;
  temperature: number;
  promptSha256: string;
  /** ISO time the answer arrived. */
  at: string;
}

export interface AnswerCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  put(key: string, entry: CachedAnswer): Promise<void>;
  /**
   * Runs `fn` holding the lock of `key` across tabs or processes sharing this cache, so two runs never pay for the
   * same request: the second waits, then finds the first's answer. Absent: nothing else shares the cache.
   */
  lock?<T>(key: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** A cache that keeps nothing between runs (tests, and the fallback when storage is refused). */
export function memoryCache(): AnswerCache & { entries: Map<string, CachedAnswer> } {
  const entries = new Map<string, CachedAnswer>();
  return {
    entries,
    get: async (k) => entries.get(k),
    put: async (k, v) => void entries.set(k, v),
  };
}

export async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** What identifies an answer (the key is not part of it: the same request with another key is the same answer). */
export function answerIdentity(settings: LlmSettings, promptSha256: string) {
  return {
    provider: settings.provider,
    baseUrl: settings.baseUrl.trim().replace(/\/+$/, ''),
    model: settings.model.trim(),
    temperature: settings.temperature,
    promptSha256,
  };
}

/** The cache key: a SHA-256 over the identity, so it is a safe file name and says nothing in itself. */
export async function answerKey(settings: LlmSettings, prompt: string): Promise<{ key: string; promptSha256: string }> {
  const promptSha256 = await sha256Hex(prompt);
  const id = answerIdentity(settings, promptSha256);
  // top-p and a system message join the key only when set, so every answer cached before them is still found. The
  // most new tokens joins it for a model run here only (a server's answer is the same whatever the page's setting):
  // an answer cut at 64 tokens is not the one a 512-token run writes.
  const extra = [
    ...(settings.topP !== undefined ? [`top_p:${settings.topP}`] : []),
    ...(settings.system !== undefined ? [`system:${await sha256Hex(settings.system)}`] : []),
    ...(settings.provider === 'browser' && settings.maxNewTokens !== undefined ? [`max_new_tokens:${settings.maxNewTokens}`] : []),
  ];
  return { key: await sha256Hex(JSON.stringify([id.provider, id.baseUrl, id.model, id.temperature, id.promptSha256, ...extra])), promptSha256 };
}

/**
 * Remembers what `cache` returned (hits only), so a plan followed by its run reads each entry once.
 */
export function rememberingCache(cache: AnswerCache): AnswerCache {
  const seen = new Map<string, CachedAnswer>();
  return {
    async get(key) {
      const hit = seen.get(key) ?? (await cache.get(key));
      if (hit) seen.set(key, hit);
      return hit;
    },
    // Remembered once written: after a failed write the plan shows the answer as still to ask.
    put: async (key, entry) => {
      await cache.put(key, entry);
      seen.set(key, entry);
    },
    ...(cache.lock ? { lock: cache.lock.bind(cache) } : {}),
  };
}
