// The "In this browser (WebGPU)" claims provider in real Chromium, on the generated Qwen2-architecture models
// (scripts/make-qwen2-onnx.py) served from the app's own origin. WebGPU is SwiftShader's (playwright.config.ts).
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { chooseLocalModel } from './helpers-local-llm';
import { openLlmSettings } from './helpers-workbench.ts';

const PAGE = '/e2e-claims.html';
const DIFF = [
  '@@ -10,7 +10,7 @@ class Cache:',
  '     def get(self, key):',
  '-        return self.store[key]',
  '+        return self.store.get(key)',
  '     def put(self, key, value):',
].join('\n');

test.beforeEach(async ({ page, context }) => {
  await hubUnreachable(context);
  await page.goto(PAGE);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByLabel('Diff').fill(DIFF);
  await page.getByLabel('Language').fill('none'); // no analyzer: the LLM half alone
});

const generate = (page: Page) =>
  page.getByRole('button', { name: 'Generate pseudo-references' }).click();
const raw = (page: Page) => page.getByTestId('claims-raw');
const errorBox = (page: Page) => page.getByTestId('claims-error');

/** Every distinct text the raw-answer box showed, in order. */
async function watchRaw(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __rawSeen: string[] }).__rawSeen = seen;
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid="claims-raw"]')?.textContent ?? '';
      if (t && t !== seen.at(-1)) seen.push(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __rawSeen: string[] }).__rawSeen);
}

test('size before download, progress from the app origin, streamed answer parsed into claims', async ({
  page,
}) => {
  const modelRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/models\/tiny-qwen2-claims\/|huggingface/.test(r.url())) modelRequests.push(r.url());
  });
  // Hold the weights back a moment so the download's progress is on screen.
  await page.route('**/models/tiny-qwen2-claims/onnx/model.onnx', async (route) => {
    if (route.request().method() === 'HEAD') return route.continue();
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response });
  });
  await chooseLocalModel(page, '/models/tiny-qwen2-claims', { backend: 'wasm', maxNew: 64 });
  await expect(page.getByTestId('local-llm-privacy')).toContainText('never leave this page');
  // The size of what will be fetched, before anything is fetched: the served fp32 weights are 0.9 MB.
  await expect(page.getByTestId('local-llm-size')).toContainText(
    /\d+(\.\d)? (KB|MB) \(fp32 weights \+ 4 small files\)/,
  );
  await expect(page.getByTestId('local-llm-info')).toHaveCount(0);

  const seen = await watchRaw(page);
  await generate(page);
  await expect(page.getByTestId('local-llm-progress')).toContainText(
    /Downloading [\d.]+ (B|KB|MB)/,
  );
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 1 implication', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('claims-speed')).toContainText(/[\d.]+ tokens\/s/);
  await expect(page.getByTestId('added-refs')).toContainText(
    'LLM · implication · Callers of the changed code may behave differently.',
  );
  await expect(page.getByTestId('local-llm-info')).toContainText(
    /on WASM \(CPU\), fp32; measured [\d.]+ tokens\/s/,
  );
  // Whatever the box showed on the way were prefixes of the final text (6 tokens may arrive in one 50 ms
  // flush; the next test watches a longer answer stream).
  const texts = await seen();
  const final = await raw(page).textContent();
  for (const t of texts) expect(final!.startsWith(t)).toBe(true);
  // Every model file came from this app's origin; nothing went to the hub (or anywhere else).
  expect(modelRequests.length).toBeGreaterThan(0);
  for (const u of modelRequests) expect(new URL(u).origin).toBe(new URL(page.url()).origin);
});

test('greedy output is identical on WASM and on WebGPU', async ({ page }) => {
  test.setTimeout(300_000);
  await chooseLocalModel(page, '/models/tiny-qwen2', { backend: 'wasm', maxNew: 48 });
  const seen = await watchRaw(page);
  await generate(page);
  // A random-weight model writes no claims: the raw answer is shown with "nothing parsed".
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'malformed', { timeout: 60_000 });
  await expect(page.getByTestId('local-llm-info')).toContainText('on WASM (CPU)');
  const onWasm = await raw(page).textContent();
  expect(onWasm!.length).toBeGreaterThan(10);
  // The tokens streamed: the box showed several growing prefixes of the final answer.
  const texts = await seen();
  // At least one shorter prefix before the final answer: on a busy machine the 50 ms repaint timer fires late
  // and several tokens land in one repaint, so how many prefixes show depends on the load, not on streaming.
  expect(texts.length).toBeGreaterThanOrEqual(2);
  expect(texts[0].length).toBeLessThan(onWasm!.length);
  for (const t of texts) expect(onWasm!.startsWith(t)).toBe(true);

  await page.getByLabel('Run on').selectOption('auto');
  await generate(page);
  await expect(page.getByTestId('local-llm-info')).toContainText('on WebGPU', { timeout: 240_000 });
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'malformed', { timeout: 240_000 });
  expect(await raw(page).textContent()).toBe(onWasm);
});

