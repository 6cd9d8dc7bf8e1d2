// Issue 35 in the browser: Research's LLM links without a key plan nothing and ask nothing (no "Send N requests?"):
// the panel says once what is missing and offers the in-browser model. With a key, against the stub where some
// requests fail and two systems wrote the same review, the counts agree: requests planned = sent, failed requests
// counted as requests, failed reviews as reviews.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { llmStubForFile } from './helpers-llm';
import { diagonalResponder } from './stubs/linksStub';

const stub = llmStubForFile('openai', (s) => {
  s.respond = diagonalResponder();
});
const KEY = 'sk-keys-e2e-SECRET-0123456789abcdef';

/** `changes` changes reviewed by gpt, knn and copy; copy wrote gpt's review word for word (one prompt for both). */
function dataset(changes: number): string {
  const lines: string[] = [];
  for (let i = 0; i < changes; i++) {
    const pseudoRefs = [1, 2].map((k) => ({ no: k, type: 'claim', text: `Change ${i} alters part ${k} of the parser.`, necessary: 1 }));
    const gpt = `Remark 1 of gpt on change ${i}. Remark 2 of gpt on change ${i}`;
    const reviews = [
      { system: 'gpt3.5_pred', review: gpt },
      { system: 'knn_pred', review: `Remark 1 of knn on change ${i}` },
      { system: 'copy_pred', review: gpt },
    ].map((r, s) => ({ ...r, con: 1 + ((i + s) % 5), comp: 1 + ((i * s) % 5), rel: 1 + ((i + 2 * s) % 5) }));
    lines.push(JSON.stringify({ id: `py-${i}`, lang: 'py', index: i, diff: `@@ -1 +1 @@\n-x = ${i}\n+x = ${i + 1}`, pseudo_refs: pseudoRefs, reviews }));
  }
  return `${lines.join('\n')}\n`;
}

async function openWithLinks(page: Page, changes: number) {
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'keys.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(dataset(changes)) });
  await expect(page.getByTestId('import-rows')).toHaveText(String(changes));
  await page.getByTestId('research-similarity').selectOption('llm-links');
  const panel = page.getByTestId('links-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('LLM links without a key: nothing planned or asked, what is missing said once, the in-browser model offered', async ({ page }, info) => {
  // 60 reviews: with a key this asks before sending; without one there is nothing to confirm.
  const panel = await openWithLinks(page, 20);
  const missing = panel.getByTestId('links-missing');
  await expect(missing).toContainText('Before any request: OpenAI needs an API key.');
  await expect(missing).toContainText('in-browser model');
  await expect(panel.getByText('needs an API key')).toHaveCount(1);
  await expect(panel.getByTestId('links-plan')).toHaveCount(0);
  await expect(page.getByTestId('research-run')).toBeDisabled();
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await missing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.LINKS_SHOTS ?? info.outputPath(), `llm-links-no-key-${w}x${h}.png`) });
  }
  await page.getByTestId('research-run').click({ force: true });
  await expect(panel.getByTestId('links-confirm')).toHaveCount(0);
  await expect(panel.getByTestId('links-progress')).toHaveCount(0);

  // A cloud API typed as "Other OpenAI-compatible" needs its key too.
  await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
  await panel.getByLabel('Base URL').fill('https://api.openai.com/v1');
  await expect(missing).toContainText('api.openai.com needs an API key.');
  await expect(page.getByTestId('research-run')).toBeDisabled();

  // The offer: one click picks the in-browser model, which needs no key; the plan follows.
  await missing.getByTestId('links-missing-in-browser').click();
  await expect(panel.getByLabel('Provider', { exact: true })).toHaveValue('browser');
  await expect(panel.getByTestId('links-missing')).toHaveCount(0);
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '40');
  await expect(page.getByTestId('research-run')).toBeEnabled();
  expect(stub.count).toBe(0);
});

test('LLM links with some requests failing: requests planned, sent and failed agree; reviews counted apart', async ({ page }) => {
  // py-1's two prompts are refused (400, not retried): 2 requests fail, 3 reviews (copy shares gpt's request).
  stub.respond = (req) => (JSON.stringify(req.body).includes('on change 1.') || JSON.stringify(req.body).includes('on change 1\\n') ? { kind: 'status', status: 400 } : diagonalResponder()(req));
  const panel = await openWithLinks(page, 4);
  await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
  await panel.getByLabel('Base URL').fill(stub.baseUrl);
  await panel.getByLabel('Model').fill('stub-links');
  await panel.getByLabel('API key (optional)').fill(KEY);
  // 12 reviews, 8 prompts: copy_pred's review is gpt's.
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '8');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  const progress = panel.getByTestId('links-progress');
  await expect(progress).toHaveAttribute('data-requests', '8');
  await expect(progress).toHaveAttribute('data-requests-failed', '2');
  await expect(progress).toHaveAttribute('data-failed', '3');
  await expect(progress).toContainText('12 / 12 reviews');
  await expect(progress).toContainText('8 requests sent, 2 failed · 3 reviews failed');
  expect(stub.count).toBe(8);
  await expect(panel.getByTestId('links-failures').locator('tbody tr')).toHaveCount(3);
});

test('pseudo-references without a key: the same check, said once instead of the plan, and Generate off', async ({ page }) => {
  const rows = [0, 1].map((i) => JSON.stringify({ id: `py-${i}`, lang: 'py', index: i, diff: `@@ -1 +1 @@\n-x = ${i}\n+x = ${i + 1}`, pseudo_refs: [], reviews: [{ system: 'gpt3.5_pred', review: `Why ${i}?`, con: 3, comp: 3, rel: 3 }] }));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'no-refs.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(`${rows.join('\n')}\n`) });
  const panel = page.getByTestId('pseudo-refs-panel');
  const missing = panel.getByTestId('prefs-missing');
  await expect(missing).toContainText('Before any request: OpenAI needs an API key.');
  await expect(panel.getByTestId('prefs-plan')).toHaveCount(0);
  await expect(panel.getByTestId('prefs-generate')).toBeDisabled();
  // Analyzer issues need no LLM: no note, and Generate is on.
  await panel.getByRole('radio', { name: /^Analyzer issues/ }).check();
  await expect(missing).toHaveCount(0);
  await expect(panel.getByTestId('prefs-generate')).toBeEnabled();
  expect(stub.count).toBe(0);
});
