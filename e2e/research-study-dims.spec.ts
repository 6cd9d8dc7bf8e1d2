// The human study's Con, Comp and Rel on Research's import step, as the human-data model reads them (studyDataset):
// three Likert 1–5 dimensions with one annotator each, each with the distribution the model counts.
import { expect, test } from '@playwright/test';
import { distribution, studyDataset } from '../src/core/humanData/index';
import { importFiles } from '../src/core/importers/index';
import { SAMPLE_FILE_NAME, sampleJsonl } from '../src/core/importers/sample';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

for (const size of SIZES)
  test(`the sample's con, comp and rel show as three Likert 1–5 dimensions with their distributions (${size.width}×${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    const d = studyDataset(importFiles([{ name: SAMPLE_FILE_NAME, text: sampleJsonl() }]).rows, SAMPLE_FILE_NAME);
    await page.goto('/#research');
    await page.getByTestId('research-sample').click();
    await expect(page.getByTestId('import-rows')).toHaveText('36');
    const dims = page.getByTestId('study-dimensions');
    // Folded under its summary, which names the three scales.
    await expect(dims.locator('summary')).toContainText('con (Likert 1–5), comp (Likert 1–5), rel (Likert 1–5)');
    await dims.locator('summary').click();
    for (const name of ['con', 'comp', 'rel']) {
      const fig = dims.getByTestId(`human-dim-${name}`);
      await expect(fig).toContainText(`${name} · Likert 1–5 · one annotator`);
      const dist = [...distribution(d, name)];
      expect(dist.length).toBeGreaterThan(1);
      await expect(fig.getByRole('img')).toHaveAttribute('aria-label', `Distribution of ${name}: ${dist.map(([v, n]) => `${v}: ${n}`).join(', ')}`);
    }
    await dims.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`study-dims-${size.width}x${size.height}.png`), fullPage: false });
  });
