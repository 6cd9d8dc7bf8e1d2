// Issue 2 §5: the app loads; a person pastes a diff, a review and a few pseudo-references typed by hand,
// and sees Con, Comp and Rel computed with the lexical similarity.
import { expect, test } from '@playwright/test';
import { lexicalSimilarityMatrix } from '../src/core/lexical.ts';
import { scoreAt } from '../src/core/score.ts';
import { splitReview } from '../src/core/sentences.ts';
import { newSession, SAMPLE_PREFS, SAMPLE_REVIEW, typeInputs } from './helpers-workbench.ts';

test('the app loads and scores a hand-typed example with lexical similarity', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Workbench' })).toHaveAttribute('aria-selected', 'true');
  // The paper's examples are there on a first visit.
  await expect(page.getByTestId('session-item').filter({ hasText: 'has_all_data' })).toBeVisible();

  await newSession(page);
  await typeInputs(page);
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('score-cards')).toBeVisible();

  // The expectation, from the core functions on the same texts.
  const sentences = splitReview(SAMPLE_REVIEW, 'reference');
  const expected = scoreAt(lexicalSimilarityMatrix(SAMPLE_PREFS, sentences), 0.149, { sentences });
  // Issue 28: lexical takes its own calibrated τ (the embedding's 0.7314 scored every review 0), and says so.
  await expect(page.getByTestId('tau-value')).toHaveText('0.149');
  await expect(page.getByTestId('tau-source')).toContainText("lexical overlap's calibrated τ");
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', '0.149');
  await expect(page.getByTestId('score-rel')).toHaveAttribute('data-value', String(expected.rel));
  expect(expected.rel).toBeGreaterThan(0);
  await page.getByTestId('tau-slider').focus();
  // Move τ up from the keyboard (PageUp: a tenth of the range): fewer matches, and the line says it was set by hand.
  for (let k = 0; k < 2; k++) await page.keyboard.press('PageUp');
  const tau2 = Number(await page.getByTestId('tau-slider').inputValue());
  expect(tau2).toBeCloseTo(0.349, 3);
  const exp2 = scoreAt(lexicalSimilarityMatrix(SAMPLE_PREFS, sentences), tau2, { sentences });
  await expect(page.getByTestId('score-con')).toHaveAttribute('data-value', String(exp2.con));
  await expect(page.getByTestId('score-comp')).toHaveAttribute('data-value', String(exp2.comp));
  await expect(page.getByTestId('score-rel')).toHaveAttribute('data-value', String(exp2.rel));
  await expect(page.getByTestId('score-con')).toContainText(`Con = ${exp2.sentencesAbove} of ${sentences.length} review sentences above τ`);
  await expect(page.getByTestId('score-comp')).toContainText(`Comp = ${exp2.pseudoReferencesAbove} of ${SAMPLE_PREFS.length} pseudo-references above τ`);
  await expect(page.getByTestId('tau-source')).toHaveAttribute('data-kind', 'hand');
  expect(exp2.rel).toBeLessThanOrEqual(expected.rel);
  // Each similarity keeps its own τ: the embedding gets the paper's back, lexical its hand-set one.
  await page.getByTestId('similarity-embedding').click();
  await expect(page.getByTestId('tau-value')).toHaveText('0.7314');
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('tau-value')).toHaveText(String(tau2));
  expect(errors).toEqual([]);
});

test('empty review and missing pseudo-references say what to do', async ({ page }) => {
  await newSession(page);
  await expect(page.getByTestId('not-scorable')).toContainText('Not scorable');
  await page.getByTestId('pref-new-text').fill('A pseudo-reference typed by hand.');
  await page.getByTestId('pref-add').click();
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('empty-review')).toContainText('Empty review');
  await expect(page.getByTestId('score-rel')).toHaveAttribute('data-value', '0');
});
