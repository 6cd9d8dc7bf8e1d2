// `crscore eval --dataset FILE --metrics llm-grade` on a human-scored dataset, through the real launcher against
// the stub LLM servers (OpenAI's and Anthropic's documented shapes, on 127.0.0.1). The stub grades by a rule this
// file computes too, so every review's grade is known: the values in --scores-out, the correlations in --json and
// the ROC AUC on a binary dimension follow from it; failed requests are counted in the coverage; the key never
// shows; a second run is served from the answer cache.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, startLlmStub, type LlmStub, type RecordedRequest, type StubReply } from '../../../e2e/stubs/llmStub';
import { rocAuc } from '../../core/metaeval/auc';
import { spearman } from '../../core/stats';
import { gradedReviewsRows, workbook } from '../../testing/workbook';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscoreAsync } from '../shared/testing';

const KEY = 'sk-human-grade-SECRET-0123456789abcdef';
const run = (args: string[]) => crscoreAsync(['eval', ...args], { env: { CRSCORE_LLM_API_KEY: KEY } });

/** The stub's grade: one more than the review's length modulo 5 (so 5 occurs, and the 5→4 rule shows). */
const stubGrade = (review: string) => 1 + (review.length % 5);
/** The review and reference the grade prompt carries. */
function gradeInputs(prompt: string): { review: string; reference: string } {
  const m = /Generated comment: "([\s\S]*)"\n\nReference comment: "([\s\S]*)"$/.exec(prompt);
  if (!m) throw new Error(`not a grade prompt: ${prompt.slice(0, 80)}`);
  return { review: m[1], reference: m[2] };
}
const grader = (fail: (reference: string) => boolean = () => false) => (req: RecordedRequest): StubReply => {
  const g = gradeInputs(promptOf(req));
  return fail(g.reference) ? { kind: 'status', status: 400, body: '{"error": {"message": "bad request"}}' } : { kind: 'ok', text: `Grade: ${stubGrade(g.review)}` };
};
/** What the grade must be by Jiang et al. 2025's rules: an empty review 1 and an exact match 5 without a call,
 *  the stub's grade (all three samples agree), a 5 that is not the reference word for word made 4. */
const expected = (review: string, reference: string) => (review.trim() === '' ? 1 : review.trim() === reference.trim() ? 5 : Math.min(stubGrade(review), 4));

let dir: string;
let stub: LlmStub;
/** The stub a test started, closed after it. */
let live: LlmStub | null = null;
const start = async (p: 'openai' | 'anthropic') => (live = stub = await startLlmStub(p));
beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'crscore-human-llm-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await live?.close();
  live = null;
});

const llm = (cache: string) => ['--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(dir, cache)];
const scoresOf = (file: string) =>
  readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);

