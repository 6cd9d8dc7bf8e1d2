// Issue 9, security, in real Chromium: hostile text in every input renders as inert text under the CSP, and the
// API key stays out of storage (unless opted in), exported files, URLs and the console.
// Tripwires (e2e/guards.ts): a payload that ran would set window.__xss or open a dialog; one that became markup
// would leave an element with a marked id, an inline handler or a javascript: URL; the CSP would report it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { expectNoScriptRan, installGuards, MARK, payloads } from './guards';
import { llmStubForFile } from './helpers-llm';
import { startLlmStub } from './stubs/llmStub';
import { researchView } from './helpers-research';
import { openLlmSettings, sessionAction } from './helpers-workbench.ts';
import { everythingStored } from './helpers-stored';

const KEY = 'sk-e2e-SECURITY-7a6b5c4d3e2f1a0b';

const stub = llmStubForFile('openai', (s) => {
  s.fallback = { kind: 'ok' };
});

const hostileDiff = (where: string) =>
  [
    '--- a/x.js',
    '+++ b/x.js',
    '@@ -1,2 +1,2 @@',
    ...payloads(where)
      .slice(0, 2)
      .map((p) => ` ${p}`),
    `-${payloads(where)[2]}`,
    `+${payloads(where)[3]}`,
  ].join('\n') + '\n';
const hostileReview = (where: string) => payloads(where).join('. ');

async function freshSession(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await page.getByTestId('session-new').click();
  await expect(page.getByTestId('not-scorable')).toBeVisible();
}

/** The LLM settings of the workbench's claims panel (the embedding panel has its own "model"). */
const llm = (page: Page) => page.locator('details.claims-settings');

async function setUpLlm(page: Page, key = KEY) {
  await openLlmSettings(page);
  await llm(page).getByLabel('Provider').selectOption({ label: 'OpenAI' });
  await llm(page).getByLabel('Base URL').fill(stub.baseUrl);
  await llm(page).getByLabel('Model', { exact: true }).fill('gpt-stub');
  await llm(page).getByLabel('API key').fill(key);
}

const saved = async (d: Promise<Download>) => fs.readFileSync((await (await d).path())!, 'utf8');

test('the guards catch a payload that does become markup (control)', async ({ page }) => {
  const { dialogs } = await installGuards(page);
  await page.goto('/');
  await page.evaluate((html) => {
    const div = document.createElement('div');
    div.innerHTML = html;
    document.body.append(div);
  }, payloads('control').join(''));
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __injected: string[]; __violations: string[] }).__injected.length,
      ),
    )
    .toBeGreaterThan(3);
  // Under the CSP the inline handlers are refused (and reported), so nothing runs even then.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.length),
    )
    .toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss: string | null }).__xss),
  ).toBeNull();
  expect(dialogs).toEqual([]);
});

test('workbench: payloads in the diff, review, pseudo-references and session name stay text', async ({
  page,
}) => {
  const { dialogs } = await installGuards(page);
  await page.setViewportSize({ width: 1480, height: 1000 });
  await freshSession(page);
  await page.getByTestId('diff-input').fill(hostileDiff('diff'));
  await expect(page.getByTestId('diff-summary')).toContainText('1 hunk');
  // The code view (Monaco) shows the payloads as code.
  await expect(page.getByTestId('monaco-diff')).toContainText(`${MARK}-diff-svg`, {
    timeout: 60_000,
  });
  await page.getByTestId('review-input').fill(hostileReview('review'));
  await page.getByTestId('pref-new-text').fill(payloads('pref').join('\n'));
  await page.getByTestId('pref-add').click();
  await expect(page.getByTestId('pref-item')).toHaveCount(payloads('pref').length);
  await page.getByTestId('similarity-lexical').click();
  await expect(page.getByTestId('score-cards')).toBeVisible();
  await expect(page.getByTestId('review-sentence').first()).toContainText(
    `<img src=x id="${MARK}-review-img"`,
  );
  await expect(page.getByTestId('pref-items')).toContainText(`<script id="${MARK}-pref-script">`);
  // Hovering the matrix shows both texts in the tooltip.
  const box = (await page.getByTestId('heatmap').boundingBox())!;
  await page.mouse.move(box.x + 36 + 10, box.y + 22 + 8);
  await expect(page.getByTestId('heatmap-tooltip')).toContainText(MARK);
  await page.mouse.move(0, 0);
  // The session name.
  await sessionAction(page, 'session-rename');
  await page.getByTestId('session-rename-input').fill(payloads('name')[0]);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="session-item"][data-active]')).toContainText(
    `${MARK}-name-img`,
  );
  await expectNoScriptRan(page, dialogs);
});

