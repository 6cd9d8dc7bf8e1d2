// Research › Pull requests as a person uses it: a generated sample of each benchmark's layout opens, the tools'
// leaderboard shows, and every figure in it (each statistic and its interval) equals `crscore pr-eval --json` on the
// same files; a pull request opens with its comments pinned at their lines, and its Con, Comp and Rel equal the CLI's
// row for that pull request and system; τ moves them. Screenshots at two sizes (PR_SHOTS=folder).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { samplePrFiles, type Aggregates, type PrRow, type SampleLayout } from '../src/core/prreview/index';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-pr-e2e-'));
const SHOTS = process.env.PR_SHOTS ? path.resolve(process.env.PR_SHOTS) : null;

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** The sample's files on disk, as the benchmark lays them out. */
function writeSample(layout: SampleLayout): string {
  const root = path.join(tmp, layout);
  for (const f of samplePrFiles(layout)) {
    fs.mkdirSync(path.join(root, path.dirname(f.path)), { recursive: true });
    fs.writeFileSync(path.join(root, f.path), f.text);
  }
  return root;
}

async function prEval(args: string[]): Promise<{ signature: string; rows: PrRow[]; aggregates: Aggregates }> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'pr-eval', ...args, '--json'], { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 });
  return JSON.parse(stdout);
}

/** Every leaderboard cell as the page shows it: system, statistic, the value it was drawn from. */
async function board(page: Page): Promise<{ system: string; stat: string; value: number }[]> {
  const lb = page.getByTestId('pr-leaderboard');
  await expect(lb).toBeVisible({ timeout: 120_000 });
  return lb.locator('td[data-stat]').evaluateAll((tds) =>
    tds.map((td) => ({ system: td.closest('tr')!.getAttribute('data-system')!, stat: td.getAttribute('data-stat')!, value: Number(td.getAttribute('data-value')) })),
  );
}

