// A human-scored dataset opened in Research comes back after a reload, as the importers' datasets do: GradedReviews'
// workbook (recognised by its header) and a CSV read through the mapping step, each with its overview, the human
// dimension chosen and the run's results (brought back from the saved run, nothing recomputed by hand); another
// dataset opened replaces it, and a saved copy that cannot be read again is said, the page still usable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';
import { gradedReviewsRows, workbook } from '../src/testing/workbook';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-human-restore-'));
const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);

/** Two systems, two dimensions (a binary label, a Likert 1–5 score); id and diff columns the guess does not map. */
function twoDimensionCsv(): string {
  const lines = ['change,hunk_text,review,system,reference,relevant,useful'];
  const names = ['count', 'total', 'index', 'buffer', 'timeout', 'result'];
  for (let c = 0; c < 18; c++) {
    const v = names[c % names.length];
    // Reviews that cover none, some or all of the reference's sentences: CRScore varies, so its correlations are defined.
    const gold = `Check ${v} for null. Rename the ${v} helper. Add a test for ${v}.`;
    const a = [`Check ${v} for null.`, `Check ${v} for null. Add a test for ${v}.`, 'Looks good to me.'][c % 3];
    const b = [`Rename the ${v} helper.`, `Why ${v}? Check ${v} for null. Rename the ${v} helper.`, 'Nice.'][(c + 1) % 3];
    lines.push([`c${c}`, `@@ -1 +1 @@\n-y = ${v}\n+y = ${v}[0]`, a, 'alpha', gold, 1, 1 + ((c * 7) % 5)].map(quote).join(','));
    lines.push([`c${c}`, `@@ -1 +1 @@\n-y = ${v}\n+y = ${v}[0]`, b, 'beta', gold, c % 2 ? 0 : 1, 1 + ((c * 3) % 5)].map(quote).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The correlation table's rows as shown (each metric's correlations), once the table is no longer pending. */
async function figures(page: Page): Promise<string[]> {
  const table = page.getByTestId('correlation-table');
  await expect(table).toHaveAttribute('data-pending', 'false', { timeout: 120_000 });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.allInnerTexts();
}

async function runDone(page: Page) {
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
}

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test("GradedReviews' workbook comes back after a reload: its overview, its dimension and its results", async ({ page }) => {
  test.setTimeout(300_000);
  const file = path.join(tmp, 'graded.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(12, 3))));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await expect(page.getByTestId('human-changes')).toHaveText('12');
  await page.getByTestId('research-run').click();
  await runDone(page);
  const before = await figures(page);
  expect(before.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await expect(page.getByTestId('human-changes')).toHaveText('12');
  await expect(page.getByTestId('human-reviews')).toHaveText('48');
  await expect(page.getByTestId('human-dim-grade')).toContainText('Likert 1–5');
  await runDone(page);
  await expect(page.getByTestId('research-message')).toContainText('brought back after the reload');
  expect(await figures(page)).toEqual(before);
  await researchView(page, 'lab');
  await expect(page.getByTestId('lab-human-dim')).toHaveValue('grade');

  // Another dataset opened replaces it: the next reload brings that one back, not the workbook.
  await researchView(page, 'overview');
  await page.getByTestId('research-sample').click();
  await expect(page.getByTestId('human-overview')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await expect(page.getByTestId('human-overview')).toHaveCount(0);
});

test('a CSV read through the mapping step comes back with its mapping, the dimension chosen and its results; one that cannot be read again is said', async ({ page }) => {
  test.setTimeout(300_000);
  const file = path.join(tmp, 'two.csv');
  fs.writeFileSync(file, twoDimensionCsv());
  await page.goto('/#research');
  await page.getByTestId('research-human-file').setInputFiles(file);
  await expect(page.getByTestId('human-mapping')).toBeVisible();
  await page.getByTestId('map-field-id').selectOption('change');
  await page.getByTestId('map-field-diff').selectOption('hunk_text');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-code')).toHaveText('18 with a diff');
  await page.getByTestId('research-run').click();
  await runDone(page);
  const onRelevant = await figures(page);
  await researchView(page, 'lab');
  await page.getByTestId('lab-human-dim').selectOption('useful');
  await researchView(page, 'overview');
  await expect.poll(() => figures(page), { timeout: 120_000 }).not.toEqual(onRelevant);
  await runDone(page);
  const onUseful = await figures(page);

  await page.reload();
  await expect(page.getByTestId('human-changes')).toHaveText('18');
  await expect(page.getByTestId('human-reviews')).toHaveText('36');
  await expect(page.getByTestId('human-code')).toHaveText('18 with a diff');
  await expect(page.getByTestId('human-systems')).toHaveText('alpha (18), beta (18)');
  await expect(page.getByTestId('human-dim-useful')).toContainText('Likert 1–5');
  await runDone(page);
  // The intervals come from the bootstrap worker after the run: wait for them rather than read a table half drawn.
  await expect.poll(() => figures(page), { timeout: 60_000 }).toEqual(onUseful);
  await researchView(page, 'lab');
  await expect(page.getByTestId('lab-human-dim')).toHaveValue('useful');
  // The mapping came back too: Edit the mapping opens it as applied.
  await researchView(page, 'overview');
  await page.getByTestId('human-edit-mapping').click();
  await expect(page.getByTestId('map-field-diff')).toHaveValue('hunk_text');
  await page.getByTestId('human-mapping-cancel').click();

  // A saved copy that no longer reads (its mapping names a column the file lacks): said, and the page still opens a dataset.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, no) => Object.assign(indexedDB.open('crscore-research'), { onsuccess(this: IDBOpenDBRequest) { ok(this.result); }, onerror: no }));
    const tx = db.transaction('meta', 'readwrite');
    const st = tx.objectStore('meta');
    const d = await new Promise<{ human: { mapping: { fields: Record<string, string> } } }>((ok) => Object.assign(st.get('dataset'), { onsuccess(this: IDBRequest) { ok(this.result as never); } }));
    d.human.mapping.fields.review = 'no such column';
    st.put(d, 'dataset');
    await new Promise((ok) => (tx.oncomplete = ok));
  });
  await page.reload();
  await expect(page.getByTestId('restore-note')).toContainText('two.csv');
  await expect(page.getByTestId('restore-note')).toContainText('could not be read again');
  await expect(page.getByTestId('human-overview')).toHaveCount(0);
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-changes')).toHaveText('18');
});
