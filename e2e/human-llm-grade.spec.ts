// The LLM grade (Jiang et al. 2025) on a human-scored dataset in Research's metric lab: a generated GradedReviews
// workbook (opened by its header) and a table without a system column (through the mapping step, three reviews a
// change, all `human`), graded by a stub LLM server whose rule this file computes. The lab grades each review
// against its change's reference review, and its meta-evaluation's llm-grade row equals
// `crscore eval --dataset FILE --metrics llm-grade --metaeval --json` on the same file and stub. Screenshots of the
// lab's grade on the workbook at two sizes with HUMAN_SHOTS=folder.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { setMetrics, useStub as pointLabAt } from './helpers-lab';
import { researchView } from './helpers-research';
import { promptOf, startLlmStub, type LlmStub, type RecordedRequest, type StubReply } from './stubs/llmStub';
import { gradedReviewsRows, workbook } from '../src/testing/workbook';
import type { MetaRow } from '../src/core/metaeval/index';
import { reportWhen } from './helpers-human';

const SHOTS = process.env.HUMAN_SHOTS ? path.resolve(process.env.HUMAN_SHOTS) : null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-human-llm-e2e-'));
const RESAMPLES = '200';

/** The stub's grade: one more than the review's length modulo 5, from the grade prompt's "Generated comment". */
const stubGrade = (review: string) => 1 + (review.length % 5);
function grader(req: RecordedRequest): StubReply {
  const m = /Generated comment: "([\s\S]*)"\n\nReference comment: "([\s\S]*)"$/.exec(promptOf(req));
  return m ? { kind: 'ok', text: `Grade: ${stubGrade(m[1])}` } : { kind: 'status', status: 400 };
}
/** Jiang et al. 2025's rules over the stub's grade: an empty review 1 and an exact match 5 without a call, else 5→4. */
const expected = (review: string, reference: string) => (review.trim() === '' ? 1 : review.trim() === reference.trim() ? 5 : Math.min(stubGrade(review), 4));

type CliRow = Omit<MetaRow, 'dim'>;
const cliArgs = (args: string[], stub: LlmStub) => ['tsx', 'src/cli/main.ts', 'eval', ...args, '--metrics', 'llm-grade', '--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(tmp, 'cache'), '--grouping', 'none', '--bootstrap', RESAMPLES, '--seed', '1'];
async function cli(args: string[], stub: LlmStub): Promise<CliRow> {
  const { stdout } = await promisify(execFile)('npx', [...cliArgs(args, stub), '--json'], { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 });
  const g = (JSON.parse(stdout) as { metaeval: { groupings: { pooled: { rows: CliRow[] } } } }).metaeval.groupings.pooled;
  return g.rows.find((r) => r.id === 'llm-grade')!;
}

/** Scores the imported dataset in Research, ticks only llm-grade in the lab, and grades with the stub. */
async function gradeInLab(page: Page, stub: LlmStub, calls: number) {
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await researchView(page, 'lab');
  await setMetrics(page, ['llm-grade']);
  await page.getByTestId('lab-resamples').fill(RESAMPLES);
  await pointLabAt(page, stub);
  await expect(page.getByTestId('lab-plan')).toHaveAttribute('data-requests', String(calls));
  await page.getByTestId('lab-llm-run').click();
  if (calls > 50) await page.getByTestId('lab-confirm-run').click();
  await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
}

/** The lab's grades by review id, in the Research run's order. */
const labGrades = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __crscoreLab: { getState(): { grades: { id: string; grade: number | null; status: string }[] } } }).__crscoreLab.getState().grades);

/** The meta-evaluation's pooled llm-grade row once the report with it is in. */
async function browserRow(page: Page): Promise<MetaRow> {
  const report = await reportWhen(page, (r) => r.grouping === 'none' && r.resamples === Number(RESAMPLES) && r.rows.some((x) => x.id === 'llm-grade'));
  return report.rows.find((r) => r.id === 'llm-grade')!;
}

