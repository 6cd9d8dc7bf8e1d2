// Issue 35 §3: the address drives the view. Typing a hash (a tab, or one of Research's views) opens it, and Back and
// Forward walk the views a person opened, tab by tab and view by view.
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

const activeTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"][data-testid^="tab-"]');
const researchViewIs = (page: Page, id: string) => expect(page.getByTestId('research')).toHaveAttribute('data-view', id);

/** Types an address into the address bar, as a person does: a same-document navigation to the new hash. */
async function typeHash(page: Page, hash: string) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
}

test('typing a hash opens that tab and that Research view', async ({ page }) => {
  await page.goto('/#workbench');
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-workbench');
  await typeHash(page, '#research/lab');
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-research');
  await researchViewIs(page, 'lab');
  // Inside Research: another view by address alone.
  await typeHash(page, '#research/linker');
  await researchViewIs(page, 'linker');
  await typeHash(page, '#research');
  await researchViewIs(page, 'overview');
  await typeHash(page, '#teach');
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-teach');
  // An unknown view of Research opens its overview; an unknown tab the default one.
  await typeHash(page, '#research/nope');
  await researchViewIs(page, 'overview');
  await typeHash(page, '#nowhere');
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-workbench');
});

test('Back and Forward walk the tabs and the Research views a person opened', async ({ page }) => {
  await page.goto('/#workbench');
  await page.getByTestId('tab-research').click();
  await researchViewIs(page, 'overview');
  await page.getByTestId('research-view-linker').click();
  await researchViewIs(page, 'linker');
  await expect(page).toHaveURL(/#research\/linker$/);
  await page.getByTestId('research-view-lab').click();
  await researchViewIs(page, 'lab');
  await page.getByTestId('tab-teach').click();
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-teach');

  await page.goBack();
  await expect(page).toHaveURL(/#research\/lab$/);
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-research');
  await researchViewIs(page, 'lab');
  await page.goBack();
  await expect(page).toHaveURL(/#research\/linker$/);
  await researchViewIs(page, 'linker');
  await page.goBack();
  await expect(page).toHaveURL(/#research$/);
  await researchViewIs(page, 'overview');
  await page.goBack();
  await expect(page).toHaveURL(/#workbench$/);
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-workbench');

  await page.goForward();
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-research');
  await researchViewIs(page, 'overview');
  await page.goForward();
  await researchViewIs(page, 'linker');
  await page.goForward();
  await researchViewIs(page, 'lab');
  await page.goForward();
  await expect(activeTab(page)).toHaveAttribute('data-testid', 'tab-teach');
});
