// A broken GradedReviews workbook through the real launcher: a missing column, a grade out of range and an empty
// sheet each say what is wrong (and where), as Research's import says it (src/store/research/humanImport.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { num, rawWorkbook, row, sheetXml, str } from '../../testing/rawWorkbook';
import { gradedReviewsRows, workbook, type SheetCell } from '../../testing/workbook';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore, ROOT } from '../shared/testing';

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

it('an XLSX bomb (2.7 KB, one cell at XFD1048576) is one line of error in a small heap, never a crash', async () => {
  const file = path.join(dir, 'bomb.xlsx');
  const header = row(1, ["ID", 'groundTruth', 'relatedCode', "Tufano's", 'Grade'].map((h, k) => str(`${'ABCDE'[k]}1`, h)).join(''));
  writeFileSync(file, Buffer.from(rawWorkbook(sheetXml(header + row(2, str('A2', '1') + str('B2', 'Rename it.') + str('C2', 'int f() {}') + str('D2', 'rename') + num('E2', 2)) + row(1048576, num('XFD1048576', 1))))));
  // A heap of 512 MB: the dense sheet the old reader built needed 4.3 GB, and died.
  const r = spawnSync(process.execPath, ['--max-old-space-size=512', path.join(ROOT, 'bin/crscore.mjs'), 'eval', '--dataset', file, '--metrics', 'bleu', '--json'], { encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).not.toMatch(/heap out of memory|RangeError| {4}at /);
  expect(r.status).toBe(0);
  expect(r.stderr).toContain("bomb.xlsx:0: 1 cell right of the header's last column (first at XFD1048576) has no column name and is left out");
  expect((JSON.parse(r.stdout) as HumanEvalOutput).dataset).toMatchObject({ layout: 'graded-reviews', changes: 1, reviews: 1 });
});

it('a JSONL line nested 200,000 deep under --map: one bad row named, the rest judged, no stack trace', () => {
  const file = path.join(dir, 'deep.jsonl');
  const deep = `{"id":"d","review":"Deep.","reference":"Rename it.","rel":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
  writeFileSync(file, ['{"id":"a","review":"Rename the variable.","reference":"Rename it.","rel":4}', deep, '{"id":"b","review":"Why?","reference":"Add a test.","rel":2}', ''].join('\n'));
  const r = crscore(['eval', '--dataset', file, '--map', 'id=id,review=review,reference=reference', '--human', 'rel:likert-5', '--metrics', 'bleu', '--json']);
  expect(r.stderr).not.toMatch(/RangeError| {4}at /);
  expect(r.stderr).toContain('deep.jsonl:2: nested too deep (more than 64 levels of arrays and objects)');
  expect(r.code).toBe(0);
  expect((JSON.parse(r.stdout) as HumanEvalOutput).dataset).toMatchObject({ reviews: 2, unreadRows: 1 });
});
