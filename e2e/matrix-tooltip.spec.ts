// Issue 14, item 7: the matrix tooltip is drawn over everything (a portal at a fixed position), so neither the
// matrix's scrolling box nor the viewport cuts it off, for the mouse and for the keyboard cursor alike.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newSession } from './helpers-workbench.ts';
import { hubUnreachable } from './hub';

const LONG_P = 'The module name is encoded to ASCII before replacing the main module marker in the pickled bytes, so a non-ASCII name now raises.';
const LONG_S = 'Why was the opening parenthesis dropped from the replaced pattern, and could this break unpickling of tasks defined in __main__?';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** Every corner and the centre of the tooltip are on screen and hit the tooltip itself (nothing clips or covers it). */
async function fullyVisible(page: Page, tip: Locator) {
  const box = (await tip.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height);
  const points = [
    [box.x + 3, box.y + 3],
    [box.x + box.width - 3, box.y + 3],
    [box.x + 3, box.y + box.height - 3],
    [box.x + box.width - 3, box.y + box.height - 3],
    [box.x + box.width / 2, box.y + box.height / 2],
  ];
  for (const [x, y] of points) {
    // The tip lets the mouse through (pointer-events: none); let hit-testing see it for this check.
    const inside = await page.evaluate(([x, y]) => {
      const t = document.querySelector<HTMLElement>('[data-testid="heatmap-tooltip"]')!;
      t.style.pointerEvents = 'auto';
      const hit = !!document.elementFromPoint(x, y)?.closest('[data-testid="heatmap-tooltip"]');
      t.style.pointerEvents = '';
      return hit;
    }, [x, y]);
    expect(inside, `tooltip point ${x},${y}`).toBe(true);
  }
}

test('3×3 matrix at 1024×768: the tooltip shows both whole texts, for the mouse and for the keyboard cursor', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await newSession(page);
  await page.getByTestId('diff-input').fill('--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n');
  await page.getByTestId('review-input').fill(`${LONG_S}\nThe name is encoded first.\nPlease add a test.`);
  await page.getByTestId('pref-new-text').fill([LONG_P, 'A test would cover this.', 'The pattern changed.'].join('\n'));
  await page.getByTestId('pref-add').click();
  await page.getByTestId('similarity-lexical').click();
  const canvas = page.getByTestId('heatmap');
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas).toHaveAttribute('data-rows', '3');
  const box = (await canvas.boundingBox())!;

  // Mouse on the bottom-right cell.
  await page.mouse.move(box.x + box.width - 12, box.y + box.height - 12);
  const tip = page.getByTestId('heatmap-tooltip');
  await expect(tip).toContainText('s(P3, S3)');
  await page.mouse.move(box.x + 40, box.y + 26);
  await expect(tip).toContainText('s(P1, S1)');
  await expect(tip).toContainText(LONG_P);
  await expect(tip).toContainText(LONG_S);
  await fullyVisible(page, tip);

  // Keyboard: focus the matrix and move the cursor; its tooltip shows, whole.
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tip).toContainText('s(P3, S3)');
  await expect(tip).toContainText('Please add a test.');
  await fullyVisible(page, tip);
});
