// The lab's LLM metrics against the project's LLM stub on 127.0.0.1: the paper's randomness rules end to end, and
// every fault of issue 23 (prose, an empty answer, a grade of 7, a 429 storm, a timeout, Cancel, a reload) gives a
// clear message or a recorded no grade, keeps what was paid for, and resumes without asking it again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, type LlmStub, type RecordedRequest } from '../../e2e/stubs/llmStub';
import type { LlmSettings } from '../claims/providers';
import { memoryCache } from './cache';
import { llmMetricConfig, planLlmGrades, planLlmJudge, runLlmGrades, runLlmJudge, type GradeInput } from './labBatch';
import { openAiStub } from '../testing/llmStub';

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => {
  ({ stub, settings } = await openAiStub());
});
afterEach(() => stub.close());

const FAST = { tries: 4, backoff: true, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 5000 };
const inputs = (n: number): GradeInput[] =>
  Array.from({ length: n }, (_, k) => ({ id: `c${k}::sys`, review: `Review number ${k} asks for a test.`, reference: `Please add a test for case ${k}.` }));
/** The review number in a grade prompt, so answers depend on the prompt, not on arrival order. */
const reviewNo = (req: RecordedRequest) => Number(/Review number (\d+)/.exec(promptOf(req))?.[1] ?? -1);

describe('LLM grade against the reference', () => {
  it('three calls, majority or median, 5 → 4, exact match and empty review without a call, no reference is n/a', async () => {
    const answers = new Map<number, string[]>([
      [0, ['4', 'Grade: 4', '2']],
      [1, ['5', '**5**/5', '3']],
      [2, ['1', '3', 'I would say 2.']],
    ]);
    const asked = new Map<number, number>();
    stub.respond = (req) => {
      const k = reviewNo(req);
      const i = asked.get(k) ?? 0;
      asked.set(k, i + 1);
      return { kind: 'ok', text: answers.get(k)![i] };
    };
    const xs: GradeInput[] = [
      ...inputs(3),
      { id: 'same::sys', review: 'Why not  final?', reference: 'Why not final?' },
      { id: 'empty::sys', review: '', reference: 'Why not final?' },
      { id: 'noref::sys', review: 'Add a test.', reference: null },
    ];
    const cache = memoryCache();
    const plan = await planLlmGrades(xs, { settings, cache });
    expect(plan).toMatchObject({ reviews: 6, withoutCall: 3, tasks: 9, requests: 9, cached: 0 });
    const out = await runLlmGrades(xs, { settings, cache, concurrency: 1 });
    expect(out.map((o) => [o.grade, o.status])).toEqual([
      [4, 'graded'],
      [4, 'graded'], // majority 5 is not lexically identical: 4
      [2, 'graded'], // all differ: the median
      [5, 'exact-match'],
      [1, 'empty-review'],
      [null, 'not-applicable'],
    ]);
    // Which sample gets which answer depends on arrival order; the rules do not.
    expect([...out[1].samples].sort()).toEqual([3, 5, 5]);
    expect(stub.count).toBe(9);
    const again = await runLlmGrades(xs, { settings, cache });
    expect(again.map((o) => o.grade)).toEqual(out.map((o) => o.grade));
    expect(stub.count).toBe(9);
    expect((await planLlmGrades(xs, { settings, cache })).requests).toBe(0);
  });

  it('prose and a grade of 7 are asked again at most three more times, then recorded (and cached) as no grade', async () => {
    stub.respond = (req) => (reviewNo(req) === 0 ? { kind: 'prose', text: 'The generated review is loosely related.' } : { kind: 'ok', text: '7' });
    const cache = memoryCache();
    const xs = inputs(2);
    const out = await runLlmGrades(xs, { settings, cache, samples: 1 });
    expect(out.map((o) => [o.grade, o.status])).toEqual([[null, 'no-grade'], [null, 'no-grade']]);
    expect(out[0].reason).toMatch(/no grade from 1 to 5/);
    expect(out[1].samples).toEqual([7]);
    expect(stub.count).toBe(2 * 4);
    await runLlmGrades(xs, { settings, cache, samples: 1 });
    expect(stub.count).toBe(8);
  });

  it('a 7 then a 3 is a 3', async () => {
    stub.queue({ kind: 'ok', text: '7' }, { kind: 'ok', text: '3' });
    const [o] = await runLlmGrades(inputs(1), { settings, cache: memoryCache(), samples: 1 });
    expect(o).toMatchObject({ grade: 3, status: 'graded' });
  });

  it('an empty answer fails with a clear message and is asked again on the next run; the other samples are kept', async () => {
    stub.queue({ kind: 'ok', text: '3' }, { kind: 'ok', text: '' }, { kind: 'ok', text: '3' });
    const cache = memoryCache();
    const [o] = await runLlmGrades(inputs(1), { settings, cache, concurrency: 1 });
    expect(o).toMatchObject({ grade: null, status: 'failed' });
    expect(o.reason).toMatch(/no model text/);
    expect(cache.entries.size).toBe(2);
    stub.fallback = { kind: 'ok', text: '4' };
    const [again] = await runLlmGrades(inputs(1), { settings, cache });
    expect(again).toMatchObject({ grade: 3, status: 'graded' });
    expect([...again.samples].sort()).toEqual([3, 3, 4]);
    expect(stub.count).toBe(4);
  });

  it('a 429 storm with Retry-After is waited out; one longer than the tries fails with the reason and resumes later', async () => {
    stub.queue(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '0.05' })));
    stub.fallback = { kind: 'ok', text: '2' };
    const cache = memoryCache();
    const [o] = await runLlmGrades(inputs(1), { settings, cache, samples: 1, policy: FAST });
    expect(o).toMatchObject({ grade: 2, status: 'graded' });
    expect(stub.count).toBe(4);

    stub.queue(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '0.01' })));
    const xs = [{ id: 'x', review: 'Rename it.', reference: 'Use a better name.' }];
    const [f] = await runLlmGrades(xs, { settings, cache, samples: 1, policy: FAST });
    expect(f).toMatchObject({ grade: null, status: 'failed' });
    expect(f.reason).toMatch(/rate|429|limit/i);
    const [r] = await runLlmGrades(xs, { settings, cache, samples: 1, policy: FAST });
    expect(r).toMatchObject({ grade: 2, status: 'graded' });
  });

  it('a timeout fails with the reason after the bounded retries', async () => {
    stub.fallback = { kind: 'never' };
    const [o] = await runLlmGrades(inputs(1), { settings, cache: memoryCache(), samples: 1, timeoutMs: 100, policy: { ...FAST, tries: 2 } });
    expect(o.status).toBe('failed');
    expect(o.reason).toMatch(/No answer within/);
    expect(stub.count).toBe(2);
  });

  it('Cancel keeps every answer received; a reload (new cache view over the same store) resumes without asking them again', async () => {
    stub.respond = () => ({ kind: 'ok', text: '3', delayMs: 15 });
    const store = memoryCache();
    const ctrl = new AbortController();
    const xs = inputs(30);
    let seen = 0;
    const first = await runLlmGrades(xs, {
      settings,
      cache: store,
      concurrency: 2,
      signal: ctrl.signal,
      onProgress: (p) => {
        seen = p.done;
        if (p.done >= 20) ctrl.abort();
      },
    });
    expect(seen).toBeGreaterThanOrEqual(20);
    const paid = store.entries.size;
    expect(paid).toBeLessThan(90);
    expect(first.some((o) => o.status === 'cancelled')).toBe(true);
    const sentBefore = stub.count;
    // The reload: a fresh cache object over the same entries (IndexedDB / the CLI's folder).
    const reloaded = memoryCache();
    for (const [k, v] of store.entries) reloaded.entries.set(k, v);
    const plan = await planLlmGrades(xs, { settings, cache: reloaded });
    expect(plan.requests).toBe(90 - paid);
    const second = await runLlmGrades(xs, { settings, cache: reloaded, concurrency: 4 });
    expect(second.every((o) => o.grade === 3)).toBe(true);
    expect(stub.count - sentBefore).toBe(90 - paid);
  });
});

