// Issue 22, part 3, in the browser: a researcher scores a dataset with the LLM matcher (llm-links) against an
// OpenAI-compatible server (the project's stub, which reads each prompt and links sentence k to pseudo-reference k,
// so every score is known). The plan and the confirmation above 50 requests, the scores, τ without effect, the
// second run and a reload served from the answer cache (stub count unchanged), the editable prompt, and a review
// whose answer cannot be read listed as failed.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';
import { chooseLocalModel, countGenerations } from './helpers-local-llm';
import { startLlmStub, type LlmStub } from './stubs/llmStub';
import { diagonalResponder } from './stubs/linksStub';

const SYSTEMS = ['gpt3.5_pred', 'knn_pred', 'lstm_pred', 'magicoder_pred', 'codereviewer_pred'];
const CHANGES = 12;
const KEY = 'sk-links-e2e-SECRET-0123456789abcdef';

/** A generated dataset: change i has 1 + i % 4 pseudo-references; its review by system s has 1 + (i + s) % 3 sentences. */
function dataset(): { jsonl: string; expected: { con: number; comp: number }[] } {
  const lines: string[] = [];
  const expected: { con: number; comp: number }[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const P = 1 + (i % 4);
    const pseudoRefs = Array.from({ length: P }, (_, k) => ({ no: k + 1, type: 'claim', text: `Change ${i} alters part ${k + 1} of the parser.`, necessary: 1 }));
    const reviews = SYSTEMS.map((system, s) => {
      const R = 1 + ((i + s) % 3);
      expected.push({ con: Math.min(P, R) / R, comp: Math.min(P, R) / P });
      const review = Array.from({ length: R }, (_, k) => `Remark ${k + 1} of ${system} on change ${i}`).join('. ');
      return { system, review, con: 1 + ((i + s) % 5), comp: 1 + ((i * s) % 5), rel: 1 + ((i + 2 * s) % 5) };
    });
    lines.push(JSON.stringify({ id: `py-${i}`, lang: 'py', index: i, diff: `@@ -1 +1 @@\n-x = ${i}\n+x = ${i + 1}`, pseudo_refs: pseudoRefs, reviews }));
  }
  return { jsonl: `${lines.join('\n')}\n`, expected };
}

let stub: LlmStub;
test.beforeAll(async () => {
  stub = await startLlmStub('openai');
});
test.afterAll(async () => {
  await stub.close();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
  stub.count = 0;
  stub.maxInFlight = 0;
  stub.requests.length = 0;
  stub.respond = diagonalResponder();
});

async function openWithLinks(page: Page, jsonl: string) {
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'generated-links.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(jsonl) });
  await expect(page.getByTestId('import-rows')).toHaveText(String(CHANGES));
  await page.getByTestId('research-similarity').selectOption('llm-links');
  const panel = page.getByTestId('links-panel');
  await expect(panel).toBeVisible();
  await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
  await panel.getByLabel('Base URL').fill(stub.baseUrl);
  await panel.getByLabel('Model').fill('stub-links');
  await panel.getByLabel('API key (optional)').fill(KEY);
  return panel;
}

type Store = { getState(): { analysis: { scores: { con: Float64Array; comp: Float64Array } } | null; results: { config: { similarity: string } } | null } };
const scores = (page: Page) =>
  page.evaluate(() => {
    const s = (globalThis as unknown as { __crscoreResearch: Store }).__crscoreResearch.getState().analysis?.scores;
    // Scores are columns (one Float64Array per dimension): one object per review here, for the comparison.
    return s ? Array.from(s.con, (con, k) => ({ con, comp: s.comp[k] })) : null;
  });

test('llm-links: plan, confirmation above 50, the links make the scores, τ has no effect, the second run and a reload ask nothing', async ({ page }, info) => {
  const { jsonl, expected } = dataset();
  const panel = await openWithLinks(page, jsonl);
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '60');
  await expect(panel.getByTestId('links-plan')).toContainText('you will be asked before they are sent');
  await expect(panel.getByTestId('links-prompt')).toHaveValue(/\{pseudo_references\}/);
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await panel.getByTestId('links-plan').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.LINKS_SHOTS ?? info.outputPath(), `llm-links-run-panel-${w}x${h}.png`) });
  }

  await page.getByTestId('research-run').click();
  await expect(panel.getByTestId('links-confirm')).toContainText('This run sends 60 requests');
  if (process.env.LINKS_SHOTS) await page.screenshot({ path: path.join(process.env.LINKS_SHOTS, 'llm-links-confirm-1440x900.png') });
  expect(stub.count).toBe(0);
  await panel.getByTestId('links-confirm-send').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId('research-results')).toBeVisible();
  expect(stub.count).toBe(60);
  await expect(panel.getByTestId('links-progress')).toContainText('60 / 60 reviews');
  const got = await scores(page);
  expect(got).toHaveLength(expected.length);
  got!.forEach((s, k) => {
    expect(s.con, `review ${k} Con`).toBeCloseTo(expected[k].con, 6);
    expect(s.comp, `review ${k} Comp`).toBeCloseTo(expected[k].comp, 6);
  });
  // τ does nothing here and the view says so.
  await expect(page.getByTestId('research-tau')).toBeDisabled();
  await expect(page.getByTestId('research-tau-value')).toHaveAttribute('data-value', '0.5');
  await expect(page.getByTestId('research-tau-source')).toContainText('τ has no effect on LLM links');
  await expect(page.getByTestId('research-calibration-system')).toBeDisabled();
  if (process.env.LINKS_SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('research-tau').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.LINKS_SHOTS, 'llm-links-results-1440x900.png') });
  }

  // The export records how the links were made, never the key.
  await researchView(page, 'exports');
  const dl = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const exported = fs.readFileSync(await (await dl).path(), 'utf8');
  await researchView(page, 'overview');
  expect(JSON.parse(exported).config).toMatchObject({ similarity: 'LLM links', llmLinks: { model: 'stub-links', prompt: 'default', requests: 60, failedReviews: 0 } });
  expect(exported).not.toContain(KEY);
  expect(JSON.stringify(stub.requests[0].headers)).toContain(KEY);

  // Second run: every answer from the IndexedDB cache, no confirmation, no request.
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '0');
  await page.getByTestId('research-run').click();
  await expect(panel.getByTestId('links-progress')).toContainText('60 from the cache · 0 requests sent');
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  expect(stub.count).toBe(60);
  expect(await scores(page)).toEqual(got);

  // A reload brings the results back from the cache without a request.
  await page.reload();
  await expect(page.getByTestId('research-results')).toBeVisible();
  await expect.poll(() => scores(page)).toEqual(got);
  expect(stub.count).toBe(60);
});

