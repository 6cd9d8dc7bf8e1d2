// A new user's table through the mapping step: a table of patch, msg, lang and three human scores, picked in the
// main picker, opens the step with msg as the review (the only text column); a column moves between fields rather
// than being greyed out; with scores ticked, a mapping without a review says only that; Score dataset says why it is
// disabled; a table of other things (name, age) stays refused and its refusal opens the step on that file.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { tmp, shoot } from './helpers-human';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

const rated = () =>
  [
    'patch,msg,lang,relevance,informativeness,expression',
    ...Array.from({ length: 12 }, (_, i) => `"@@ -${i + 1} +${i + 1} @@\n-a${i}\n+b${i}",Rename a${i} to b${i}.,${i % 3 ? 'py' : 'java'},${1 + (i % 5)},${1 + ((i * 2) % 5)},${1 + ((i * 3) % 5)}`),
  ].join('\n');

test('patch, msg, lang and three scores: the step guesses msg as the review, a column moves between fields, Score says why it waits', async ({ page }) => {
  const file = path.join(tmp, 'rated.csv');
  fs.writeFileSync(file, `${rated()}\n`);
  await page.goto('/#research');
  await expect(page.getByTestId('research-run')).toBeDisabled();
  await expect(page.getByTestId('research-run-why')).toHaveText('Nothing to score yet: open a dataset in step 1.');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-mapping')).toBeVisible();
  await expect(page.getByTestId('import-rejected')).toHaveCount(0);
  await expect(page.getByTestId('map-field-review')).toHaveValue('msg');
  await expect(page.getByTestId('map-field-diff')).toHaveValue('patch');
  await expect(page.getByTestId('map-field-lang')).toHaveValue('lang');
  await expect(page.getByTestId('map-field-reference')).toHaveValue('');
  for (const c of ['relevance', 'informativeness', 'expression']) await expect(page.getByTestId(`map-human-on-${c}`)).toBeChecked();
  await expect(page.getByTestId('research-run-why')).toContainText('Read the table with this mapping');
  await shoot(page, 'human-mapping', 'firstuse-mapping-step');
  // msg moves to the reference (no option is greyed out), leaving the review empty; reading then says only that.
  await expect(page.getByTestId('map-field-reference').locator('option[value="msg"]')).toBeEnabled();
  await page.getByTestId('map-field-reference').selectOption('msg');
  await expect(page.getByTestId('map-field-review')).toHaveValue('');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-mapping-issues')).toContainText('no column is mapped to review');
  await expect(page.getByTestId('human-mapping-issues')).not.toContainText('tick at least one');
  // And back.
  await page.getByTestId('map-field-review').selectOption('msg');
  await expect(page.getByTestId('map-field-reference')).toHaveValue('');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-mapping')).toHaveCount(0);
  await expect(page.getByTestId('human-reviews')).toHaveText('12');
  // No reference review: nothing for CRScore to score, and Score says so beside it.
  await expect(page.getByTestId('research-run')).toBeDisabled();
  await expect(page.getByTestId('research-run-why')).toContainText('no change has a reference review');
  await shoot(page, 'research-run', 'firstuse-score-why');
});

test('a table of other things stays refused by the main picker, and its refusal opens the mapping step on that file', async ({ page }) => {
  const file = path.join(tmp, 'other.csv');
  fs.writeFileSync(file, 'name,age\nada,36\nalan,41\n');
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('import-rejected')).toContainText('other.csv has no usable row');
  await expect(page.getByTestId('import-rejected')).toContainText('not a format this app reads');
  await expect(page.getByTestId('human-mapping')).toHaveCount(0);
  await expect(page.getByTestId('import-rejected-map')).toContainText("Map a human-scored table's columns");
  await shoot(page, 'import-rejected', 'firstuse-refused');
  await page.getByTestId('import-rejected-map-button').click();
  await expect(page.getByTestId('human-mapping')).toContainText('Map the columns of other.csv');
  await expect(page.getByTestId('import-rejected')).toHaveCount(0);
  await expect(page.getByTestId('human-mapping-preview')).toContainText('alan');
});
