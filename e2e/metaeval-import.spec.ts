// Issues 35 and 38 in the browser: an imported metric whose file scores the dataset's reference reviews (`msg`) is
// told that those rows are reference reviews, not missing from the dataset; a file named crscore.csv comes in as
// imported-crscore beside the run's own crscore.rel; and the imports come back after a reload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { labRows, writeLabDataset } from './fixtures/labDataset';
import { openLab, setMetrics } from './helpers-lab';
import { researchView } from './helpers-research';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-metimport-e2e-'));

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('an imported metric: reference rows named, no shadowing of crscore.rel, and it persists across a reload', async ({ page }) => {
  test.setTimeout(300_000);
  const dataset = writeLabDataset();
  // Every review of the dataset, the reference reviews included, scored by the review's length.
  const lines = ['id,system,len'];
  let refs = 0;
  for (const r of labRows())
    for (const v of r.reviews) {
      lines.push(`${r.id},${v.system},${(v.review ?? '').length}`);
      if (v.system === 'msg') refs++;
    }
  const mine = path.join(tmp, 'mine.csv');
  fs.writeFileSync(mine, `${lines.join('\n')}\n`);
  const own = path.join(tmp, 'crscore.csv');
  fs.writeFileSync(own, `id,system,rel\n${labRows().flatMap((r) => r.reviews.filter((v) => v.system !== 'msg').map((v) => `${r.id},${v.system},${(v.review ?? '').length % 7}`)).join('\n')}\n`);

  await openLab(page, dataset);
  await setMetrics(page, ['crscore']);
  await page.getByTestId('lab-resamples').fill('50');
  await expect(page.getByTestId('metaeval')).toBeVisible();
  await page.getByTestId('me-import').setInputFiles(mine);
  await expect(page.getByTestId('me-row-mine.len')).toBeVisible({ timeout: 120_000 });
  const coverage = page.getByTestId('me-coverage');
  await expect(coverage).toContainText(`reference reviews (msg), not judged: rows`);
  await expect(coverage).not.toContainText('no such review');
  expect((await coverage.textContent())!).toContain(`${lines.length - 1 - refs} matched`);

  await page.getByTestId('me-import').setInputFiles(own);
  await expect(page.getByTestId('me-row-imported-crscore.rel')).toBeVisible({ timeout: 120_000 });
  await expect(coverage).toContainText("renamed 'imported-crscore'");
  await expect(page.getByTestId('me-results')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  // The run's own CRScore keeps its row, and its label is not an import's.
  await expect(page.getByTestId('me-row-crscore.rel')).toBeVisible();
  await expect(page.getByTestId('me-row-crscore.rel')).not.toContainText('imported');

  // Research's Scores CSV carries the imported metrics, matched in the worker, under their names.
  await researchView(page, 'exports');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const head = fs.readFileSync(await (await download).path(), 'utf8').split('\n').find((l) => l.startsWith('id,'))!;
  // The run's own CRScore columns are named by its configuration in the file (crscore-lexical-t….rel).
  expect(head.split(',')).toEqual(expect.arrayContaining([expect.stringMatching(/^crscore-[\w.-]+\.rel$/), 'mine.len', 'imported-crscore.rel']));
  await researchView(page, 'lab');

  if (process.env.METAEVAL_SHOTS) {
    const dir = path.resolve(process.env.METAEVAL_SHOTS);
    fs.mkdirSync(dir, { recursive: true });
    for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await coverage.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -120));
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `metaeval-import-${w}.png`) });
    }
  }

  // After a reload both imports come back (Research's IndexedDB), with their coverage.
  await page.reload();
  await expect(page.getByTestId('metaeval')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('me-row-mine.len')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('me-row-imported-crscore.rel')).toBeVisible();
  await expect(page.getByTestId('me-coverage')).toContainText('mine.csv');

  // Removed, it stays removed after the next reload.
  await page.getByTestId('me-coverage').locator('li', { hasText: 'crscore.csv' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('me-row-imported-crscore.rel')).toHaveCount(0, { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('me-row-mine.len')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('me-row-imported-crscore.rel')).toHaveCount(0);
});