test('llm-links: the prompt is editable and checked; an unreadable answer is listed as a failed review and asked again', async ({ page }) => {
  const { jsonl } = dataset();
  stub.respond = (req) => (JSON.stringify(req.body).includes('Remark 1 of knn_pred on change 3') ? { kind: 'ok', text: 'The review looks fine to me.' } : diagonalResponder()(req));
  const panel = await openWithLinks(page, jsonl);
  const prompt = panel.getByTestId('links-prompt');
  await prompt.fill('Link these.\n{review_sentences}');
  await expect(panel.getByTestId('links-prompt-error')).toContainText('{pseudo_references}');
  await expect(panel.getByTestId('links-plan')).toHaveCount(0);
  await panel.getByTestId('links-prompt-reset').click();
  await expect(panel.getByTestId('links-prompt-error')).toHaveCount(0);
  await expect(prompt).toHaveValue(/Answer with JSON only/);
  await panel.getByTestId('links-concurrency').fill('2');

  await page.getByTestId('research-run').click();
  await panel.getByTestId('links-confirm-send').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  const failures = panel.getByTestId('links-failures');
  await expect(failures).toContainText('py-3 · knn_pred');
  await expect(failures).toContainText('nothing could be read');
  await expect(failures).toContainText('The review looks fine to me.');
  expect(stub.count).toBe(60);
  expect(stub.maxInFlight).toBeLessThanOrEqual(2);

  // Re-run asks only the failed review again (its answer was not cached).
  stub.respond = diagonalResponder();
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '1');
  await page.getByTestId('research-run').click();
  await expect(panel.getByTestId('links-progress')).toContainText('59 from the cache · 1 request sent');
  await expect(panel.getByTestId('links-failures')).toHaveCount(0);
  expect(stub.count).toBe(61);
});

// Plumbing only, not a figure: the generated test model (public/models/tiny-qwen2-claims) always writes claims, never
// links, so every answer is unreadable. It shows the in-browser provider runs llm-links one generation at a time
// through the same batch runner, and that unreadable answers are listed (with the model's text), never cached and
// never scored.
test('llm-links with the in-browser model (WASM): one generation at a time, unreadable answers listed and not cached', async ({ page }) => {
  test.setTimeout(180_000);
  const rows = [0, 1, 2].map((i) =>
    JSON.stringify({
      id: `js-${i}`,
      lang: 'js',
      index: i,
      diff: `@@ -1 +1 @@\n-var a = ${i};\n+let a = ${i};`,
      pseudo_refs: [
        { no: 1, type: 'claim', text: `var becomes let in line ${i}.`, necessary: 1 },
        { no: 2, type: 'claim', text: 'The value is unchanged.', necessary: 1 },
      ],
      reviews: [{ system: 'gpt3.5_pred', review: `Why let here? The value ${i} is fine`, con: 3, comp: 3, rel: 3 }],
    }),
  );
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles({ name: 'tiny-links.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(`${rows.join('\n')}\n`) });
  await expect(page.getByTestId('import-rows')).toHaveText('3');
  await page.getByTestId('research-similarity').selectOption('llm-links');
  const panel = page.getByTestId('links-panel');
  await chooseLocalModel(panel, '/models/tiny-qwen2-claims', { backend: 'wasm', maxNew: 48 });
  await panel.getByTestId('links-concurrency').fill('4');
  await expect(panel).toContainText('this provider takes 1 at a time');
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '3');
  const gen = await countGenerations(page);
  await page.getByTestId('research-run').click();
  // Every review failed: nothing is scored (a failure is never reported as a result), and each is listed.
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'error', { timeout: 150_000 });
  await expect(panel.getByTestId('links-message')).toContainText("Every review's request failed, so nothing was scored");
  expect(await gen()).toMatchObject({ calls: 3, max: 1 });
  const failures = panel.getByTestId('links-failures');
  await expect(failures.locator('tbody tr')).toHaveCount(3);
  await expect(failures).toContainText('nothing could be read');
  // Not cached: the plan still counts 3 requests, and Re-run asks the model again.
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '3');
});
