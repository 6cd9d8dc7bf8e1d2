// Issue 7, annotation: an annotator completes both stages of the paper's protocol from the keyboard, reloads
// (nothing is lost), exports the human-study CSV, and the export re-imports into the same state. Two
// annotators' files give the core's κ and α, and the metric view shows the core's numbers.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readAnnotationCsv, type AnnotationItem } from '../src/core/annotation.ts';
import { compareAnnotations } from '../src/core/annotationAgreement.ts';
import { compareWithMetric, metricJobs } from '../src/core/annotationMetric.ts';
import { lexicalSimilarityMatrix } from '../src/core/lexical.ts';
import { hubUnreachable } from './hub';

const FIX_A = path.resolve('e2e/fixtures/annotator-a.csv');
const FIX_B = path.resolve('e2e/fixtures/annotator-b.csv');
const read = (file: string) => readAnnotationCsv({ name: path.basename(file), text: fs.readFileSync(file, 'utf8') });

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

const items = (page: Page) => page.evaluate(() => window.__crscoreAnnotation?.items as AnnotationItem[] | null);
const cursor = (page: Page) => page.evaluate(() => window.__crscoreAnnotation?.cursor as { item: number; stage: number; field: string });

async function keys(page: Page, ...ks: string[]) {
  for (const k of ks) await page.keyboard.press(k);
}

test('both stages by keyboard, reload keeps everything, export re-imports into the same state', async ({ page }, testInfo) => {
  await page.goto('/#annotate');
  await expect(page.getByTestId('an-start')).toBeVisible();
  await expect(page.getByTestId('an-start-paper')).toBeFocused();
  await keys(page, 'Enter'); // start with the paper's examples
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
  await expect(page.getByTestId('an-keys')).toContainText('unverifiable');

  // Diff 1, stage 1: code and mark the three pseudo-references, add a missing one.
  await keys(page, '1', 'y', '0', 'n', 'u', 'y', 'a');
  await expect(page.getByTestId('an-add-text')).toBeFocused();
  await page.keyboard.type('The new column is never read by the code.');
  await keys(page, 'Enter');
  await expect(page.getByTestId('an-ref')).toHaveCount(4);
  await expect(page.getByTestId('an-ref').nth(3)).toContainText('added by you');
  await keys(page, 'Enter'); // all coded → stage 2
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '2');
  await expect(page.getByTestId('an-keys')).toContainText('link / unlink');
  // Link P1 and the added P4, rate Con 3, Comp 4 (the rules of thumb are on screen), Rel 3.
  await keys(page, '1', '4', 'Enter');
  await expect(page.getByTestId('an-field-con')).toHaveClass(/on/);
  await keys(page, '3');
  await expect(page.getByTestId('an-rules')).toContainText('more than half');
  await expect(page.getByTestId('an-hint')).toContainText('You linked 2 of 4');
  await keys(page, '4', '3', 'Enter');

  // Diff 2: next diff by itself.
  await expect.poll(() => cursor(page)).toMatchObject({ item: 1, stage: 1 });
  await keys(page, '1', 'y', '2', 'y', '1', 'n', 'Enter', 'x', 'Enter', '1', '1', '1', 'Enter');

  // Diff 3: four pseudo-references, two reviews.
  await expect.poll(() => cursor(page)).toMatchObject({ item: 2, stage: 1 });
  await keys(page, '1', 'y', '1', 'y', '1', 'y', '-', 'n', 'Enter');
  await keys(page, '1', '3', 'Enter', '5', '4', '4'); // review 1 → review 2 by itself
  await expect.poll(() => cursor(page)).toMatchObject({ item: 2, stage: 2, field: 'links' });
  await keys(page, ' ', 'ArrowDown', ' ', 'ArrowRight', '2', '1', '1');
  await expect(page.getByTestId('an-all-done')).toBeVisible();

  const done = (await items(page))!;
  expect(done.map((it) => it.pseudoRefs.map((p) => [p.no, p.accuracy, p.necessary, p.added]))).toEqual([
    [
      [1, 1, 1, false],
      [2, 0, 0, false],
      [3, -1, 1, false],
      [4, 1, 1, true],
    ],
    [
      [1, 1, 1, false],
      [2, 2, 1, false],
      [3, 1, 0, false],
    ],
    [
      [1, 1, 1, false],
      [2, 1, 1, false],
      [3, 1, 1, false],
      [4, -1, 0, false],
    ],
  ]);
  expect(done.map((it) => it.reviews.map((r) => [r.addressed, r.con, r.comp, r.rel]))).toEqual([
    [[[1, 4], 3, 4, 3]],
    [[[], 1, 1, 1]],
    [
      [[1, 3], 5, 4, 4],
      [[1, 2], 2, 1, 1],
    ],
  ]);

  // Reload at once, without waiting for the save indicator: nothing is lost.
  await page.reload();
  await expect(page.getByTestId('an-all-done')).toBeVisible();
  expect(await items(page)).toEqual(done);
  await expect(page.getByTestId('an-items')).toContainText('S2 2/2');

  // Export (name first, so the file is named the published way).
  await page.getByTestId('an-annotator').fill('tester');
  await expect(page.getByTestId('an-save-status')).toHaveAttribute('data-state', 'saved');
  await page.getByTestId('an-export').focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('py_tester_review_qual_final.csv');
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  expect(text.split('\n')[0]).toBe('id,index,diff,claim_no,claim,necessary?,type,review,system,claims addressed,Con (P),Comp (R),Rel (F),old_file,new_file,accuracy,added');
  const exported = readAnnotationCsv({ name: download.suggestedFilename(), text });
  expect(exported.errors).toEqual([]);
  expect(exported.annotator).toBe('tester');
  expect(exported.items).toEqual(done);

  // Change something, then re-import the export: the state is the exported one again.
  await page.getByTestId('an-item').first().click();
  await page.getByTestId('an-stage-1').click();
  await keys(page, '2');
  await expect.poll(async () => (await items(page))![0].pseudoRefs[0].accuracy).toBe(2);
  await page.getByTestId('an-import-file').setInputFiles(file);
  await expect(page.getByTestId('an-import-confirm')).toContainText('with annotations');
  await page.getByTestId('an-import-keep').click();
  await expect.poll(() => items(page)).toEqual(done);
  await expect(page.getByTestId('an-annotator')).toHaveValue('tester');
});

