// CRScore of a whole review, reference-free, as a person uses it in Research › Pull requests: the generated sample
// of our JSONL with code in its diffs, evaluator crscore, Pseudo-references "offline". The page makes the PRs'
// pseudo-references itself (the analyzers' worker) and every row (Con, Comp, Rel, the not-scored ones and why) and
// every leaderboard figure equals `crscore pr-eval --evaluator crscore --pseudo-refs offline --json` on the same
// file; "the reference issues, else offline" equals pr-eval without --pseudo-refs. A PR opens with its
// pseudo-references pinned at their hunks and lines, told apart from the tool's comments. Screenshots with
// PR_SHOTS=folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { prEvalCli as cli, shoot, type PrEvalOut } from './helpers-pr';
import { startLlmStub, type LlmStub } from './stubs/llmStub';
import { samplePrFiles } from '../src/core/prreview/index';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-pr-pseudo-'));
type Out = PrEvalOut;

const storeRows = (page: Page) =>
  page.evaluate(() => {
    const s = (globalThis as unknown as { __crscorePrReview: { getState(): { result: Out | null; running: boolean } } }).__crscorePrReview.getState();
    return s.result ? { signature: s.result.signature, rows: s.result.rows, aggregates: s.result.aggregates } : null;
  });

/** The rows table as the page shows it: per row, each column's text by its header. */
async function shownRows(page: Page): Promise<Record<string, string>[]> {
  const t = page.getByTestId('pr-rows').locator('table');
  return t.evaluate((table) => {
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    return [...table.querySelectorAll('tbody tr')].map((tr) => {
      const o: Record<string, string> = {};
      [...tr.children].forEach((td, k) => (o[heads[k]] = k === 0 ? (td.querySelector('button')?.getAttribute('title') ?? '') : (td.textContent ?? '')));
      return o;
    });
  });
}

const f3 = (v: unknown) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : Number.isFinite(v) ? v.toFixed(3) : '—') : String(v ?? ''));

