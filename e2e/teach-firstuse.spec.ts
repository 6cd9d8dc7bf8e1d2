// Teach, tried as a teacher preparing a lesson would: the keys the tour names move the tour, the lessons run on
// the similarity chosen at the top and say which one runs, and what was picked survives a reload.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { paperExamples } from '../src/examples/paper.ts';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('a click on the Teach tab puts the focus in the tour: → and ← move the tour, not the tab strip', async ({ page }) => {
  await page.goto('/#workbench');
  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'diff');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#teach$/);
  await expect(page.getByTestId('tc-card')).toBeFocused();
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'claims');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'claims');
  await expect(page).toHaveURL(/#teach$/);
  // A mode button clicked on the way keeps the tour's keys too.
  await page.getByTestId('tc-mode-whatif').click();
  await page.getByTestId('tc-mode-tour').click();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#teach$/);
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'claims');
  // The tab strip, reached on purpose (Shift+Tab from the tour's first control), still moves between tabs.
  await page.getByTestId('tab-teach').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/#annotate$/);
});

const LINKS = path.resolve('e2e/fixtures/links-mini.jsonl');
const sims = async (page: Page, kind: string) =>
  Promise.all((await page.locator(`[data-testid="tc-links-case"][data-kind="${kind}"]`).all()).map(async (c) => Number(await c.getAttribute('data-s'))));

test('the lesson’s real cases run on the similarity chosen at the top, and the dataset picked there survives a reload', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-mode-lessons').click();
  const lesson = page.getByTestId('tc-lesson-links');
  await lesson.getByTestId('tc-links-file').setInputFiles(LINKS);
  const source = lesson.getByTestId('tc-links-source');
  await expect(source).toHaveAttribute('data-source', 'file');
  // USE-lite is chosen at the top: the cases are USE-lite's, at its τ, and the page says so.
  await expect(lesson.getByTestId('tc-links-similarity')).toHaveText('Bundled encoder (USE-lite, offline) at τ = 0.6447');
  await expect(lesson.getByTestId('tc-links-case').first()).toBeVisible({ timeout: 120_000 });
  const useMetric = await sims(page, 'metric-only');
  const useAnnot = await sims(page, 'annotator-only');
  expect(useMetric.length + useAnnot.length).toBeGreaterThan(0);
  for (const s of useMetric) expect(s).toBeGreaterThan(0.6447);
  for (const s of useAnnot) expect(s).toBeLessThanOrEqual(0.6447);
  await expect(page.getByTestId('tc-lessons-footer')).toContainText('from Bundled encoder (USE-lite, offline) at τ = 0.6447;');

  // Kept across a reload.
  await page.reload();
  await page.getByTestId('tc-mode-lessons').click();
  await expect(source).toHaveAttribute('data-source', 'file');
  await expect(source).toContainText('links-mini.jsonl');

  // Lexical chosen: lexical's cases at its τ (py-1's P1, 0.714, is the top metric-only link).
  await page.getByTestId('tc-sim-lexical').click();
  await expect(lesson.getByTestId('tc-links-similarity')).toHaveText('Lexical (instant) at τ = 0.149');
  const top = lesson.locator('[data-testid="tc-links-case"][data-kind="metric-only"]').first();
  await expect(top).toContainText('py-1 · gpt3.5_pred');
  expect(Number(await top.getAttribute('data-s'))).toBeCloseTo(0.714, 3);
  expect([...(await sims(page, 'metric-only')), ...(await sims(page, 'annotator-only'))]).not.toEqual([...useMetric, ...useAnnot]);

  // Forgotten, it stays forgotten.
  await lesson.getByTestId('tc-links-forget').click();
  await expect(source).toHaveAttribute('data-source', 'illustration');
  await page.reload();
  await page.getByTestId('tc-mode-lessons').click();
  await expect(source).toHaveAttribute('data-source', 'illustration');
});