test('LLM output and provider error text with payloads stay text', async ({ page }) => {
  const { dialogs } = await installGuards(page);
  await freshSession(page);
  await page.getByTestId('diff-input').fill(hostileDiff('llmdiff'));
  await setUpLlm(page);
  const answer = [
    '1. ' + payloads('llm').slice(0, 4).join(' '),
    '2. ' + payloads('llm')[5],
    '',
    'Implications:',
    '1. ' + payloads('llm').slice(6).join(' '),
  ].join('\n');
  stub.queue(
    {
      kind: 'status',
      status: 500,
      body: JSON.stringify({ error: { message: payloads('err').join(' ') } }),
    },
    { kind: 'ok', text: answer },
  );
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  const err = page.getByTestId('claims-error');
  await expect(err).toHaveAttribute('data-kind', 'server');
  await expect(err).toContainText(`${MARK}-err-img`);
  await err.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('claims-raw')).toContainText(`${MARK}-llm-svg`);
  await expect(page.getByTestId('pref-items')).toContainText(`${MARK}-llm-iframe`);
  await expect(page.getByTestId('claims-prompt')).toContainText(`${MARK}-llmdiff-svg`);
  await expectNoScriptRan(page, dialogs);
});

test('research: payloads in CSV cells (diff, review, system, pseudo-references, a bad score) stay text, also in the SVG export', async ({
  page,
}) => {
  const { dialogs } = await installGuards(page);
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const evil = payloads('csv');
  const rows = [
    [
      'r1',
      hostileDiff('csvdiff'),
      `Fine. ${evil[0]}`,
      evil[2],
      JSON.stringify([evil[1], 'The value changes.']),
      4,
      3,
      3,
    ],
    ['r1', hostileDiff('csvdiff'), 'The value changes.', 'plain_pred', '', 2, 2, 2],
    [
      'r2',
      '@@ -1 +1 @@\n-a\n+b',
      evil[3],
      evil[2],
      JSON.stringify(['a becomes b', evil[5]]),
      5,
      5,
      5,
    ],
    ['r2', '@@ -1 +1 @@\n-a\n+b', 'a becomes b', 'plain_pred', '', 3, 3, 3],
    ['r3', '@@ -1 +1 @@\n-c\n+d', 'bad row', 'plain_pred', '', evil[6], 1, 1],
  ];
  const csv =
    [
      'id,diff,review,system,pseudo_refs,con,comp,rel',
      ...rows.map((r) => r.map((v) => q(String(v))).join(',')),
    ].join('\n') + '\n';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-xss-')), 'hostile.csv');
  fs.writeFileSync(file, csv);
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('import-rows')).toHaveText('2');
  await expect(page.getByTestId('import-error-table')).toContainText('con "');
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  await researchView(page, 'explore');
  await expect(page.getByTestId('leaderboard')).toContainText(`${MARK}-csv-svg`);
  await expect(page.getByTestId('examples')).toContainText(`${MARK}-csv-img`);
  // Charts and their SVG export: system names are SVG text, never elements.
  await researchView(page, 'exports');
  const dl = page.waitForEvent('download');
  await page.getByTestId('export-svg').click();
  const svg = await saved(dl);
  const exported = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const all = [...doc.querySelectorAll('*')];
    return {
      parsed: doc.documentElement.nodeName,
      bad: all.filter(
        (el) =>
          /^(script|img|iframe|foreignObject)$/i.test(el.nodeName) ||
          el.id.startsWith('xssmark') ||
          [...el.attributes].some((a) => /^on/i.test(a.name)),
      ).length,
    };
  }, svg);
  expect(exported).toEqual({ parsed: 'svg', bad: 0 });
  // Opening an example puts the hostile diff and review into the workbench, still as text.
  await researchView(page, 'explore');
  await page.getByTestId('example-row').filter({ hasText: MARK }).first().click();
  await expect(page).toHaveURL(/#workbench/);
  await expect(page.getByTestId('review-sentences')).toContainText(MARK);
  await expectNoScriptRan(page, dialogs);
});

test('an imported session file full of payloads stays text', async ({ page }) => {
  const { dialogs } = await installGuards(page);
  const evil = payloads('session');
  const session = {
    format: 'crscore-studio/session',
    version: 1,
    session: {
      name: evil[0],
      input: {
        mode: 'diff',
        diff: hostileDiff('sessiondiff'),
        oldCode: '',
        newCode: '',
        fileName: evil[3],
        language: 'javascript',
      },
      review: evil.join('. '),
      pseudoReferences: evil.map((text, k) => ({
        text,
        kind: k % 2 ? 'claim' : 'issue',
        source: evil[4],
        readable: evil[1],
        line: 1,
      })),
      tau: 0.5,
      similarity: 'lexical',
      splitMode: 'improved',
      note: evil[2],
    },
  };
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-xss-')),
    'hostile.crscore.json',
  );
  fs.writeFileSync(file, JSON.stringify(session));
  await page.goto('/');
  await page.getByTestId('session-import-file').setInputFiles(file);
  await expect(page.locator('[data-testid="session-item"][data-active]')).toContainText(
    `${MARK}-session-img`,
  );
  await expect(page.getByTestId('pref-item')).toHaveCount(evil.length);
  await expect(page.getByTestId('review-sentences')).toContainText(MARK);
  await expect(page.getByTestId('monaco-diff')).toContainText(`${MARK}-sessiondiff-svg`, {
    timeout: 60_000,
  });
  await expectNoScriptRan(page, dialogs);
});

