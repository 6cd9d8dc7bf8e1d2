// Issues 15 + 18 together: Research's batch pseudo-references with the in-browser provider. A CodeReviewer-format
// dataset without pseudo-references is imported, the generated test model (public/models/tiny-qwen2-claims, which
// always writes two claims and one implication) writes the claims on WASM, and the run is scored. The provider takes
// one generation at a time whatever "Requests at once" says: the worker client's generate() is counted in the page.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { chooseLocalModel, countGenerations } from './helpers-local-llm';

const CR = path.resolve('e2e/fixtures/codereviewer');

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('batch claims with the in-browser model: one generation at a time, claims per change, scored in Research', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/#research');
  await expect(page.getByTestId('research')).toBeVisible();
  await page.getByTestId('predictions-import').locator('summary').click();
  await page.getByTestId('cr-test-file').setInputFiles(path.join(CR, 'msg-test.jsonl'));
  await page.getByTestId('cr-pred-files').setInputFiles([path.join(CR, 'codereviewer.txt'), path.join(CR, 'llama-ft.jsonl')]);
  await page.getByTestId('cr-import').click();
  await expect(page.getByTestId('import-rows')).toHaveText('6');
  await expect(page.getByTestId('import-summary')).toContainText('(0 with pseudo-references)');

  const panel = page.getByTestId('pseudo-refs-panel');
  await panel.getByLabel('LLM claims').check();
  await chooseLocalModel(panel, '/models/tiny-qwen2-claims', { backend: 'wasm', maxNew: 64 });
  // Ask for 4 at once: the provider's cap must win, and the panel says so.
  await page.getByTestId('prefs-concurrency').fill('4');
  await expect(panel).toContainText('this provider takes 1 at a time');
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', '6');

  // Count generations in flight where they reach the model: the worker client's generate().
  const generations = await countGenerations(page);
  // And what the progress line reports while running ("N in flight").
  const inFlightSeen: number[] = [];
  const poll = setInterval(() => {
    void page
      .getByTestId('prefs-progress')
      .textContent({ timeout: 200 })
      .then((t) => {
        const m = /(\d+) in flight/.exec(t ?? '');
        if (m) inFlightSeen.push(Number(m[1]));
      })
      .catch(() => {});
  }, 100);

  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done', { timeout: 150_000 });
  clearInterval(poll);
  const gen = await generations();
  expect(gen.calls).toBe(6);
  expect(gen.max).toBe(1);
  expect(Math.max(0, ...inFlightSeen)).toBeLessThanOrEqual(1);

  // Claims per change: 2 claims + 1 implication each, no failures, every change scorable.
  await expect(page.getByTestId('prefs-failed-count')).toHaveText('0');
  await expect(page.getByTestId('prefs-not-scorable')).toContainText('0 without');
  await page.getByTestId('prefs-result').getByText('Pseudo-references per change').click();
  const changes = page.getByTestId('prefs-changes');
  for (const id of ['1000', '1001', '1002', '1003', '1004', '1005']) {
    const row = changes.locator(`[data-change="${id}"]`);
    await expect(row.locator('td').nth(1)).toHaveText('3');
    await expect(row).toContainText('ready');
  }
  await changes.locator('[data-change="1002"]').getByRole('button', { name: '1002' }).click();
  await expect(changes).toContainText('Callers of the changed code may behave differently.');

  // Scored in Research: both systems in the leaderboard.
  await page.getByTestId('prefs-use').click();
  await expect(page.getByTestId('import-summary')).toContainText('(6 with pseudo-references)');
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByText('12 reviews scored')).toBeVisible();
  // No human scores here: the per-system table with intervals carries the scores, one row per system.
  const table = page.getByTestId('system-ci-table');
  await expect(table.locator('tbody tr')).toHaveCount(2, { timeout: 30_000 });
  for (const sys of ['codereviewer', 'llama-ft']) {
    await expect(page.getByTestId(`sysci-${sys}`).locator('td').nth(1)).toHaveText('6');
    const rel = Number(await page.getByTestId(`sysci-${sys}-rel`).getAttribute('data-mean'));
    expect(rel).toBeGreaterThanOrEqual(0);
    expect(rel).toBeLessThanOrEqual(1);
  }
});