test('Y/N never makes ↓ skip a row: a completed row moves the cursor and the focus on once, ↓ then goes one further', async ({ page }) => {
  await page.goto('/#annotate');
  await page.evaluate(() => localStorage.clear());
  await page.getByTestId('an-start-paper').click();
  const rows = page.getByTestId('an-ref');
  // The mouse first: "Necessary" on P1 leaves the focus on that button; the code key completes P1.
  await rows.nth(0).getByRole('radio', { name: 'Necessary', exact: true }).click();
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await keys(page, '1');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(1)).toBeFocused(); // the focus ring is where the keys act, not on P1's button
  await keys(page, 'ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  // Keys alone: Y completes P2 (coded first) and moves on once.
  await keys(page, 'ArrowUp', '0', 'y');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(1)).toHaveAttribute('data-necessary', '1');
  await expect(rows.nth(2)).toHaveAttribute('data-necessary', '');
});

test('a crash loses nothing that was saved: autosave writes IndexedDB without waiting for the page to close', async ({ page, context }) => {
  await page.goto('/#annotate');
  await page.getByTestId('an-start-paper').click();
  await keys(page, '1', 'y', '0', 'n');
  // The indicator turns to "saved" after the debounced IndexedDB write, with no pagehide involved.
  await expect(page.getByTestId('an-save-status')).toHaveAttribute('data-state', 'saved');
  await expect.poll(async () => (await items(page))![0].pseudoRefs[1].necessary).toBe(0);
  const before = await items(page);
  // As after a crash: no unload copy in localStorage, so what a second tab restores comes from IndexedDB alone.
  await page.evaluate(() => localStorage.removeItem('crscore-annotate-backup'));
  const again = await context.newPage();
  await again.goto('/#annotate');
  await expect(again.getByTestId('an-work')).toBeVisible();
  expect(await again.evaluate(() => localStorage.getItem('crscore-annotate-backup'))).toBeNull();
  expect(await items(again)).toEqual(before);
});

test('agreement of two fixture files: the figures on screen are the core’s', async ({ page }) => {
  await page.goto('/#annotate');
  await page.getByTestId('an-view-agreement').click();
  await page.getByTestId('ag-file-a').setInputFiles(FIX_A);
  await page.getByTestId('ag-file-b').setInputFiles(FIX_B);
  await expect(page.getByTestId('ag-name-b')).toContainText('annotator-b');

  const want = compareAnnotations(read(FIX_A).items, read(FIX_B).items);
  const shown = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));
  await expect(page.getByTestId('ag-kappa')).toBeVisible();
  expect(await shown('ag-kappa')).toBe(want.accuracy.kappa);
  expect(want.accuracy.kappa).toBeCloseTo(16 / 43, 12); // worked out by hand in annotation.test.ts
  expect(await shown('ag-kappa-necessary')).toBe(want.necessary.kappa);
  for (const d of ['con', 'comp', 'rel'] as const) {
    expect(await shown(`ag-alpha-${d}`)).toBe(want.alpha[d].alpha);
    await expect(page.getByTestId(`ag-alpha-${d}`)).toContainText(`α = ${want.alpha[d].alpha.toFixed(3)}`);
  }
  expect(await shown('ag-links')).toBe(want.links.meanJaccard);
  await expect(page.getByTestId('ag-kappa')).toContainText(`κ = ${want.accuracy.kappa.toFixed(3)}`);
  await expect(page.getByTestId('ag-ref-disagreements').locator('tbody tr')).toHaveCount(want.refDisagreements.length);
  await expect(page.getByTestId('ag-review-row')).toHaveCount(want.reviewDisagreements.length);
  await expect(page.getByTestId('ag-review-row').first()).toContainText(want.reviewDisagreements[0].system);
});

