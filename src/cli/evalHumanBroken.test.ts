// A broken GradedReviews workbook through the real launcher: a missing column, a grade out of range and an empty
// sheet each say what is wrong (and where), as Research's import says it (src/store/research/humanImport.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gradedReviewsRows, workbook, type SheetCell } from '../testing/workbook';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore } from './testing';

let dir: string;
beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'crscore-broken-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function book(name: string, rows: readonly (readonly SheetCell[])[]): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await workbook(rows)));
  return file;
}

it('a workbook without its relatedCode column: an error that names the column missing', async () => {
  const file = await book('no-code.xlsx', gradedReviewsRows(5).map((r) => [...r.slice(0, 2), ...r.slice(3)]));
  const r = crscore(['eval', '--dataset', file, '--metrics', 'bleu']);
  expect(r.code).not.toBe(0);
  expect(r.stderr).toMatch(/not GradedReviews' layout: column 3 should be "relatedCode", not "Tufano's"/);
  expect(r.stderr).toMatch(/its header: ID, groundTruth, Tufano's, Grade/);
});

it('grades out of range or not numbers: each row named with its line and why, the rest judged', async () => {
  const rows = gradedReviewsRows(6);
  rows[3][6] = 7;
  rows[4][8] = 'four';
  const r = crscore(['eval', '--dataset', await book('dataset.xlsx', rows), '--metrics', 'bleu', '--json']);
  expect(r.code).toBe(0);
  expect(r.stderr).toContain("dataset.xlsx:4: commentFinder's Grade 7 is outside the Likert range 1–5");
  expect(r.stderr).toContain('dataset.xlsx:5: Auger\'s Grade "four" is not a number');
  expect((JSON.parse(r.stdout) as HumanEvalOutput).dataset).toMatchObject({ layout: 'graded-reviews', changes: 4, reviews: 16, unreadRows: 2 });
});

it('an empty sheet: an error that says so', async () => {
  const r = crscore(['eval', '--dataset', await book('empty.xlsx', [[null]]), '--metrics', 'bleu']);
  expect(r.code).not.toBe(0);
  expect(r.stderr).toMatch(/empty\.xlsx: the workbook's first sheet is empty/);
});
