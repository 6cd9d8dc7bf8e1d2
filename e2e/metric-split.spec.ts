// Issue 16 in the workbench: the similarity and the scoring rule are separate settings. Lexical + graded credit
// and TF-IDF + the paper's hard τ each show exactly what the core's Research path computes for the same texts.
import { expect, test, type Page } from '@playwright/test';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import type { EvalItem } from '../src/core/evaluate.ts';
import { credit, PLUS_DEFAULT_CALIBRATION, PLUS_OPTIONS, plusInputFrom, scorePlus } from '../src/core/plus/index.ts';
import { gradedIndex, gradedScoresAt, scoresAt, sweepIndex } from '../src/core/research/scoring.ts';
import { lexicalMatrices, tfidfMatrices } from '../src/core/research/similarity.ts';
import { splitReview } from '../src/core/sentences.ts';
import { newSession, SAMPLE_PREFS, SAMPLE_REVIEW, shown, typeInputs, openModelSettings } from './helpers-workbench.ts';
import { scoreOf } from '../src/core/scoreColumns.ts';

const SD = PLUS_DEFAULT_CALIBRATION.sd;
const item: EvalItem = {
  rowId: 'wb',
  lang: 'py',
  system: 'wb',
  sentences: splitReview(SAMPLE_REVIEW, 'reference'),
  pseudoReferences: SAMPLE_PREFS,
  pseudoReferenceKinds: SAMPLE_PREFS.map(() => 'manual' as const),
  human: null,
};

async function expectScores(page: Page, want: { con: number; comp: number; rel: number }) {
  const got = await shown(page);
  expect(got.con).toBeCloseTo(want.con, 12);
  expect(got.comp).toBeCloseTo(want.comp, 12);
  expect(got.rel).toBeCloseTo(want.rel, 12);
  return got;
}

test('lexical + graded credit and TF-IDF + hard τ: separate settings, scores equal the core', async ({ page }) => {
  const idf = await loadBackgroundIdf();
  const lex = lexicalMatrices([item]);
  const graded = gradedIndex([item], lex, idf);

  await newSession(page);
  await typeInputs(page);
  await page.getByTestId('similarity-lexical').click();
  await page.getByTestId('scoring-graded').click();
  await expect(page.getByTestId('scoring-graded')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('metric-note')).toHaveAttribute('data-shortcut', 'custom');
  await expect(page.getByTestId('score-cards')).toHaveAttribute('data-preset', 'plus');
  await expect(page.getByTestId('tau-ramp')).toBeVisible();
  // Lexical starts at its own calibrated τ, not the embedding's 0.7314.
  await expect(page.getByTestId('tau-value')).toHaveText('0.149');

  // Raise τ so part of the matrix falls on the ramp: the two thresholds and the shading follow graded credit.
  await page.getByTestId('tau-slider').focus();
  for (let k = 0; k < 182; k++) await page.keyboard.press('ArrowRight');
  const tau = Number(await page.getByTestId('tau-slider').inputValue());
  expect(tau).toBeCloseTo(0.331, 3);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', String(tau));
  const want = scoreOf(gradedScoresAt(graded, tau, SD), 0);
  expect(want.rel).toBeGreaterThan(0);
  const got = await expectScores(page, want);
  const m = lex.matrices[0];
  const full: string[] = [];
  let partial = 0;
  for (let i = 0; i < m.rows; i++)
    for (let j = 0; j < m.cols; j++) {
      const c = credit(m.data[i * m.cols + j], { low: tau - SD, high: tau });
      if (c >= 1) full.push(`${i},${j}`);
      else if (c > 0) partial++;
    }
  expect(got.outlined).toEqual(full.sort());
  expect(partial).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('heatmap').getAttribute('data-partial-count'))).toBe(partial);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('metric-lexical-graded-1024.png'), fullPage: true });

  // TF-IDF with the paper's hard τ: TF-IDF keeps its own τ (plus's calibrated default).
  await page.getByTestId('similarity-tfidf').click();
  await page.getByTestId('scoring-hard').click();
  await expect(page.getByTestId('tau-value')).toHaveText(String(PLUS_DEFAULT_CALIBRATION.tau));
  await expect(page.getByTestId('tau-ramp')).toHaveCount(0);
  await expect(page.getByTestId('score-cards')).not.toHaveAttribute('data-preset', 'plus');
  const hard = sweepIndex([item], tfidfMatrices([item], idf).matrices);
  await expectScores(page, scoreOf(scoresAt(hard, PLUS_DEFAULT_CALIBRATION.tau), 0));

  // Both settings survive a reload; the plus shortcut then sets TF-IDF + graded in one click.
  await expect(page.getByTestId('save-status')).toContainText('saved');
  await page.reload();
  await expect(page.getByTestId('similarity-tfidf')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('scoring-hard')).toHaveAttribute('aria-checked', 'true');
  await expectScores(page, scoreOf(scoresAt(hard, PLUS_DEFAULT_CALIBRATION.tau), 0));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('metric-tfidf-hard-1440.png'), fullPage: true });
  await page.getByTestId('preset-plus').click();
  await expect(page.getByTestId('scoring-graded')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('metric-note')).toHaveAttribute('data-shortcut', 'plus');
  const plus = gradedIndex([item], tfidfMatrices([item], idf), idf);
  await expectScores(page, scoreOf(gradedScoresAt(plus, PLUS_DEFAULT_CALIBRATION.tau, SD), 0));
});

