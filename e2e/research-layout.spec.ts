// Issue 35 §5: at 1024×768 (and 1440×900) the system-level meta-evaluation table stays inside its card (it scrolls
// within it), and Research's sticky view bar never covers what a person scrolls to: a table's heading row brought
// into view lands below the bar. Screenshots go to LAYOUT_SHOTS when it is set.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { writeLabDataset } from './fixtures/labDataset';
import { openLab, setMetrics } from './helpers-lab';

const SHOTS = process.env.LAYOUT_SHOTS ? path.resolve(process.env.LAYOUT_SHOTS) : null;
let dataset: string;

test.beforeAll(() => {
  dataset = writeLabDataset();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** Every column of the table is in its card: none hides past the card's edge behind a sideways scroll. */
async function fitsCard(table: Locator, card: Locator) {
  const cardRight = await card.evaluate((c) => {
    const r = c.getBoundingClientRect();
    return r.right - parseFloat(getComputedStyle(c).paddingRight);
  });
  const t = await table.evaluate((e) => ({ right: e.getBoundingClientRect().right, width: e.scrollWidth, box: e.parentElement!.clientWidth }));
  expect(t.right).toBeLessThanOrEqual(cardRight + 0.5);
  expect(t.width).toBeLessThanOrEqual(t.box + 0.5);
  expect(await table.page().evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Brings `el` into view as a link or a find does, and checks that the sticky bars leave it visible. */
async function notUnderBars(page: Page, el: Locator) {
  await el.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(100);
  const top = await el.evaluate((e) => e.getBoundingClientRect().top);
  const barBottom = await page.locator('.r-views').evaluate((e) => e.getBoundingClientRect().bottom);
  const headerBottom = await page.locator('.app-header').evaluate((e) => e.getBoundingClientRect().bottom);
  expect(top).toBeGreaterThanOrEqual(Math.max(barBottom, headerBottom) - 0.5);
}

test('the system-level meta-evaluation table stays in its card, and nothing scrolled to hides under the view bar', async ({ page }) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLab(page, dataset);
  await setMetrics(page, ['crscore', 'bleu', 'chrf']);
  await page.getByTestId('lab-resamples').fill('200');
  await page.getByTestId('me-grouping').selectOption('system');
  await expect(page.getByTestId('me-results')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const table = page.getByTestId('me-table');
  const card = page.getByTestId('metaeval');
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(200);
    await notUnderBars(page, table.locator('thead tr').first());
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `me-system-table-${w}.png`) });
    }
    await fitsCard(table, card);
    await notUnderBars(page, table.locator('tbody tr').first());
    await notUnderBars(page, page.getByTestId('lab-ranking'));
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `lab-ranking-${w}.png`) });
  }
});
