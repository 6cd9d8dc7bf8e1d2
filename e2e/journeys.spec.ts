// The annotator's and the teacher's first minutes at 1024×768 and 1440×900 (issue 28): the Workbench's first screen
// holds the diff, the review, the scores and the matrix without scrolling; then each goes to their own tab.
// Screenshots of every step land in the test's output folder.
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';

const SIZES = [
  [1024, 768],
  [1440, 900],
] as const;

async function firstScreen(page: Page, shot: (name: string) => Promise<void>) {
  await page.goto('/');
  // Nothing scrolled: what a newcomer sees first.
  await expect(page.getByTestId('diff-input')).toBeInViewport();
  await expect(page.getByTestId('review-input')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Scores' })).toBeInViewport();
  // Scored with no click and no download: the learned preset, as `crscore score` does by default.
  await expect(page.getByTestId('scored-by')).toContainText('CRScore learned');
  await expect(page.getByTestId('score-rel')).toBeInViewport();
  expect(Number(await page.getByTestId('score-rel').getAttribute('data-value'))).toBeGreaterThan(0);
  await expect(page.getByTestId('heatmap')).toBeInViewport();
  await shot('first');
  // Lexical similarity at its own τ, one click away.
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('tau-value')).toHaveText('0.149');
  // The metric's settings sit under the scores, so reaching them scrolled the page: back to the first screen.
  await page.evaluate(() => scrollTo(0, 0));
  await expect(page.getByTestId('score-cards')).toBeInViewport();
  await expect(page.getByTestId('score-rel')).toBeInViewport();
  await expect(page.getByTestId('heatmap')).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await shot('scores');
}

for (const [w, h] of SIZES) {
  test.describe(`${w}×${h}`, () => {
    test.beforeEach(async ({ page }) => {
      await hubUnreachable(page.context());
      await page.setViewportSize({ width: w, height: h });
    });
    const shooter = (page: Page, who: string) => async (name: string) => {
      await page.screenshot({ path: test.info().outputPath(`${who}-${name}-${w}.png`) });
    };

    test('annotator: the first screen shows the scores and the matrix, then Annotate', async ({ page }) => {
      const shot = shooter(page, 'annotator');
      await firstScreen(page, shot);
      await page.getByRole('tab', { name: 'Annotate' }).click();
      await expect(page.getByTestId('annotate')).toBeVisible();
      await shot('annotate');
    });

    test('teacher: the first screen shows the scores and the matrix, then Teach', async ({ page }) => {
      const shot = shooter(page, 'teacher');
      await firstScreen(page, shot);
      await page.getByRole('tab', { name: 'Teach' }).click();
      await expect(page.getByTestId('teach')).toBeVisible();
      await shot('teach');
    });
  });
}