test('τ is named as this app’s calibration, and a τ set by hand is worded as set by hand', async ({ page }) => {
  await page.goto('/#teach');
  const tauText = page.locator('.tc-tau');
  for (let k = 0; k < 6; k++) await page.getByTestId('tc-next').click();
  await expect(page.getByTestId('tc-card')).toHaveAttribute('data-step', 'tau');
  await expect(tauText).toContainText('USE-lite τ = 0.6447: this app’s calibration');
  await expect(tauText).not.toContainText('the paper’s calibration');
  const why = page.getByTestId('tc-note-why');
  await expect(why).toContainText('at its own calibrated τ', { timeout: 120_000 });
  await page.getByTestId('tc-tau').focus();
  for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowLeft'); // 0.6447 → 0.635 (the slider's 0.001 steps)
  await expect(page.getByTestId('tc-tau-value')).toHaveText('0.635');
  await expect(why).toContainText('at τ 0.635, set by hand (its calibrated τ is 0.6447)');
  await expect(why).not.toContainText('at its own calibrated τ');
  await expect(page.getByTestId('tc-formula')).toContainText('τ = 0.635:');
  await expect(page.getByTestId('tc-card')).toContainText('set by hand');
  await page.getByTestId('tc-sim-lexical').click();
  await expect(tauText).toContainText('Lexical τ = 0.149: this app’s calibration');
});

test('“Paste code from the diff” writes valid inline code and shows what the code adds, under each encoder and example', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-mode-whatif').click();
  await page.getByRole('button', { name: 'Paste code from the diff' }).click();
  await expect(page.getByTestId('tc-review')).toHaveValue(
    "This column is not being used anywhere in the codebase. It's a waste of space.\nShouldn't this be `` `has_all_data` bool DEFAULT NULL ``?",
  );
  for (const kind of ['use-lite', 'lexical']) {
    await page.getByTestId(`tc-sim-${kind}`).click();
    for (const ex of paperExamples) {
      await page.getByTestId('tc-example').selectOption(ex.id);
      await page.getByRole('button', { name: 'Paste code from the diff' }).click();
      const why = page.getByTestId('tc-paste-why');
      await expect(why).toBeVisible({ timeout: 120_000 });
      // The lesson holds: the code lifts the pasted question's similarity, whatever the encoder.
      const withCode = Number(await why.getAttribute('data-with'));
      const masked = Number(await why.getAttribute('data-masked'));
      expect(withCode, `${kind} ${ex.id}`).toBeGreaterThan(masked);
      // And the page says what it does to the scores at this τ.
      const tau = kind === 'lexical' ? 0.149 : 0.6447;
      const rel = Number(await page.getByTestId('tc-wi-rel').getAttribute('data-value'));
      await expect(why).toContainText(withCode > tau ? 'the metric counts it on topic' : 'one more sentence off topic');
      await expect(why).toContainText(`→ ${rel.toFixed(3)}`);
    }
  }
});

test('the illustrations shown fail as labelled under the similarity in use: linked though not addressed, missed though addressed', async ({ page }) => {
  await page.goto('/#teach');
  await page.getByTestId('tc-mode-lessons').click();
  const lesson = page.getByTestId('tc-lesson-links');
  await expect(lesson.getByTestId('tc-links-source')).toHaveAttribute('data-source', 'illustration');
  for (const [kind, tau] of [
    ['use-lite', 0.6447],
    ['lexical', 0.149],
  ] as const) {
    await page.getByTestId(`tc-sim-${kind}`).click();
    await expect(lesson.getByTestId('tc-links-case').first()).toBeVisible({ timeout: 120_000 });
    for (const c of await lesson.getByTestId('tc-links-case').all()) await expect(c).not.toHaveAttribute('data-s', '', { timeout: 120_000 });
    const metric = await sims(page, 'metric-only');
    const annot = await sims(page, 'annotator-only');
    expect(metric.length, kind).toBeGreaterThan(0);
    expect(annot.length, kind).toBeGreaterThan(0);
    for (const s of metric) expect(s, `${kind}: a close-in-words case the metric links`).toBeGreaterThan(tau);
    for (const s of annot) expect(s, `${kind}: an addressed case the metric misses`).toBeLessThanOrEqual(tau);
    await expect(lesson.locator('[data-testid="tc-links-case"][data-kind="metric-only"]').first()).toContainText('the metric links it');
  }
});
