// Issue 27 in real Chromium, against the LLM stub on 127.0.0.1: an answer that echoes the API key (as written,
// upper-case, spaced out, base64) leaves it nowhere: not in IndexedDB, Cache Storage, localStorage (unless
// remembered, then only in its one slot), the URL, the share link, the page or any export, after a claims run and an
// llm-links run. A review whose request failed is listed and left out of the scores. Two pages running the same
// batch pay once for each request.
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { researchView, type ResearchViewId } from './helpers-research';
import { everythingStored, shareLinkText } from './helpers-stored';
import { promptOf, STUB_ANSWER } from './stubs/llmStub';
import { llmStubForFile } from './helpers-llm';
import { diagonalLinks } from './stubs/linksStub';
import { openLlmSettings, sessionAction } from './helpers-workbench.ts';

const KEY = 'sk-e2e-ECHO-9f8e7d6c5b4a3f2e1d0c';
const B64 = Buffer.from(`Bearer ${KEY}`).toString('base64');
/** The key as an answer might echo it. */
const ECHO = `(key: ${KEY}; ${KEY.toUpperCase()}; ${[...KEY].join(' ')}; ${B64})`;
/** What must never be found: the key in any case, spaced out, and the core of its base64. */
const traces = (text: string): string[] =>
  [
    text.toLowerCase().includes(KEY.toLowerCase()) && 'the key',
    text.includes([...KEY].join(' ')) && 'the key spaced out',
    text.includes(Buffer.from(KEY).toString('base64').slice(4, -4)) && 'the key in base64',
    text.includes(B64.slice(12, -4)) && 'the header in base64',
  ].filter((x): x is string => Boolean(x));

const SYSTEMS = ['gpt3.5_pred', 'knn_pred', 'lstm_pred', 'magicoder_pred', 'codereviewer_pred'];
const CHANGES = 6;

/** Change i has 1 + i % 3 pseudo-references; every review is distinct (30 prompts, below the confirmation). */
function dataset(): string {
  const lines: string[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const pseudoRefs = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ no: k + 1, type: 'claim', text: `Change ${i} alters part ${k + 1}.`, necessary: 1 }));
    const reviews = SYSTEMS.map((system, s) => ({
      system,
      review: Array.from({ length: 1 + ((i + s) % 3) }, (_, k) => `Remark ${k + 1} of ${system} on change ${i}`).join('. '),
      con: 1 + ((i + s) % 5),
      comp: 1 + ((i * s) % 5),
      rel: 1 + ((i + 2 * s) % 5),
    }));
    lines.push(JSON.stringify({ id: `py-${i}`, lang: 'py', index: i, diff: `@@ -1 +1 @@\n-x = ${i}\n+x = ${i + 1}`, pseudo_refs: pseudoRefs, reviews }));
  }
  return `${lines.join('\n')}\n`;
}

// Claims prompts get claims, links prompts get links; each answer echoes the key.
const stub = llmStubForFile('openai', (s) => {
  s.respond = (req) => {
    const p = promptOf(req);
    return p.includes('Review sentences:')
      ? { kind: 'ok', text: `${diagonalLinks(p)}\n${ECHO}`, delayMs: 30 }
      : { kind: 'ok', text: STUB_ANSWER.replace('unchanged.', `unchanged ${ECHO}.`) };
  };
});

const saved = async (d: Promise<Download>) => fs.readFileSync((await (await d).path())!, 'utf8');
const llm = (page: Page) => page.locator('details.claims-settings');

