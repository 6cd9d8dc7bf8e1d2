// Issue 15 in the browser: a researcher imports CodeReviewer's test file with two systems' predictions, generates
// pseudo-references in batch against an OpenAI-compatible server (the project's stub), and scores. Checks the
// concurrency limit, each failure kind, failed changes retried alone, Cancel and Resume, the cache across a reload,
// the confirmation above 50 requests, and that the key reaches no export, cache entry or console message.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';
import { promptOf, startLlmStub, type LlmStub } from './stubs/llmStub';

const CR = path.resolve('e2e/fixtures/codereviewer');
const KEY = 'sk-e2e-SECRET-batch-0123456789abcdef';
let stub: LlmStub;
const consoleText: string[] = [];

test.beforeAll(async () => {
  stub = await startLlmStub('openai');
});
test.afterAll(async () => {
  await stub.close();
});
test.beforeEach(async ({ context, page }) => {
  await hubUnreachable(context);
  stub.requests.length = 0;
  stub.count = 0;
  stub.maxInFlight = 0;
  stub.respond = undefined;
  stub.fallback = { kind: 'ok' };
  page.on('console', (m) => consoleText.push(m.text()));
  page.on('pageerror', (e) => consoleText.push(String(e)));
});

async function importCodeReviewer(page: Page) {
  await page.goto('/#research');
  await expect(page.getByTestId('research')).toBeVisible();
  const panel = page.getByTestId('predictions-import');
  await panel.locator('summary').click();
  await page.getByTestId('cr-test-file').setInputFiles(path.join(CR, 'msg-test.jsonl'));
  await page.getByTestId('cr-pred-files').setInputFiles([path.join(CR, 'codereviewer.txt'), path.join(CR, 'llama-ft.jsonl')]);
  await expect(page.getByLabel('System name for llama-ft.jsonl')).toHaveValue('llama-ft');
  await page.getByLabel('System name for llama-ft.jsonl').fill('LLaMA-FT');
  await page.getByTestId('cr-import').click();
  await expect(page.getByTestId('cr-import-done')).toContainText('6 changes with codereviewer, LLaMA-FT');
  await expect(page.getByTestId('import-rows')).toHaveText('6');
}

async function setUpLlm(page: Page, opts: { key?: string; timeoutSec?: number } = {}) {
  const panel = page.getByTestId('pseudo-refs-panel');
  await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
  await panel.getByLabel('Base URL').fill(stub.baseUrl);
  await panel.getByLabel('Model', { exact: true }).fill('stub-model');
  if (opts.key) await panel.getByLabel('API key').fill(opts.key);
  if (opts.timeoutSec) await panel.getByLabel('Timeout (s)').fill(String(opts.timeoutSec));
}

const progress = (page: Page) => page.getByTestId('prefs-progress');

async function idbAnswers(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('crscore-llm-answers');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) return resolve([]);
          const req = db.transaction('answers').objectStore('answers').getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

