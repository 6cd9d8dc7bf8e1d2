// Issue 4: a person pastes a diff, a review and pseudo-references, embeds them with the bundled encoder,
// moves τ from the keyboard and sees exactly what src/core gives for the same matrix; a reload keeps it all.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { scoreAt } from '../src/core/score.ts';
import { at } from '../src/core/similarity.ts';
import type { SimilarityMatrix } from '../src/core/types.ts';
import { newSession, readHook, shown, typeInputs, type HookMatrix, openModelSettings, sessionAction } from './helpers-workbench.ts';
import { hubUnreachable } from './hub';

test.beforeEach(async ({ context }) => {
  // No hub here: make that true everywhere so the run means the same on any machine.
  await hubUnreachable(context);
});

const toMatrix = (m: HookMatrix): SimilarityMatrix => ({ rows: m.rows, cols: m.cols, data: Float32Array.from(m.data) });

/** What the page shows must be exactly scoreAt on the page's own matrix at the page's τ. */
async function expectMatchesCore(page: Page) {
  const hook = await readHook(page);
  expect(hook?.matrix).toBeTruthy();
  const m = toMatrix(hook!.matrix!);
  const ui = await shown(page);
  expect(ui.canvasTau).toBe(hook!.tau);
  const want = scoreAt(m, hook!.tau, { sentences: hook!.sentences });
  expect({ con: ui.con, comp: ui.comp, rel: ui.rel }).toEqual({ con: want.con, comp: want.comp, rel: want.rel });
  expect(ui.conText).toBe(`Con = ${want.sentencesAbove} of ${want.sentences} review sentence${want.sentences === 1 ? '' : 's'} above τ`);
  expect(ui.compText).toBe(`Comp = ${want.pseudoReferencesAbove} of ${want.pseudoReferences} pseudo-reference${want.pseudoReferences === 1 ? '' : 's'} above τ`);
  const cells: string[] = [];
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) if (at(m, i, j) > hook!.tau) cells.push(`${i},${j}`);
  expect(ui.outlined).toEqual(cells.sort());
  return { tau: hook!.tau, want, m };
}

/** Moves τ from the keyboard through stops between the matrix's values, checking every stop against core. */
async function sliderStops(page: Page, vals: number[]) {
  const distinct = [...new Set(vals.map((v) => Math.round(v * 1000) / 1000))].sort((a, b) => a - b).filter((v) => v > 0.01 && v < 0.99);
  expect(distinct.length).toBeGreaterThan(2);
  const stops = [distinct[Math.floor(distinct.length * 0.75)], distinct[Math.floor(distinct.length / 2)], distinct[Math.floor(distinct.length / 4)]];
  const slider = page.getByTestId('tau-slider');
  await slider.focus();
  await page.keyboard.press('ArrowLeft'); // leave the paper's 0.7314 for the slider's 0.001 grid
  await expectMatchesCore(page);
  const seen = new Set<string>();
  for (const target of stops) {
    let tau = Number(await slider.inputValue());
    const key = target < tau ? 'ArrowLeft' : 'ArrowRight';
    const presses = Math.round(Math.abs(target - tau) * 1000);
    for (let k = 0; k < presses; k++) await page.keyboard.press(key);
    tau = Number(await slider.inputValue());
    expect(Math.abs(tau - target)).toBeLessThan(0.0015);
    await expect(page.getByTestId('heatmap')).toHaveAttribute('data-tau', String(tau));
    const { want } = await expectMatchesCore(page);
    seen.add(`${want.con}|${want.comp}|${(await shown(page)).outlined.length}`);
  }
  // The stops really moved the scores or the outlines (so the test could fail).
  expect(seen.size).toBeGreaterThan(1);
}

async function hoverPinShootReload(page: Page, testInfo: TestInfo, shotName: string) {
  // Hover shows both texts and the exact value; click pins the pair in the review and the list.
  const canvas = page.getByTestId('heatmap');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 36 + 10, box.y + 22 + 8);
  await expect(page.getByTestId('heatmap-tooltip')).toContainText('s(P1, S1) =');
  await expect(page.getByTestId('heatmap-tooltip')).toContainText('The module name is encoded to ASCII');
  await page.mouse.click(box.x + 36 + 10, box.y + 22 + 8);
  await expect(page.getByTestId('review-sentence').first()).toHaveAttribute('data-pinned', 'true');
  await expect(page.getByTestId('pref-item').first()).toHaveAttribute('data-pinned', 'true');
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('sensitivity-chart')).toBeVisible();
  await expect(page.getByTestId('histogram')).toBeVisible();

  // Screenshots for the issue and the README.
  await page.getByTestId('results').scrollIntoViewIfNeeded();
  await testInfo.attach(shotName, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath(`${shotName}.png`), fullPage: false });
  // UPDATE_DOCS=1 refreshes the README's picture (docs/) from this same view.
  if (process.env.UPDATE_DOCS) {
    const docs = path.resolve(process.cwd(), 'docs');
    mkdirSync(docs, { recursive: true });
    await page.screenshot({ path: path.join(docs, `${shotName}.png`), fullPage: false });
  }

  // Reload: the session, the matrix and τ come back as they were.
  const before = await readHook(page);
  await expect(page.getByTestId('save-status')).toContainText('saved');
  await page.reload();
  await expect(page.getByTestId('heatmap')).toBeVisible();
  await expect(page.getByTestId('review-input')).toHaveValue(/Please add a test\./);
  await expect(page.getByTestId('pref-item')).toHaveCount(4);
  const after = await readHook(page);
  expect(after).toEqual(before);
  await expectMatchesCore(page);
}

