// LLM claims in real Chromium against local stub providers (e2e/stubs/llmStub.ts).
// Every failure must end in a clear message, a retry, and nothing the user typed lost;
// the key must stay out of localStorage (unless opted in), URLs and the console.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmStub, STUB_ANSWER, type LlmStub } from './stubs/llmStub';
import { openLlmSettings } from './helpers-workbench.ts';

const KEY = 'sk-e2e-SECRET-9f8e7d6c5b4a3210';
const PAGE = '/e2e-claims.html';
const DIFF = [
  '@@ -10,7 +10,7 @@ class Cache:',
  '     def get(self, key):',
  '-        return self.store[key]',
  '+        return self.store.get(key)',
  '     def put(self, key, value):',
].join('\n');

let openai: LlmStub;
let anthropic: LlmStub;
const consoleLines: string[] = [];
const visitedUrls: string[] = [];

test.beforeAll(async () => {
  openai = await startLlmStub('openai');
  anthropic = await startLlmStub('anthropic');
});

test.afterAll(async () => {
  await openai?.close();
  await anthropic?.close();
  // Collected over every test in this file: the key never reached the console or a URL.
  expect(consoleLines.join('\n')).not.toContain(KEY);
  expect(visitedUrls.join('\n')).not.toContain(KEY);
});

test.beforeEach(async ({ page }) => {
  openai.requests.length = 0;
  anthropic.requests.length = 0;
  openai.fallback = { kind: 'ok' };
  anthropic.fallback = { kind: 'ok' };
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  page.on('request', (r) => visitedUrls.push(r.url()));
  page.on('framenavigated', (f) => visitedUrls.push(f.url()));
  await page.goto(PAGE);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
});

async function configure(
  page: Page,
  opts: { provider: string; baseUrl: string; model?: string; key?: string; timeoutSec?: number },
) {
  await openLlmSettings(page);
  await page.getByLabel('Provider').selectOption({ label: opts.provider });
  await page.getByLabel('Base URL').fill(opts.baseUrl);
  if (opts.model !== undefined) await page.getByLabel('Model').fill(opts.model);
  if (opts.key !== undefined) await page.getByLabel('API key').fill(opts.key);
  if (opts.timeoutSec !== undefined)
    await page.getByLabel('Timeout (s)').fill(String(opts.timeoutSec));
  await page.getByLabel('Diff').fill(DIFF);
}

const generate = (page: Page) =>
  page.getByRole('button', { name: 'Generate pseudo-references' }).click();
const errorBox = (page: Page) => page.getByTestId('claims-error');

/** Settings and diff are exactly as typed. */
async function expectKept(page: Page, baseUrl: string, model: string) {
  await expect(page.getByLabel('Diff')).toHaveValue(DIFF);
  await expect(page.getByLabel('Base URL')).toHaveValue(baseUrl);
  await expect(page.getByLabel('Model')).toHaveValue(model);
  await expect(page.getByLabel('API key')).toHaveValue(KEY);
}

async function expectSuccess(page: Page) {
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 2 implications');
  await expect(errorBox(page)).toHaveCount(0);
}

test('OpenAI-compatible: shows the exact prompt, the raw response and the parsed claims', async ({
  page,
}) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  await generate(page);
  await expectSuccess(page);

  const prompt = await page.getByTestId('claims-prompt').textContent();
  expect(prompt).toContain(
    'Summarize the code changes in the GIT DIFF below and their possible implications.',
  );
  expect(prompt).toContain(
    'Lines removed:\nreturn self.store[key]\n\nLines added:\nreturn self.store.get(key)',
  );
  await expect(page.getByTestId('claims-raw')).toHaveText(STUB_ANSWER);
  await expect(page.getByTestId('claims-summary')).toHaveText('LLM: 2 claims, 2 implications');

  // The parent received them, with their kinds, for editing.
  const added = page.getByTestId('added-refs').getByRole('listitem');
  await expect(added).toHaveCount(4);
  await expect(added.nth(0)).toHaveText(/LLM · claim · The logging level/);
  await expect(added.nth(3)).toHaveText(/LLM · implication · Diagnosing lock problems/);

  // What went over the wire is what the page shows.
  expect(openai.requests).toHaveLength(1);
  const req = openai.requests[0];
  expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
  const body = req.body as {
    model: string;
    temperature: number;
    messages: { role: string; content: string }[];
  };
  expect(body.model).toBe('gpt-stub');
  expect(body.temperature).toBe(0);
  expect(body.messages).toEqual([{ role: 'user', content: prompt }]);
  expect(req.url).not.toContain(KEY);
});

