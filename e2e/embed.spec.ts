// The embedding engine in real Chromium: the generated tiny BERT on WASM and WebGPU (SwiftShader),
// the bundled USE-lite encoder, and the fallback when the hub cannot be reached.
import { expect, test, type Page } from '@playwright/test';
import { HUB, hubUnreachable } from './hub';

const SENTENCES = [
  'The function now returns null when the list is empty.',
  'Please fix the typo in the README.',
  'this is it',
  'Add a check for the missing index.',
];

async function openPage(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/e2e-embed.html');
  await expect(page.getByRole('heading', { name: 'Embedding model' })).toBeVisible();
  await page.waitForFunction(() => !!window.__embed);
  return errors;
}

function cosine(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

test.beforeEach(async ({ context }) => {
  // The hub is unreachable here anyway; make it so everywhere, so the test means the same on any machine.
  await hubUnreachable(context);
});

test('tiny BERT: WASM and WebGPU give the same unit vectors', async ({ page }) => {
  const errors = await openPage(page);
  const run = (backend: 'wasm' | 'webgpu') =>
    page.evaluate(
      async ({ backend, sentences }) => {
        const { embedder } = window.__embed!;
        const info = await embedder.load(
          { kind: 'served', path: 'tiny-bert' },
          { backend, fallback: false },
        );
        const rows = await embedder.embed(sentences);
        return { info, rows: rows.map((r) => Array.from(r)) };
      },
      { backend, sentences: SENTENCES },
    );
  const wasm = await run('wasm');
  expect(wasm.info.backend).toBe('wasm');
  expect(wasm.info.dtype).toBe('fp32'); // the fixture ships fp32 weights only; q8 is tried first and skipped
  expect(wasm.info.crossOriginIsolated).toBe(true);
  expect(wasm.info.threads).toBeGreaterThanOrEqual(2);
  expect(wasm.info.dimensions).toBe(32);
  expect(wasm.info.pooling).toBe('crscore');
  expect(wasm.info.fallbackNotice).toBeUndefined();
  for (const r of wasm.rows) expect(Math.abs(Math.hypot(...r) - 1)).toBeLessThan(1e-5);

  const gpu = await run('webgpu');
  expect(gpu.info.backend).toBe('webgpu');
  expect(gpu.info.dtype).toBe('fp32'); // SwiftShader has no shader-f16
  for (let i = 0; i < SENTENCES.length; i++)
    expect(cosine(wasm.rows[i], gpu.rows[i])).toBeGreaterThan(0.999);
  // Different sentences must not collapse onto one vector.
  expect(cosine(wasm.rows[0], wasm.rows[1])).toBeLessThan(0.99);
  expect(errors).toEqual([]);
});

test('USE-lite ranks a paraphrase far above an unrelated sentence', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('USE-lite (bundled, works offline)').check();
  await page.getByRole('button', { name: 'Load model' }).click();
  await expect(page.getByTestId('engine-backend')).toHaveText('tfjs-wasm', { timeout: 120_000 });
  await expect(page.getByTestId('engine-tau')).toContainText('0.6447');
  const [a, b, c] = await page.evaluate(async () => {
    const rows = await window.__embed!.embedder.embed([
      'The function now returns null when the list is empty.',
      'This change makes the method return null for empty input.',
      'Please fix the typo in the README.',
    ]);
    return rows.map((r) => Array.from(r));
  });
  const near = cosine(a, b);
  const far = cosine(a, c);
  expect(near).toBeGreaterThan(far + 0.3);
  expect(near).toBeGreaterThan(0.6);
});

test('hub unreachable: the default model falls back to USE-lite with a notice, and embedding still works', async ({
  page,
}) => {
  await openPage(page);
  await expect(page.getByLabel(/mxbai-embed-large-v1/)).toBeChecked();
  await page.getByRole('button', { name: 'Load model' }).click();
  const notice = page.getByTestId('fallback-notice');
  await expect(notice).toBeVisible({ timeout: 120_000 });
  await expect(notice).toContainText('Could not load mixedbread-ai/mxbai-embed-large-v1');
  await expect(notice).toContainText('could not be reached');
  await expect(notice).toContainText('USE-lite');
  await expect(page.getByTestId('engine-backend')).toHaveText('tfjs-wasm');
  const n = await page.evaluate(
    async () => (await window.__embed!.embedder.embed(['one sentence', 'another'])).length,
  );
  expect(n).toBe(2);
});

test('a hub that never answers times out and falls back', async ({ page, context }) => {
  await context.unroute(HUB);
  await context.route(HUB, () => {
    /* never answer */
  });
  await openPage(page);
  const info = await page.evaluate(() =>
    window.__embed!.embedder.load(
      { kind: 'hub', id: 'Xenova/all-MiniLM-L6-v2' },
      { fetchTimeoutMs: 1500 },
    ),
  );
  expect(info.model).toBe('use-lite');
  expect(info.fallbackNotice).toMatch(/did not answer/);
});

test('a worker killed mid-batch fails that call clearly and the next call works', async ({
  page,
}) => {
  await openPage(page);
  const result = await page.evaluate(async () => {
    const { embedder } = window.__embed!;
    await embedder.load(
      { kind: 'served', path: 'tiny-bert' },
      { backend: 'wasm', fallback: false },
    );
    const many = Array.from({ length: 200 }, (_, i) => `sentence number ${i} about the list`);
    const inflight = embedder.embed(many).then(
      () => 'finished',
      (e: Error) => e.message,
    );
    embedder.restart('The embedding worker was killed (test).');
    const first = await inflight;
    const again = await embedder.embed(['after the restart']);
    return { first, again: again.length, info: embedder.info()?.model };
  });
  expect(result.first).toContain('killed (test)');
  expect(result.again).toBe(1);
  expect(result.info).toBe('tiny-bert');
});