test('generate: concurrency limit, 429/500/hang/garbage handled, failed changes retried alone, export and cache without the key', async ({ page }) => {
  test.setTimeout(120_000);
  const tries = new Map<string, number>();
  stub.respond = (req) => {
    const p = promptOf(req);
    const which = ['encoding', 'unused', 'result', 'email'].find((w) => p.includes(w)) ?? 'other';
    const n = (tries.get(which) ?? 0) + 1;
    tries.set(which, n);
    if (which === 'encoding' && n === 1) return { kind: 'status', status: 429, retryAfter: '1' };
    if (which === 'unused' && n === 1) return { kind: 'status', status: 500 };
    if (which === 'result') return { kind: 'never' };
    if (which === 'email') return { kind: 'garbage' };
    return { kind: 'ok', delayMs: 300 };
  };
  await importCodeReviewer(page);
  await setUpLlm(page, { key: KEY, timeoutSec: 1 });
  await page.getByTestId('prefs-concurrency').fill('2');
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', '6');
  await page.getByTestId('prefs-generate').click();
  await expect(progress(page)).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  expect(stub.maxInFlight).toBe(2);
  expect(tries.get('encoding')).toBe(2); // waited for Retry-After, then answered
  expect(tries.get('unused')).toBe(2); // backed off, then answered
  expect(tries.get('result')).toBe(4); // timed out, bounded tries
  expect(tries.get('email')).toBe(1); // garbage is not retried blindly
  const failures = page.getByTestId('prefs-failures');
  await expect(failures).toContainText('1002');
  await expect(failures).toContainText('No answer within 1 s');
  await expect(failures).toContainText('1003');
  await expect(failures).toContainText('not with JSON');
  await expect(page.getByTestId('prefs-failed-count')).toHaveText('2');
  // The JS change still has its JSHint issue, so only the Python change with failed claims is not scorable.
  await expect(page.getByTestId('prefs-not-scorable')).toContainText('1 without pseudo-references');

  // Retry the failed changes alone, once the server behaves.
  stub.respond = undefined;
  const before = stub.count;
  await page.getByTestId('prefs-retry-failed').click();
  await expect(page.getByTestId('prefs-failed-count')).toHaveText('0', { timeout: 30_000 });
  expect(stub.count - before).toBe(2);
  await expect(page.getByTestId('prefs-not-scorable')).toContainText('0 without');

  // Per change: the generated pseudo-references, and the workbench shows them.
  await page.getByTestId('prefs-result').getByText('Pseudo-references per change').click();
  await page.locator('[data-change="1001"]').getByRole('button', { name: '1001' }).click();
  await expect(page.getByTestId('prefs-changes')).toContainText('UnusedPrivateField');

  // Export: the dataset with pseudo_refs and the configuration, never the key.
  const download = page.waitForEvent('download');
  await page.getByTestId('prefs-export').click();
  const file = await (await download).path();
  const text = fs.readFileSync(file, 'utf8');
  const rows = text.trim().split('\n').map((l) => JSON.parse(l) as { pseudo_refs: unknown[]; pseudo_refs_config: Record<string, unknown> });
  expect(rows).toHaveLength(6);
  expect(rows.every((r) => r.pseudo_refs.length > 0)).toBe(true);
  expect(rows[0].pseudo_refs_config).toMatchObject({ source: 'generate', llm: { provider: 'openai-compatible', model: 'stub-model', format: 'paper', temperature: 0 }, analyzers: { filter: 'paper', options: 'paper' } });
  expect(text).not.toContain(KEY);
  const entries = await idbAnswers(page);
  expect(entries).toHaveLength(6);
  expect(JSON.stringify(entries)).not.toContain(KEY);
  expect(stub.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);

  // Score them in Research; then open a change in the workbench.
  await page.getByTestId('prefs-use').click();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-calibration-system').selectOption('codereviewer');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByText('12 reviews scored')).toBeVisible();
  // Research's own exports say how the pseudo-references were made, and hold no key.
  await researchView(page, 'exports');
  const scores = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const scoresText = fs.readFileSync(await (await scores).path(), 'utf8');
  await researchView(page, 'overview');
  expect((JSON.parse(scoresText) as { config: { pseudoReferences: unknown } }).config.pseudoReferences).toMatchObject({ source: 'generate', llm: { model: 'stub-model', format: 'paper' } });
  expect(scoresText).not.toContain(KEY);
  // Back in the overview (a view switch closes the list of changes again).
  await page.getByTestId('prefs-result').getByText('Pseudo-references per change').click();
  await page.locator('[data-change="1001"]').getByRole('button', { name: 'Open in workbench' }).click();
  await expect(page).toHaveURL(/#workbench/);
  await expect(page.getByText("Avoid unused private fields such as 'unused'.").first()).toBeVisible();
  expect(consoleText.join('\n')).not.toContain(KEY);
});

test('Cancel, Resume, and a reload keeps the cache: then no request at all', async ({ page }) => {
  test.setTimeout(120_000);
  stub.fallback = { kind: 'ok', delayMs: 800 };
  await importCodeReviewer(page);
  await page.getByTestId('pseudo-refs-panel').getByLabel('LLM claims').check();
  await setUpLlm(page);
  await page.getByTestId('prefs-concurrency').fill('1');
  await page.getByTestId('prefs-generate').click();
  await expect.poll(async () => Number(await progress(page).getAttribute('data-done'))).toBeGreaterThanOrEqual(2);
  await page.getByTestId('prefs-cancel').click();
  await expect(progress(page)).toHaveAttribute('data-phase', 'cancelled');
  await expect(page.getByTestId('prefs-message')).toContainText('Resume asks only for what is missing');
  const answered = (await idbAnswers(page)).length;
  expect(answered).toBeGreaterThanOrEqual(2);
  expect(answered).toBeLessThan(6);

  // Reload: the dataset and the cache are still there; Resume asks only for the rest.
  await page.reload();
  await expect(page.getByTestId('import-rows')).toHaveText('6');
  await expect(page.getByTestId('prefs-message')).toContainText('Resume asks only for what is missing');
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', String(6 - answered));
  const before = stub.count;
  stub.fallback = { kind: 'ok' };
  await page.getByTestId('prefs-generate').click();
  await expect(progress(page)).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  expect(stub.count - before).toBe(6 - answered);

  // Another reload: everything is cached, a new run sends nothing.
  await page.reload();
  await expect(page.getByTestId('prefs-plan')).toHaveAttribute('data-requests', '0');
  const again = stub.count;
  await page.getByTestId('prefs-generate').click();
  await expect(progress(page)).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId('prefs-result')).toContainText('0 requests, 6 from the cache');
  expect(stub.count).toBe(again);
});

