// Issue 8 in the workbench: switch to the plus preset, see graded credit on the matrix and both
// thresholds on the slider, and get exactly what src/core/plus gives for the same texts.
import { expect, test } from '@playwright/test';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import { credit, PLUS_DEFAULT_CALIBRATION, PLUS_OPTIONS, preparePlus, scorePlus } from '../src/core/plus/index.ts';
import { splitReview } from '../src/core/sentences.ts';
import { newSession, SAMPLE_PREFS, SAMPLE_REVIEW, shown, typeInputs } from './helpers-workbench.ts';

const rampAt = (tau: number) => ({ low: Math.max(0, tau - PLUS_DEFAULT_CALIBRATION.sd), high: tau });

test('plus preset: graded credit, both thresholds on the slider, scores equal the core, kept on reload', async ({ page }) => {
  const idf = await loadBackgroundIdf();
  const sentences = splitReview(SAMPLE_REVIEW, 'reference');
  const input = preparePlus(
    SAMPLE_PREFS.map((text) => ({ text, kind: 'manual' as const })),
    sentences,
    idf,
  );
  const expectAt = async (tau: number) => {
    const want = scorePlus(input, rampAt(tau), PLUS_OPTIONS);
    const got = await shown(page);
    expect(got.rel).toBeCloseTo(want.rel, 12);
    expect(got.con).toBeCloseTo(want.con, 12);
    expect(got.comp).toBeCloseTo(want.comp, 12);
    // The matrix draws full credit as an outline and partial credit as a bar.
    const full: string[] = [];
    let partial = 0;
    for (let i = 0; i < input.matrix.rows; i++)
      for (let j = 0; j < input.matrix.cols; j++) {
        const c = credit(input.matrix.data[i * input.matrix.cols + j], rampAt(tau));
        if (c >= 1) full.push(`${i},${j}`);
        else if (c > 0) partial++;
      }
    expect(got.outlined).toEqual(full.sort());
    expect(Number(await page.getByTestId('heatmap').getAttribute('data-partial-count'))).toBe(partial);
    return { want, partial };
  };

  await newSession(page);
  await typeInputs(page);
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('tau-value')).toHaveText('0.149');
  await page.getByTestId('preset-plus').click();
  await expect(page.getByTestId('metric-note')).toHaveAttribute('data-shortcut', 'plus');
  await expect(page.getByTestId('score-cards')).toHaveAttribute('data-preset', 'plus');
  await expect(page.getByTestId('tau-value')).toHaveText(String(PLUS_DEFAULT_CALIBRATION.tau));
  await expect(page.getByTestId('tau-ramp')).toBeVisible();
  const first = await expectAt(PLUS_DEFAULT_CALIBRATION.tau);
  expect(first.want.rel).toBeGreaterThan(0);

  // Down from the keyboard: more cells get credit, and the scores follow the core exactly.
  await page.getByTestId('tau-slider').focus();
  for (let k = 0; k < 100; k++) await page.keyboard.press('ArrowLeft');
  const tau2 = Number(await page.getByTestId('tau-slider').inputValue());
  expect(tau2).toBeCloseTo(PLUS_DEFAULT_CALIBRATION.tau - 0.1, 3);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', String(tau2));
  const second = await expectAt(tau2);
  expect(second.want.rel).toBeGreaterThanOrEqual(first.want.rel);
  await expect(page.getByTestId('score-con')).toContainText('sentence weight credited');

  // The paper's τ is kept apart: switching back shows 0.7314, and plus keeps its own τ after a reload.
  await page.getByTestId('preset-paper').click();
  await expect(page.getByTestId('tau-value')).toHaveText('0.7314');
  await page.getByTestId('preset-plus').click();
  await expect(page.getByTestId('tau-value')).toHaveText(String(tau2));
  await expect(page.getByTestId('save-status')).toContainText('saved');
  await page.reload();
  await expect(page.getByTestId('score-cards')).toHaveAttribute('data-preset', 'plus');
  await expect(page.getByTestId('tau-value')).toHaveText(String(tau2));
  await expectAt(tau2);
  await page.screenshot({ path: test.info().outputPath('workbench-plus.png'), fullPage: true });
});
