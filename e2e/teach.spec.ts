// Issue 7, teaching: the guided tour runs from the diff to the scores on the bundled encoder (offline), each
// step highlighting its part of the screen with the core's live numbers; "what if" and the failure-case
// lessons show what the core computes for the edited reviews.
import { expect, test, type Page } from '@playwright/test';
import { lexicalSimilarityMatrix } from '../src/core/lexical.ts';
import { scoreAt } from '../src/core/score.ts';
import { splitReview } from '../src/core/sentences.ts';
import { bestCell, cellsAbove, maskCode } from '../src/core/teaching.ts';
import type { SimilarityMatrix } from '../src/core/types.ts';
import { paperExamples } from '../src/examples/paper.ts';
import { hubUnreachable } from './hub';

const STEPS = ['diff', 'claims', 'smells', 'sentences', 'embeddings', 'matrix', 'tau', 'scores'];
const LEXICAL_TAU = 0.149;

test.beforeEach(async ({ context }) => {
  // Nothing outside this app may be needed: any request to the hub fails.
  await hubUnreachable(context);
});

async function hook(page: Page) {
  return page.evaluate(() => {
    const h = window.__crscoreTeach!;
    return { matrix: h.matrix, sentences: h.sentences, pTexts: h.pTexts, tau: h.tau, kind: h.kind };
  });
}

const toMatrix = (m: { rows: number; cols: number; data: number[] }): SimilarityMatrix => ({ rows: m.rows, cols: m.cols, data: Float32Array.from(m.data) });
const live = async (page: Page, id = 'tc-live') => Number(await page.getByTestId(id).getAttribute('data-value'));

test('the tour runs from start to end on the bundled encoder, each step with its part highlighted and the core’s numbers', async ({ page }) => {
  const modelRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/models/')) modelRequests.push(new URL(r.url()).pathname);
  });
  await page.goto('/#teach');
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'diff');
  await expect.poll(async () => (await hook(page)).matrix !== null, { timeout: 120_000 }).toBe(true);
  const h = await hook(page);
  expect(h.kind).toBe('use-lite');
  expect(modelRequests.some((u) => u.startsWith('/models/use-lite/'))).toBe(true);
  const ex = paperExamples.find((e) => e.id === 'paper-has-all-data')!;
  expect(h.pTexts).toEqual(ex.pseudoReferences.map((p) => p.text));
  expect(h.sentences).toEqual(splitReview(ex.review));
  const m = toMatrix(h.matrix!);
  const want = scoreAt(m, h.tau, { sentences: h.sentences });
  const best = bestCell(m)!;

  for (let k = 0; k < STEPS.length; k++) {
    const id = STEPS[k];
    await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', id);
    await expect(page.getByTestId('tc-step-title')).not.toBeEmpty();
    // Its part of the screen is highlighted, and only it.
    for (const other of STEPS) await expect(page.getByTestId(`tc-panel-${other}`)).toHaveAttribute('data-active', String(other === id));
    await expect(page.getByTestId(`tc-panel-${id}`)).toHaveClass(/tc-on/);
    const formula = page.getByTestId('tc-formula');
    if (id === 'diff') await expect(formula).toContainText('1 hunk, +1 / −0 lines');
    if (id === 'claims') await expect(formula).toContainText('1 claim + 2 implications');
    if (id === 'smells') await expect(formula).toContainText(`|P| = 3 + 0 = ${m.rows}`);
    if (id === 'sentences') await expect(formula).toContainText(`|R| = ${h.sentences.length}`);
    if (id === 'embeddings') await expect(formula).toContainText('‖e‖ = 1.000');
    if (id === 'matrix') {
      expect(await live(page)).toBe(best.value);
      await expect(formula).toContainText(`s(P${best.row + 1}, S${best.col + 1})`);
      await expect(page.getByTestId('tc-cell')).toHaveCount(m.rows * m.cols);
    }
    if (id === 'tau') expect(await live(page)).toBe(cellsAbove(m, h.tau));
    if (id === 'scores') {
      expect(await live(page, 'tc-live-con')).toBe(want.con);
      expect(await live(page, 'tc-live-comp')).toBe(want.comp);
      expect(await live(page, 'tc-live-rel')).toBe(want.rel);
      await expect(formula).toContainText(`${want.sentencesAbove}/${want.sentences}`);
      expect(Number(await page.getByTestId('tc-scores-rel').getAttribute('data-value'))).toBe(want.rel);
    }
    if (k < STEPS.length - 1) await page.getByTestId('tc-next').click();
  }
  await page.getByTestId('tc-finish').click();
  await expect(page.getByTestId('tc-finished')).toBeVisible();
  for (const other of STEPS) await expect(page.getByTestId(`tc-panel-${other}`)).toHaveAttribute('data-active', 'false');
  // The keyboard walks it too.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'tau');
});

