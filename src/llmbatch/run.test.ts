// The one batch runner against the project's LLM stub on 127.0.0.1: repeats of one prompt are cached apart,
// an unacceptable answer is asked again a bounded number of times and then kept, and a second run asks nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, type LlmStub } from '../../e2e/stubs/llmStub';
import type { LlmSettings } from '../claims/providers';
import { memoryCache } from './cache';
import { planBatch, runBatch } from './run';
import { firstNumber, openAiStub } from '../testing/llmStub';

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => {
  ({ stub, settings } = await openAiStub());
});
afterEach(() => stub.close());

const digit = firstNumber;

describe('runBatch', () => {
  it('caches each sample of one prompt on its own, and a second run sends nothing', async () => {
    let n = 0;
    stub.respond = () => ({ kind: 'ok', text: String(++n) });
    const cache = memoryCache();
    const tasks = [0, 1, 2].map((sample) => ({ id: `t${sample}`, prompt: 'grade this', sample }));
    const first = await runBatch(tasks, digit, { settings, cache, concurrency: 1 });
    // The same prompt three times: three requests, three answers (in whatever order the tasks reached the stub).
    expect(first.map((r) => r.value).sort()).toEqual([1, 2, 3]);
    expect(stub.count).toBe(3);
    const again = await runBatch(tasks, digit, { settings, cache });
    expect(again.map((r) => r.value)).toEqual(first.map((r) => r.value));
    expect(again.every((r) => r.cached)).toBe(true);
    expect(stub.count).toBe(3);
    expect((await planBatch(tasks, { settings, cache })).requests).toBe(0);
  });

  it('asks again while the answer is not acceptable, at most `times` more, then keeps the last one', async () => {
    stub.queue({ kind: 'ok', text: '7' }, { kind: 'ok', text: '4' });
    const cache = memoryCache();
    const reask = { times: 3, accept: (v: number) => v >= 1 && v <= 5 };
    const [ok] = await runBatch([{ id: 'a', prompt: 'p1' }], digit, { settings, cache, reask });
    expect(ok.value).toBe(4);
    expect(stub.count).toBe(2);
    stub.fallback = { kind: 'ok', text: '9' };
    const [never] = await runBatch([{ id: 'b', prompt: 'p2' }], digit, { settings, cache, reask });
    expect(never.value).toBe(9);
    expect(stub.count).toBe(2 + 4);
    // Paid for: the refusal is cached and not asked again.
    const [cachedNever] = await runBatch([{ id: 'b', prompt: 'p2' }], digit, { settings, cache, reask });
    expect(cachedNever).toMatchObject({ value: 9, cached: true });
    expect(stub.count).toBe(6);
  });

  it('an answer the parser cannot read fails with its raw text and is not cached', async () => {
    stub.fallback = { kind: 'ok', text: 'no idea' };
    const cache = memoryCache();
    const [r] = await runBatch([{ id: 'x', prompt: 'p' }], digit, { settings, cache });
    expect(r.failure?.kind).toBe('malformed');
    expect(r.text).toBe('no idea');
    expect(cache.entries.size).toBe(0);
    expect(promptOf(stub.requests[0])).toBe('p');
  });
});

describe('runBatch: one payment per request, the key in no answer, failed writes said', () => {
  it('identical prompts in flight at once are asked once and shared', async () => {
    stub.respond = () => ({ kind: 'ok', text: '3', delayMs: 100 });
    const cache = memoryCache();
    const tasks = ['a', 'b', 'c'].map((id) => ({ id, prompt: 'the same review' }));
    expect((await planBatch(tasks, { settings, cache })).requests).toBe(1);
    // Two runs at once (two panels of one page) and three tasks each: one request.
    const [x, y] = await Promise.all([runBatch(tasks, digit, { settings, cache }), runBatch(tasks, digit, { settings, cache })]);
    expect(stub.count).toBe(1);
    expect([...x, ...y].map((r) => r.value)).toEqual([3, 3, 3, 3, 3, 3]);
    expect([...x, ...y].filter((r) => !r.cached)).toHaveLength(1);
  });

  it('under the cache lock, an answer another run wrote meanwhile is read, not asked again', async () => {
    const cache = memoryCache();
    // A lock that lets "another process" finish first: it writes the answer before this run holds the lock.
    const shared = {
      get: cache.get,
      put: cache.put,
      lock: async <T>(key: string, fn: () => Promise<T>) => {
        await cache.put(key, { text: '5', provider: '', baseUrl: '', model: '', temperature: 0, promptSha256: '', at: '' });
        return fn();
      },
    };
    const [r] = await runBatch([{ id: 'a', prompt: 'p' }], digit, { settings, cache: shared });
    expect(r).toMatchObject({ value: 5, cached: true });
    expect(stub.count).toBe(0);
  });

  it('a key echoed in an answer reaches neither the result nor the cache; an old cached echo is scrubbed on read', async () => {
    const key = 'sk-batch-SECRET-0123456789';
    const s = { ...settings, apiKey: key };
    stub.fallback = { kind: 'ok', text: `4 (your key ${key}, ${Buffer.from(key).toString('base64')})` };
    const cache = memoryCache();
    const [r] = await runBatch([{ id: 'a', prompt: 'p' }], digit, { settings: s, cache });
    expect(r.value).toBe(4);
    expect(r.text).not.toContain(key);
    expect(JSON.stringify([...cache.entries.values()])).not.toContain(key);
    expect(JSON.stringify([...cache.entries.values()])).not.toContain(Buffer.from(key).toString('base64').slice(4, -4));
    for (const [k, v] of cache.entries) cache.entries.set(k, { ...v, text: `4 ${key}` });
    const [old] = await runBatch([{ id: 'a', prompt: 'p' }], digit, { settings: s, cache });
    expect(old).toMatchObject({ cached: true, text: '4 [key hidden]' });
  });

  it('a cache write that fails is counted with its reason; the answer is still used', async () => {
    stub.fallback = { kind: 'ok', text: '2' };
    const refusing = { get: async () => undefined, put: async () => Promise.reject(new Error('QuotaExceededError: quota reached')) };
    let last: { cacheWriteFailed: number; cacheWriteError?: string } | undefined;
    const out = await runBatch([{ id: 'a', prompt: 'p1' }, { id: 'b', prompt: 'p2' }], digit, {
      settings,
      cache: refusing,
      onProgress: (p) => (last = p),
    });
    expect(out.map((r) => r.value)).toEqual([2, 2]);
    expect(last).toMatchObject({ cacheWriteFailed: 2, cacheWriteError: 'QuotaExceededError: quota reached' });
  });
});