async function openResearchLinks(page: Page) {
  await page.getByRole('tab', { name: 'Research' }).click();
  await page.getByTestId('research-file').setInputFiles({ name: 'echo-links.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(dataset()) });
  await expect(page.getByTestId('import-rows')).toHaveText(String(CHANGES));
  await page.getByTestId('research-similarity').selectOption('llm-links');
  // The results' links figure shares the test id: the run panel is the div.
  return page.locator('div[data-testid="links-panel"]');
}

test('an answer that echoes the key leaves it in no storage, URL, share link, page or export (claims and llm-links)', async ({ page, context }) => {
  test.setTimeout(240_000);
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  page.on('framenavigated', (f) => urls.push(f.url()));

  // 1. One-diff claims in the workbench: the model's answer echoes the key.
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await page.getByTestId('session-new').click();
  await page.getByTestId('diff-input').fill('--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n');
  await page.getByTestId('review-input').fill('Why two? Please explain the new value.');
  await openLlmSettings(page);
  await llm(page).getByLabel('Provider').selectOption({ label: 'OpenAI' });
  await llm(page).getByLabel('Base URL').fill(stub.baseUrl);
  await llm(page).getByLabel('Model', { exact: true }).fill('gpt-echo');
  await llm(page).getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 2 implications');
  await expect(page.getByTestId('pref-item').filter({ hasText: '[key hidden]' })).toHaveCount(1);
  expect(stub.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
  await expect(page.getByTestId('save-status')).toContainText('saved');
  const exports: [string, string][] = [];
  const sessionFile = page.waitForEvent('download');
  await sessionAction(page, 'session-export');
  exports.push(['session file', await saved(sessionFile)]);
  expect(exports[0][1]).toContain('[key hidden]');
  await page.getByTestId('share-copy').click();
  const link = await page.getByTestId('share-link').inputValue();
  const shared = await shareLinkText(page, link);
  expect(shared).toContain('[key hidden]'); // the link carries the claim, without the key
  exports.push(['share link', link], ['share link text', shared]);

  // 2. llm-links in Research with the same settings: 30 answers, each echoing the key.
  const panel = await openResearchLinks(page);
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '30');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId('bootstrap-status')).toHaveAttribute('data-status', 'done');
  expect(stub.count).toBe(31);
  // Each export sits in its view: the system table in Overview, the agreement table in Explore, the files in Exports.
  const tables = (t: string) => ['csv', 'markdown', 'latex'].map((f) => `export-${t}-${f}`);
  const inViews: [ResearchViewId, string[]][] = [
    ['overview', tables('systems')],
    ['explore', tables('agreement')],
    ['exports', ['export-json', 'export-csv', 'export-correlations', 'export-svg']],
  ];
  for (const [view, ids] of inViews) {
    await researchView(page, view);
    for (const id of ids) {
      const d = page.waitForEvent('download');
      await page.getByTestId(id).click();
      exports.push([id, await saved(d)]);
    }
  }
  await researchView(page, 'links');
  for (const id of ['export-links-csv', 'export-links-markdown', 'export-links-latex']) {
    const button = page.getByTestId(id);
    if (!(await button.count()) || !(await button.isEnabled())) continue;
    const d = page.waitForEvent('download');
    await button.click();
    exports.push([id, await saved(d)]);
  }
  expect(exports.length).toBeGreaterThan(12);
  for (const [name, text] of exports) expect(traces(text), name).toEqual([]);

  // 3. Storage: the answers are cached (the check sees them), the key is not; the URL never had it.
  const stored = await everythingStored(page);
  expect(stored.idb).toContain('[key hidden]');
  expect(stored.idb).toContain('Remark 1 of knn_pred');
  for (const [where, text] of Object.entries(stored)) expect(traces(text), where).toEqual([]);
  expect(urls.length).toBeGreaterThan(5);
  expect(traces(urls.join('\n'))).toEqual([]);
  expect(traces(await page.locator('body').innerText())).toEqual([]);

  // 4. Remembered on this device: the key is in its one localStorage slot and nowhere else.
  await page.getByRole('tab', { name: 'Workbench' }).click();
  await llm(page).getByLabel('Remember on this device').check();
  const remembered = await everythingStored(page);
  const slots = Object.entries(JSON.parse(remembered.local) as Record<string, string>).filter(([, v]) => traces(v).length);
  expect(slots).toHaveLength(1);
  expect(slots[0][1]).toContain(KEY);
  for (const where of ['session', 'cookie', 'idb', 'caches'] as const) expect(traces(remembered[where]), where).toEqual([]);
  await llm(page).getByLabel('Remember on this device').uncheck();
});

test('llm-links: a review whose request failed is listed and left out of the scores, never scored as linking nothing', async ({ page }, info) => {
  const base = stub.respond!;
  stub.respond = (req) => (promptOf(req).includes('Remark 1 of knn_pred on change 2') ? { kind: 'status', status: 400 } : base(req));
  await page.goto('/');
  const panel = await openResearchLinks(page);
  await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
  await panel.getByLabel('Base URL').fill(stub.baseUrl);
  await panel.getByLabel('Model').fill('stub-fail');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  const failures = panel.getByTestId('links-failures');
  await expect(failures).toContainText('py-2 · knn_pred');
  await expect(panel).toContainText('Reviews that failed (1): left out of the scores and of n');
  type Store = { getState(): { analysis: { scores: { rel: Float64Array } } | null; results: { prepared: { items: { rowId: string; system: string }[] } } | null } };
  const state = () =>
    page.evaluate(() => {
      const s = (globalThis as unknown as { __crscoreResearch: Store }).__crscoreResearch.getState();
      return { scores: s.analysis?.scores.rel.length ?? 0, items: s.results?.prepared.items.map((i) => `${i.rowId} · ${i.system}`) ?? [] };
    });
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await failures.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`links-failed-review-${w}x${h}.png`) });
  }
  const got = await state();
  expect(got.scores).toBe(29);
  await expect(page.getByText(/^29 reviews scored \(29 with human scores\)/)).toBeVisible();
  expect(got.items).not.toContain('py-2 · knn_pred');

  // Asked again, it is scored: n comes back to 30.
  stub.respond = base;
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '1');
  await page.getByTestId('research-run').click();
  await expect(panel.getByTestId('links-progress')).toContainText('29 from the cache · 1 request sent');
  await expect.poll(async () => (await state()).scores).toBe(30);
});

