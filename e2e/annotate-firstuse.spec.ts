// Annotate, tried as a new annotator would: a pseudo-reference typed after A survives a reload before Enter, the
// stage-2 hint says where the list is at each window size, and Metric vs annotator names what it runs.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import { readAnnotationCsv } from '../src/core/annotation.ts';
import { compareJobScores, learnedJobScores, metricJobs } from '../src/core/annotationMetric.ts';
import { shippedWeights } from '../src/core/learned/index.ts';

async function startPaper(page: Page) {
  await page.goto('/#annotate');
  await page.evaluate(() => localStorage.clear());
  await page.getByTestId('an-start-paper').click();
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
}

test('a pseudo-reference typed after A, not added yet, is still there after a reload', async ({ page }) => {
  await startPaper(page);
  await page.keyboard.press('a');
  const text = page.getByTestId('an-add-text');
  await expect(text).toBeFocused();
  await page.keyboard.type('The new column needs a migration for existing rows.');
  await page.waitForTimeout(400); // past the autosave's 200 ms debounce (a reload right away is covered by the unload copy)
  await page.reload();
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
  await expect(page.getByTestId('an-add-text')).toHaveValue('The new column needs a migration for existing rows.');
  // A reload at once, within the debounce, keeps it too.
  await page.getByTestId('an-add-text').fill('The new column needs a migration.');
  await page.reload();
  await expect(page.getByTestId('an-add-text')).toHaveValue('The new column needs a migration.');
  // Added, it is a pseudo-reference and the draft is gone.
  await page.getByTestId('an-add-text').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.an-ref').last()).toContainText('The new column needs a migration.');
  await page.reload();
  await expect(page.getByTestId('an-add-text')).toHaveCount(0);
});

for (const [w, h, where, not] of [
  [1024, 768, 'above', 'on the left'],
  [1440, 900, 'on the left', 'above'],
] as const)
  test(`${w}×${h}: the stage-2 hint says the list is ${where}, where it is`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await startPaper(page);
    await page.getByTestId('an-stage-2').click();
    await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '2');
    const hint = page.getByTestId('an-rules').locator('p', { hasText: 'Pick them in the list' });
    const shown = await hint.evaluate((e) => (e as HTMLElement).innerText);
    expect(shown).toContain(`Pick them in the list ${where} (`);
    expect(shown).not.toContain(not);
    const list = (await page.locator('.an-link').first().boundingBox())!;
    const box = (await hint.boundingBox())!;
    if (where === 'above') expect(list.y + list.height).toBeLessThanOrEqual(box.y);
    else expect(list.x + list.width).toBeLessThanOrEqual(box.x);
  });

test('Metric vs annotator opens on the learned preset, as the Workbench does, names it, and its figures are the core’s', async ({ page }) => {
  const file = path.resolve('e2e/fixtures/annotator-a.csv');
  await page.goto('/#annotate');
  await page.getByTestId('an-import-file').setInputFiles(file);
  await page.getByTestId('an-import-keep').click();
  await page.getByTestId('an-view-metric').click();
  const shown = page.getByTestId('mv-shown');
  await expect(shown).toHaveAttribute('data-metric', 'learned');
  await expect(shown).toContainText('Shown: the learned preset');
  await expect(page.getByTestId('mv-row')).toHaveCount(7);
  const a = readAnnotationCsv({ name: path.basename(file), text: fs.readFileSync(file, 'utf8') }).items;
  const jobs = metricJobs(a, 'all');
  const want = compareJobScores(a, jobs, learnedJobScores(a, jobs, shippedWeights(), await loadBackgroundIdf()));
  for (const d of ['con', 'comp', 'rel'] as const) expect(Number(await page.getByTestId(`mv-corr-${d}`).getAttribute('data-value'))).toBe(want.correlations[d].r);
  expect(Number(await page.getByTestId('mv-coverage').getAttribute('data-value'))).toBe(want.coverage.kappa);
  // The paper's rule is one click away, and named as such.
  await page.getByTestId('mv-sim-lexical').click();
  await expect(shown).toContainText("the paper's rule on Lexical (instant) at τ = 0.149");
});
