// Issues 17 + 15 + 16 together: a pull request from the GitHub API (the project's stub) goes to Research as a
// dataset, one system per author; Research's batch panel makes the analyzers' pseudo-references (no key), and the
// dataset is scored with lexical similarity. Every author of a scored comment is a system of the run.
import { expect, test } from '@playwright/test';
import { samplePr } from './stubs/githubFixture';
import { startGithubStub, type GithubStub } from './stubs/githubStub';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';

let stub: GithubStub;

test.beforeAll(async () => {
  stub = await startGithubStub({ pulls: [samplePr({ extraComments: 3 })] });
});
test.afterAll(async () => {
  await stub?.close();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('a pull request to Research, analyzer pseudo-references in batch, scored: one system per author', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#github');
  await page.getByTestId('gh-url').fill(`${stub.web}/octo-org/shop-service/pull/42`);
  await page.getByTestId('gh-api-base').fill(stub.apiBase);
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-summary')).toContainText('8 review comments (1 reply) by 5 authors');
  // Replies are not scored by default: 7 comments by alice, carol, dave and erin (bob only replied).
  await expect(page.getByTestId('gh-research')).toHaveText('Send all 7 to Research');
  await page.getByTestId('gh-research').click();

  await expect(page.getByTestId('research')).toBeVisible();
  await expect(page.getByTestId('import-rows')).toHaveText('7');
  await expect(page.getByTestId('import-errors')).toHaveText('0');
  const systems = ['alice', 'carol', 'dave', 'erin'];
  await expect(page.getByTestId('research-calibration-system').locator('option')).toHaveText(systems);

  // The batch panel: analyzer issues only, no LLM and so no key.
  const panel = page.getByTestId('pseudo-refs-panel');
  await panel.getByRole('radio', { name: /^Analyzer issues/ }).check();
  await expect(page.getByTestId('prefs-concurrency')).toHaveCount(0);
  // Nothing of the LLM's is asked for (no provider, no key), only the analyzers' settings.
  await expect(panel.getByLabel('API key')).toHaveCount(0);
  await expect(panel.getByLabel('Provider')).toHaveCount(0);
  await expect(panel.getByLabel('Analyzer warnings')).toBeVisible();
  // The import already attached the analyzers' issues where they found some: those changes keep them by default.
  await expect(page.getByTestId('prefs-plan')).toContainText('3 changes to generate for (4 keep their own)');
  // Asked to replace them all, the batch runs the analyzers over all 7.
  await page.getByTestId('prefs-keep-own').uncheck();
  await expect(page.getByTestId('prefs-plan')).toContainText('7 changes');
  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('prefs-failed-count')).toHaveText('0');
  // The analyzers find the bare except (PyScent) and the missing semicolon (JSHint) on the head-commit files.
  await page.getByTestId('prefs-result').getByText('Pseudo-references per change').click();
  const changes = page.getByTestId('prefs-changes');
  await expect(changes.locator('tbody tr[data-change]')).toHaveCount(7);
  await changes.locator('[data-change="octo-org/shop-service#42/1001"]').getByRole('button', { name: 'octo-org/shop-service#42/1001' }).click();
  await expect(changes).toContainText(/too general exception/i);
  await changes.locator('[data-change="octo-org/shop-service#42/1003"]').getByRole('button', { name: 'octo-org/shop-service#42/1003' }).click();
  await expect(changes).toContainText('Missing semicolon');
  const notScorable = Number(/(\d+) without/.exec((await page.getByTestId('prefs-not-scorable').textContent()) ?? '')?.[1]);
  expect(notScorable).toBeLessThan(7);

  // Score them in Research, lexical similarity (no model download).
  await page.getByTestId('prefs-use').click();
  await expect(page.getByTestId('import-summary')).toContainText(`(${7 - notScorable} with pseudo-references)`);
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByText(`${7 - notScorable} reviews scored`)).toBeVisible();
  // One system per author: the per-system table (no human scores on GitHub comments) has each author once.
  const rows = page.getByTestId('system-ci-table').locator('tbody tr th');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const names = await rows.allTextContents();
  expect(new Set(names).size).toBe(names.length);
  for (const n of names) expect(systems).toContain(n);
  // alice (bare except, ===) and carol (semicolon, unused import) wrote on the files the analyzers flag.
  expect(names).toEqual(expect.arrayContaining(['alice', 'carol']));
  // The human-score leaderboard says where the scores are instead of an empty table.
  await researchView(page, 'explore');
  await expect(page.getByTestId('leaderboard-empty')).toContainText('“Systems” table');
  await page.screenshot({ path: test.info().outputPath('research-github.png'), fullPage: true });
});