test('Anthropic: sends the direct-browser-access header and parses the Messages answer', async ({
  page,
}) => {
  await configure(page, {
    provider: 'Anthropic',
    baseUrl: anthropic.baseUrl,
    model: 'claude-stub',
    key: KEY,
  });
  await generate(page);
  await expectSuccess(page);
  expect(anthropic.requests).toHaveLength(1);
  const h = anthropic.requests[0].headers;
  expect(h['anthropic-dangerous-direct-browser-access']).toBe('true');
  expect(h['x-api-key']).toBe(KEY);
  expect(h['anthropic-version']).toBe('2023-06-01');
  expect(h.authorization).toBeUndefined();
  expect((anthropic.requests[0].body as { max_tokens: number }).max_tokens).toBeGreaterThan(0);
});

test('JSON output format asks for JSON and parses {claims, implications}', async ({ page }) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  await page.getByLabel('Output format').selectOption('json');
  openai.queue({
    kind: 'ok',
    text: '{"claims": ["A dict lookup became .get()."], "implications": ["Missing keys now give None."]}',
  });
  await generate(page);
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 1 claim, 1 implication');
  const prompt = (openai.requests[0].body as { messages: { content: string }[] }).messages[0]
    .content;
  expect(prompt).toContain('{"claims": ["..."], "implications": ["..."]}');
});

test('401: clear message, key scrubbed from the provider text, Retry works, nothing lost', async ({
  page,
}) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  openai.queue({ kind: 'status', status: 401 });
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'auth');
  await expect(errorBox(page)).toContainText('rejected the API key (401)');
  // The stub echoed the key back, as providers do; the page must not show it.
  await expect(errorBox(page)).toContainText('Incorrect API key provided: [key hidden]');
  expect(await page.locator('body').innerText()).not.toContain(KEY);
  await expectKept(page, openai.baseUrl, 'gpt-stub');
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('429 with Retry-After: shows a countdown and retries by itself when the wait is over', async ({
  page,
}) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  openai.queue({ kind: 'status', status: 429, retryAfter: '2' });
  const t0 = Date.now();
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'rate-limit');
  await expect(errorBox(page)).toContainText(
    'Rate limited by the provider (429). It asks to wait 2 s.',
  );
  await expect(page.getByTestId('claims-countdown')).toContainText(
    /Retrying automatically in [12] s/,
  );
  await expect(errorBox(page).getByRole('button', { name: 'Retry now' })).toBeVisible();
  await expectKept(page, openai.baseUrl, 'gpt-stub');
  await expectSuccess(page);
  expect(openai.requests).toHaveLength(2);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
});