test('metric vs annotator (lexical): correlations and coverage are the core’s', async ({ page }) => {
  await page.goto('/#annotate');
  await page.getByTestId('an-import-file').setInputFiles(FIX_A);
  await expect(page.getByTestId('an-import-confirm')).toBeVisible();
  await page.getByTestId('an-import-keep').click();
  await page.getByTestId('an-view-metric').click();
  await page.getByTestId('mv-sim-lexical').click();
  await expect(page.getByTestId('mv-shown')).toHaveAttribute('data-metric', 'lexical');
  await expect(page.getByTestId('mv-row')).toHaveCount(7);

  const a = read(FIX_A).items;
  const jobs = metricJobs(a, 'all');
  const want = compareWithMetric(a, jobs, jobs.map((j) => lexicalSimilarityMatrix(j.p, j.r)), 0.149);
  for (const d of ['con', 'comp', 'rel'] as const) expect(Number(await page.getByTestId(`mv-corr-${d}`).getAttribute('data-value'))).toBe(want.correlations[d].r);
  expect(Number(await page.getByTestId('mv-coverage').getAttribute('data-value'))).toBe(want.coverage.kappa);
});

test('linking: Enter with nothing linked asks and records nothing; X records "addresses none"', async ({ page }) => {
  await page.goto('/#annotate');
  await page.evaluate(() => localStorage.clear());
  await page.getByTestId('an-start-paper').click();
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
  await keys(page, '1', 'y', '1', 'y', '1', 'y', 'Enter');
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '2');
  await expect(page.getByTestId('an-stage-2')).toContainText('0/');
  await keys(page, 'Enter'); // nothing linked
  await expect(page.getByTestId('an-ask-none')).toBeVisible();
  await expect(page.getByTestId('an-ask-none')).toContainText('addresses none');
  expect((await items(page))![0].reviews[0].addressed).toBeNull();
  await expect(page.getByTestId('an-field-links')).toHaveClass(/on/);
  await expect(page.getByTestId('an-stage-2')).toContainText('0/');
  await keys(page, 'x');
  await expect(page.getByTestId('an-ask-none')).toHaveCount(0);
  await expect.poll(async () => (await items(page))![0].reviews[0].addressed).toEqual([]);
  await keys(page, 'Enter');
  await expect(page.getByTestId('an-field-con')).toHaveClass(/on/);
});

const RAW = path.resolve(process.cwd(), '../shared/data/crscore-human-study/raw');
test("agreement of the published files: α's reason is the CLI's, and React warns of no NaN", async ({ page }) => {
  test.skip(!fs.existsSync(RAW), 'the published annotator files are not in ../shared/data');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/NaN/.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/#annotate');
  await page.getByTestId('an-view-agreement').click();
  await page.getByTestId('ag-file-a').setInputFiles(path.join(RAW, 'py_atharva_review_qual_final.csv'));
  await page.getByTestId('ag-file-b').setInputFiles(path.join(RAW, 'py_marcus_review_qual_final.csv'));
  await expect(page.getByTestId('ag-name-b')).toContainText('marcus');
  await expect(page.getByTestId('ag-alpha-rel')).toContainText('0 reviews rated by both');
  await expect(page.getByTestId('ag-alpha-rel')).not.toContainText('undefined');
  const want = compareAnnotations(read(path.join(RAW, 'py_atharva_review_qual_final.csv')).items, read(path.join(RAW, 'py_marcus_review_qual_final.csv')).items, ['atharva', 'marcus']);
  expect(want.noRatingsReason).toMatch(/^single annotator per review: \d+ reviews, each scored by one of atharva, marcus, none by two/);
  await expect(page.getByTestId('ag-alpha-reason')).toContainText(want.noRatingsReason!);
  // Undefined statistics are left out of the page's attributes (production React writes NaN out as text).
  const nanAttrs = await page.evaluate(() => [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => a.value === 'NaN').map((a) => a.name)));
  expect(nanAttrs).toEqual([]);
  expect(warnings).toEqual([]);
});
