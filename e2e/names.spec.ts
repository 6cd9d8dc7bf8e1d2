// Names users know (issue 28): no internal label in any page text a user can reach ("seed 003", "(issue 8)"):
// papers go by authors and year. Walks every tab, after a Research run so the tables and the metric lab are there;
// textContent includes what collapsed sections hold.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { researchView } from './helpers-research';
import { hubUnreachable } from './hub';

const INTERNAL = /\bseed 0\d\d\b|\bissue #?\d+|\bissues? \d+\b/i;

async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.textContent ?? '');
}

function internalLabels(text: string): string[] {
  const found: string[] = [];
  const re = new RegExp(INTERNAL.source, 'gi');
  for (const m of text.matchAll(re)) found.push(text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 20));
  return found;
}

test('no tab shows an internal label', async ({ page }) => {
  test.setTimeout(180_000);
  await hubUnreachable(page.context());
  await page.goto('/');
  const tabs = await page.getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThanOrEqual(4);
  for (const name of tabs) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    if (name === 'Research') {
      await page.getByTestId('research-file').setInputFiles(path.resolve('e2e/fixtures/research-mini.jsonl'));
      await page.getByTestId('research-similarity').selectOption('lexical');
      await page.getByTestId('research-run').click();
      await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
      // Every view of Research, the lab and its meta-evaluation included.
      for (const v of ['explore', 'links', 'linker', 'lab', 'exports', 'overview'] as const) {
        await researchView(page, v);
        expect(internalLabels(await pageText(page)), `Research → ${v}`).toEqual([]);
      }
      await expect(page.getByTestId('research-view-overview')).toBeVisible();
    } else await page.waitForTimeout(500);
    expect(internalLabels(await pageText(page)), `${name} tab`).toEqual([]);
  }
  // The check can fail: it finds a label planted in the page.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'as in seed 003 §5.2' })));
  expect(internalLabels(await pageText(page))).toHaveLength(1);
});