test('429: the automatic retry can be cancelled, then retried by hand', async ({ page }) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  openai.queue({ kind: 'status', status: 429, retryAfter: '30' });
  await generate(page);
  await expect(page.getByTestId('claims-countdown')).toBeVisible();
  await errorBox(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('claims-countdown')).toHaveCount(0);
  await expect(errorBox(page)).toContainText('Automatic retry cancelled');
  expect(openai.requests).toHaveLength(1);
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('500: server error message, Retry works', async ({ page }) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  openai.queue({ kind: 'status', status: 500 });
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'server');
  await expect(errorBox(page)).toContainText('server error (500)');
  await expectKept(page, openai.baseUrl, 'gpt-stub');
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('a provider that never answers times out with a clear message; Retry works', async ({
  page,
}) => {
  await configure(page, {
    provider: 'Anthropic',
    baseUrl: anthropic.baseUrl,
    model: 'claude-stub',
    key: KEY,
    timeoutSec: 2,
  });
  anthropic.queue({ kind: 'never' });
  await generate(page);
  await expect(page.getByRole('progressbar', { name: 'Time waited for the model' })).toBeVisible();
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'timeout', { timeout: 10_000 });
  await expect(errorBox(page)).toContainText('No answer within 2 s');
  await expectKept(page, anthropic.baseUrl, 'claude-stub');
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('garbage (not JSON) and prose (nothing parsable): raw text shown, nothing added, Retry works', async ({
  page,
}) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  openai.queue({ kind: 'garbage' }, { kind: 'prose' });
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'malformed');
  await expect(errorBox(page)).toContainText('not with JSON. Nothing was parsed');
  await expect(page.getByTestId('claims-raw')).toContainText(
    '502 Bad Gateway from a proxy <b>not JSON</b>',
  );
  await expect(page.getByTestId('added-refs').getByRole('listitem')).toHaveCount(0);

  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expect(errorBox(page)).toContainText('no claims or implications could be read');
  await expect(page.getByTestId('claims-raw')).toHaveText(
    'I looked at the change and it seems fine overall.',
  );
  await expect(page.getByTestId('added-refs').getByRole('listitem')).toHaveCount(0);
  await expectKept(page, openai.baseUrl, 'gpt-stub');

  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('network error (nothing listening) names the server and offers Retry', async ({ page }) => {
  const gone = await startLlmStub('openai');
  const deadUrl = gone.baseUrl;
  await gone.close();
  await configure(page, { provider: 'OpenAI', baseUrl: deadUrl, model: 'gpt-stub', key: KEY });
  await generate(page);
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'network');
  await expect(errorBox(page)).toContainText(`Could not reach ${new URL(deadUrl).origin}`);
  await expectKept(page, deadUrl, 'gpt-stub');
  await page.getByLabel('Base URL').fill(openai.baseUrl);
  // The key was typed for the dead server's port: it goes to the new one only once the user says so.
  await page.getByTestId('llm-key-confirm').click();
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('Cancel stops a running request', async ({ page }) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
    timeoutSec: 120,
  });
  openai.queue({ kind: 'never' });
  await generate(page);
  await expect(page.getByText(/Waiting for gpt-stub/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(errorBox(page)).toHaveAttribute('data-kind', 'cancelled');
  await expect(errorBox(page)).toContainText('Cancelled');
  await expectKept(page, openai.baseUrl, 'gpt-stub');
  await errorBox(page).getByRole('button', { name: 'Retry' }).click();
  await expectSuccess(page);
});

test('the key stays out of localStorage unless "Remember on this device" is ticked; unticking deletes it', async ({
  page,
}) => {
  const storage = () => page.evaluate(() => JSON.stringify({ ...localStorage }));
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  await generate(page);
  await expectSuccess(page);
  expect(await storage()).not.toContain(KEY);
  expect(await storage()).toContain('gpt-stub'); // other settings do persist
  await expect(page.getByText('The key is kept in memory only')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Model')).toHaveValue('gpt-stub');
  await expect(page.getByLabel('API key')).toHaveValue('');

  await openLlmSettings(page);
  await page.getByLabel('API key').fill(KEY);
  await page.getByLabel('Remember on this device').check();
  await expect(page.getByRole('note')).toContainText('saved unencrypted');
  expect(await storage()).toContain(KEY);
  await page.reload();
  await expect(page.getByLabel('API key')).toHaveValue(KEY);

  await page.getByLabel('Remember on this device').uncheck();
  expect(await storage()).not.toContain(KEY);
  await page.reload();
  await expect(page.getByLabel('API key')).toHaveValue('');
  expect(page.url()).not.toContain(KEY);
});

// The analyzers' browser client is written by the analyzers work (issue 5); until it exists the panel
// must say so instead of failing. Exactly one of the next two tests runs.
const hasAnalyzerClient = existsSync(resolve(process.cwd(), 'src/analyzers/client.ts'));

test('without the analyzers client, the button still runs the LLM and says the analyzer is unavailable', async ({
  page,
}) => {
  test.skip(
    hasAnalyzerClient,
    'src/analyzers/client.ts exists: the next test covers real analyzer output',
  );
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  await page.getByLabel('Language').fill('javascript');
  await generate(page);
  await expect(page.getByTestId('claims-summary')).toHaveText(
    'LLM: 2 claims, 2 implications · JSHint: failed (not available in this build)',
  );
  await expect(page.getByTestId('added-refs').getByRole('listitem')).toHaveCount(4);
});

test('with no LLM set up, the button says so and runs only the analyzers', async ({ page }) => {
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: '',
  });
  await page.getByLabel('Language').fill('javascript');
  await generate(page);
  await expect(page.getByTestId('claims-summary')).toContainText('LLM: not set up');
  await expect(page.getByTestId('claims-summary')).toContainText('JSHint:');
  expect(openai.requests).toHaveLength(0);
});

test('one button runs the LLM and the analyzer that fits the language, and says what each added', async ({
  page,
}) => {
  test.skip(!hasAnalyzerClient, 'src/analyzers/client.ts is not written yet');
  await configure(page, {
    provider: 'OpenAI',
    baseUrl: openai.baseUrl,
    model: 'gpt-stub',
    key: KEY,
  });
  await page.getByLabel('Language').fill('javascript');
  await page.getByLabel('Diff').fill('@@ -1,2 +1,2 @@\n var a = 1;\n-var b = 2;\n+var b = 2');
  await generate(page);
  await expect(page.getByTestId('claims-summary')).toHaveText(
    'LLM: 2 claims, 2 implications · JSHint: 1 issue',
  );
  const added = page.getByTestId('added-refs').getByRole('listitem');
  await expect(added).toHaveCount(5);
  await expect(added.filter({ hasText: 'JSHint · issue' })).toHaveText([/Missing semicolon/]);
});
