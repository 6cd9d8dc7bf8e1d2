// What a new user meets on GradedReviews' workbook (a generated one, its published layout): the lab's controls say
// what the tables use.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { tmp, runAndOpenLab } from './helpers-human';
import { setMetrics } from './helpers-lab';
import { researchView } from './helpers-research';
import { gradedReviewsRows, workbook } from '../src/testing/workbook';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('without CRScore ticked, the Baseline selector shows the metric the paired differences are taken against', async ({ page }) => {
  test.setTimeout(240_000);
  const file = path.join(tmp, 'baseline.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(24, 5))));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await runAndOpenLab(page, ['bleu', 'chrf']);
  // The saved baseline (CRScore relevance) is not measured: the table falls back to BLEU, and the selector says so.
  await expect(page.getByTestId('lab-agreement').locator('tr', { hasText: '(baseline)' })).toContainText('BLEU');
  const baseline = page.getByTestId('lab-baseline');
  await expect(baseline).toHaveValue('bleu');
  await expect(baseline.locator('option')).toHaveText(['BLEU', 'chrF']);
  // Picking another is kept; ticking CRScore again offers its scores.
  await baseline.selectOption('chrf');
  await expect(page.getByTestId('lab-agreement').locator('tr', { hasText: '(baseline)' })).toContainText('chrF');
  await setMetrics(page, ['crscore', 'bleu', 'chrf']);
  await expect(baseline).toHaveValue('chrf');
  await expect(baseline.locator('option')).toHaveText(['CRScore Rel', 'CRScore Con', 'CRScore Comp', 'BLEU', 'chrF']);
});

test("the overview's agreement table is against the dataset's dimension, once (not human Con, Comp and Rel three times)", async ({ page }) => {
  test.setTimeout(240_000);
  const file = path.join(tmp, 'overview.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(24, 6))));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  // The dimension the tables judge against says so in words (before: a dangling "· judged against").
  await expect(page.getByTestId('human-dim-grade')).toContainText('grade · Likert 1–5 · one annotator · the dimension every table judges against');
  const table = page.getByTestId('correlation-table');
  await expect(table.locator('thead tr').first().locator('th')).toHaveText(['Metric', 'grade', 'n']);
  await expect(table).not.toContainText('human Con');
  // One pair of cells per metric: CRScore's three scores, each against grade.
  for (const d of ['con', 'comp', 'rel']) {
    await expect(page.getByTestId(`corr-row-crscore-${d}`).locator('td')).toHaveCount(3);
    await expect(page.getByTestId(`corr-crscore-${d}-rel-spearman`)).toBeVisible();
  }
  await expect(table).toContainText('mean grade');
});

test("Explore on a human-scored dataset names its dimension: the scatter, the systems and the examples (not human Con, Comp, Rel)", async ({ page }) => {
  test.setTimeout(240_000);
  const file = path.join(tmp, 'explore.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(24, 7))));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await researchView(page, 'explore');
  await expect(page.getByTestId('leaderboard').locator('thead th')).toHaveText(['#', 'System', 'Con', 'Comp', 'Rel', 'grade', 'human #', 'n']);
  await expect(page.getByTestId('examples').locator('.r-ex-head')).toContainText('grade');
  await expect(page.getByTestId('examples').locator('.r-ex-head')).not.toContainText('human Rel');
  const scatter = page.locator('[data-chart="scatter"]');
  await expect(scatter.getByLabel('Human dimension')).toHaveCount(0);
  await expect(scatter.locator('figcaption')).toContainText('vs grade');
  await expect(scatter).toHaveAttribute('data-y-label', /^grade \(scores as 0–1/);
});
