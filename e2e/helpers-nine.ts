// The generated nine-language table (patch, msg, lang, three binary labels, no reference review) in Research:
// mapped, and its offline pseudo-references made (e2e/human-offline.spec.ts, e2e/human-slices.spec.ts).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { tmp } from './helpers-human';
import { generateReviewTable, reviewTableCsv } from '../src/testing/reviewTable';

export const N = 90;
export const LABELS = ['relevance', 'informativeness', 'expression'];
export const MAP_ARGS = (file: string) => ['--dataset', file, '--map', 'diff=patch,review=msg,lang=lang', '--human', LABELS.map((l) => `${l}:binary`).join(','), '--metrics', 'crscore', '--pseudo-refs', 'offline'];

export async function mapNine(page: Page, name: string): Promise<string> {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, reviewTableCsv(generateReviewTable({ rows: N })));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-mapping')).toBeVisible();
  await expect(page.getByTestId('map-field-reference')).toHaveValue('');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-reviews')).toHaveText(String(N));
  return file;
}

export async function makeOffline(page: Page) {
  // No reference review and no pseudo-references of its own: step 2 starts on offline, which needs no model.
  await expect(page.getByTestId('human-prefs-offline')).toBeChecked();
  await expect(page.getByTestId('human-pseudo-refs')).toContainText('nothing yet');
  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('human-prefs-result')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('human-pseudo-refs')).toContainText('--pseudo-refs offline');
}

