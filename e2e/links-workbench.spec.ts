// Issue 22: links as a result. A dataset with annotator links (claims_addressed) is scored in Research; one of its
// reviews opens in the workbench, whose matrix marks the metric's links and the annotators', and a filter steps
// through the rows where they part, following τ. The Teach lesson then finds real disagreements in the same data.
// The fixture (e2e/fixtures/links-mini.jsonl) is the project's own; its lexical similarities (Jaccard over content
// words) are, for py-1's gpt3.5_pred review against P1..P4: best 0.714, 0.100, 0.200, 0.000; annotators linked P2, P3.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';

const FIXTURE = path.resolve('e2e/fixtures/links-mini.jsonl');
const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-links-'));

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

async function scoreFixture(page: Page) {
  await page.goto('/#research');
  await expect(page.getByTestId('research')).toBeVisible();
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  // The examples, each opening in the workbench, are in Explore.
  await researchView(page, 'explore');
}

const attr = (page: Page, name: string) => page.getByTestId('heatmap').getAttribute(name);

test('workbench: metric and annotator links on a dataset case, a disagreement filter that follows τ', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await scoreFixture(page);
  await page
    .getByTestId('example-row')
    .filter({ hasText: 'py-1' })
    .filter({ hasText: 'gpt3.5_pred' })
    .click();
  await expect(page).toHaveURL(/#workbench/);
  const canvas = page.getByTestId('heatmap');
  await expect(canvas).toHaveAttribute('data-rows', '4');
  // The pseudo-reference list says which ones the annotators linked (P2 and P3).
  await expect(
    page.getByTestId('pref-item').filter({ has: page.getByTestId('pref-annotator') }),
  ).toHaveCount(2);

  // τ 0.15: P1 (0.714) and P3 (0.200) are linked by the metric; the annotators linked P2 and P3.
  await page.getByTestId('tau-slider').fill('0.15');
  await expect(canvas).toHaveAttribute('data-tau', '0.15');
  expect(await attr(page, 'data-metric-rows')).toBe('0,2');
  expect(await attr(page, 'data-annotator-rows')).toBe('1,2');
  expect(await attr(page, 'data-metric-only')).toBe('0');
  expect(await attr(page, 'data-annotator-only')).toBe('1');
  await expect(page.getByTestId('link-summary')).toContainText('1 metric-only, 1 annotator-only');

  // The filter opens on disagreements; Next and Previous step through them, with a count.
  await expect(page.getByTestId('link-filter')).toHaveValue('disagreements');
  await expect(page.getByTestId('link-count')).toHaveAttribute('data-total', '2');
  // Before a row is picked: how many, never "– of 2".
  await expect(page.getByTestId('link-count')).toHaveText('2 rows: Next to step through');
  await page.getByTestId('link-next').click();
  await expect(page.getByTestId('link-count')).toHaveText('1 of 2');
  await expect(page.getByTestId('link-current')).toHaveAttribute('data-agreement', 'metric-only');
  await expect(page.getByTestId('link-current')).toContainText('P1');
  await expect(page.getByTestId('link-focus')).toHaveAttribute('data-row', '0');
  await page.getByTestId('link-next').click();
  await expect(page.getByTestId('link-count')).toHaveText('2 of 2');
  await expect(page.getByTestId('link-current')).toHaveAttribute(
    'data-agreement',
    'annotator-only',
  );
  await expect(page.getByTestId('link-current')).toContainText(
    'the annotators say the review addresses it',
  );
  await expect(page.getByTestId('link-focus')).toHaveAttribute('data-row', '1');
  await expect(page.getByTestId('link-focus')).toBeInViewport();
  await page.screenshot({ path: path.join(SHOTS, 'links-workbench-1440.png'), fullPage: false });

  // Moving τ changes the metric's links: at 0.25 P3 (0.200) drops out and becomes annotator-only.
  await page.getByTestId('tau-slider').fill('0.25');
  await expect(canvas).toHaveAttribute('data-tau', '0.25');
  expect(await attr(page, 'data-annotator-only')).toBe('1,2');
  await expect(page.getByTestId('link-count')).toHaveAttribute('data-total', '3');
  await expect(page.getByTestId('link-count')).toHaveText('2 of 3');
  // At 0.05 P2 (0.100) is linked too: one disagreement is left.
  await page.getByTestId('tau-slider').fill('0.05');
  await expect(canvas).toHaveAttribute('data-tau', '0.05');
  expect(await attr(page, 'data-metric-only')).toBe('0');
  expect(await attr(page, 'data-annotator-only')).toBe('');
  await expect(page.getByTestId('link-count')).toHaveAttribute('data-total', '1');

  // The other filters, by keyboard: annotator-only at τ 0.25 lists P2 and P3; Previous wraps to the last.
  await page.getByTestId('tau-slider').fill('0.25');
  await page.getByTestId('link-filter').focus();
  await page.getByTestId('link-filter').selectOption('annotator-only');
  await expect(page.getByTestId('link-count')).toHaveAttribute('data-total', '2');
  await page.getByTestId('link-prev').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-focus')).toHaveAttribute('data-row', '2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('link-focus')).toHaveAttribute('data-row', '1');
  await page.getByTestId('link-filter').selectOption('metric-only');
  await expect(page.getByTestId('link-count')).toHaveAttribute('data-total', '1');
  await page.getByTestId('link-filter').selectOption('all');
  await expect(page.getByTestId('link-count')).toHaveAttribute('data-total', '3');

  // Graded credit: strengths are the ramp's credit (τ 0.25, ramp from max(0, 0.25 − 0.2606) = 0), linked from half
  // credit on: P3's 0.200 earns 0.8 and is linked again, P2's 0.100 earns 0.4 and is not.
  await page.getByTestId('scoring-graded').click();
  await expect(page.getByTestId('link-legend')).toContainText('graded credit');
  await expect.poll(() => attr(page, 'data-annotator-only')).toBe('1');
  expect(await attr(page, 'data-metric-rows')).toBe('0,2');
  await page.getByTestId('scoring-hard').click();
  await expect.poll(() => attr(page, 'data-annotator-only')).toBe('1,2');

  // Editing the review: the annotators' links stay, with a note that they judged the review as the dataset has it.
  await page
    .getByTestId('review-input')
    .fill('The retry count parameter is added to fetch. Why are errors swallowed here?');
  await expect(page.getByTestId('link-edited')).toBeVisible();

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('link-filter').selectOption('disagreements');
  await page.getByTestId('link-next').click();
  await page.screenshot({ path: path.join(SHOTS, 'links-workbench-1024.png'), fullPage: false });

  // The links survive a reload (the session keeps them).
  await page.reload();
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-annotator-rows', '1,2');

  // A case whose links were not recorded shows only the metric's, and says where annotator links come from.
  await page.goto('/#research');
  await researchView(page, 'explore');
  await page
    .getByTestId('example-row')
    .filter({ hasText: 'java-3' })
    .filter({ hasText: 'other_pred' })
    .click();
  await expect(page).toHaveURL(/#workbench/);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-annotator-rows', 'unrecorded');
  await expect(page.getByTestId('link-legend')).toContainText(
    'they come with datasets that record them',
  );
  await expect(page.getByTestId('link-filter')).toHaveValue('all');
});

