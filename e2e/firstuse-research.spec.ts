// A researcher's first pass: step 2 says which pseudo-references Score dataset will use (the dataset's own, where
// the selected source only says what a generation would make), "By language" lists every language with its n and
// why none scored, and the steps are numbered alike before and after a dataset is loaded.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** research-mini's rows that are rows (the fixture also holds lines for the import's error report). */
function miniRows(): { id?: string; lang?: string; pseudo_refs: unknown[] | null; reviews?: unknown[] }[] {
  return fs
    .readFileSync(path.resolve('e2e/fixtures/research-mini.jsonl'), 'utf8')
    .split('\n')
    .flatMap((l) => {
      try {
        const o = JSON.parse(l) as ReturnType<typeof miniRows>[number];
        return o.reviews && o.pseudo_refs?.length ? [o] : [];
      } catch {
        return [];
      }
    });
}

test("step 2 says Score dataset uses the dataset's own pseudo-references, with how many changes carry them", async ({ page }) => {
  const rows = miniRows().slice(0, 3);
  rows[2].pseudo_refs = [];
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'partial.jsonl', mimeType: 'application/json', buffer: Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')) });
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await expect(page.getByTestId('prefs-will-run')).toContainText("Score dataset uses: the dataset's own pseudo-references, 2 of 3 changes (the 1 without is not scored unless you generate for it).");
  await expect(page.getByRole('radio', { name: /Claims \+ issues/ })).toBeChecked();
  await expect(page.getByTestId('prefs-will-run')).toContainText('Claims + issues above is what a generation would make.');
});

test('By language lists every language: one whose changes carry no pseudo-references shows its reviews, n 0 and why', async ({ page }) => {
  const rows = miniRows().slice(0, 3);
  rows[2].pseudo_refs = [];
  rows[2].lang = 'go';
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'langs.jsonl', mimeType: 'application/json', buffer: Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')) });
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await researchView(page, 'explore');
  const go = page.getByTestId('by-language').locator('tr', { has: page.locator('th', { hasText: /^go$/ }) });
  await expect(go).toHaveCount(1);
  await expect(go.locator('td').nth(1)).toHaveText('0');
  await expect(page.getByTestId('lang-go-why')).toHaveText(`none scored: its 1 change carries no pseudo-references`);
  // Its systems' reviews (the reference review, system msg, is none of them).
  await expect(go.locator('td').nth(0)).toHaveText(String((rows[2].reviews as { system: string }[]).filter((r) => r.system !== 'msg').length));
});

test('the steps are numbered 1, 2, 3 before a dataset is loaded, as after', async ({ page }) => {
  await page.goto('/#research');
  const steps = page.locator('[data-testid=research] h2').filter({ hasText: /^\d · / });
  await expect(steps).toHaveText(['1 · Dataset', '2 · Pseudo-references', '3 · Scoring']);
  await page.getByRole('button', { name: 'Try it with a sample dataset' }).click();
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await expect(steps).toHaveText(['1 · Dataset', '2 · Pseudo-references', '3 · Scoring']);
});

test("the linker's cross-validated figure says it is the mean over folds, and the README's the pooled one", async ({ page }) => {
  await page.goto('/#research');
  await page.getByRole('button', { name: 'Try it with a sample dataset' }).click();
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await researchView(page, 'linker');
  await expect(page.getByTestId('linker-summary')).toContainText('each figure the mean ± sd of the folds’ own'.replace('’', "'"));
  await expect(page.getByTestId('linker-cv-rel')).toHaveText('0.623 ± 0.041');
  await expect(page.getByTestId('linker-cv-statistic')).toContainText('pooled over every review');
});