/** The page's rows, its table and its leaderboard equal the CLI's on the same file. */
async function expectSame(page: Page, out: Out) {
  await expect.poll(async () => (await storeRows(page))?.signature, { timeout: 120_000 }).toBe(out.signature);
  const mine = (await storeRows(page))!;
  // Every row's every field, the pairs' cells included: the same functions on the same pseudo-references.
  expect(mine.rows).toEqual(out.rows);
  const shown = await shownRows(page);
  expect(shown.map((r) => `${r['pull request']}|${r.system}`)).toEqual(out.rows.map((r) => `${r.pr}|${r.system}`));
  out.rows.forEach((r, k) => {
    for (const f of ['con', 'comp', 'rel', 'p_from', 'error']) expect(shown[k][f] ?? '', `${r.pr} ${r.system} ${f}`).toBe(f3(r[f]));
  });
  const cells = await page
    .getByTestId('pr-leaderboard')
    .locator('td[data-stat]')
    .evaluateAll((tds) => tds.map((td) => ({ system: td.closest('tr')!.getAttribute('data-system')!, stat: td.getAttribute('data-stat')!, value: Number(td.getAttribute('data-value')) })));
  expect(cells.length).toBe(out.aggregates.systems.reduce((n, s) => n + Object.keys(s.stats).length, 0));
  for (const c of cells) expect(c.value, `${c.system} ${c.stat}`).toBeCloseTo(out.aggregates.systems.find((s) => s.system === c.system)!.stats[c.stat].value, 12);
}

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('offline pseudo-references made in the page: every row and the leaderboard equal pr-eval --pseudo-refs offline; a PR shows them at their hunks and lines', async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'pull-requests.jsonl');
  fs.writeFileSync(file, samplePrFiles('ours')[0].text);
  const offline = cli(['--dataset', file, '--evaluator', 'crscore', '--pseudo-refs', 'offline']);
  const byDefault = cli(['--dataset', file, '--evaluator', 'crscore']);

  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-sample-ours').click();
  await expect(page.getByTestId('pr-summary')).toContainText('pull-request JSONL; 10 pull requests, 2 systems (tool-a, tool-b)');
  await page.getByTestId('pr-evaluator').selectOption('crscore');
  // pr-eval's own default at once: the reference issues, else offline pseudo-references for a PR without any.
  await expect(page.getByTestId('pr-pseudo-refs')).toHaveValue('fill');
  const dflt = await byDefault;
  expect(dflt.signature).toContain('|P:reference issues, else pseudo-references (offline)');
  expect(new Set(dflt.rows.map((r) => r.p_from))).toEqual(new Set(['reference issues', 'pseudo-references']));
  await expectSame(page, dflt);

  // Judged against reference issues only, a PR without any is not scored.
  await page.getByTestId('pr-pseudo-refs').selectOption('none');
  await expect.poll(async () => (await storeRows(page))?.signature ?? '').not.toContain('|P:');
  expect((await storeRows(page))!.rows.filter((r) => r.p_from === 'pseudo-references')).toHaveLength(0);

  await page.getByTestId('pr-pseudo-refs').selectOption('offline');
  await expect(page.getByTestId('pr-pseudo-status')).toContainText(/\d+ claims over 13 hunks, \d+ analyzer issues over 13 files, 9 of 10 PRs with a diff; 2 PRs without pseudo-references/, { timeout: 120_000 });
  const out = await offline;
  expect(out.signature).toContain('|P:pseudo-references (offline)');
  // The sample gives both kinds, and rows not scored for both reasons (no diff; a diff of prose only).
  const notScored = out.rows.filter((r) => r.error);
  expect(new Set(notScored.map((r) => r.error))).toEqual(new Set(['no diff in the dataset for this pull request, so no pseudo-references: not scored', 'no pseudo-reference was made from its diff: not scored']));
  await expectSame(page, out);
  await page.getByTestId('pr-pseudo').scrollIntoViewIfNeeded();
  await shoot(page, 'pr-pseudo-rows');

  // One PR: its pseudo-references pinned as such (a claim under its hunk's header, an issue on its line), each
  // tagged with its kind and maker, the tool's comments tagged tool; Con and Comp the CLI's row's.
  const row = out.rows.filter((r) => !r.error).sort((a, b) => (b.issues_found as number) - (a.issues_found as number))[0];
  const rowsOnPage = await shownRows(page);
  await page.getByTestId('pr-rows').locator('tbody tr').nth(rowsOnPage.findIndex((r) => r['pull request'] === row.pr && r.system === row.system)).locator('button').click();
  const view = page.getByTestId('pr-view');
  await expect(page.getByTestId('pr-con')).toHaveText((row.con as number).toFixed(3));
  await expect(page.getByTestId('pr-comp')).toHaveText((row.comp as number).toFixed(3));
  await expect(page.getByTestId('pr-rel')).toHaveText((row.rel as number).toFixed(3));
  await expect(view.locator('.pr-pin[data-kind=pseudo] .pr-pin-tag')).toHaveText(Array(row.num_issues as number).fill('pseudo-reference'));
  await expect(view.locator('.pr-pin[data-kind=reference]')).toHaveCount(0);
  await expect(view.locator('.pr-pin[data-kind=tool] .pr-pin-tag')).toHaveText(Array(row.num_comments as number).fill('tool'));
  const made = await view.getByTestId('pr-pin-made-by').allTextContents();
  expect(made.some((t) => t.startsWith('claim · tree-claims'))).toBe(true);
  // Claims sit on their hunk's header line; analyzer issues with a line on that line.
  const claimsOnHeads = await view.locator('.pr-line.head .pr-pin[data-kind=pseudo]').count();
  expect(claimsOnHeads).toBe(made.filter((t) => t.startsWith('claim')).length);
  await expect(view.locator('.pr-legend')).toContainText('pseudo-reference made from the diff');
  // Text, never markup: a pin's text is the pseudo-reference's own words.
  expect(await view.locator('.pr-pin[data-kind=pseudo] .pin-text').first().evaluate((el) => el.children.length)).toBe(0);
  const lines = await view.getByTestId('pr-line').count();
  expect(lines).toBeGreaterThan(0);
  await shoot(page, 'pr-view-pseudo');
  await page.getByTestId('pr-back').click();

  // A not-scored row says why, in the CLI's words.
  const bare = notScored[0];
  const again = await shownRows(page);
  await page.getByTestId('pr-rows').locator('tbody tr').nth(again.findIndex((r) => r['pull request'] === bare.pr && r.system === bare.system)).locator('button').click();
  await expect(page.getByTestId('pr-not-scored')).toHaveText(`Not scored: ${bare.error}.`);
  await expect(page.getByTestId('pr-con')).toHaveText('—');
  await page.getByTestId('pr-back').click();

  // Back to the default: pr-eval's rows again.
  await page.getByTestId('pr-pseudo-refs').selectOption('fill');
  await expectSame(page, dflt);
});

