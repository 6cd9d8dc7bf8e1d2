// The one batch runner against the project's LLM stub on 127.0.0.1: repeats of one prompt are cached apart,
// an unacceptable answer is asked again a bounded number of times and then kept, and a second run asks nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, type LlmStub } from '../../e2e/stubs/llmStub';
import { ClaimsError } from '../claims/errors';
import type { LlmSettings } from '../claims/providers';
import { memoryCache } from './cache';
import { planBatch, runBatch } from './run';
import { openAiStub } from '../testing/llmStub';

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => {
  ({ stub, settings } = await openAiStub());
});
afterEach(() => stub.close());

const digit = (text: string) => {
  const m = /\d+/.exec(text);
  if (!m) throw new ClaimsError('malformed', 'no number in the answer', { raw: text });
  return Number(m[0]);
};

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