function expectSameRow(b: MetaRow, c: CliRow) {
  expect(b.n).toBe(c.n);
  for (const s of ['spearman', 'kendall', 'acc_eq'] as const)
    for (const f of ['value', 'lo', 'hi'] as const) expect(b.stats[s][f], `${s} ${f}`).toBeCloseTo(c.stats[s][f], 10);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1024, 768],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const part of ['lab-run', 'lab-heatmap-llm-grade', 'me-table']) {
      const el = page.getByTestId(part);
      if ((await el.count()) === 0) continue;
      await el.first().evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 110));
      await page.screenshot({ path: path.join(SHOTS, `${name}-${part}-${w}x${h}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

let stub: LlmStub;
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
  stub = await startLlmStub('openai');
  stub.respond = grader;
});
test.afterEach(async () => {
  await stub.close();
});

test("GradedReviews' workbook: the lab grades every review against its reference, and its llm-grade row equals crscore eval's", async ({ page }) => {
  test.setTimeout(480_000);
  const rows = gradedReviewsRows(20, 5);
  const file = path.join(tmp, 'dataset.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(rows)));
  const reviews = rows.slice(1).flatMap((r) => [3, 5, 7, 9].map((k) => ({ id: `${r[0]}::${rows[0][k]}`, review: String(r[k] ?? ''), reference: String(r[1]) })));
  const calls = 3 * reviews.filter((r) => r.review.trim() !== '').length;

  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await expect(page.getByTestId('human-reviews')).toHaveText('80');
  await gradeInLab(page, stub, calls);
  expect(stub.count).toBe(calls);
  const grades = await labGrades(page);
  expect(grades).toHaveLength(80);
  for (const r of reviews) expect(grades.find((g) => g.id === r.id)?.grade, r.id).toBe(expected(r.review, r.reference));
  const row = await browserRow(page);
  // The CLI on the same file and stub: its own cache, so it asks the stub too.
  const c = await cli(['--dataset', file], stub);
  expect(stub.count).toBe(2 * calls);
  expectSameRow(row, c);
  await expect(page.getByTestId('lab-n-llm-grade')).toHaveAttribute('data-value', String(c.n));
  // The same metric, model and file sign alike: the browser's signature is `crscore eval … --signature`'s.
  const { stdout: sig } = await promisify(execFile)('npx', [...cliArgs(['--dataset', file], stub), '--signature'], { encoding: 'utf8', timeout: 240_000 });
  expect(sig).toMatch(/^metric:llm-grade@stub-model\|/);
  await expect(page.getByTestId('me-signature')).toHaveText(sig.trim());
  // The grades' heatmap is against the dataset's own dimension, by its name.
  await expect(page.getByTestId('lab-heatmap-llm-grade')).toContainText('LLM grade vs reference (1–5) against grade');
  await shoot(page, 'human-llm-grade');
});

test('a table without a system column, through the mapping step: each of a change\'s reviews is graded on its own, as crscore eval --mapping does', async ({ page }) => {
  test.setTimeout(480_000);
  const lines = ['change,hunk,comment,gold,useful'];
  const data: { review: string; reference: string }[] = [];
  for (let c = 0; c < 12; c++) {
    const gold = `Please check v${c} for null before use.`;
    const own = [c % 4 ? `Check v${c} for null.` : gold, `Rename v${c} to something clearer${'!'.repeat(c % 3)}.`, c % 3 ? 'Looks fine to me.' : `v${c} may be null here.`];
    own.forEach((review, k) => {
      data.push({ review, reference: gold });
      lines.push([`c${c}`, `"@@ -1 +1 @@\n-x = v${c}\n+x = v${c} or 0"`, review, gold, 1 + ((c + 2 * k) % 5)].join(','));
    });
  }
  const file = path.join(tmp, 'useful.csv');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  const mapping = path.join(tmp, 'useful.mapping.json');
  fs.writeFileSync(mapping, JSON.stringify({ fields: { id: 'change', diff: 'hunk', review: 'comment', reference: 'gold' }, human: [{ column: 'useful', dimension: 'useful', scale: 'likert' }] }));

  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-mapping')).toBeVisible();
  await page.getByTestId('map-field-id').selectOption('change');
  await page.getByTestId('map-field-diff').selectOption('hunk');
  await page.getByTestId('map-field-review').selectOption('comment');
  await page.getByTestId('map-field-reference').selectOption('gold');
  await page.getByTestId('map-human-scale-useful').selectOption('likert');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-systems')).toHaveText('human (36)');
  const exact = data.filter((d) => d.review === d.reference).length;
  await gradeInLab(page, stub, 3 * (data.length - exact));
  const grades = await labGrades(page);
  // Three reviews a change, all of system "human": three grades, each its own review's.
  expect(grades.map((g) => g.grade)).toEqual(data.map((d) => expected(d.review, d.reference)));
  expect(new Set(grades.map((g) => g.id)).size).toBe(36);
  const row = await browserRow(page);
  expectSameRow(row, await cli(['--dataset', file, '--mapping', mapping], stub));
});
