// Issue 45: Research's `local` source, claims by the in-page model whatever provider the LLM settings had (here
// OpenAI with no key: the in-page model needs none). A CodeReviewer-format dataset without pseudo-references, the
// generated test model served by this app (public/models/tiny-qwen2-claims, which always writes two claims and one
// implication) on WASM; the plan names the speed measured on this machine once the model has run, and a second
// run asks nothing (the answers are cached).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { countGenerations } from './helpers-local-llm';
import { browserReport, cli, expectSame, rowsOf, runAndOpenLab, tmp } from './helpers-human';
import { MAP_ARGS, N, mapNine } from './helpers-nine';

const CR = path.resolve('e2e/fixtures/codereviewer');

/** CodeReviewer's test file with one system's predictions: 6 changes without pseudo-references. */
async function importCodeReviewer(page: Page) {
  await page.goto('/#research');
  await page.getByTestId('predictions-import').locator('summary').click();
  await page.getByTestId('cr-test-file').setInputFiles(path.join(CR, 'msg-test.jsonl'));
  await page.getByTestId('cr-pred-files').setInputFiles([path.join(CR, 'codereviewer.txt')]);
  await page.getByTestId('cr-import').click();
}

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('Research: the in-page model source makes claims per change, with the measured speed, then from the cache', async ({ page }) => {
  test.setTimeout(180_000);
  await importCodeReviewer(page);
  await expect(page.getByTestId('import-rows')).toHaveText('6');

  const panel = page.getByTestId('pseudo-refs-panel');
  await panel.getByLabel('In-page model').check();
  // No provider to choose: the in-page model's own settings, and no key asked for.
  await expect(panel.getByLabel('Provider', { exact: true })).toHaveCount(0);
  await expect(panel.getByTestId('prefs-missing')).toHaveCount(0);
  await panel.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  await panel.getByLabel('Hub model id').fill('/models/tiny-qwen2-claims');
  await panel.getByLabel('Run on', { exact: true }).selectOption('wasm');
  await panel.getByLabel('Max new tokens').fill('64');
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', '6');
  await expect(page.getByTestId('prefs-local-rate')).toContainText('its speed is measured when it loads');

  const generations = await countGenerations(page);
  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done', { timeout: 150_000 });
  expect((await generations()).calls).toBe(6);
  await expect(page.getByTestId('prefs-failed-count')).toHaveText('0');
  await expect(page.getByTestId('prefs-not-scorable')).toContainText('0 without');
  await page.getByTestId('prefs-result').getByText('Pseudo-references per change').click();
  for (const id of ['1000', '1003', '1005']) await expect(page.getByTestId('prefs-changes').locator(`[data-change="${id}"] td`).nth(1)).toHaveText('3');
  const config = await page.evaluate(() => {
    const st = (window as unknown as { __crscorePseudoRefs: { getState(): { result: { config: unknown } | null } } }).__crscorePseudoRefs.getState();
    return st.result?.config;
  });
  expect(config).toMatchObject({ source: 'local', llm: { provider: 'local', model: '/models/tiny-qwen2-claims' } });

  // The model has run: the plan names this machine's speed; every answer is cached, so nothing is asked again.
  const rate = page.getByTestId('prefs-local-rate');
  await expect(rate).toContainText('tokens/s on WASM (CPU)');
  console.log(`in-page model (tiny-qwen2-claims, WASM): ${await rate.getAttribute('data-tokens-per-second')} tokens/s`);
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', '0');
  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId('prefs-progress')).toContainText('6 from the cache');
  expect((await generations()).calls).toBe(6);
});

test("a labelled table with no reference: `local` in step 2; CRScore's figures equal crscore eval --pseudo-refs local on the same model", async ({ page }) => {
  test.setTimeout(400_000);
  const file = await mapNine(page, 'nine-local.csv');
  const args = MAP_ARGS(file).map((a) => (a === 'offline' ? 'local' : a));
  const out = cli([...args, '--local-model', 'public/models/tiny-qwen2-claims', '--cache-dir', path.join(tmp, 'nine-local-cache'), '--dim', 'relevance']);
  await page.getByTestId('human-prefs-local').check();
  const panel = page.getByTestId('pseudo-refs-panel');
  await panel.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  await panel.getByLabel('Hub model id').fill('/models/tiny-qwen2-claims');
  await panel.getByLabel('Run on', { exact: true }).selectOption('wasm');
  await panel.getByLabel('Max new tokens').fill('64');
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', String(N));
  await page.getByTestId('prefs-generate').click();
  // Above 50 answers the page asks first: on a CPU they can take hours.
  await page.getByTestId('prefs-confirm-send').click();
  const result = page.getByTestId('human-prefs-result');
  await expect(result).toBeVisible({ timeout: 300_000 });
  // The scripted model writes two claims and one implication for every change.
  await expect(result).toHaveAttribute('data-claims', String(3 * N));
  await expect(result).toHaveAttribute('data-unscorable', '0');
  await expect(page.getByTestId('human-pseudo-refs')).toContainText('--pseudo-refs local');
  await runAndOpenLab(page, ['crscore']);
  await page.getByTestId('me-human-dim').selectOption('relevance');
  await expect(page.getByTestId('me-signature')).toContainText('|dim:relevance|', { timeout: 120_000 });
  const pooled = rowsOf((await out).metaeval.groupings.pooled);
  expect(pooled.map((r) => r.id)).toEqual(expect.arrayContaining(['crscore.con', 'crscore.comp', 'crscore.rel']));
  const report = await browserReport(page, 'none', pooled);
  expectSame({ ...report, rows: pooled.map((c) => report.rows.find((r) => r.id === c.id)!) }, pooled);
});

test('Cancel stops the in-page model mid-generation; Resume runs to the end', async ({ page }) => {
  test.setTimeout(180_000);
  await importCodeReviewer(page);
  const panel = page.getByTestId('pseudo-refs-panel');
  await panel.getByLabel('In-page model').check();
  await panel.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  // The random test model writes until its end token (~90 tokens): long enough to be cut off.
  await panel.getByLabel('Hub model id').fill('/models/tiny-qwen2');
  await panel.getByLabel('Run on', { exact: true }).selectOption('wasm');
  await panel.getByLabel('Max new tokens').fill('512');
  const generations = await countGenerations(page);
  await page.getByTestId('prefs-generate').click();
  await expect.poll(async () => (await generations()).now, { timeout: 60_000 }).toBe(1);
  await page.getByTestId('prefs-cancel').click();
  const progress = page.getByTestId('prefs-progress');
  await expect(progress).toHaveAttribute('data-phase', 'cancelled');
  await expect(page.getByTestId('prefs-message')).toContainText('Resume asks only for what is missing');
  const done = Number(await progress.getAttribute('data-done'));
  expect(done).toBeLessThan(6);
  await expect.poll(async () => (await generations()).now).toBe(0);
  const calls = (await generations()).calls;
  await expect(page.getByTestId('prefs-generate')).toHaveText('Resume');
  await page.getByTestId('prefs-generate').click();
  await expect(progress).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await expect(progress).toHaveAttribute('data-done', '6');
  // The random model's answers hold no claims, so none is cached (an unreadable answer is asked again): Resume asks
  // all six. That a cached answer is not asked again is the first test's second run.
  expect((await generations()).calls - calls).toBe(6);
});
