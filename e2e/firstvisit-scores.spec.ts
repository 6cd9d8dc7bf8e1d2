// A fresh visit scores the first example with no click and no network (issue 28): the paper's examples open under
// the learned preset, `crscore score`'s offline default, so Con/Comp/Rel and the matrix are meaningful on the first
// screen, and the line under Scores names the configuration. The paper's embedding is one click away.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';

test('1024×768, fresh visit: non-zero Rel and the matrix in the viewport without any click, offline', async ({ page }) => {
  const remote: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname !== 'localhost' && u.hostname !== '127.0.0.1') remote.push(r.url());
  });
  await hubUnreachable(page.context());
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  const rel = page.getByTestId('score-rel');
  await expect(rel).toBeInViewport({ timeout: 30_000 });
  expect(Number(await rel.getAttribute('data-value'))).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('score-con').getAttribute('data-value'))).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('score-comp').getAttribute('data-value'))).toBeGreaterThan(0);
  await expect(page.getByTestId('heatmap')).toBeInViewport();
  await expect(page.getByTestId('embed-run')).toHaveCount(0);
  const line = page.getByTestId('scored-by');
  await expect(line).toHaveAttribute('data-config', 'learned');
  await expect(line).toContainText('CRScore learned');
  await expect(line).toContainText('crscore score');
  await expect(line).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  expect(remote).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('firstvisit-1024.png') });

  // The paper's CRScore: the embedding model at the paper's τ, which needs a model, so the page asks for it.
  await line.getByTestId('scored-by-paper').click();
  await expect(page.getByTestId('scored-by')).toHaveAttribute('data-config', 'paper');
  await expect(page.getByTestId('tau-value')).toHaveText('0.7314');
  await expect(page.getByTestId('embed-run')).toHaveText('Load model & embed');
});
