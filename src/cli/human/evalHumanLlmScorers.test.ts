// The study's report's LLM scorers on the human-scored report (one way in), against the LLM stub on 127.0.0.1
// through the real launcher: `--similarity llm-links` (evalLinks.ts; the stub links sentence k to pseudo-reference
// k, so the study's report's figure on mini.jsonl is this report's too) and `--metrics llm-judge` on a mapped table.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { diagonalResponder } from '../../../e2e/stubs/linksStub';
import type { HumanEvalOutput } from './evalHumanReport.ts';
import { crscoreAsync, FIXTURES } from '../shared/testing';

const KEY = 'sk-links-SECRET-abcdef0123456789';
const mini = path.join(FIXTURES, 'mini.jsonl');
let stub: LlmStub;
let dir: string;
const llm = () => ['--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(dir, 'cache')];
const run = (args: string[]) => crscoreAsync(['eval', '--dataset', mini, '--similarity', 'llm-links', '--bootstrap', '0', '--json', ...llm(), ...args], { env: { CRSCORE_LLM_API_KEY: KEY } });
beforeEach(async () => {
  stub = await startLlmStub('openai');
  stub.respond = diagonalResponder();
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-hlinks-'));
});
afterEach(async () => {
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('crscore eval --similarity llm-links on the human-scored report', () => {
  it("gives the study's report's Rel on the study's file, with --by and --links-out; the key is nowhere", async () => {
    const study = await run([]);
    expect(study.code).toBe(0);
    const own = JSON.parse(study.stdout) as { correlations: { rel: { spearman: number } }; n: number };
    const links = path.join(dir, 'links.jsonl');
    const r = await run(['--metrics', 'crscore', '--by', 'system', '--links-out', links]);
    expect(r.stderr).not.toMatch(/Error|Unknown option/);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(out.crscore).toMatchObject({ similarity: 'llm-links', tau: 0.5 });
    const rel = out.correlations?.find((c) => c.id === 'crscore.rel') ?? null;
    const pooled = out.metaeval!.groupings.pooled;
    const row = pooled && 'rows' in pooled ? pooled.rows.find((x) => x.id === 'crscore.rel') : undefined;
    expect(rel ?? row).toBeTruthy();
    expect(row!.n).toBe(own.n);
    expect(row!.stats.spearman.value).toBeCloseTo(own.correlations.rel.spearman, 10);
    expect(out.metaeval!.slices!.length).toBeGreaterThan(1);
    expect(existsSync(links) && readFileSync(links, 'utf8').trim().split('\n').length).toBeGreaterThan(0);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  }, 120_000);

  it('--metrics llm-judge judges a mapped table from its diffs, each answer once', async () => {
    stub.respond = (req) => ({ kind: 'ok', text: promptOf(req).includes('Answer with JSON only') ? '{"relevance": 3, "conciseness": 4, "comprehensiveness": 2}' : 'Grade: 3' });
    const csv = path.join(dir, 'labels.csv');
    writeFileSync(csv, 'patch,msg,gold,relevant\n"@@ -1 +1 @@\n-a = 1\n+a = 2",Why two?,Use a constant.,1\n"@@ -1 +1 @@\n-b()\n+c()",ok,Rename it.,0\n"@@ -1 +1 @@\n-x\n+y",Good catch on y.,Check y.,1\n');
    const r = await crscoreAsync(['eval', '--dataset', csv, '--map', 'diff=patch,review=msg,reference=gold', '--human', 'relevant:binary', '--metrics', 'bleu,llm-judge', '--judge-samples', '1', '--bootstrap', '0', '--json', ...llm()], { env: { CRSCORE_LLM_API_KEY: KEY } });
    expect(r.stderr).not.toMatch(/Error|Unknown option/);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(out.metrics.map((m) => m.id)).toEqual(['bleu', 'llm-judge.rel', 'llm-judge.con', 'llm-judge.comp']);
    expect(out.metrics.find((m) => m.id === 'llm-judge.rel')!.n).toBe(3);
    expect(stub.count).toBe(3);
    // llm-judge reads the endpoint's flags (--cache-dir among them): they are not said to apply to llm-grade only.
    expect(r.stderr).not.toMatch(/appl(y|ies) to --metrics llm-grade only/);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  }, 120_000);
});