test('answer-cache writes the browser refuses are said in the run status, and the next plan still counts them', async ({ page }, info) => {
  // The answer database refuses every write, as IndexedDB does when the quota is reached.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.transaction.db.name === 'crscore-llm-answers') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.goto('/');
  const panel = await openResearchLinks(page);
  await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
  await panel.getByLabel('Base URL').fill(stub.baseUrl);
  await panel.getByLabel('Model').fill('stub-quota');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  const warning = panel.getByTestId('links-cache-unsaved');
  await expect(warning).toHaveAttribute('data-failed', '30');
  await expect(warning).toContainText('30 answers could not be saved in this browser');
  await expect(warning).toContainText('quota has been exceeded');
  await expect(warning).toContainText('a Resume or a reload asks (and pays) for them again');
  // Honest plan: nothing was kept, so all 30 would be asked again.
  await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '30');
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`links-cache-unsaved-${w}x${h}.png`) });
  }
});

test('two pages running the same llm-links batch pay once for each request (Web Locks over one answer cache)', async ({ context }) => {
  test.setTimeout(180_000);
  const base = stub.respond!;
  stub.respond = (req) => ({ ...(base(req) as { kind: 'ok'; text: string }), delayMs: 400 });
  const pages = [await context.newPage(), await context.newPage()];
  const panels = [];
  for (const page of pages) {
    await page.goto('/');
    const panel = await openResearchLinks(page);
    await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
    await panel.getByLabel('Base URL').fill(stub.baseUrl);
    await panel.getByLabel('Model').fill('stub-two-tabs');
    await expect(panel.getByTestId('links-plan')).toHaveAttribute('data-requests', '30');
    panels.push(panel);
  }
  await Promise.all(pages.map((p) => p.getByTestId('research-run').click()));
  for (const page of pages) await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  // Thirty distinct prompts, each answered once, whichever page asked it.
  expect(stub.count).toBe(30);
  expect(new Set(stub.requests.map(promptOf)).size).toBe(30);
  const sent = await Promise.all(panels.map(async (p) => Number(await p.getByTestId('links-progress').getAttribute('data-requests'))));
  // Which page asks what depends on who takes each lock first; together they asked each prompt once, and each page
  // has every review (the other's answers read from the shared cache). Without the locks the stub counts 60.
  expect(sent[0] + sent[1]).toBe(30);
  for (const p of panels) await expect(p.getByTestId('links-progress')).toContainText('30 / 30 reviews');
});
