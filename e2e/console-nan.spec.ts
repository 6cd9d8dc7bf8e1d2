// Issue 35, item 5: an undefined statistic (an interval with no data behind it) is shown as "—" or nothing, never
// handed to the page as NaN: React's "Received NaN for the `data-lo` attribute" is a failure here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';

const FIXTURE = path.resolve('e2e/fixtures/research-mini.jsonl');
const RAW = path.resolve(process.cwd(), '../shared/data/crscore-human-study/raw');

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** Attributes the page holds as the text "NaN" (production React writes NaN out; development React also warns). */
const nanAttributes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => /^-?NaN$|Infinity$/.test(a.value)).map((a) => `${el.getAttribute('data-testid') ?? el.tagName} ${a.name}=${a.value}`),
    ),
  );

function watchNaN(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Received NaN/.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function runLexical(page: Page, files: string | string[], calibrateOn?: string) {
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(files);
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('research-similarity').selectOption('lexical');
  if (calibrateOn) await page.getByTestId('research-calibration-system').selectOption(calibrateOn);
  await page.getByTestId('research-run').click();
}

test('Research on the published annotator files: Explore and the lab render undefined intervals without NaN', async ({ page }) => {
  test.skip(!fs.existsSync(RAW), 'the published annotator files are not in ../shared/data');
  const nan = watchNaN(page);
  await runLexical(page, fs.readdirSync(RAW).map((f) => path.join(RAW, f)));
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  const seen: string[] = [];
  await expect(page.getByTestId('system-ci-table')).toBeVisible();
  seen.push(...(await nanAttributes(page)));
  await researchView(page, 'explore');
  await expect(page.getByTestId('agreement-ci-table')).toBeVisible();
  seen.push(...(await nanAttributes(page)));
  await researchView(page, 'links');
  seen.push(...(await nanAttributes(page)));
  await researchView(page, 'lab');
  seen.push(...(await nanAttributes(page)));
  expect(seen).toEqual([]);
  expect(nan).toEqual([]);
});

test('Research: Explore and the metric lab render undefined intervals without NaN', async ({ page }) => {
  const nan = watchNaN(page);
  await runLexical(page, FIXTURE, 'good_pred');
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  const seen = [...(await nanAttributes(page))];
  await researchView(page, 'explore');
  await expect(page.getByTestId('agreement-ci-table')).toBeVisible();
  seen.push(...(await nanAttributes(page)));
  await researchView(page, 'lab');
  seen.push(...(await nanAttributes(page)));
  expect(seen).toEqual([]);
  expect(nan).toEqual([]);
});