test('above 50 requests the browser asks first; the default limit keeps 4 in flight', async ({ page }, info) => {
  test.setTimeout(120_000);
  stub.fallback = { kind: 'ok', delayMs: 150 };
  const lines = Array.from({ length: 60 }, (_, k) => JSON.stringify({ id: `ch${k}`, diff: `@@ -1 +1 @@\n-a = ${k}\n+a = ${k + 1}`, review: 'Fine.', system: 'sys', lang: 'py' }));
  const file = info.outputPath('sixty.jsonl');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('import-rows')).toHaveText('60');
  await page.getByTestId('pseudo-refs-panel').getByLabel('LLM claims').check();
  await setUpLlm(page);
  await expect(page.getByTestId('prefs-plan')).toContainText('60 LLM requests to send');
  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('prefs-confirm')).toContainText('This run sends 60 requests');
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('prefs-confirm')).toBeHidden();
  expect(stub.count).toBe(0);
  await page.getByTestId('prefs-generate').click();
  await page.getByTestId('prefs-confirm-send').click();
  await expect(progress(page)).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  expect(stub.count).toBe(60);
  expect(stub.maxInFlight).toBe(4);
});

test('predictions import: a misaligned file is refused with its file and line', async ({ page }, info) => {
  const short = info.outputPath('short.txt');
  fs.writeFileSync(short, 'one\ntwo\n');
  await page.goto('/#research');
  await page.getByTestId('predictions-import').locator('summary').click();
  await page.getByTestId('cr-test-file').setInputFiles(path.join(CR, 'msg-test.jsonl'));
  await page.getByTestId('cr-pred-files').setInputFiles([short, path.join(CR, 'codereviewer.txt')]);
  await page.getByTestId('cr-import').click();
  const errors = page.getByTestId('cr-import-errors');
  await expect(errors).toContainText('short.txt');
  await expect(errors).toContainText('2 lines, but msg-test.jsonl has 6');
  await expect(errors.locator('td.num').first()).toHaveText('2');
  await expect(page.getByTestId('cr-import-done')).toContainText('6 changes with codereviewer');
});

test('answer-cache writes the browser refuses are said beside the pseudo-reference progress', async ({ page }) => {
  // The answer database refuses every write, as IndexedDB does when the quota is reached.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.transaction.db.name === 'crscore-llm-answers') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await importCodeReviewer(page);
  await setUpLlm(page);
  await page.getByTestId('prefs-generate').click();
  await expect(progress(page)).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  const warning = page.getByTestId('prefs-cache-unsaved');
  await expect(warning).toHaveAttribute('data-failed', '6');
  await expect(warning).toContainText('6 answers could not be saved in this browser');
  await expect(warning).toContainText('quota has been exceeded');
  expect(await idbAnswers(page)).toEqual([]);
});
