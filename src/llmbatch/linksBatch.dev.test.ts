// llm-links on the human study's dev half, end to end through the batch runner, the stub server and the parser, with
// a stand-in "LLM" that answers each prompt with the annotators' own links (claims_addressed; raters linked whole
// reviews, so every sentence gets the review's links), written in the shapes real models use, in turn. Its scores
// must be the oracle's for every review with recorded links: the ceiling of llm-links, and proof that nothing is
// lost or invented between the prompt and the scores. Needs ../shared/data; skipped without it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptOf, startLlmStub, type LlmStub } from '../../e2e/stubs/llmStub';
import { parseDatasetJsonl } from '../core/dataset';
import { agreement, collectEvalItems } from '../core/evaluate';
import { annotatorVector, oracleScores } from '../core/links/index';
import { buildLinksPrompt, DEFAULT_LINKS_PROMPT } from '../core/links/llmLinks';
import { LLM_LINKS_TAU, scoreAll, scorer } from '../core/research/index';
import { memoryCache } from './cache';
import { linksForItems } from './linksBatch';

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping the llm-links dev test: ${DEV} not found`);

/** One answer in one of four shapes; `k` picks the shape. */
function answer(linked: number[], sentences: number, k: number): string {
  const refs = linked.map((i) => i + 1);
  if (refs.length === 0) return k % 2 ? 'none' : '{}';
  const rows = Array.from({ length: sentences }, (_, j) => j + 1);
  switch (k % 4) {
    case 0:
      return JSON.stringify(Object.fromEntries(rows.map((s) => [String(s), refs])));
    case 1:
      return `\`\`\`json\n${JSON.stringify(rows.map((s) => ({ sentence: s, pseudo_references: refs })))}\n\`\`\``;
    case 2:
      return rows.map((s) => `${s}: ${refs.join(', ')}`).join('\n');
    default:
      return `Here is my analysis.\n${rows.map((s) => `Sentence ${s} addresses ${refs.join(' and ')}.`).join('\n')}`;
  }
}

let stub: LlmStub;
beforeAll(async () => {
  stub = await startLlmStub('openai');
});
afterAll(() => stub.close());

describe.skipIf(!haveDev)('llm-links on the dev half with the annotators as the LLM', () => {
  it('reproduces the oracle for every review with recorded links', async () => {
    const { items } = collectEvalItems(parseDatasetJsonl(readFileSync(DEV, 'utf8')).rows);
    const answers = new Map<string, string>();
    const firstLinks = new Map<string, string>();
    const ambiguous = new Set<string>();
    items.forEach((it, k) => {
      const p = buildLinksPrompt(DEFAULT_LINKS_PROMPT, it.pseudoReferences, it.sentences);
      const links = it.annotatorLinks?.indices ?? [];
      // Two systems that wrote the same review get one prompt: when their raters linked differently, the cache
      // (rightly) gives both the first answer, and the second review's oracle is not expected.
      const seen = firstLinks.get(p);
      if (seen === undefined) {
        firstLinks.set(p, links.join(','));
        answers.set(p, answer(links, it.sentences.length, k));
      } else if (seen !== links.join(',')) ambiguous.add(p);
    });
    stub.respond = (req) => ({ kind: 'ok', text: answers.get(promptOf(req)) ?? 'none' });
    const out = await linksForItems(items, { settings: { provider: 'openai-compatible', baseUrl: stub.baseUrl, model: 'annotators', apiKey: '', temperature: 0 }, cache: memoryCache(), concurrency: 16 });
    expect(out.failed).toBe(0);
    expect(out.warnings).toBe(0);
    const scores = scoreAll(scorer('hard', items, out.m, 0), LLM_LINKS_TAU);
    let compared = 0;
    items.forEach((it, k) => {
      const p = buildLinksPrompt(DEFAULT_LINKS_PROMPT, it.pseudoReferences, it.sentences);
      const oracle = oracleScores(annotatorVector(it.annotatorLinks ?? null, it.pseudoReferences.length));
      if (!oracle || ambiguous.has(p) || it.sentences.every((s) => !s.trim())) return;
      compared++;
      expect([scores.con[k], scores.comp[k]], `${it.rowId} ${it.system}`).toEqual([oracle.con, oracle.comp]);
    });
    expect(compared).toBeGreaterThan(1000);
    const rel = agreement(items, scores).correlations.rel.spearman.r;
    console.log(`llm-links with the annotators' links: ${stub.count} requests, ${compared} reviews equal to the oracle, Rel Spearman ${rel.toFixed(4)}`);
    expect(rel).toBeGreaterThan(0.9);
  }, 120_000);
});
