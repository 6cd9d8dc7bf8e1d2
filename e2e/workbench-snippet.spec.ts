// A change whose code is a snippet (GradedReviews' relatedCode: code, not a diff) opens in the workbench as that
// code: read-only, highlighted for its language, labelled "snippet (not a diff)", never as an empty diff. The
// session is the one Research opens (sessionFromRow on the human-data bridge's row), brought in by a case link.
import { deflateRawSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { humanRows } from '../src/core/humanData/bridge.ts';
import type { HumanDataset } from '../src/core/humanData/model.ts';
import { sessionFromRow } from '../src/store/dataset/sessionFromRow.ts';
import { caseJson } from '../src/store/session/caseLink.ts';

const SHOTS = process.env.WB_SHOTS ? path.resolve(process.env.WB_SHOTS) : null;
const CODE = ['public int size() {', '  int n = 0;', '  for (Node x = head; x != null; x = x.next) n++;', '  return n;', '}'].join('\n');

test('a snippet change shows as read-only code labelled "snippet (not a diff)", not as an empty diff', async ({ page }) => {
  const d: HumanDataset = {
    source: 'graded.xlsx',
    changes: [{ id: 'g-7', lang: 'java', code: { kind: 'snippet', code: CODE }, references: ['Keep a size field instead of walking the list.'], line: 2 }],
    reviews: [{ changeId: 'g-7', system: 'gpt-4o', review: 'This walks the whole list on every call; keep a count.', scores: { grade: [4] }, line: 2 }],
    dimensions: [{ name: 'grade', scale: { kind: 'likert', min: 1, max: 5 }, annotators: ['a'] }],
    errors: [],
    notes: [],
  };
  const row = humanRows(d, d.dimensions[0]).rows[0];
  const session = sessionFromRow(row, row.reviews[1], { note: 'From a GradedReviews-shaped dataset: g-7.' });
  await page.goto(`/#case=1r.${deflateRawSync(Buffer.from(caseJson(session))).toString('base64url')}`);
  await page.getByTestId('shared-case-open').click();
  await expect(page.getByTestId('review-input')).toHaveValue('This walks the whole list on every call; keep a count.');

  const view = page.getByTestId('snippet-view');
  await expect(view).toBeVisible();
  await expect(view).toHaveAttribute('data-language', 'java');
  await expect(page.getByTestId('snippet-label')).toHaveText('snippet (not a diff)');
  await expect(view).toContainText('Java · 5 lines');
  // The code itself, in a read-only editor (Monaco renders spaces as no-break spaces).
  const lines = page.getByTestId('snippet-editor').locator('.view-lines');
  await expect(lines).toContainText('return n;');
  await expect(lines).toContainText('public int size() {');
  await page.getByTestId('snippet-editor').locator('.view-lines').click();
  await page.keyboard.type('xyz');
  await expect(lines).not.toContainText('xyz');
  // Not an empty diff: no diff box, no "No code change yet.".
  await expect(page.getByTestId('diff-input')).toHaveCount(0);
  await expect(page.getByTestId('diff-summary')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Snippet' })).toBeChecked();

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await view.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `workbench-snippet-${w}.png`) });
    }
  }
});