test('Cancel mid-generation keeps the text so far, the diff and the settings; the next run works', async ({
  page,
}) => {
  await chooseLocalModel(page, '/models/tiny-qwen2', { backend: 'wasm', maxNew: 8192 });
  // As soon as text streams in, Cancel is pressed from inside the page: the tiny model's greedy answer can end
  // within a second, before a poll from the test would see the text.
  await page.evaluate(() => {
    new MutationObserver((_, obs) => {
      if (!document.querySelector('[data-testid="claims-raw"]')?.textContent) return;
      const cancel = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Cancel');
      if (!cancel) return;
      obs.disconnect();
      cancel.click();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await generate(page);
  // 'cancelled' only when the model was stopped before its 8,192 tokens (a finished run reads 'malformed').
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'cancelled');
  await expect(errorBox(page)).toContainText('Cancelled. Your settings and diff are kept');
  expect(((await raw(page).textContent()) ?? '').length).toBeGreaterThan(0);
  await expect(page.getByLabel('Diff')).toHaveValue(DIFF);
  await expect(page.getByLabel('Max new tokens')).toHaveValue('8192');
  await page.getByLabel('Max new tokens').fill('12');
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'malformed', { timeout: 60_000 });
  expect(((await raw(page).textContent()) ?? '').length).toBeGreaterThan(0);
});

test('a worker killed mid-generation gives a clear error, and the next call works in a new worker', async ({
  page,
}) => {
  await chooseLocalModel(page, '/models/tiny-qwen2', { backend: 'wasm', maxNew: 8192 });
  // The worker is killed the moment the first streamed text shows, from inside the page: a poll from the test
  // could come after a short greedy answer has already ended.
  await page.evaluate(() => {
    new MutationObserver((_, obs) => {
      if (!document.querySelector('[data-testid="claims-raw"]')?.textContent) return;
      obs.disconnect();
      (window as unknown as { __crscoreLocalLlm: { restart(r: string): void } }).__crscoreLocalLlm.restart(
        "The in-browser model's worker was killed (test).",
      );
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'model');
  await expect(errorBox(page)).toContainText(
    'worker was killed (test). Press Retry: a new worker loads the model again.',
  );
  await expect(page.getByLabel('Diff')).toHaveValue(DIFF);
  await page.getByLabel('Max new tokens').fill('12');
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'malformed', { timeout: 60_000 });
  await expect(page.getByTestId('local-llm-info')).toContainText('on WASM (CPU)');
});

test('without WebGPU the settings say so and offer WASM, with its measured speed', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
  });
  await page.reload();
  await page.getByLabel('Diff').fill(DIFF);
  await openLlmSettings(page);
  await page.getByLabel('Provider').selectOption({ label: 'In this browser (WebGPU)' });
  const notice = page.getByTestId('local-llm-no-webgpu');
  await expect(notice).toContainText('This browser offers no WebGPU');
  await expect(page.getByRole('button', { name: 'Load model now' })).toBeDisabled();
  await notice.getByRole('button', { name: 'Run on WASM (CPU) instead' }).click();
  await expect(page.getByLabel('Run on')).toHaveValue('wasm');
  await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  await page.getByLabel('Hub model id').fill('/models/tiny-qwen2');
  await page.getByRole('button', { name: 'Load model now' }).click();
  await expect(page.getByTestId('local-llm-info')).toContainText(
    /on WASM \(CPU\), fp32; measured [\d.]+ tokens\/s/,
    { timeout: 60_000 },
  );
});

test('a hub model: the size comes from the hub listing, and an unreachable hub is said plainly', async ({
  page,
}) => {
  await openLlmSettings(page);
  await page.getByLabel('Provider').selectOption({ label: 'In this browser (WebGPU)' });
  await expect(page.getByTestId('local-llm-size')).toContainText(
    'Size unknown: the server could not be reached.',
  );
  await page.getByRole('button', { name: 'Load model now' }).click();
  await expect(page.getByTestId('local-llm-error')).toContainText('The model could not be loaded', {
    timeout: 60_000,
  });
  // Not the browser's bare "Failed to fetch": the host could not be reached, and a model folder is offered.
  await expect(page.getByTestId('local-llm-error')).toContainText('could not be reached');
  await expect(page.getByTestId('local-llm-error')).not.toContainText('Failed to fetch');
  await page.getByTestId('local-llm-use-folder').click();
  await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('folder');
});

test('a model folder on this computer: its size from the files, read in the browser, never fetched', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/tiny-qwen2|__local-llm__/.test(r.url())) fetched.push(r.url());
  });
  await openLlmSettings(page);
  await page.getByLabel('Provider').selectOption({ label: 'In this browser (WebGPU)' });
  await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('folder');
  await page.getByLabel('Model folder').setInputFiles(resolve('public/models/tiny-qwen2-claims'));
  await page.getByLabel('Run on').selectOption('wasm');
  await expect(page.getByTestId('local-llm-size')).toContainText(
    /(KB|MB) \(fp32 weights \+ 4 small files\), not from the internet/,
  );
  await generate(page);
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 1 implication', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('local-llm-info')).toContainText(
    'tiny-qwen2-claims (local folder) on WASM (CPU)',
  );
  expect(fetched).toEqual([]);
});