function expectBoard(cells: { system: string; stat: string; value: number }[], agg: Aggregates) {
  expect(cells.length).toBe(agg.systems.reduce((n, s) => n + Object.keys(s.stats).length, 0));
  for (const c of cells) expect(c.value, `${c.system} ${c.stat}`).toBeCloseTo(agg.systems.find((s) => s.system === c.system)!.stats[c.stat].value, 10);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}.png`) });
  }
}

test('SWE-CARE: the CodeFuse-CR-Bench leaderboard equals crscore pr-eval --evaluator codefuse; a pull request opens with its comments at their lines', async ({ page }) => {
  test.setTimeout(480_000);
  const root = writeSample('swe-care');
  const cli = prEval(['--dataset', path.join(root, 'swe-care/instances.jsonl'), '--predictions', `sys-a=${path.join(root, 'swe-care/sys-a.jsonl')}`, '--predictions', `sys-b=${path.join(root, 'swe-care/sys-b.jsonl')}`, '--evaluator', 'codefuse']);
  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-sample-swe-care').click();
  await expect(page.getByTestId('pr-summary')).toContainText('12 pull requests, 2 systems (sys-a, sys-b)');
  const cells = await board(page);
  const out = await cli;
  expectBoard(cells, out.aggregates);
  await expect(page.getByTestId('pr-leaderboard')).toContainText(out.signature);
  await shoot(page, 'pr-leaderboard');

  // A pull request with reference issues and comments: CRScore of its whole review, as pr-eval --evaluator crscore.
  const crs = await prEval(['--dataset', path.join(root, 'swe-care/instances.jsonl'), '--predictions', `sys-a=${path.join(root, 'swe-care/sys-a.jsonl')}`, '--predictions', `sys-b=${path.join(root, 'swe-care/sys-b.jsonl')}`, '--evaluator', 'crscore', '--matcher', 'lexical']);
  // The view judges against reference issues (the CLI gives a PR without any its pseudo-references).
  const row = crs.rows.find((r) => r.p_from === 'reference issues' && (r.num_issues as number) > 0 && (r.num_comments as number) > 0 && r.system === 'sys-a')!;
  const k = out.rows.findIndex((r) => r.pr === row.pr && r.system === row.system);
  await page.getByTestId('pr-rows').locator('tbody tr').nth(k).locator('button').click();
  const view = page.getByTestId('pr-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('pr-con')).toHaveText((row.con as number).toFixed(3));
  await expect(page.getByTestId('pr-comp')).toHaveText((row.comp as number).toFixed(3));
  await expect(page.getByTestId('pr-rel')).toHaveText((row.rel as number).toFixed(3));
  // Every comment and issue is shown once: pinned at its line, or listed as not placed.
  await expect(view.locator('.pr-pin[data-kind=tool]')).toHaveCount(row.num_comments as number);
  await expect(view.locator('.pr-pin[data-kind=reference]')).toHaveCount(row.num_issues as number);
  await expect(page.getByTestId('pr-matrix').locator('tbody tr')).toHaveCount(row.num_issues as number);
  await page.getByTestId('pr-cell-0-0').click();
  await expect(page.getByTestId('pr-decision')).toContainText(/I1 × C1[\s\S]*rule (different files|beyond the line window|above τ|at or below τ)/);
  // A τ step re-decides the pull request as pr-eval --tau does.
  const lowCli = await prEval(['--dataset', path.join(root, 'swe-care/instances.jsonl'), '--predictions', `sys-a=${path.join(root, 'swe-care/sys-a.jsonl')}`, '--predictions', `sys-b=${path.join(root, 'swe-care/sys-b.jsonl')}`, '--evaluator', 'crscore', '--matcher', 'lexical', '--tau', '0.05']);
  const low = lowCli.rows.find((r) => r.pr === row.pr && r.system === row.system)!;
  await page.getByTestId('pr-tau').fill('0.05');
  await expect(page.getByTestId('pr-con')).toHaveText((low.con as number).toFixed(3));
  await expect(page.getByTestId('pr-comp')).toHaveText((low.comp as number).toFixed(3));
  await shoot(page, 'pr-view');
});

test("AACR-Bench and Martian: the mended AACR evaluator and Martian's step 3 with an offline matcher equal the CLI's", async ({ page }) => {
  test.setTimeout(480_000);
  const aacr = writeSample('aacr');
  const aacrCli = prEval(['--dataset', path.join(aacr, 'dataset'), '--predictions', `tool-x=${path.join(aacr, 'tool-x')}`, '--evaluator', 'aacr-fixed', '--matcher', 'lexical']);
  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-sample-aacr').click();
  await expect(page.getByTestId('pr-evaluator')).toHaveValue('aacr-fixed');
  await expect(page.getByTestId('pr-matcher')).toHaveValue('lexical');
  expectBoard(await board(page), (await aacrCli).aggregates);
  await expect(page.getByTestId('pr-summary')).toContainText('tool-x');

  const martian = writeSample('martian');
  const mCli = prEval(['--dataset', path.join(martian, 'offline'), '--evaluator', 'martian', '--matcher', 'lexical']);
  await page.getByTestId('pr-sample-martian').click();
  await expect(page.getByTestId('pr-evaluator')).toHaveValue('martian');
  const out = await mCli;
  await expect(page.getByTestId('pr-leaderboard')).toContainText(out.signature, { timeout: 120_000 });
  expectBoard(await board(page), out.aggregates);
});

test('files that are no benchmark say what the page looked for, and nothing else changes', async ({ page }) => {
  await page.goto('/#research/pull-requests');
  const f = path.join(tmp, 'notes.json');
  fs.writeFileSync(f, '{"hello": "world"}\n');
  await page.getByTestId('pr-files').setInputFiles(f);
  await expect(page.getByTestId('pr-error')).toContainText("not a pull-request benchmark this app reads: Martian's offline folder");
  await expect(page.getByTestId('pr-leaderboard')).toHaveCount(0);
});