test('Teach: illustrations with nothing loaded, real disagreements from a picked file and from the Research dataset', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#teach');
  await page.getByTestId('tc-sim-lexical').click();
  await page.getByTestId('tc-mode-lessons').click();
  const lesson = page.getByTestId('tc-lesson-links');
  await lesson.scrollIntoViewIfNeeded();
  // Nothing loaded: the project's own examples, labelled as illustrations, with live similarities.
  await expect(lesson.getByTestId('tc-links-source')).toHaveAttribute(
    'data-source',
    'illustration',
  );
  await expect(lesson.getByTestId('tc-links-source')).toContainText('Illustrations');
  await expect(lesson.getByTestId('tc-links-case')).toHaveCount(4);
  await expect(lesson.getByTestId('tc-links-case').first()).not.toHaveAttribute('data-s', '');
  const sims = async (kind: string) =>
    Promise.all(
      (await lesson.locator(`[data-testid="tc-links-case"][data-kind="${kind}"]`).all()).map(
        async (c) => Number(await c.getAttribute('data-s')),
      ),
    );
  // The lesson's point holds in its own examples: every close-in-words case is closer than every addressed one.
  expect(Math.min(...(await sims('metric-only')))).toBeGreaterThan(
    Math.max(...(await sims('annotator-only'))),
  );
  await page.screenshot({
    path: path.join(SHOTS, 'links-teach-illustrations-1440.png'),
    fullPage: false,
  });

  // A file without annotator links: said so, and the illustrations stay.
  await lesson.getByTestId('tc-links-file').setInputFiles(path.resolve('e2e/fixtures/research-mini.jsonl'));
  await expect(lesson.getByTestId('tc-links-error')).toContainText('no review with recorded annotator links');
  await expect(lesson.getByTestId('tc-links-source')).toHaveAttribute('data-source', 'illustration');

  // A file picked in the lesson: real cases, lexical at the lesson's τ. py-1's P1 (0.714) is metric-only.
  await lesson.getByTestId('tc-links-file').setInputFiles(FIXTURE);
  await expect(lesson.getByTestId('tc-links-source')).toHaveAttribute('data-source', 'file');
  const top = lesson.locator('[data-testid="tc-links-case"][data-kind="metric-only"]').first();
  await expect(top).toContainText('py-1 · gpt3.5_pred');
  expect(Number(await top.getAttribute('data-s'))).toBeCloseTo(0.714, 3);
  await expect(top).toContainText('They share');
  await expect(
    lesson.locator('[data-testid="tc-links-case"][data-kind="annotator-only"]').first(),
  ).toContainText('addressed (they linked it)');

  // The lesson keeps its pick across reloads, ahead of Research's dataset: forget it first.
  await lesson.getByTestId('tc-links-forget').click();
  await expect(lesson.getByTestId('tc-links-source')).toHaveAttribute('data-source', 'illustration');

  // The Research dataset, scored: its similarity and τ; a case opens in the workbench.
  await scoreFixture(page);
  await page.goto('/#teach');
  await page.getByTestId('tc-sim-lexical').click();
  await page.getByTestId('tc-mode-lessons').click();
  await expect(lesson.getByTestId('tc-links-source')).toHaveAttribute('data-source', 'research');
  await expect(lesson.getByTestId('tc-links-source')).toContainText('links-mini.jsonl');
  await expect(
    lesson.locator('[data-testid="tc-links-case"][data-kind="metric-only"]').first(),
  ).toContainText('py-1');
  await lesson.getByTestId('tc-links-case').first().scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(SHOTS, 'links-teach-research-1440.png'),
    fullPage: false,
  });
  await page.setViewportSize({ width: 1024, height: 768 });
  await lesson.getByTestId('tc-links-case').first().scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(SHOTS, 'links-teach-research-1024.png'),
    fullPage: false,
  });
  await lesson.getByTestId('tc-links-open').first().click();
  await expect(page).toHaveURL(/#workbench/);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-annotator-rows', '1,2');
  console.log(`screenshots in ${SHOTS}`);
});