test('graded credit on the embedding model: P×P from the same vectors, scores equal the core', async ({ page }) => {
  test.setTimeout(300_000);
  const idf = await loadBackgroundIdf();
  await newSession(page);
  await typeInputs(page);
  await page.getByTestId('scoring-graded').click();
  await openModelSettings(page);
  await page.getByLabel('USE-lite (bundled, works offline)').check();
  await page.getByTestId('embed-run').click();
  await expect(page.getByTestId('embed-ready').or(page.getByTestId('embed-error'))).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('embed-ready')).toContainText('use-lite');
  await expect(page.getByTestId('score-cards')).toHaveAttribute('data-preset', 'plus');
  await expect(page.getByTestId('tau-ramp')).toBeVisible();
  // τ settles on the model's (calibrated or the paper's) before the hook is read.
  await expect(page.getByTestId('tau-source')).toBeVisible();
  await expect
    .poll(async () => (await page.evaluate(() => String(window.__crscoreWorkbench?.tau))) === (await page.getByTestId('heatmap').getAttribute('data-tau')))
    .toBe(true);
  const hook = await page.evaluate(() => {
    const h = window.__crscoreWorkbench!;
    return { matrix: h.matrix!, self: h.self!, tau: h.tau };
  });
  // Cosine of each pseudo-reference's vector with itself is 1, and the matrix is symmetric.
  expect(hook.self.rows).toBe(SAMPLE_PREFS.length);
  for (let i = 0; i < hook.self.rows; i++) {
    expect(hook.self.data[i * hook.self.rows + i]).toBeCloseTo(1, 5);
    for (let j = 0; j < i; j++) expect(hook.self.data[i * hook.self.rows + j]).toBeCloseTo(hook.self.data[j * hook.self.rows + i], 6);
  }
  const refs = SAMPLE_PREFS.map((text) => ({ text, kind: 'manual' as const }));
  const mat = (m: { rows: number; cols: number; data: number[] }) => ({ rows: m.rows, cols: m.cols, data: Float32Array.from(m.data) });
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', String(hook.tau));
  const input = plusInputFrom(mat(hook.matrix), mat(hook.self), refs, item.sentences, idf);
  await expectScores(page, scorePlus(input, { low: hook.tau - SD, high: hook.tau }, PLUS_OPTIONS));
});