test('the API key: not stored unless opted in, never in exports, URLs or the console (401, 500 and network errors included)', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const consoleLines: string[] = [];
  const urls: string[] = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  context.on('request', (r) => urls.push(r.url()));
  page.on('framenavigated', (f) => urls.push(f.url()));
  page.on('worker', (w) => w.on('console', (m) => consoleLines.push(`worker: ${m.text()}`)));

  await freshSession(page);
  await page
    .getByTestId('diff-input')
    .fill('--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n');
  await page.getByTestId('review-input').fill('Why two? Please explain the new value.');
  await setUpLlm(page);
  // The stub echoes the key in its 401 body, as real providers do; then a 500, a dead server, and success.
  stub.queue({ kind: 'status', status: 401 }, { kind: 'status', status: 500 });
  const generate = () => page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  const err = page.getByTestId('claims-error');
  await generate();
  await expect(err).toHaveAttribute('data-kind', 'auth');
  await err.getByRole('button', { name: 'Retry' }).click();
  await expect(err).toHaveAttribute('data-kind', 'server');
  const dead = await startLlmStub('openai');
  await dead.close();
  await llm(page).getByLabel('Base URL').fill(dead.baseUrl);
  // Another port is another host: the key waits for the user's say before it goes there.
  await err.getByRole('button', { name: 'Retry' }).click();
  await expect(err).toHaveAttribute('data-kind', 'config');
  await llm(page).getByTestId('llm-key-confirm').click();
  await generate();
  await expect(err).toHaveAttribute('data-kind', 'network');
  await llm(page).getByLabel('Base URL').fill(stub.baseUrl);
  await llm(page).getByTestId('llm-key-confirm').click();
  await err.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('claims-parsed')).toContainText('Added 2 claims, 2 implications');
  expect(stub.requests.map((r) => r.headers.authorization)).toEqual([
    `Bearer ${KEY}`,
    `Bearer ${KEY}`,
    `Bearer ${KEY}`,
  ]);
  await expect(page.getByTestId('save-status')).toContainText('saved');

  // 1. Storage: nowhere without the opt-in (and the check sees real data: the session is in IndexedDB).
  let stored = await everythingStored(page);
  expect(stored.idb).toContain('Why two?');
  expect(stored.local).toContain('gpt-stub');
  expect(JSON.stringify(stored)).not.toContain(KEY);

  // 2. Exports: the session file, and every research export after a run.
  const sessionFile = page.waitForEvent('download');
  await sessionAction(page, 'session-export');
  const exports = [await saved(sessionFile)];
  await page.getByRole('tab', { name: 'Research' }).click();
  await page
    .getByTestId('research-file')
    .setInputFiles(path.resolve('e2e/fixtures/research-mini.jsonl'));
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('bootstrap-status')).toHaveAttribute('data-status', 'done');
  const tables = ['systems', 'agreement'].flatMap((t) => ['csv', 'markdown', 'latex'].map((f) => `export-${t}-${f}`));
  // Each export where it lives: the files in Exports, the system table in the overview, the agreement table in Explore.
  const viewOf = (id: string) => (id.startsWith('export-systems') ? 'overview' : id.startsWith('export-agreement') ? 'explore' : 'exports');
  for (const id of ['export-json', 'export-csv', 'export-correlations', 'export-svg', ...tables]) {
    if ((await page.getByTestId('research').getAttribute('data-view')) !== viewOf(id)) await researchView(page, viewOf(id));
    const d = page.waitForEvent('download');
    await page.getByTestId(id).click();
    exports.push(await saved(d));
  }
  expect(exports[0]).toContain('Why two?');
  for (const text of exports) expect(text).not.toContain(KEY);

  // 3. With "Remember on this device", the key is in localStorage (that is the opt-in), and still in no export.
  await page.getByRole('tab', { name: 'Workbench' }).click();
  await llm(page).getByLabel('Remember on this device').check();
  stored = await everythingStored(page);
  expect(stored.local).toContain(KEY);
  expect(stored.session + stored.idb + stored.caches + stored.cookie).not.toContain(KEY);
  const again = page.waitForEvent('download');
  await sessionAction(page, 'session-export');
  expect(await saved(again)).not.toContain(KEY);
  await llm(page).getByLabel('Remember on this device').uncheck();
  expect(JSON.stringify(await everythingStored(page))).not.toContain(KEY);

  // 4. URLs and the console, over everything above.
  expect(urls.length).toBeGreaterThan(5);
  expect(urls.join('\n')).not.toContain(KEY);
  expect(stub.requests.map((r) => r.url).join('\n')).not.toContain(KEY);
  expect(consoleLines.some((l) => /401|500|Failed|ERR_/.test(l))).toBe(true); // the errors did reach the console
  expect(consoleLines.join('\n')).not.toContain(KEY);
  expect(await page.locator('body').innerText()).not.toContain(KEY);
});
