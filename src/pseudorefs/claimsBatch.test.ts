// Batch claims against the project's LLM stub on 127.0.0.1: the concurrency limit, every failure kind, the cache
// (second run sends nothing; the key never reaches an entry), Cancel then Resume, retrying failed changes alone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, type LlmStub } from '../../e2e/stubs/llmStub';
import type { LlmSettings } from '../claims/providers';
import { memoryCache } from '../llmbatch/cache';
import { claimsForChanges, planClaims, type ChangeInput } from './claimsBatch';
import { openAiStub } from '../testing/llmStub';

const KEY = 'sk-test-SECRET-0123456789abcdef';
const FAST = { tries: 3, backoff: true, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 5000 };

function changes(n: number): ChangeInput[] {
  return Array.from({ length: n }, (_, k) => ({ id: `c${k}`, diff: `@@ -1,1 +1,1 @@\n-old line ${k}\n+new line marker-${k}` }));
}
const markerOf = (prompt: string) => /marker-(\d+)/.exec(prompt)?.[1];

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => {
  ({ stub, settings } = await openAiStub({ model: 'stub-model', apiKey: KEY }));
});
afterEach(() => stub.close());

describe('claimsForChanges', () => {
  it('keeps at most `concurrency` requests in flight, and a second run is answered from the cache', async () => {
    stub.fallback = { kind: 'ok', delayMs: 80 };
    const cache = memoryCache();
    const plan = await planClaims(changes(12), { settings, format: 'paper', cache });
    expect(plan).toMatchObject({ changes: 12, requests: 12, cached: 0 });
    expect(plan.inputTokens).toBeGreaterThan(12 * 50);
    const out = await claimsForChanges(changes(12), { settings, format: 'paper', cache, concurrency: 3, policy: FAST });
    expect(stub.maxInFlight).toBe(3);
    expect(stub.count).toBe(12);
    expect(out.every((c) => c.refs.length === 4 && !c.failure)).toBe(true);
    const again = await claimsForChanges(changes(12), { settings, format: 'paper', cache, concurrency: 3 });
    expect(stub.count).toBe(12);
    expect(again.every((c) => c.cached && c.refs.length === 4)).toBe(true);
    expect((await planClaims(changes(12), { settings, format: 'paper', cache })).requests).toBe(0);
    // The key is in no cache entry; a new key still hits the same entries.
    expect(JSON.stringify([...cache.entries])).not.toContain(KEY);
    const other = await claimsForChanges(changes(2), { settings: { ...settings, apiKey: 'another' }, format: 'paper', cache });
    expect(other.every((c) => c.cached)).toBe(true);
    // Another model is another answer.
    await claimsForChanges(changes(1), { settings: { ...settings, model: 'other' }, format: 'paper', cache });
    expect(stub.count).toBe(13);
  });

  it('429 waits for Retry-After; 500 backs off; a hang times out; garbage fails; each failure names its change', async () => {
    const seen = new Map<string, number>();
    stub.respond = (req) => {
      const m = markerOf(promptOf(req))!;
      const n = (seen.get(m) ?? 0) + 1;
      seen.set(m, n);
      if (m === '0' && n === 1) return { kind: 'status', status: 429, retryAfter: '1' };
      if (m === '1' && n === 1) return { kind: 'status', status: 500 };
      if (m === '2') return { kind: 'never' };
      if (m === '3') return { kind: 'garbage' };
      if (m === '4') return { kind: 'prose' };
      return { kind: 'ok' };
    };
    const cache = memoryCache();
    const t0 = Date.now();
    const out = await claimsForChanges(changes(6), { settings, format: 'paper', cache, policy: FAST, timeoutMs: 300 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000); // waited for Retry-After: 1
    expect(seen.get('0')).toBe(2);
    expect(seen.get('1')).toBe(2);
    expect(out[0].refs.length).toBe(4);
    expect(out[1].refs.length).toBe(4);
    expect(out[2].failure?.kind).toBe('timeout');
    expect(seen.get('2')).toBe(3); // bounded tries
    expect(out[3].failure?.kind).toBe('malformed');
    expect(seen.get('3')).toBe(1); // not retried: the same request would get the same answer
    expect(out[4].failure?.kind).toBe('malformed');
    expect(out[5].failure).toBeUndefined();
    for (const f of out.flatMap((c) => (c.failure ? [c.failure] : []))) expect(f.reason).not.toContain(KEY);
    // Retry the failed changes alone, once the server behaves: only they are requested.
    stub.respond = undefined;
    const before = stub.count;
    const failed = changes(6).filter((_, k) => out[k].failure);
    const retried = await claimsForChanges(failed, { settings, format: 'paper', cache, policy: FAST });
    expect(stub.count - before).toBe(3);
    expect(retried.every((c) => !c.failure)).toBe(true);
  });

  it('Cancel stops asking; Resume asks only what is missing', async () => {
    stub.fallback = { kind: 'ok', delayMs: 50 };
    const cache = memoryCache();
    const ctrl = new AbortController();
    const out = await claimsForChanges(changes(20), {
      settings,
      format: 'paper',
      cache,
      concurrency: 2,
      signal: ctrl.signal,
      onProgress: (p) => {
        if (p.done >= 6) ctrl.abort();
      },
    });
    const answered = out.filter((c) => !c.failure).length;
    expect(answered).toBeGreaterThanOrEqual(6);
    expect(answered).toBeLessThan(20);
    expect(out.filter((c) => c.failure).every((c) => c.failure!.kind === 'cancelled')).toBe(true);
    const before = stub.count;
    let sent = 0;
    const resumed = await claimsForChanges(changes(20), { settings, format: 'paper', cache, concurrency: 2, onProgress: (p) => (sent = p.requests) });
    expect(resumed.every((c) => c.refs.length === 4)).toBe(true);
    // Only the missing changes are asked (a request Cancel cut off in flight may also have reached the server).
    expect(sent).toBe(20 - answered);
    expect(resumed.filter((c) => c.cached)).toHaveLength(answered);
    expect(stub.count - before).toBeGreaterThanOrEqual(20 - answered);
  });

  it('a provider cap on concurrency wins over the user setting', async () => {
    const { PROVIDERS } = await import('../claims/providers');
    PROVIDERS['openai-compatible'].maxConcurrency = 1;
    try {
      stub.fallback = { kind: 'ok', delayMs: 30 };
      await claimsForChanges(changes(5), { settings, format: 'paper', cache: memoryCache(), concurrency: 4 });
      expect(stub.maxInFlight).toBe(1);
    } finally {
      delete PROVIDERS['openai-compatible'].maxConcurrency;
    }
  });

  it('a change with no added or removed lines fails without a request', async () => {
    const out = await claimsForChanges([{ id: 'e', diff: '@@ -1,1 +1,1 @@\n same' }], { settings, format: 'json', cache: memoryCache() });
    expect(out[0].failure?.kind).toBe('empty-diff');
    expect(stub.count).toBe(0);
  });
});
