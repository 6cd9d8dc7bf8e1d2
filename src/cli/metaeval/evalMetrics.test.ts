// `crscore eval --metrics` as a person runs it (the real launcher in a child process) against the LLM stub:
// every metric's entry in --json, reference metrics not applicable (never 0) without a reference, the prompt and
// model recorded, the second run sends nothing, Ctrl-C keeps what was paid for and the same command resumes.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { crscoreAsync, FIXTURES } from '../shared/testing';

const KEY = 'sk-lab-SECRET-0123456789abcdef';
const MINI = path.join(FIXTURES, 'mini.jsonl');

const run = (args: string[], onStderr?: (s: string, child: ChildProcess) => void) =>
  crscoreAsync(args, { env: { CRSCORE_LLM_API_KEY: KEY }, onStderr });

let stub: LlmStub;
let dir: string;
const llm = () => ['--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(dir, 'cache')];
const answer = (prompt: string) => (prompt.includes('Answer with JSON only') ? '{"relevance": 3, "conciseness": 4, "comprehensiveness": 2}' : 'Grade: 3');
const cached = () => readdirSync(path.join(dir, 'cache'), { recursive: true }).filter((f) => String(f).endsWith('.json')).length;

beforeEach(async () => {
  stub = await startLlmStub('openai');
  stub.respond = (req) => ({ kind: 'ok', text: answer(promptOf(req)) });
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-lab-'));
});
afterEach(async () => {
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('crscore eval --metrics', () => {
  it('rouge-l and meteor (GradedReviews\' settings): WordNet 3.0 read for METEOR\'s synonym stage; no reference, no value', async () => {
    const r = await run(['eval', '--dataset', MINI, '--metrics', 'rouge-l,meteor', '--bootstrap', '20', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.metrics.map((m: { id: string }) => m.id)).toEqual(['rouge-l', 'meteor']);
    const [rouge, met] = out.metrics;
    expect(met.label).toBe('METEOR');
    expect(met.config).toMatchObject({ stages: 'exact+stem+synonym', wordnet: expect.stringContaining('WordNet 3.0') });
    expect(rouge.config).toMatchObject({ stemmer: 'porter-nltk' });
    expect(rouge.gaps['not-applicable']).toBe(4);
    expect(met.gaps['not-applicable']).toBe(4);
  });

  it("an llm-grade run signs the grade by its model, no CRScore run, as --human-data signs the same file", async () => {
    const sign = async (model: string, extra: string[] = []) => {
      const r = await run(['eval', '--dataset', MINI, '--metrics', 'llm-grade', '--signature', '--llm-base-url', stub.baseUrl, '--llm-model', model, '--cache-dir', path.join(dir, 'cache'), ...extra]);
      expect(r.stderr).not.toContain('Error');
      return r.stdout.trim();
    };
    const a = await sign('model-a');
    const b = await sign('model-b');
    // The table has one metric, the grade; no CRScore configuration is described, and the model is named.
    expect(a).toMatch(/^metric:llm-grade@model-a\|sim:-\|rule:-\|/);
    expect(a).toContain('|prefs:-|');
    expect(b).toMatch(/^metric:llm-grade@model-b\|/);
    // The human study's path and --human-data on the same file sign the metric's fields through one function.
    const human = await sign('model-a', ['--human-data', '--dim', 'rel']);
    const metricFields = (sig: string) => sig.split('|').filter((f) => !/^(group|dim|data|map|v|seed|boot|ties|stat|imports):/.test(f));
    expect(metricFields(a)).toEqual(metricFields(human));
  }, 120_000);

  it('--metric-scores is checked before the work: a file that cannot be read costs no LLM request', async () => {
    const bad = path.join(dir, 'scores.csv');
    writeFileSync(bad, 'id,system,note\nc1,a,fine\n');
    for (const [spec, why] of [[`a=${path.join(dir, 'missing.csv')}`, /missing\.csv/], [`b=${bad}`, /no score column/]] as const) {
      const r = await run(['eval', '--dataset', MINI, '--metrics', 'llm-grade', '--metaeval', '--metric-scores', spec, ...llm()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--metric-scores ${spec}`);
      expect(r.stderr).toMatch(why);
    }
    const human = await run(['eval', '--dataset', MINI, '--human-data', '--metrics', 'llm-grade', '--metaeval', '--metric-scores', `a=${path.join(dir, 'missing.csv')}`, ...llm()]);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain('--metric-scores a=');
    expect(stub.count).toBe(0);
  }, 120_000);

  it('two --metric-scores files under one name are refused: their columns would both be a.m', async () => {
    const [x, y] = ['x.csv', 'y.csv'].map((f) => path.join(dir, f));
    writeFileSync(x, 'id,system,m\njava-1,gpt3.5_pred,0.5\n');
    writeFileSync(y, 'id,system,m\njava-1,gpt3.5_pred,0.9\n');
    for (const extra of [[], ['--human-data']]) {
      const r = await run(['eval', '--dataset', MINI, ...extra, '--metaeval', '--metric-scores', `a=${x}`, '--metric-scores', `a=${y}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--metric-scores a=${y}: the name 'a' is given twice`);
    }
  }, 120_000);

  it('reports every metric with intervals, paired differences and systems; the second run sends no request', async () => {
    const args = ['eval', '--dataset', MINI, '--metrics', 'crscore,bleu,chrf,embed-ref,llm-grade,llm-judge', '--bootstrap', '50', '--json', ...llm()];
    const r = await run(args);
    expect(r.stderr).not.toContain('Error');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const ids = out.metrics.map((m: { id: string }) => m.id);
    expect(ids).toEqual(['crscore.con', 'crscore.comp', 'crscore.rel', 'bleu', 'chrf', 'embed-ref', 'llm-grade', 'llm-judge.rel', 'llm-judge.con', 'llm-judge.comp']);
    expect(out.baseline).toBe('crscore.rel');
    const by = (id: string) => out.metrics.find((m: { id: string }) => m.id === id);
    // java-3 has no reference review: its 4 reviews are not applicable to reference metrics, never 0.
    expect(by('bleu').gaps['not-applicable']).toBe(4);
    expect(by('llm-grade').gaps['not-applicable']).toBe(4);
    expect(by('embed-ref').gaps['not-applicable']).toBe(4);
    expect(by('embed-ref').config).toMatchObject({ encoder: 'use-lite' });
    expect(by('crscore.rel').gaps['not-applicable']).toBe(0);
    expect(by('bleu').n).toBeLessThan(by('crscore.rel').n);
    expect(by('llm-grade').pairedVsBaseline.n).toBe(by('llm-grade').n);
    expect(by('llm-grade').config).toMatchObject({ model: 'stub-model', samples: 3, scale: '1-5' });
    expect(by('llm-grade').config.prompt).toContain('{{reference}}');
    expect(by('llm-judge.rel').config.prompt).toContain('{{diff}}');
    expect(by('llm-grade').intervals.rel.spearman).toHaveLength(2);
    expect(by('llm-grade').systems.length).toBeGreaterThan(0);
    expect(by('llm-grade').systemRanking.systems).toBeGreaterThan(0);
    // py-1's gpt3.5_pred review is its reference word for word: 5 without a call.
    expect(r.stderr).toMatch(/llm-grade: \d+ reviews \(\d+ need no call\)/);
    const sent = stub.count;
    expect(sent).toBeGreaterThan(0);
    for (const t of [r.stdout, r.stderr]) expect(t).not.toContain(KEY);

    const again = await run(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/llm-grade: .* 0 to send/);
    expect(again.stderr).toMatch(/llm-judge: .* 0 to send/);
    expect(stub.count).toBe(sent);
    expect(JSON.parse(again.stdout).metrics).toEqual(out.metrics);
  }, 60_000);

  it('prints the agreement, ranking and system tables; refuses unknown metrics and a prompt without its placeholders', async () => {
    const r = await run(['eval', '--dataset', MINI, '--metrics', 'crscore,llm-grade', '--baseline', 'llm-grade', '--bootstrap', '20', ...llm()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Agreement of every metric with human judgment');
    expect(r.stdout).toContain('Δ Spearman vs llm-grade');
    expect(r.stdout).toContain('Rank agreement of systems');
    expect(r.stdout).toContain('Systems by LLM grade');
    const bad = await run(['eval', '--dataset', MINI, '--metrics', 'crscore,bleurt', ...llm()]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('unknown metric "bleurt"');
    const file = path.join(dir, 'prompt.txt');
    writeFileSync(file, 'Grade this: {{review}}');
    const badPrompt = await run(['eval', '--dataset', MINI, '--metrics', 'llm-grade', '--grade-prompt', file, ...llm()]);
    expect(badPrompt.code).not.toBe(0);
    expect(badPrompt.stderr).toContain('{{reference}}');
  }, 60_000);

  it('Ctrl-C keeps every answer received; the same command asks only what is missing', async () => {
    stub.respond = (req) => ({ kind: 'ok', text: answer(promptOf(req)), delayMs: 150 });
    const args = ['eval', '--dataset', MINI, '--metrics', 'llm-judge', '--concurrency', '1', '--bootstrap', '0', '--json', ...llm()];
    let sent = false;
    const first = await run(args, (_s, child) => {
      if (!sent && stub.count >= 2) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    expect(first.code).toBe(130);
    expect(first.stderr).toContain('run the same command again to continue');
    expect(cached()).toBeGreaterThan(0);
    const before = stub.count;
    const second = await run(args);
    expect(second.code).toBe(0);
    const plan = /llm-judge: \d+ reviews \(\d+ need no call\), (\d+) calls: (\d+) cached, (\d+) to send/.exec(second.stderr)!;
    const [tasks, kept, toSend] = plan.slice(1).map(Number);
    // Every answer received before Ctrl-C is kept; only the rest is asked.
    expect(kept).toBeGreaterThan(0);
    // Identical prompts (two systems wrote the same review) are asked once: "to send" counts distinct requests.
    expect(kept + toSend).toBeLessThanOrEqual(tasks);
    expect(kept + toSend).toBeGreaterThanOrEqual(tasks - 1);
    expect(stub.count - before).toBe(toSend);
    expect(JSON.parse(second.stdout).metrics[0].n).toBeGreaterThan(0);
  }, 60_000);

  it('a review whose request failed is left out of n, said on stderr, and the exit code is 1', async () => {
    stub.respond = (req) => (promptOf(req).includes('Unused import.') ? { kind: 'status', status: 400 } : { kind: 'ok', text: answer(promptOf(req)) });
    const r = await run(['eval', '--dataset', MINI, '--metrics', 'llm-judge', '--bootstrap', '0', '--json', ...llm()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/llm-judge: 1 reviews failed: left out of its n; the exit code is 1/);
    const out = JSON.parse(r.stdout);
    const sent = stub.count;
    stub.respond = (req) => ({ kind: 'ok', text: answer(promptOf(req)) });
    const ok = await run(['eval', '--dataset', MINI, '--metrics', 'llm-judge', '--bootstrap', '0', '--json', ...llm()]);
    expect(ok.code).toBe(0);
    expect(stub.count - sent).toBe(1); // only the failed review is asked again
    const rel = (o: { metrics: { id: string; n: number; gaps: Record<string, number> }[] }) => o.metrics.find((m) => m.id === 'llm-judge.rel')!;
    expect(rel(out).gaps.failed).toBe(1);
    expect(rel(out).n).toBe(rel(JSON.parse(ok.stdout)).n - 1);
  }, 60_000);
});

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping dev-data lab test: ${DEV} not found`);

describe.skipIf(!haveDev)('crscore eval --metrics on the dev half', () => {
  it('gives the same CRScore figures as plain eval, and BLEU/chrF on every review (dev has references)', async () => {
    const lab = await run(['eval', '--dataset', DEV, '--metrics', 'crscore,bleu,chrf', '--bootstrap', '0', '--json']);
    const plain = await run(['eval', '--dataset', DEV, '--bootstrap', '0', '--json']);
    expect(lab.code).toBe(0);
    const l = JSON.parse(lab.stdout);
    const p = JSON.parse(plain.stdout);
    const rel = l.metrics.find((m: { id: string }) => m.id === 'crscore.rel');
    expect(rel.n).toBe(p.n);
    expect(rel.correlations.rel.spearman).toBeCloseTo(p.correlations.rel.spearman, 10);
    expect(rel.correlations.rel.kendall).toBeCloseTo(p.correlations.rel.kendall, 10);
    expect(rel.systemRanking.rel.spearman.r).toBeCloseTo(p.systemRanking.spearman, 10);
    for (const id of ['bleu', 'chrf']) expect(l.metrics.find((m: { id: string }) => m.id === id).n).toBe(p.n);
  }, 120_000);
});
