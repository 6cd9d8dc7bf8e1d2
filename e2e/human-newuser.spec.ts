// What a new user meets on GradedReviews' workbook (a generated one, its published layout): the lab's controls say
// what the tables use.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { tmp, runAndOpenLab } from './helpers-human';
import { setMetrics } from './helpers-lab';
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
