// Issue 14, item 4: "Old & new files" gives two editable editors, the old file and the new file: side by side
// where the code panel has room, stacked on a narrow screen. Typing into either side reaches the session
// (the pseudo-reference generator diffs them).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newSession } from './helpers-workbench.ts';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

async function typeInto(page: Page, editor: Locator, text: string) {
  await editor.locator('.view-lines').click();
  await page.keyboard.type(text);
}

async function openFilesMode(page: Page) {
  await newSession(page);
  await page.getByTestId('mode-files').click();
  await expect(page.getByTestId('two-editors')).toBeVisible();
  await expect(page.getByTestId('editor-old').locator('.view-lines')).toBeVisible();
  await expect(page.getByTestId('editor-new').locator('.view-lines')).toBeVisible();
}

test('wide: old and new side by side, both editable; their diff is what the analyzers get', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1000 });
  await openFilesMode(page);
  const oldEd = page.getByTestId('editor-old');
  const newEd = page.getByTestId('editor-new');
  const [a, b] = [(await oldEd.boundingBox())!, (await newEd.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2); // same row
  expect(b.x).toBeGreaterThan(a.x + a.width - 1); // new file to the right of the old one
  await typeInto(page, oldEd, 'var a = 1;');
  await typeInto(page, newEd, 'var a = 2');
  await expect(oldEd).toContainText('var a = 1;');
  await expect(newEd).toContainText('var a = 2');
  // The session keeps both sides: a reload shows them again.
  await expect(page.getByTestId('save-status')).toContainText('saved');
  await page.reload();
  await expect(page.getByTestId('editor-old')).toContainText('var a = 1;');
  await expect(page.getByTestId('editor-new')).toContainText('var a = 2');
});

test('narrow: the two editors stack, the old file above the new one', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 900 });
  await openFilesMode(page);
  const [a, b] = [(await page.getByTestId('editor-old').boundingBox())!, (await page.getByTestId('editor-new').boundingBox())!];
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
  expect(a.width).toBeGreaterThan(250);
  await typeInto(page, page.getByTestId('editor-old'), 'x = 1');
  await expect(page.getByTestId('editor-old')).toContainText('x = 1');
});
