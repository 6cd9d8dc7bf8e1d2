// Issue 38: with localStorage full, "Remember on this device" still said the key was saved while three uncaught
// QuotaExceededErrors were thrown, and the key was gone after a reload; an edited llm-links prompt was lost
// silently. Every write to storage catches the refusal, and the view that promised to keep something says it did not.
import { expect, test, type Page } from '@playwright/test';
import { sampleRows } from '../src/core/importers/sample';
import { hubUnreachable } from './hub';
import { openLlmSettings } from './helpers-workbench.ts';
import { researchView } from './helpers-research';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** Fills this origin's localStorage until it refuses one more character. */
async function fillLocalStorage(page: Page): Promise<void> {
  const refused = await page.evaluate(() => {
    let size = 1 << 20;
    let k = 0;
    let last = '';
    while (size >= 1) {
      try {
        localStorage.setItem(`filler-${k++}`, 'x'.repeat(size));
      } catch (e) {
        last = (e as Error).name;
        size = Math.floor(size / 2);
      }
    }
    return last;
  });
  expect(refused).toBe('QuotaExceededError');
}

test('with storage full, the key, the token and the links prompt are said not to be saved, with no uncaught error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  const jsonl = sampleRows(12, 5)
    .map((r) => JSON.stringify(r))
    .join('\n');
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await fillLocalStorage(page);

  // The LLM key.
  await openLlmSettings(page);
  const form = page.locator('details.claims-settings').first();
  await form.getByLabel('API key').fill('sk-full-storage-key');
  await form.getByLabel('Remember on this device').check();
  await expect(form.getByTestId('remember-unsaved')).toContainText(/could not be saved on this device.*storage is full.*only until this tab is closed/);
  await expect(form.getByText('The key is saved unencrypted')).toHaveCount(0);

  // The GitHub token.
  await page.goto('/#github');
  await page.getByTestId('gh-token').fill('ghp_full0storage0token');
  await page.getByLabel('Remember on this device').check();
  await expect(page.getByTestId('gh-remember-unsaved')).toContainText(/could not be saved on this device.*storage is full/);

  // An edited llm-links prompt.
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'small.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(jsonl) });
  await expect(page.getByTestId('import-rows')).toHaveText('12');
  await page.getByTestId('research-similarity').selectOption('llm-links');
  const panel = page.getByTestId('links-panel');
  await panel.getByTestId('links-prompt').fill('Which pseudo-references? {pseudo_references} {review_sentences} (edited)');
  await expect(panel.getByTestId('links-prompt-unsaved')).toContainText(/could not be saved on this device.*storage is full/);
  for (const [w, h] of [
    [1024, 768],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await panel.getByTestId('links-prompt-unsaved').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`links-prompt-unsaved-${w}.png`) });
  }

  // The metric lab's choices (its metrics and edited prompts are kept the same way).
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await researchView(page, 'lab');
  await page.getByTestId('lab-metric-bleu').setChecked(false);
  await expect(page.getByTestId('lab-settings-unsaved')).toContainText(/could not be saved on this device.*storage is full/);
  await researchView(page, 'overview');
  await page.getByTestId('research-similarity').selectOption('llm-links');
  expect(errors).toEqual([]);

  // Room again: the next write saves, and the notice goes.
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k);
  });
  await panel.getByTestId('links-prompt').fill('Which pseudo-references? {pseudo_references} {review_sentences} (edited again)');
  await expect(panel.getByTestId('links-prompt-unsaved')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('research-similarity').selectOption('llm-links').catch(() => {});
  expect(await page.evaluate(() => localStorage.getItem('crscore.links.prompt'))).toContain('(edited again)');
});

test("with storage full, a table's mapping is said not to be saved (not \"saved in this browser\")", async ({ page }, info) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  const lines = ['id,diff,review,system,reference,useful'];
  for (let c = 0; c < 6; c++)
    for (const [system, review] of [['alpha', `Check v${c} for null.`], ['beta', `Why v${c}?`]] as const)
      lines.push([`c${c}`, `"@@ -1 +1 @@\n-y = v${c}\n+y = v${c}[0]"`, review, system, `Check v${c} for null; it may be empty.`, String(1 + ((c * 3) % 5))].join(','));
  await page.goto('/#research');
  await fillLocalStorage(page);
  await page.getByTestId('research-human-file').setInputFiles({ name: 'useful.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await expect(page.getByTestId('human-mapping')).toBeVisible();
  await page.getByTestId('human-mapping-apply').click();
  const overview = page.getByTestId('human-overview');
  await expect(overview.getByTestId('human-mapping-unsaved')).toContainText("The mapping could not be saved in this browser: the browser says this site's storage is full.");
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await overview.getByTestId('human-mapping-unsaved').scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`mapping-unsaved-${w}x${h}.png`) });
  }
  // The step, opened again, promises nothing it cannot keep.
  await overview.getByTestId('human-edit-mapping').click();
  const step = page.getByTestId('human-mapping');
  await expect(step.getByTestId('human-mapping-unsaved')).toContainText('could not be saved in this browser');
  await expect(step).not.toContainText('The mapping is saved in this browser');
  expect(errors).toEqual([]);
});
