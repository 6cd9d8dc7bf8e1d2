// `crscore pr-eval` as a person runs it: the generated samples of each layout, offline and through stub LLM servers
// on 127.0.0.1 that answer as the Python fixtures' stubs did, so the CLI's LLM path must reproduce the harnesses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmStub, type LlmStub, type RecordedRequest } from '../../../e2e/stubs/llmStub';
import { crscoreAsync, ROOT } from '../shared/testing';
import { stubAacrAnswer, stubMartianAnswer } from '../../core/prreview/samples.ts';
import { NO_DIFF } from '../../core/prreview/pseudoRefs.ts';
import aacrExpected from '../../core/prreview/fixtures/aacr/expected.evaluator.json';
import sweExpected from '../../core/prreview/fixtures/swe-care/expected.rulebased.json';
import martianX from '../../core/prreview/fixtures/martian/results/judge-x/evaluations.json';
import goldenA from '../../core/prreview/fixtures/martian/golden_comments/repo_a.json';
import goldenB from '../../core/prreview/fixtures/martian/golden_comments/repo_b.json';

const FIX = path.join(ROOT, 'src/core/prreview/fixtures');
const KEY = 'sk-test-secret-4242';
const run = (args: string[], key = KEY) => crscoreAsync(['pr-eval', ...args], { env: { CRSCORE_LLM_API_KEY: key } });
type Row = Record<string, unknown> & { pr: string; system: string };
const json = (s: string) => JSON.parse(s) as { rows: Row[]; aggregates: { systems: { system: string }[]; pairs: unknown[] }; signature: string };

const userText = (req: RecordedRequest) => {
  const msgs = (req.body as { messages: { role: string; content: string }[] }).messages;
  return msgs[msgs.length - 1].content;
};

let stub: LlmStub;
let cache: string;
beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), 'crscore-preval-'));
});
afterEach(async () => {
  await stub?.close();
  rmSync(cache, { recursive: true, force: true });
});

describe('pr-eval offline', () => {
  it('codefuse on SWE-CARE instances: one row per PR and system with the harness fields, equal to the fixture', async () => {
    const r = await run(['--dataset', path.join(FIX, 'swe-care/instances.jsonl'), '--predictions', `sys-a=${path.join(FIX, 'swe-care/predictions/sys-a.jsonl')}`, '--predictions', `sys-b=${path.join(FIX, 'swe-care/predictions/sys-b.jsonl')}`, '--evaluator', 'codefuse', '--json', '--resamples', '100']);
    expect(r.code, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out.rows).toHaveLength(sweExpected.rows.length);
    for (const e of sweExpected.rows) {
      const got = out.rows.find((x) => x.pr === e.pr && x.system === e.system)!;
      expect(Object.keys(got).slice(0, 3)).toEqual(['pr', 'system', 'score']);
      expect(got.score).toBe(e.result!.score);
      expect(got.num_true_positives).toBe(e.result!.num_true_positives);
    }
    expect(out.aggregates.systems.map((s) => s.system)).toEqual(['sys-a', 'sys-b']);
    expect(out.aggregates.pairs).toHaveLength(1);
  });
  it('martian replays a judge folder; aacr runs AACR-Bench\'s folder with a tool\'s comment files and a matcher', async () => {
    const m = await run(['--dataset', path.join(FIX, 'martian'), '--evaluator', 'martian', '--judge', 'judge-x', '--json', '--resamples', '50']);
    expect(m.code, m.stderr).toBe(0);
    const rows = json(m.stdout).rows;
    const one = rows.find((x) => x.system === 'beta' && x.pr === 'https://github.com/upstream/repo-0/pull/900')!;
    expect(one.tp).toBe(martianX['https://github.com/bench-org/repo-0/pull/1'].beta.tp);
    const a = await run(['--dataset', path.join(FIX, 'aacr'), '--predictions', `toolx=${path.join(FIX, 'aacr/generated/toolx')}`, '--evaluator', 'aacr-fixed', '--matcher', 'lexical', '--json', '--resamples', '50']);
    expect(a.code, a.stderr).toBe(0);
    expect(new Set(json(a.stdout).rows.map((x) => x.system))).toContain('toolx');
    const t = await run(['--dataset', path.join(FIX, 'aacr'), '--evaluator', 'aacr', '--matcher', 'plus', '--resamples', '50']);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain('positive_recall_rate');
  });
  it('--judges on Martian\'s folder and on AACR-Bench', async () => {
    const j = await run(['--dataset', path.join(FIX, 'martian'), '--judges', '--matchers', 'lexical,bleu', '--json']);
    expect(j.code, j.stderr).toBe(0);
    expect((JSON.parse(j.stdout) as { rows: unknown[] }).rows).toHaveLength(6);
    const a = await run(['--dataset', path.join(FIX, 'aacr'), '--judges', '--matchers', 'lexical', '--resamples', '50']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/lexical\s+located\s+AUC/);
  });
});

