// Issue 37, item 4: a τ step repaints only the cells it changes. In Chromium, the picture after many keyboard
// steps and jumps must be the same, pixel for pixel, as the one a fresh page paints at that τ in one go.
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { benchSession } from '../bench/slider-session.ts';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** A hash of every pixel of the heatmap canvas, and the τ it was painted at. */
async function picture(page: Page) {
  return page.getByTestId('heatmap').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5;
    for (let k = 0; k < d.length; k++) h = Math.imul(h ^ d[k], 16777619) >>> 0;
    return { tau: c.dataset.tau, w: c.width, h: c.height, hash: h, outlined: c.dataset.outlinedCount };
  });
}

async function openBench(page: Page) {
  await page.getByTestId('heatmap').waitFor();
  await page.waitForFunction(() => document.querySelector<HTMLCanvasElement>('[data-testid="heatmap"]')?.dataset.rows === '60');
}

test('60×40 matrix: after keyboard steps and jumps the picture equals a fresh full paint at the same τ', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const file = testInfo.outputPath('bench.crscore.json');
  writeFileSync(file, JSON.stringify(benchSession(60, 40)));
  await page.goto('/');
  await page.getByTestId('session-import-file').setInputFiles(file);
  await openBench(page);
  const slider = page.getByTestId('tau-slider').first();
  await slider.fill('0.9'); // a jump: every cell recoloured
  await slider.focus();
  for (const [key, n] of [['ArrowLeft', 25], ['PageDown', 3], ['ArrowRight', 40], ['ArrowLeft', 7]] as const)
    for (let k = 0; k < n; k++) await page.keyboard.press(key);
  const tau = await slider.inputValue();
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', String(Number(tau)));
  await page.mouse.move(0, 0);
  const stepped = await picture(page);
  expect(Number(stepped.outlined)).toBeGreaterThan(0);

  await expect(page.getByTestId('save-status')).toContainText('saved');
  await page.reload();
  await openBench(page);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', String(Number(tau)));
  await page.mouse.move(0, 0);
  expect(await picture(page)).toEqual(stepped);
});
