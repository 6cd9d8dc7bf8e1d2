// llm-links through the one batch runner against the LLM stub on 127.0.0.1: the stub reads each prompt and links
// sentence k to pseudo-reference k, so the scores are known; a second run sends nothing; an unreadable answer
// fails that review alone and is not cached; a review with no text is never asked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, type LlmStub } from '../../e2e/stubs/llmStub';
import { diagonalResponder } from '../../e2e/stubs/linksStub';
import type { LlmSettings } from '../claims/providers';
import type { EvalItem } from '../core/evaluate';
import { LLM_LINKS_TAU, scoreAll, scorer } from '../core/research/index';
import { memoryCache } from './cache';
import { linksForItems, planLinks } from './linksBatch';
import { openAiStub } from '../testing/llmStub';
import { rowsOf } from '../core/scoreColumns';

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => {
  ({ stub, settings } = await openAiStub());
});
afterEach(() => stub.close());

const refs = ['The loop now starts at 1.', 'A null check was added.', 'The log level is debug now.'];
const item = (rowId: string, system: string, sentences: string[], pseudoReferences = refs): EvalItem => ({
  rowId,
  lang: 'py',
  system,
  sentences,
  pseudoReferences,
  pseudoReferenceKinds: pseudoReferences.map(() => 'claim' as const),
  human: null,
});

const items = [
  item('c1', 'a', ['Why start at 1?', 'Good null check.']),
  item('c1', 'b', ['Off by one.', 'Null check.', 'Debug is right.', 'Thanks!']),
  item('c2', 'a', ['Fine.'], ['Renamed x.', 'Removed y.']),
];

describe('linksForItems', () => {
  it('one request per review; the links make the scores; a second run sends nothing', async () => {
    stub.respond = diagonalResponder();
    const cache = memoryCache();
    const plan = await planLinks(items, { settings, cache });
    expect(plan).toMatchObject({ tasks: 3, requests: 3, cached: 0 });
    expect(plan.inputTokens).toBeGreaterThan(100);
    const out = await linksForItems(items, { settings, cache });
    expect(stub.count).toBe(3);
    // Requests leave in whatever order hashing and the cache let them; the first review's prompt is among them.
    expect(stub.requests.map(promptOf).filter((p) => p.includes('1. Why start at 1?\n2. Good null check.'))).toHaveLength(1);
    expect(out.failed).toBe(0);
    const hard = scoreAll(scorer('hard', items, out.m, 0), LLM_LINKS_TAU);
    // Con = linked sentences / sentences, Comp = linked pseudo-references / pseudo-references.
    expect(rowsOf(hard).map((s) => [s.con, s.comp])).toEqual([
      [1, 2 / 3],
      [3 / 4, 1],
      [1, 1 / 2],
    ]);
    const again = await linksForItems(items, { settings, cache });
    expect(stub.count).toBe(3);
    expect(again.cached).toBe(3);
    expect([...again.m.matrices[1].data]).toEqual([...out.m.matrices[1].data]);
    expect((await planLinks(items, { settings, cache })).requests).toBe(0);
  });

  it('an unreadable answer fails its review alone, is left out of the scores (not linking nothing), not cached, and Resume asks it again', async () => {
    stub.respond = (req) => (promptOf(req).includes('Fine.') ? { kind: 'ok', text: 'This review is fine.' } : diagonalResponder()(req));
    const cache = memoryCache();
    const out = await linksForItems(items, { settings, cache });
    expect(out.failed).toBe(1);
    expect(out.reviews[2]).toMatchObject({ id: 'c2 · a', text: 'This review is fine.', failure: { kind: 'malformed' } });
    expect(out.kept).toEqual([0, 1]);
    expect(out.m.matrices).toHaveLength(2);
    expect(cache.entries.size).toBe(2);
    stub.respond = diagonalResponder();
    const resumed = await linksForItems(items, { settings, cache });
    expect(stub.count).toBe(3 + 1);
    expect(resumed.failed).toBe(0);
  });

  it('keeps the links that exist, counts the dropped numbers, and never asks about a review with no text', async () => {
    stub.fallback = { kind: 'ok', text: '{"1": [1, 9], "3": [2]}' };
    const out = await linksForItems([item('c3', 'a', ['One.']), item('c3', 'b', [''])], { settings, cache: memoryCache() });
    expect(stub.count).toBe(1);
    expect([...out.m.matrices[0].data]).toEqual([1, 0, 0]);
    expect(out.warnings).toBe(2);
    expect(out.reviews[1]).toMatchObject({ warnings: [], cached: false });
    expect(out.reviews[1].failure).toBeUndefined();
  });

  it('refuses a template without its placeholders before any request', async () => {
    await expect(linksForItems(items, { settings, cache: memoryCache(), template: 'Link {review_sentences}' })).rejects.toThrow(/\{pseudo_references\}/);
    expect(stub.count).toBe(0);
  });
});
