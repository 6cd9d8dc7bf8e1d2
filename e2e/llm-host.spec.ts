// The LLM key goes to the host it was entered for and nowhere else, in real Chromium against stubs on 127.0.0.1:
// a base URL that redirects to another port is not followed (Anthropic's x-api-key used to go on with the prompt,
// since fetch strips only Authorization on a cross-origin hop), and a key typed for one base URL waits for the
// user's say after the base URL moves to another host (the GitHub token's rule).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLlmStub, type LlmStub } from './stubs/llmStub';
import { openLlmSettings } from './helpers-workbench.ts';

const KEY = 'sk-e2e-HOST-SECRET-0a1b2c3d4e5f6789';
const PAGE = '/e2e-claims.html';
const DIFF = '@@ -1,2 +1,2 @@\n def get(self, key):\n-    return self.store[key]\n+    return self.store.get(key)';

const stubs: LlmStub[] = [];
const start = async (protocol: 'openai' | 'anthropic') => {
  const s = await startLlmStub(protocol);
  stubs.push(s);
  return s;
};
test.afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

const generate = (page: Page) => page.getByRole('button', { name: 'Generate pseudo-references' }).click();
const host = (s: LlmStub) => new URL(s.baseUrl).host;

async function open(page: Page) {
  await page.goto(PAGE);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await openLlmSettings(page);
  await page.getByLabel('Diff').fill(DIFF);
}

for (const [protocol, label] of [['anthropic', 'Anthropic'], ['openai', 'OpenAI']] as const) {
  test(`${label}: a base URL answering 307 to another port is not followed; the other host hears nothing`, async ({ page }) => {
    const base = await start(protocol);
    const other = await start(protocol);
    base.fallback = { kind: 'redirect', location: `${other.baseUrl}/${protocol === 'openai' ? 'chat/completions' : 'messages'}` };
    await open(page);
    await page.getByLabel('Provider').selectOption({ label });
    await page.getByLabel('Base URL').fill(base.baseUrl);
    await page.getByLabel('Model').fill('m');
    await page.getByLabel('API key').fill(KEY);
    await generate(page);
    const err = page.getByTestId('claims-error');
    await expect(err).toHaveAttribute('data-kind', 'config');
    await expect(err).toContainText(`${host(base)} answered with a redirect (the browser does not say to where); it was not followed, so neither the key nor the prompt went there.`);
    await expect(err.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(base.count).toBe(1);
    expect(base.requests.at(-1)!.headers[protocol === 'openai' ? 'authorization' : 'x-api-key']).toBe(protocol === 'openai' ? `Bearer ${KEY}` : KEY);
    expect(other.seen).toBe(0); // not even a CORS preflight
  });
}

test('a key typed for OpenAI is not sent to a local server the base URL is changed to, until the user confirms that host', async ({ page }, info) => {
  const local = await start('openai');
  const next = await start('openai');
  await open(page);
  await page.getByLabel('Provider').selectOption({ label: 'OpenAI' });
  await page.getByLabel('API key').fill(KEY); // for https://api.openai.com/v1
  await expect(page.getByTestId('llm-key-host')).toHaveCount(0);
  await page.getByLabel('Base URL').fill(local.baseUrl);
  await page.getByLabel('Model').fill('m');
  const note = page.getByTestId('llm-key-host');
  await expect(note).toContainText(`This key was entered for api.openai.com; it is not sent to ${host(local)} unless you confirm (or enter it again).`);
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.HOST_SHOTS ?? info.outputPath(), `llm-key-host-${w}x${h}.png`) });
  }
  await generate(page);
  await expect(page.getByTestId('claims-summary')).toContainText(`LLM: not asked: the key was entered for api.openai.com (confirm ${host(local)} in the LLM settings)`);
  expect(local.seen).toBe(0);

  await page.getByTestId('llm-key-confirm').click();
  await expect(note).toHaveCount(0);
  await generate(page);
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 2 implications');
  expect(local.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);

  // Another port is another host: asked again. Typing the key again binds it to the host as it is now.
  await page.getByLabel('Base URL').fill(next.baseUrl);
  await expect(note).toContainText(`entered for ${host(local)}; it is not sent to ${host(next)}`);
  await page.getByLabel('API key').fill('');
  await page.getByLabel('API key').fill(KEY);
  await expect(note).toHaveCount(0);
  await generate(page);
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 2 implications');
  expect(next.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);
  expect(local.count).toBe(1);
});