describe('reference-free LLM judge', () => {
  const judgeInputs = [
    { id: 'a', diff: '@@ -1 +1 @@\n-a = 1\n+a = 2', review: 'Why change a to 2?', pseudoRefs: ['The value of a changes from 1 to 2.'] },
    { id: 'b', diff: '@@ -1 +1 @@\n-b()\n+c()', review: 'Looks good.', pseudoRefs: ['b is replaced by c.'] },
    { id: 'e', diff: '@@ -1 +1 @@\n-x\n+y', review: '', pseudoRefs: [] },
  ];

  it('reads JSON and "Relevance: 4" answers; a missing dimension is no grade for it; the pseudo-references only when ticked', async () => {
    stub.respond = (req) =>
      promptOf(req).includes('Why change a')
        ? { kind: 'ok', text: '```json\n{"relevance": 4, "conciseness": 5, "comprehensiveness": 3}\n```' }
        : { kind: 'ok', text: 'Relevance: 2\nConciseness: 3' };
    const cache = memoryCache();
    const out = await runLlmJudge(judgeInputs, { settings, cache, reaskTimes: 1 });
    expect(out.map((o) => o.grades)).toEqual([
      { rel: 4, con: 5, comp: 3 },
      { rel: 2, con: 3, comp: null },
      { rel: 1, con: 1, comp: 1 },
    ]);
    expect(out.map((o) => o.status)).toEqual(['graded', 'graded', 'empty-review']);
    // b was asked again once (a dimension missing), then kept.
    expect(stub.count).toBe(3);
    expect(stub.requests.every((r) => !promptOf(r).includes('Things a reviewer'))).toBe(true);
    const withRefs = await planLlmJudge(judgeInputs, { settings, cache, withPseudoRefs: true });
    expect(withRefs.requests).toBe(2);
    await runLlmJudge(judgeInputs, { settings, cache, withPseudoRefs: true });
    expect(promptOf(stub.requests[stub.requests.length - 1])).toContain('Things a reviewer');
  });

  it('a template without its placeholders is refused before any call', async () => {
    await expect(runLlmJudge(judgeInputs, { settings, cache: memoryCache(), template: 'Rate {{review}}' })).rejects.toThrow(/\{\{diff\}\}/);
    expect(stub.count).toBe(0);
  });
});

describe('llmMetricConfig', () => {
  it('records provider, model, samples and the prompt in use, never the key', () => {
    const c = llmMetricConfig({ ...settings, apiKey: 'sk-SECRET-123' }, 'judge', { template: 'Rate {{diff}} {{review}}', withPseudoRefs: true });
    expect(c).toMatchObject({ model: 'stub', samples: 1, reasks: 3, withPseudoRefs: true, prompt: 'Rate {{diff}} {{review}}' });
    expect(JSON.stringify(c)).not.toContain('sk-SECRET');
    expect(llmMetricConfig(settings, 'grade')).toMatchObject({ samples: 3, prompt: expect.stringContaining('{{reference}}') });
  });
});
