// Teach, tried as a teacher preparing a lesson would: the keys the tour names move the tour, the lessons run on
// the similarity chosen at the top and say which one runs, and what was picked survives a reload.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('a click on the Teach tab puts the focus in the tour: → and ← move the tour, not the tab strip', async ({ page }) => {
  await page.goto('/#workbench');
  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'diff');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#teach$/);
  await expect(page.getByTestId('tc-card')).toBeFocused();
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'claims');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'claims');
  await expect(page).toHaveURL(/#teach$/);
  // A mode button clicked on the way keeps the tour's keys too.
  await page.getByTestId('tc-mode-whatif').click();
  await page.getByTestId('tc-mode-tour').click();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#teach$/);
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'claims');
  // The tab strip, reached on purpose (Shift+Tab from the tour's first control), still moves between tabs.
  await page.getByTestId('tab-teach').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/#annotate$/);
});
