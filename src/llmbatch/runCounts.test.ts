// Issue 35: the counts a batch reports agree. Requests planned, sent and failed are one unit (requests), tasks
// (reviews, changes) another: two tasks with one prompt share one request and fail with it. Settings that cannot
// succeed (no key) send nothing and count nothing as sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, type LlmStub } from '../../e2e/stubs/llmStub';
import type { LlmSettings } from '../claims/providers';
import { memoryCache } from './cache';
import { planBatch, requestCounts, runBatch, type BatchProgress } from './run';
import { firstNumber, openAiStub } from '../testing/llmStub';

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => {
  ({ stub, settings } = await openAiStub());
});
afterEach(() => stub.close());

const digit = firstNumber;
const quick = { tries: 3, backoff: true, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1000 };

describe('batch counts', () => {
  it('planned, sent and failed requests agree; tasks that share a failed request are counted apart', async () => {
    // Six tasks, five prompts (t5 and t6 ask the same). p2 is refused (400), p5 (t5 and t6) answers prose that
    // cannot be read, p3 fails once with a 500 and then answers.
    let p3 = 0;
    stub.respond = (req) => {
      const p = promptOf(req);
      if (p.includes('p2')) return { kind: 'status', status: 400 };
      if (p.includes('p5')) return { kind: 'ok', text: 'no idea' };
      if (p.includes('p3') && p3++ === 0) return { kind: 'status', status: 500 };
      return { kind: 'ok', text: '7' };
    };
    const tasks = ['p1', 'p2', 'p3', 'p4', 'p5', 'p5'].map((prompt, k) => ({ id: `t${k + 1}`, prompt: `grade ${prompt}` }));
    const cache = memoryCache();
    const plan = await planBatch(tasks, { settings, cache });
    expect(plan).toMatchObject({ tasks: 6, requests: 5, cached: 0 });
    let last: BatchProgress | null = null;
    const out = await runBatch(tasks, digit, { settings, cache, concurrency: 2, policy: quick, onProgress: (p) => (last = p) });
    const p = last as unknown as BatchProgress;
    // Sent: the planned requests and the one retry, as the stub saw them.
    expect(p.requests).toBe(stub.count);
    expect(p.requests).toBe(plan.requests + p.retries);
    expect(p.retries).toBe(1);
    // Failed requests: p2 and p5, each asked once; failed tasks: t2, t5 and t6 (t6 shared t5's request).
    expect(p.requestsFailed).toBe(2);
    expect(p.failed).toBe(3);
    expect(out.filter((r) => r.failure).map((r) => r.id).sort()).toEqual(['t2', 't5', 't6']);
    expect(p.done).toBe(6);
    expect(requestCounts(p)).toBe('6 requests sent (1 retry), 2 failed');
    // The next plan asks exactly for what failed.
    expect((await planBatch(tasks, { settings, cache })).requests).toBe(p.requestsFailed);
  });

  it('settings that need a key send nothing and count no request as sent', async () => {
    const noKey: LlmSettings = { ...settings, provider: 'openai', apiKey: '' };
    const tasks = ['a', 'b', 'c'].map((prompt) => ({ id: prompt, prompt }));
    let last: BatchProgress | null = null;
    const out = await runBatch(tasks, digit, { settings: noKey, cache: memoryCache(), onProgress: (p) => (last = p) });
    const p = last as unknown as BatchProgress;
    expect(stub.count).toBe(0);
    expect(p).toMatchObject({ requests: 0, requestsFailed: 0, failed: 3, done: 3 });
    expect(out.every((r) => r.failure?.reason === 'OpenAI needs an API key.')).toBe(true);
  });
});