describe('pr-eval through an LLM', () => {
  it('refuses without a key before reading the dataset', async () => {
    const r = await run(['--dataset', path.join(FIX, 'no-such-folder'), '--evaluator', 'aacr', '--llm-model', 'gpt-4o-mini'], '');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs an API key');
    expect(r.stderr).not.toContain('no such file');
  });
  it('aacr (OpenAI shape): AACR-Bench\'s prompt at 0.7 / 0.95 equals its evaluator with the same answers; a rerun is all cached; the key is never printed', async () => {
    stub = await startLlmStub('openai');
    stub.respond = (req) => {
      const m = /Review Comment 1:\n([\s\S]*)\n\nReview Comment 2:\n([\s\S]*)\n\n-Task-/.exec(userText(req))!;
      return { kind: 'ok', text: stubAacrAnswer(m[1], m[2]) };
    };
    const args = ['--dataset', path.join(FIX, 'aacr'), '--predictions', `toolx=${path.join(FIX, 'aacr/generated/toolx')}`, '--evaluator', 'aacr', '--llm-base-url', stub.baseUrl, '--llm-model', 'm', '--cache-dir', cache, '--json', '--resamples', '20'];
    const r = await run(args);
    expect(r.code, r.stderr).toBe(0);
    const rows = json(r.stdout).rows;
    for (const e of aacrExpected.rows.filter((x) => x.semantic)) {
      const got = rows.find((x) => x.pr === e.pr && x.system === e.system)!;
      expect([got.positive_match_nums, got.positive_line_match_nums, got.unmatched_nums, got.positive_match_rate], `${e.pr} ${e.system}`).toEqual([e.positive_match_nums, e.positive_line_match_nums, e.unmatched_nums, e.positive_match_rate]);
    }
    const body = stub.requests[0].body as { temperature: number; top_p: number };
    expect([body.temperature, body.top_p]).toEqual([0.7, 0.95]);
    const sent = stub.count;
    expect(sent).toBeGreaterThan(0);
    const again = await run(args);
    expect(again.code).toBe(0);
    expect(stub.count).toBe(sent);
    expect(again.stdout).toBe(r.stdout);
    for (const s of [r.stdout, r.stderr, again.stderr]) expect(s).not.toContain(KEY);
  });
  it('aacr-fixed: a request that fails leaves its row out of the aggregates, counted, never a "no"', async () => {
    stub = await startLlmStub('openai');
    stub.fallback = { kind: 'status', status: 400 };
    const r = await run(['--dataset', path.join(FIX, 'aacr'), '--evaluator', 'aacr-fixed', '--llm-base-url', stub.baseUrl, '--llm-model', 'm', '--cache-dir', cache, '--json', '--resamples', '20']);
    expect(r.code).toBe(1);
    const rows = json(r.stdout).rows;
    const failed = rows.filter((x) => (x.failed_requests as number) > 0);
    expect(failed.length).toBeGreaterThan(0);
    for (const x of failed) expect(x.error).toMatch(/failed; left out/);
    expect(r.stderr).not.toContain(KEY);
  });
  it('martian (Anthropic shape): step 3\'s prompt and system message; a reply that is not JSON is counted as a failure, as step 3 counts an error', async () => {
    stub = await startLlmStub('anthropic');
    stub.respond = (req) => {
      const m = /Golden Comment \(the issue we're looking for\):\n([\s\S]*)\n\nCandidate Issue \(from the tool's review\):\n([\s\S]*)\n\nInstructions:/.exec(userText(req))!;
      return { kind: 'ok', text: stubMartianAnswer(m[1], m[2]) };
    };
    const r = await run(['--dataset', path.join(FIX, 'martian'), '--evaluator', 'martian', '--candidates-from', 'judge-x', '--llm-provider', 'anthropic', '--llm-base-url', stub.baseUrl, '--llm-model', 'm', '--cache-dir', cache, '--json', '--resamples', '20']);
    const body = stub.requests[0].body as { system: string; temperature: number };
    expect(body.system).toBe('You are a precise code review evaluator. Always respond with valid JSON.');
    expect(body.temperature).toBe(0);
    const rows = json(r.stdout).rows;
    // Stub replies that are not JSON are failures here (step 3 records them as errors too): same tp, fp, fn.
    const published = martianX as unknown as Record<string, Record<string, { tp: number; fp: number; fn: number; skipped: boolean; errors_count: number }>>;
    // The fixture is keyed by the golden `url`; rows name a PR by its original_url when it has one.
    const idOf = new Map([...goldenA, ...goldenB].map((g: { url: string; original_url?: string }) => [g.original_url ?? g.url, g.url]));
    let compared = 0;
    for (const row of rows) {
      const e = published[idOf.get(row.pr)!]?.[row.system];
      if (!e || e.skipped) continue;
      expect([row.tp, row.fp, row.fn, row.errors_count], `${row.pr} ${row.system}`).toEqual([e.tp, e.fp, e.fn, e.errors_count]);
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
    expect(r.code).toBe(1); // the non-JSON replies failed: counted, and the exit code says so
    // A review with a failed question is left out of the aggregates, never scored as if the judge said no.
    const withErrors = rows.filter((x) => (x.errors_count as number) > 0);
    expect(withErrors.length).toBeGreaterThan(0);
    for (const x of withErrors) expect(x.error).toMatch(/failed; left out/);
    expect(r.stderr).toMatch(/questions failed: left out/);
  });
});

// CRScore of a whole review without reference issues: P is the PR's pseudo-references, made from its diff by the
// sources `crscore eval --pseudo-refs` runs (tree claims and JSHint here; the LLM's claims through the stub).
const APP_DIFF = ['diff --git a/src/app.js b/src/app.js', '--- a/src/app.js', '+++ b/src/app.js', '@@ -1,3 +1,6 @@', ' var a = 1;', '-var b = 2;', '+var b = a == null ? 2 : 3', '+function total(items) {', '+  return items.length', '+}', ' module.exports = a;', ''].join('\n');
const APP_PRS = [
  { pr: 'octo/app#1', diff: APP_DIFF, references: [], reviews: {
    'tool-a': [{ text: 'Missing semicolon after the ternary.', path: 'src/app.js', from: 2, to: 2 }, { text: 'Bump the version.', path: 'package.json', from: 1, to: 1 }],
    'tool-b': [{ text: 'Looks good to me.' }] } },
  { pr: 'octo/app#2', references: [], reviews: { 'tool-a': [{ text: 'A comment on a PR whose diff the dataset lacks.', path: 'x.js', from: 1, to: 1 }] } },
  { pr: 'octo/app#3', diff: APP_DIFF, references: [{ text: 'Use === for the null check', path: 'src/app.js', from: 2, to: 2 }], reviews: { 'tool-a': [{ text: 'use === not == in the null check', path: 'src/app.js', from: 2, to: 2 }] } },
];

describe('pr-eval --evaluator crscore, reference-free', () => {
  const file = () => {
    const f = path.join(cache, 'prs.jsonl');
    writeFileSync(f, APP_PRS.map((x) => JSON.stringify(x)).join('\n') + '\n');
    return f;
  };
  type Cell = { gated: boolean; text: number; location: number };
  it('a PR without reference issues gets the offline pseudo-references of its diff, placed on their lines and hunks; no diff is said', async () => {
    const r = await run(['--dataset', file(), '--evaluator', 'crscore', '--location-weight', '0', '--json', '--resamples', '20']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 of 3 PRs have no reference issue');
    const out = json(r.stdout);
    expect(out.signature).toContain('|tau:0.149|location-weight:0|line-window:3|P:reference issues, else pseudo-references (offline)');
    const at = (pr: string, system: string) => out.rows.find((x) => x.pr === pr && x.system === system)!;
    const a1 = at('octo/app#1', 'tool-a');
    // JSHint's missing semicolon (line 2) and ==/null (line 2), and the tree's claims about the hunk (lines 1-4).
    expect(a1.p_from).toBe('pseudo-references');
    expect(a1.num_issues as number).toBeGreaterThanOrEqual(2);
    const cells = a1.cells as Cell[];
    // The package.json comment is ruled out against every pseudo-reference of src/app.js.
    expect(cells.filter((_, k) => k % 2 === 1).every((c) => c.gated)).toBe(true);
    expect(a1.comments_addressing).toBe(1);
    expect(at('octo/app#2', 'tool-a')).toEqual({ pr: 'octo/app#2', system: 'tool-a', p_from: 'pseudo-references', error: NO_DIFF });
    expect(at('octo/app#3', 'tool-a')).toMatchObject({ p_from: 'reference issues', num_issues: 1, issues_found: 1 });
    expect(out.aggregates.systems.map((s) => s.system)).toEqual(['tool-a', 'tool-b']);
  }, 60_000);
  it('--pseudo-refs analyzers judges every PR against its analyzer issues; --pseudo-refs claims asks the LLM through the shared runner and prompt, cached', async () => {
    const r = await run(['--dataset', file(), '--evaluator', 'crscore', '--pseudo-refs', 'analyzers', '--json', '--resamples', '20']);
    expect(r.code, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out.signature).toContain('|P:pseudo-references (analyzers)');
    const a3 = out.rows.find((x) => x.pr === 'octo/app#3')!;
    expect(a3.p_from).toBe('pseudo-references');
    expect(a3.num_issues).toBe(out.rows.find((x) => x.pr === 'octo/app#1' && x.system === 'tool-a')!.num_issues);
    stub = await startLlmStub('openai');
    stub.fallback = { kind: 'ok' };
    const args = ['--dataset', file(), '--evaluator', 'crscore', '--pseudo-refs', 'claims', '--llm-base-url', stub.baseUrl, '--llm-model', 'm', '--cache-dir', cache, '--json', '--resamples', '20'];
    const c = await run(args);
    expect(c.code, c.stderr).toBe(0);
    // One hunk in each of the two PRs with a diff, the same text: one request (the paper's claims prompt), one cached.
    expect(stub.count).toBe(1);
    expect(userText(stub.requests[0])).toContain('+function total(items) {');
    const rows = json(c.stdout).rows.filter((x) => x.error === undefined);
    for (const x of rows) expect(x.num_issues as number).toBeGreaterThan(0);
    const again = await run(args);
    expect(stub.count).toBe(1);
    expect(again.stdout).toBe(c.stdout);
    for (const s of [c.stdout, c.stderr]) expect(s).not.toContain(KEY);
  }, 60_000);
  it('refuses --pseudo-refs for another evaluator, and claims without a key before reading', async () => {
    const a = await run(['--dataset', path.join(FIX, 'aacr'), '--evaluator', 'aacr', '--pseudo-refs', 'analyzers']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--pseudo-refs makes the P of --evaluator crscore');
    const k = await run(['--dataset', path.join(FIX, 'no-such-file'), '--evaluator', 'crscore', '--pseudo-refs', 'claims'], '');
    expect(k.code).toBe(2);
    expect(k.stderr).toContain('needs an API key');
    expect(k.stderr).not.toContain('no such file');
  });
});
