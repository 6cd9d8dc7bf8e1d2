// The README's GradedReviews rows, in the browser: each preset the table lists (lexical, plus, learned), run in
// Research on a workbook in GradedReviews' layout with the defaults a new user gets (the preset's button, nothing
// else touched), gives the meta-evaluation `crscore eval --dataset X.xlsx --pseudo-refs reference --preset P
// --metaeval --json` gives on the same file: every figure and interval, pooled and grouped by change, and the same
// signature. On such a dataset τ is the preset's shipped calibration (the human study's dev half), as in the CLI.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { tmp, cli, expectSignature, rowsOf, browserReport, expectSame, shoot, RESAMPLES } from './helpers-human';
import { setMetrics } from './helpers-lab';
import { researchView } from './helpers-research';
import { gradedReviewsRealisticRows, workbook } from '../src/testing/workbook';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

for (const preset of ['lexical', 'plus', 'learned'] as const)
  test(`GradedReviews' layout, the ${preset} preset: the browser's figures equal crscore eval --preset ${preset}`, async ({ page }) => {
    test.setTimeout(480_000);
    const file = path.join(tmp, `graded-${preset}.xlsx`);
    fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRealisticRows(60, 7))));
    const args = ['--dataset', file, '--pseudo-refs', 'reference', '--preset', preset];
    const cliOut = cli(args);
    await page.goto('/#research');
    await page.getByTestId('research-file').setInputFiles(file);
    await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
    if (preset === 'lexical') await page.getByTestId('research-similarity').selectOption('lexical');
    else await page.getByTestId(`research-preset-${preset}`).click();
    // Where the CLI takes the shipped calibration, so does Research by default.
    if (preset !== 'learned') await expect(page.getByTestId('research-calibration-system')).toHaveValue('@shipped');
    await page.getByTestId('research-run').click();
    await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    if (preset === 'plus') {
      await expect(page.getByTestId('research-tau-value')).toHaveAttribute('data-value', '0.3279');
      await expect(page.getByTestId('research-tau-source')).toContainText('shipped');
      await shoot(page, 'research-tau-source', 'human-plus-tau');
    }
    await researchView(page, 'lab');
    await setMetrics(page, ['crscore']);
    await page.getByTestId('lab-resamples').fill(RESAMPLES);
    await expect(page.getByTestId('metaeval')).toBeVisible();
    const out = await cliOut;
    const pooled = rowsOf(out.metaeval.groupings.pooled);
    expect(pooled.map((r) => r.id)).toEqual(expect.arrayContaining(['crscore.con', 'crscore.comp', 'crscore.rel']));
    expectSame(await browserReport(page, 'none', pooled), pooled);
    await expectSignature(page, args, 'none');
    await page.getByTestId('me-grouping').selectOption('item');
    await expect(page.getByTestId('me-signature')).toContainText('group:item');
    const item = rowsOf(out.metaeval.groupings.item);
    expectSame(await browserReport(page, 'item', item), item);
  });
