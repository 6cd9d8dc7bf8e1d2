// Issue 14, item 10 (the workbench, Teach and Annotate parts): text that reads right, no React warnings,
// aligned lists, round chart ticks, and the scores in sight while editing pseudo-references.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('workbench: "chosen by you · detect", aligned paper examples, round histogram ticks, scores kept in sight', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  await page.getByTestId('similarity-lexical').click();
  await page.getByTestId('language-select').selectOption('java');
  await expect(page.getByTestId('language-origin')).toHaveText('chosen by you · detect');

  // Paper examples: no bullet left hanging on a wrapped name's last line.
  await page.getByText('Paper examples').click();
  const li = page.locator('.examples li').first();
  await expect(li).toBeVisible();
  expect(await li.evaluate((e) => getComputedStyle(e).listStyleType)).toBe('none');

  // Histogram ticks: round values, never "-0.0".
  const tickText = page.getByTestId('histogram').locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(tickText.first()).toBeVisible();
  const ticks = await tickText.allTextContents();
  expect(ticks.length).toBeGreaterThan(2);
  for (const t of ticks) {
    expect(t).not.toBe('-0.0');
    expect(Math.round(Number(t) * 10)).toBeCloseTo(Number(t) * 10, 6);
  }

  // Editing pseudo-references far below the cards (two columns at 1440: the list is in the left one, the cards
  // at the top of the right one): a strip keeps the scores in sight, with the cards' values.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('score-strip')).toHaveCount(0);
  await page.getByTestId('pref-new-text').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('score-strip')).toBeVisible();
  const rel = await page.getByTestId('score-rel').getAttribute('data-value');
  await expect(page.getByTestId('strip-rel')).toHaveText(Number(rel).toFixed(3));
  await page.getByTestId('pref-new-text').fill('The column has_all_data is a new boolean column.');
  await page.getByTestId('pref-add').click();
  const rel2 = await page.getByTestId('score-rel').getAttribute('data-value');
  await expect(page.getByTestId('strip-rel')).toHaveText(Number(rel2).toFixed(3));
});

test('Teach: the caption says what the paper measured and what the tour scores here', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-sim-lexical').click();
  const note = page.getByTestId('tc-note');
  await expect(note).toContainText('in the paper CRScore scored this review Rel 0');
  await expect(page.getByTestId('tc-note-rel')).toBeVisible();
  const live = await page.getByTestId('tc-note-rel').textContent();
  await expect(note).not.toContainText('the metric scores Rel 0');
  expect(Number(live)).toBeGreaterThanOrEqual(0);
});

test('Annotate, metric vs annotator with one rated review: no NaN attribute, a dash and why', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/NaN/.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/#annotate');
  await page.evaluate(() => localStorage.clear());
  await page.getByTestId('an-start-paper').click();
  for (const k of ['1', 'y', '0', 'n', 'u', 'y', 'Enter', '1', 'Enter', '3', '4', '3']) await page.keyboard.press(k);
  await page.getByTestId('an-view-metric').click();
  await expect(page.getByTestId('mv-row')).toHaveCount(1);
  const corr = page.getByTestId('mv-corr-rel');
  await expect(corr).toContainText('ρ = —');
  await expect(corr).toContainText('needs two or more rated reviews');
  expect(await corr.getAttribute('data-value')).toBeNull();
  expect(warnings).toEqual([]);
});
