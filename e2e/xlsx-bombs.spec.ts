// Workbooks built to exhaust a reader, opened as a person would in Research: the tab survives each, and says
// what is wrong (a part that declares 114 MB is refused before it is inflated; one cell at XFD1048576 is one cell,
// left out, the rest opened). Before, the first crashed Chromium's renderer (a dense sheet of 17 billion cells).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { tmp } from './helpers-human';
import { deflateRepeated, handZip, num, rawWorkbook, row, sheetXml, str, workbookParts } from '../src/testing/rawWorkbook';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

const GR = ['ID', 'groundTruth', 'relatedCode', "Tufano's", 'Grade'];
const header = row(1, GR.map((h, k) => str(`${'ABCDE'[k]}1`, h)).join(''));

test('an XLSX bomb leaves the tab alive with a clear error; a cell at XFD1048576 is left out and the rest opens', async ({ page }) => {
  test.setTimeout(180_000);
  const big = deflateRepeated('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>', 'a', 120_000_000, '</t></si></sst>');
  const sheet = deflateRepeated(sheetXml(header + row(2, '<c r="A2" t="s"><v>0</v></c>')), '', 0, '');
  const bomb = path.join(tmp, 'bomb.xlsx');
  fs.writeFileSync(bomb, Buffer.from(handZip([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', deflated: sheet.data, declared: sheet.size }, { name: 'xl/sharedStrings.xml', deflated: big.data, declared: big.size }])));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(bomb);
  const failed = page.getByTestId('human-import-failed');
  await expect(failed).toContainText('not a readable XLSX workbook (xl/sharedStrings.xml declares 114 MB uncompressed, more than the 96 MB');
  // The page still answers: the same picker takes the next file.
  const far = path.join(tmp, 'far.xlsx');
  fs.writeFileSync(far, Buffer.from(rawWorkbook(sheetXml(header + row(2, num('A2', 1) + str('B2', 'Rename it.') + str('C2', 'code2comment :int f() {}') + str('D2', 'rename') + num('E2', 2)) + row(1048576, num('XFD1048576', 1))))));
  await page.getByTestId('research-file').setInputFiles(far);
  await expect(page.getByTestId('human-overview')).toContainText("GradedReviews' workbook");
  await expect(page.getByTestId('human-changes')).toHaveText('1');
  await expect(page.getByTestId('human-overview')).toContainText('XFD1048576');
});