test('embed with the bundled encoder, move τ from the keyboard, reload keeps the work', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1480, height: 1000 });
  await newSession(page);
  await typeInputs(page);

  // Embedding is the default similarity; pick the bundled, offline encoder and embed.
  await expect(page.getByTestId('similarity-embedding')).toHaveAttribute('aria-checked', 'true');
  await openModelSettings(page);
  await page.getByLabel('USE-lite (bundled, works offline)').check();
  await page.getByTestId('embed-run').click();
  await expect(page.getByTestId('embed-progress')).toBeVisible();
  await expect(page.getByTestId('embed-ready').or(page.getByTestId('embed-error'))).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('embed-ready')).toContainText('use-lite');
  const first = await readHook(page);
  expect(first?.source).toBe('use-lite');
  expect(first?.matrix?.rows).toBe(4);
  expect(first?.matrix?.cols).toBe(4);
  // A real encoder: similarities spread out (not all equal), all within [-1, 1].
  const vals = first!.matrix!.data;
  expect(Math.max(...vals) - Math.min(...vals)).toBeGreaterThan(0.1);
  for (const v of vals) expect(Math.abs(v)).toBeLessThanOrEqual(1 + 1e-6);

  await sliderStops(page, vals);
  await hoverPinShootReload(page, testInfo, 'screenshot-workbench');
  // Reloaded from the stored matrix: nothing to embed again.
  await expect(page.getByTestId('embed-ready')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the same with lexical similarity: keyboard τ matches core, reload keeps the work', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1480, height: 1000 });
  await newSession(page);
  await typeInputs(page);
  await page.getByTestId('similarity-lexical').click();
  const hook = await readHook(page);
  expect(hook?.source).toBe('lexical');
  await sliderStops(page, hook!.matrix!.data);
  await hoverPinShootReload(page, testInfo, 'screenshot-workbench-lexical');
});

test('sessions: rename, duplicate, delete, and export/import without secrets', async ({ page }) => {
  await newSession(page);
  await typeInputs(page);
  await sessionAction(page, 'session-rename');
  await page.getByTestId('session-rename-input').fill('My pickle review');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="session-item"][data-active]')).toContainText('My pickle review');
  await sessionAction(page, 'session-duplicate');
  await expect(page.locator('[data-testid="session-item"][data-active]')).toContainText('My pickle review (copy)');
  await expect(page.getByTestId('pref-item')).toHaveCount(4);

  const download = page.waitForEvent('download');
  await sessionAction(page, 'session-export');
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(file, 'utf8');
  expect(JSON.parse(text).session.name).toBe('My pickle review (copy)');
  expect(text).not.toMatch(/api[-_]?key|sk-/i);

  await sessionAction(page, 'session-delete');
  await page.getByTestId('session-delete-confirm').click();
  await expect(page.getByTestId('session-item').filter({ hasText: 'My pickle review (copy)' })).toHaveCount(0);
  await page.getByTestId('session-import-file').setInputFiles(file);
  await expect(page.locator('[data-testid="session-item"][data-active]')).toContainText('My pickle review (copy)');
  await expect(page.getByTestId('review-input')).toHaveValue(/Please add a test\./);
});

test('the paper examples open ready to score, and text stays text', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('session-item').filter({ hasText: 'datetime/target' }).locator('.session-open').click();
  await expect(page.getByTestId('review-input')).toHaveValue('Why do we need these imports?');
  await expect(page.getByTestId('pref-item')).toHaveCount(3);
  await expect(page.getByTestId('language-select')).toHaveValue('python');
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('tau-value')).toHaveText('0.149');
  await expect(page.getByTestId('score-rel')).toHaveAttribute('data-value', /^[0-9.]+$/);

  // A hostile review renders as text: no element injected, no script run.
  await page.evaluate(() => ((window as unknown as { __xss: number }).__xss = 0));
  await page.getByTestId('review-input').fill('<img src=x onerror="window.__xss=1"> <script>window.__xss=2</script>. Second sentence.');
  await expect(page.getByTestId('review-sentence').first()).toContainText('<img src=x');
  expect(await page.locator('#root img, #root script').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
});