test('making pseudo-references can be cancelled: the rows stay judged against the reference issues', async ({ page }) => {
  test.setTimeout(240_000);
  // Our sample's pull requests forty times over (520 hunks): long enough to be cancelled while it runs.
  const lines = samplePrFiles('ours')[0].text.trim().split('\n');
  const many = path.join(tmp, 'many-prs.jsonl');
  fs.writeFileSync(many, Array.from({ length: 40 }, (_, k) => lines.map((l) => l.replace(/"pr":"([^"]+)"/, `"pr":"$1-${k}"`)).join('\n')).join('\n') + '\n');
  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-files').setInputFiles(many);
  await expect(page.getByTestId('pr-summary')).toContainText('400 pull requests');
  await page.getByTestId('pr-evaluator').selectOption('crscore');
  // The default fills the PRs without a reference issue first.
  await expect(page.getByTestId('pr-pseudo')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await expect.poll(async () => (await storeRows(page))?.signature ?? '').toContain('|P:reference issues, else');
  await page.getByTestId('pr-pseudo-refs').selectOption('offline');
  await expect(page.getByTestId('pr-pseudo-progress')).toBeVisible();
  await page.getByTestId('pr-pseudo-cancel').click();
  await expect(page.getByTestId('pr-pseudo-status')).toHaveText('Cancelled: the rows are judged against the reference issues only.', { timeout: 60_000 });
  await expect(page.getByTestId('pr-pseudo-refs')).toHaveValue('none');
  await expect.poll(async () => (await storeRows(page))?.signature).not.toContain('|P:');
});

test.describe("the LLM's claims with the person's key", () => {
  let stub: LlmStub;
  test.beforeAll(async () => {
    stub = await startLlmStub('openai');
    // One answer per hunk, by its file and first added line: the CLI and the page are told the same.
    stub.respond = (req) => {
      const prompt = JSON.stringify(req.body);
      const file = /\+\+\+ b\/([^\s\\]+)/.exec(prompt)?.[1] ?? 'a file';
      const added = /\\n\+([^\\]+)/.exec(prompt)?.[1] ?? 'a line';
      return { kind: 'ok', text: `1. The change edits ${file}, adding ${added}.\n\nImplications:\n1. Callers of ${file} may be affected.` };
    };
  });
  test.afterAll(async () => {
    await stub?.close();
  });

  test('no request before the settings and the count are seen; the rows then equal pr-eval --pseudo-refs claims through the same server', async ({ page }) => {
    test.setTimeout(480_000);
    const file = path.join(tmp, 'pull-requests-llm.jsonl');
    fs.writeFileSync(file, samplePrFiles('ours')[0].text);
    const out = await cli(['--dataset', file, '--evaluator', 'crscore', '--pseudo-refs', 'claims', '--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(tmp, 'cache')], { CRSCORE_LLM_API_KEY: 'sk-test' });
    const sentByCli = stub.count;
    // A hunk repeated across PRs is asked once (the answer cache).
    expect(sentByCli).toBeGreaterThan(0);
    await page.goto('/#research/pull-requests');
    await page.getByTestId('pr-sample-ours').click();
    await page.getByTestId('pr-evaluator').selectOption('crscore');
    await page.getByTestId('pr-pseudo-refs').selectOption('claims');
    const panel = page.getByTestId('pr-pseudo');
    await expect(panel.getByTestId('pr-pseudo-missing')).toBeVisible();
    await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
    await panel.getByLabel('Base URL').fill(stub.baseUrl);
    await panel.getByLabel('Model', { exact: true }).fill('stub-model');
    await panel.getByLabel('API key').fill('sk-test');
    await panel.getByTestId('pr-pseudo-plan').click();
    await expect(panel.getByTestId('pr-pseudo-confirm')).toContainText(/^\d+ requests to send/);
    expect(stub.count).toBe(sentByCli);
    await panel.getByTestId('pr-pseudo-send').click();
    await expect(page.getByTestId('pr-pseudo-status')).toContainText(/^\d+ claims over 13 hunks, 0 analyzer issues over 13 files/, { timeout: 120_000 });
    expect(stub.count - sentByCli).toBe(sentByCli);
    expect(out.signature).toContain('|P:pseudo-references (claims)');
    await expectSame(page, out);
    // The key is in no request but the server's, and not in the store's rows.
    expect(JSON.stringify(await storeRows(page))).not.toContain('sk-test');
  });
});

test("the in-page model's claims (no key): the rows equal pr-eval --pseudo-refs local on the same model", async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'pull-requests-local.jsonl');
  fs.writeFileSync(file, samplePrFiles('ours')[0].text);
  // The generated test model this app serves (it always writes two claims and one implication), in Node and in the page.
  const out = cli(['--dataset', file, '--evaluator', 'crscore', '--pseudo-refs', 'local', '--local-model', 'public/models/tiny-qwen2-claims', '--local-max-tokens', '64', '--cache-dir', path.join(tmp, 'cache-local')]);
  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-sample-ours').click();
  await page.getByTestId('pr-evaluator').selectOption('crscore');
  await page.getByTestId('pr-pseudo-refs').selectOption('local');
  const panel = page.getByTestId('pr-pseudo');
  // No provider to choose and no key asked for: the in-page model's own settings.
  await expect(panel.getByLabel('Provider', { exact: true })).toHaveCount(0);
  await expect(panel.getByTestId('pr-pseudo-missing')).toHaveCount(0);
  await panel.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  await panel.getByLabel('Hub model id').fill('/models/tiny-qwen2-claims');
  await panel.getByLabel('Run on', { exact: true }).selectOption('wasm');
  await panel.getByLabel('Max new tokens').fill('64');
  // Nothing is missing, so the count is shown at once, with what the in-page model's speed means.
  await expect(panel.getByTestId('pr-pseudo-confirm')).toContainText(/^\d+ requests to send/);
  await expect(panel.getByTestId('prefs-local-rate')).toContainText('runs in this page, nothing is sent');
  await panel.getByTestId('pr-pseudo-send').click();
  await expect(page.getByTestId('pr-pseudo-status')).toContainText(/^39 claims over 13 hunks, 0 analyzer issues over 13 files/, { timeout: 240_000 });
  const cliOut = await out;
  expect(cliOut.signature).toContain('|P:pseudo-references (local)');
  await expectSame(page, cliOut);
});