describe("GradedReviews' workbook", () => {
  const rows = gradedReviewsRows(12);
  let xlsx: string;
  beforeAll(async () => {
    xlsx = path.join(dir, 'dataset.xlsx');
    writeFileSync(xlsx, Buffer.from(await workbook(rows)));
  });
  beforeEach(async () => {
    await start('openai');
  });

  // Each review (by change id and system) with its reference and its human grade, from the generated rows.
  const reviews = rows.slice(1).flatMap((r) => [3, 5, 7, 9].map((k) => ({ id: String(r[0]), system: String(rows[0][k]), review: String(r[k] ?? ''), reference: String(r[1]), grade: Number(r[k + 1]) })));

  it('grades every review against its reference: the values, Spearman and the signature follow; the key never shows; the second run sends nothing', async () => {
    stub.respond = grader();
    const out = path.join(dir, 'scores.jsonl');
    const args = ['--dataset', xlsx, '--metrics', 'bleu,llm-grade', '--json', '--scores-out', out, ...llm('cache-a')];
    const r = await run(args);
    expect(r.stderr).not.toMatch(/Error|\n\s+at /);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(o.metrics.find((m) => m.id === 'llm-grade')).toEqual({ id: 'llm-grade', label: 'LLM grade vs reference (1–5)', n: 48, leftOut: {} });
    // Every review's grade in the scores file is what the stub's rule and the paper's rules imply.
    const written = scoresOf(out);
    expect(written).toHaveLength(48);
    for (const w of written) {
      const x = reviews.find((v) => v.id === w.id && v.system === w.system)!;
      expect(w['llm-grade'], `${w.id} ${w.system}`).toBe(expected(x.review, x.reference));
    }
    const want = spearman(reviews.map((x) => expected(x.review, x.reference)), reviews.map((x) => x.grade)).r;
    expect(o.correlations!.find((c) => c.id === 'llm-grade')!.spearman).toBeCloseTo(want, 12);
    // Change 7's empty review needs no call; 47 reviews × 3 samples.
    expect(r.stderr).toMatch(/llm-grade: 48 reviews \(1 need no call\), 141 calls: 0 cached, 141 to send/);
    expect(r.stderr).toMatch(/llm-grade: 48 reviews: 47 graded .* 1 empty reviews/);
    const sent = stub.count;
    expect(sent).toBeGreaterThan(0);
    // The key went to the server, and nowhere else.
    expect(stub.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    for (const t of [r.stdout, r.stderr, readFileSync(out, 'utf8')]) expect(t).not.toContain(KEY);
    expect(readFileSync(out, 'utf8')).toContain('stub-model');

    const again = await run(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/llm-grade: .* 0 to send/);
    expect(stub.count).toBe(sent);
    expect(JSON.parse(again.stdout)).toEqual(o);

    // The signature names the grade and its model; --metric-scores reads the column back with the same figures.
    // --signature alone asks nothing (a fresh cache): the line does not depend on the grades.
    const sig = await run(['--dataset', xlsx, '--metrics', 'bleu,llm-grade', '--signature', ...llm('cache-sig')]);
    expect(sig.code).toBe(0);
    expect(sig.stdout).toMatch(/^metric:bleu\+llm-grade@stub-model\|/);
    expect(stub.count).toBe(sent);
    const back = await run(['--dataset', xlsx, '--metrics', 'llm-grade', '--metric-scores', `prev=${out}`, '--grouping', 'none', '--json', '--bootstrap', '50', ...llm('cache-a')]);
    expect(back.code).toBe(0);
    expect(stub.count).toBe(sent);
    const pooled = (JSON.parse(back.stdout) as HumanEvalOutput).metaeval!.groupings.pooled as { rows: { id: string; n: number; stats: unknown }[] };
    const mine = pooled.rows.find((x) => x.id === 'llm-grade')!;
    expect(pooled.rows.find((x) => x.id === 'prev.llm-grade')).toMatchObject({ n: mine.n, stats: mine.stats });
  }, 120_000);

  it('a review whose requests failed is left out of n, counted as failed, and the exit code is 1', async () => {
    // Changes 2 and 5: their four reviews' requests fail with a 400 (not retried).
    stub.respond = grader((reference) => / v[25] to /.test(reference));
    // 16 requests in flight share one Ctrl-C signal: that is no listener leak, and Node must not say so.
    const r = await run(['--dataset', xlsx, '--metrics', 'llm-grade', '--json', '--concurrency', '16', ...llm('cache-b')]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at |MaxListenersExceeded/);
    expect(r.stderr).toContain('llm-grade: 8 reviews failed');
    const o = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(o.metrics).toEqual([{ id: 'llm-grade', label: 'LLM grade vs reference (1–5)', n: 40, leftOut: { failed: 8 } }]);
    const kept = reviews.filter((x) => !['2', '5'].includes(x.id));
    expect(o.correlations![0].spearman).toBeCloseTo(spearman(kept.map((x) => expected(x.review, x.reference)), kept.map((x) => x.grade)).r, 12);
    for (const t of [r.stdout, r.stderr]) expect(t).not.toContain(KEY);
    // The table says so too.
    const text = await run(['--dataset', xlsx, '--metrics', 'llm-grade', ...llm('cache-b')]);
    expect(text.stdout).toMatch(/LLM grade vs reference \(1–5\)\s+n\s+40\s+left out: 8 failed/);
  }, 120_000);
});

describe('a mapped CSV with a binary dimension and no system column (Anthropic)', () => {
  // Two reviews a change, both of system "human": each is graded on its own.
  const data: { review: string; reference: string; label: number }[] = [];
  for (let i = 1; i <= 10; i++) {
    const reference = `Rename value${i} to total${i}.`;
    data.push({ review: i % 4 === 0 ? reference : `Rename value${i} to total${i} please.`, reference, label: 1 });
    data.push({ review: i % 3 ? 'Looks fine to me.' : `Maybe total${i} here.`, reference, label: i % 3 ? 0 : 1 });
  }
  const flags = ['--map', 'diff=diff_hunk,review=comment,reference=gold', '--human', 'relevant:binary'];
  let csv: string;
  beforeAll(() => {
    csv = path.join(dir, 'labels.csv');
    writeFileSync(csv, `diff_hunk,comment,gold,relevant\n${data.map((d, k) => `"@@ -${(k >> 1) + 1} @@\n-a\n+b",${d.review},${d.reference},${d.label}`).join('\n')}\n`);
  });
  beforeEach(async () => {
    await start('anthropic');
    stub.respond = grader();
  });

  it('grades each review, reports ROC AUC on the binary dimension, and keeps the key out of everything', async () => {
    const out = path.join(dir, 'labels-scores.jsonl');
    const r = await run(['--dataset', csv, ...flags, '--metrics', 'llm-grade', '--llm-provider', 'anthropic', '--json', '--scores-out', out, ...llm('cache-c')]);
    expect(r.stderr).not.toMatch(/Error|\n\s+at /);
    expect(r.code).toBe(0);
    expect(stub.requests[0].headers['x-api-key']).toBe(KEY);
    const values = scoresOf(out).map((w) => w['llm-grade']);
    expect(values).toEqual(data.map((d) => expected(d.review, d.reference)));
    // The reviews of changes 4 and 8 that are their reference need no call.
    expect(r.stderr).toMatch(/llm-grade: 20 reviews \(2 need no call\)/);
    expect(values.filter((v) => v === 5)).toHaveLength(2);
    const c = (JSON.parse(r.stdout) as HumanEvalOutput).correlations![0];
    expect(c).toMatchObject({ id: 'llm-grade', n: 20 });
    expect(c.auc!.auc).toBeCloseTo(rocAuc(values as number[], data.map((d) => d.label))!, 12);
    for (const t of [r.stdout, r.stderr, readFileSync(out, 'utf8')]) expect(t).not.toContain(KEY);

    // --metaeval from the cache: the pooled row carries the same ROC AUC, and the text table shows the grade.
    const sent = stub.count;
    const me = await run(['--dataset', csv, ...flags, '--metrics', 'llm-grade', '--llm-provider', 'anthropic', '--metaeval', '--grouping', 'none', '--bootstrap', '50', ...llm('cache-c')]);
    expect(me.code).toBe(0);
    expect(stub.count).toBe(sent);
    expect(me.stdout).toMatch(/Meta-evaluation against relevant, pooled over reviews[\s\S]*LLM grade vs reference \(1–5\)\s+20 /);
    expect(me.stdout).toContain(`${c.auc!.auc!.toFixed(4)} [`);
  }, 120_000);
});

it('Ctrl-C keeps every grade received; the same command asks only for the rest', async () => {
  await start('openai');
  const file = path.join(dir, 'ctrl-c.xlsx');
  writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(8, 2))));
  stub.respond = (req) => ({ ...grader()(req), delayMs: 100 } as StubReply);
  const args = ['eval', '--dataset', file, '--metrics', 'llm-grade', '--concurrency', '1', '--json', ...llm('cache-d')];
  let stopped = false;
  const first = await crscoreAsync(args, {
    env: { CRSCORE_LLM_API_KEY: KEY },
    onStderr: (_s, child) => {
      if (!stopped && stub.count >= 3) {
        stopped = true;
        child.kill('SIGINT');
      }
    },
  });
  expect(first.code).toBe(130);
  expect(first.stderr).toContain('run the same command again to continue');
  expect(first.stdout).toBe('');
  const before = stub.count;
  const second = await run(args.slice(1));
  expect(second.code).toBe(0);
  const [, tasks, kept, toSend] = /llm-grade: \d+ reviews \(\d+ need no call\), (\d+) calls: (\d+) cached, (\d+) to send/.exec(second.stderr)!.map(Number);
  expect(kept).toBeGreaterThanOrEqual(3);
  expect(kept + toSend).toBe(tasks);
  expect(stub.count - before).toBe(toSend);
  expect((JSON.parse(second.stdout) as HumanEvalOutput).metrics[0]).toMatchObject({ id: 'llm-grade', n: 32, leftOut: {} });
}, 120_000);

it('without a key, llm-grade on a remote API fails before the dataset is read, said once', async () => {
  const r = await crscoreAsync(['eval', '--dataset', path.join(tmpdir(), 'no-such-dataset.xlsx'), '--metrics', 'llm-grade'], { env: { CRSCORE_LLM_API_KEY: '' } });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('llm-grade needs an LLM: api.openai.com needs an API key: set CRSCORE_LLM_API_KEY');
  expect(r.stderr).not.toContain('no such file');
});