test('the τ step follows the slider: cells above τ and scores are the core’s at the new τ', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-sim-lexical').click();
  await expect.poll(async () => (await hook(page)).kind).toBe('lexical');
  for (let k = 0; k < 6; k++) await page.getByTestId('tc-next').click();
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'tau');
  const slider = page.getByTestId('tc-tau');
  await slider.focus();
  for (let k = 0; k < 60; k++) await page.keyboard.press('ArrowLeft'); // τ 0.149 → 0.089
  const h = await hook(page);
  expect(h.tau).toBeCloseTo(0.089, 6);
  const m = lexicalSimilarityMatrix(h.pTexts, h.sentences);
  expect(await live(page)).toBe(cellsAbove(m, h.tau));
  const s = scoreAt(m, h.tau, { sentences: h.sentences });
  expect(Number(await page.getByTestId('tc-scores-comp').getAttribute('data-value'))).toBe(s.comp);
});

test('what if: an edit covers a pseudo-reference and the scores move by what the core says (lexical)', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-sim-lexical').click();
  await page.getByTestId('tc-mode-whatif').click();
  const ex = paperExamples.find((e) => e.id === 'paper-has-all-data')!;
  const refs = ex.pseudoReferences.map((p) => p.text);
  const edited = `${ex.review}\nExisting rows get no value for has_all_data, so populate the new column with a data update.`;
  await page.getByTestId('tc-review').fill(edited);
  const sc = (r: string) => {
    const s = splitReview(r);
    return scoreAt(lexicalSimilarityMatrix(refs, s), LEXICAL_TAU, { sentences: s });
  };
  const before = sc(ex.review);
  const after = sc(edited);
  await expect(page.getByTestId('tc-wi-comp')).toHaveAttribute('data-value', String(after.comp));
  expect(Number(await page.getByTestId('tc-wi-rel').getAttribute('data-value'))).toBe(after.rel);
  expect(after.comp).toBeGreaterThan(before.comp); // the edit was chosen to cover something new
  await expect(page.getByTestId('tc-wi-comp-delta')).toContainText(`+${(after.comp - before.comp).toFixed(3)} from ${before.comp.toFixed(3)}`);
  const states = await page.getByTestId('tc-cover-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
  const covered = (s: ReturnType<typeof sc>, i: number) => s.bestForPseudoReference[i].index >= 0 && s.bestForPseudoReference[i].similarity > LEXICAL_TAU;
  expect(states).toEqual(refs.map((_, i) => (covered(before, i) && covered(after, i) ? 'kept' : covered(after, i) ? 'gained' : covered(before, i) ? 'lost' : 'none')));
  expect(states).toContain('gained');
  await page.getByTestId('tc-reset').click();
  await expect(page.getByTestId('tc-review')).toHaveValue(ex.review);
  await expect(page.getByTestId('tc-wi-comp-delta')).toContainText('±0.000');
});

test('lessons: the failure cases with live numbers (lexical), equal to the core', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-sim-lexical').click();
  await page.getByTestId('tc-mode-lessons').click();
  await expect(page.getByTestId('tc-stopwords')).toContainText('6 words, 4 of them stopwords');
  const pickle = paperExamples.find((e) => e.id === 'paper-pickle-codereviewer')!;
  const refs = pickle.pseudoReferences.map((p) => p.text);
  const rows = page.getByTestId('tc-lesson-over-row');
  await expect(rows).toHaveCount(3);
  for (const [k, review] of [pickle.review, maskCode(pickle.review)].entries()) {
    const s = splitReview(review);
    const m = lexicalSimilarityMatrix(refs, s);
    expect(Number(await rows.nth(k).getAttribute('data-rel'))).toBe(scoreAt(m, LEXICAL_TAU, { sentences: s }).rel);
    expect(Number(await rows.nth(k).getAttribute('data-best'))).toBe(bestCell(m)!.value);
  }
  // Inline code inflates similarity: masking it lowers the best similarity.
  expect(Number(await rows.nth(1).getAttribute('data-best'))).toBeLessThan(Number(await rows.nth(0).getAttribute('data-best')));
  await expect(page.getByTestId('tc-lesson-over-point')).toContainText('with the code masked');
});
