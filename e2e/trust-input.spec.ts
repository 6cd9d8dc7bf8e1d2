// Issue 27, "a bad input changes nothing" in Chromium: bad weights files (chosen, and saved), bad dataset files
// over a scored dataset, a 1 MB storage quota, a panel and a tab that throw, and CSV cells a spreadsheet would run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { researchView } from './helpers-research';
import { findChromium } from '../scripts/chromium.mjs';
import { hubUnreachable } from './hub';

const FIXTURE = path.resolve('e2e/fixtures/research-mini.jsonl');
const SHIPPED = JSON.parse(fs.readFileSync(path.resolve('src/core/learned/weights.json'), 'utf8')) as Record<string, unknown>;

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** Uncaught errors on the page: none may happen in these tests (a boundary catches what it catches). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function openResearch(page: Page, view = '') {
  await page.goto(view ? `/#research/${view}` : '/#research');
  await expect(page.getByTestId('research')).toBeVisible();
}

const bad = (patch: Record<string, unknown>) => JSON.stringify({ ...SHIPPED, ...patch });
const BAD_WEIGHTS: [string, string, RegExp][] = [
  ['cv-empty.json', bad({ crossValidation: {} }), /"crossValidation\.folds" must be/],
  ['cv-figure.json', bad({ crossValidation: { ...(SHIPPED.crossValidation as object), relSpearman: 'high' } }), /"crossValidation\.relSpearman" must be/],
  ['training.json', bad({ training: { dataset: 'x', reviews: 'many', pairs: 1, linked: 1, changes: 1 } }), /"training\.reviews" must be a whole number/],
  ['mean.json', bad({ mean: (SHIPPED.mean as number[]).map((x, i) => (i === 3 ? null : x)) }), /"mean\[3\]" must be a finite number/],
  ['scale.json', bad({ scale: (SHIPPED.scale as number[]).map((x, i) => (i === 0 ? 0 : x)) }), /"scale\[0\]" must be a positive number/],
  ['threshold.json', bad({ threshold: 2 }), /"threshold" must be a probability/],
  ['not-json.json', '{"format": "crscore-learned-linker", ', /not JSON/],
];

test('each bad weights file gives a clear message and changes nothing; a saved bad one is set aside, not fatal, and reload works', async ({ page }) => {
  const errors = watchErrors(page);
  // The learned linker is a view of its own; the address keeps it through the reloads below.
  await openResearch(page, 'linker');
  const summary = page.getByTestId('linker-summary');
  await expect(summary).toContainText('shipped');
  const before = await summary.textContent();
  for (const [name, text, message] of BAD_WEIGHTS) {
    await page.getByTestId('linker-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(page.getByTestId('linker-error'), name).toContainText(name);
    await expect(page.getByTestId('linker-error'), name).toContainText(message);
    await expect(summary).toHaveText(before!);
  }
  await page.reload();
  await expect(summary).toHaveText(before!);

  // The case that blanked the app: a saved choice that passed the old check but broke the summary on every load.
  await page.evaluate((w) => localStorage.setItem('crscore.linker.v1', JSON.stringify({ name: 'old.json', source: 'file', weights: w })), JSON.parse(bad({ crossValidation: { folds: 5, seed: 1 } })));
  await page.reload();
  await expect(page.getByTestId('research')).toBeVisible();
  await expect(page.getByTestId('linker-error')).toContainText(/saved linker weights could not be used .*"crossValidation\.linkF1".* set aside/);
  await expect(summary).toContainText('shipped');
  const item = page.getByTestId('set-aside-item');
  await expect(item).toContainText('the saved linker weights');
  const dl = page.waitForEvent('download');
  await item.getByTestId('set-aside-download').click();
  const saved = JSON.parse(fs.readFileSync(await (await dl).path(), 'utf8')) as { name: string };
  expect(saved.name).toBe('old.json');
  // Reload works: the bad value is no longer in use, and stays downloadable until discarded.
  await page.reload();
  await expect(summary).toContainText('shipped');
  await expect(page.getByTestId('linker-error')).toHaveCount(0);
  await expect(item).toHaveCount(1);
  await item.getByTestId('set-aside-discard').click();
  await expect(item).toHaveCount(0);
  await page.getByTestId('tab-workbench').click();
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('an empty, binary or wrong-column file imported over a scored dataset changes nothing, through a reload', async ({ page }) => {
  const errors = watchErrors(page);
  await openResearch(page);
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await expect(page.getByTestId('import-rows')).toHaveText('7');
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  const tau = await page.getByTestId('research-tau-value').getAttribute('data-value');
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
  const files = [
    { name: 'empty.jsonl', mimeType: 'application/json', buffer: Buffer.alloc(0) },
    { name: 'image.csv', mimeType: 'text/csv', buffer: binary },
    { name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from('name,age\nada,36\nalan,41\n') },
    { name: 'blank-rows.jsonl', mimeType: 'application/json', buffer: Buffer.from('{"diff": "", "review": ""}\n{"nothing": 1}\n') },
  ];
  for (const f of files) {
    await page.getByTestId('research-file').setInputFiles(f);
    await expect(page.getByTestId('import-rejected'), f.name).toContainText(`${f.name} has no usable row`);
    await expect(page.getByTestId('import-rejected')).toContainText('the dataset below and its results are unchanged');
    await expect(page.getByTestId('import-summary')).toContainText('research-mini.jsonl');
    await expect(page.getByTestId('import-rows')).toHaveText('7');
    await expect(page.getByTestId('research-results')).toBeVisible();
    await expect(page.getByTestId('research-tau-value')).toHaveAttribute('data-value', tau!);
  }
  await page.reload();
  await expect(page.getByTestId('import-summary')).toContainText('research-mini.jsonl');
  await expect(page.getByTestId('import-rows')).toHaveText('7');
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId('research-tau-value')).toHaveAttribute('data-value', tau!);
  await expect(page.getByTestId('restore-note')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('with a 1 MB storage quota, Research says saving failed, and after a reload says the saved dataset is older', async ({ baseURL }) => {
  // Chromium applies Storage.overrideQuotaForOrigin to the default profile only, not to the fresh contexts the
  // page fixture opens: this test runs in a persistent context of its own.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-quota-'));
  const found = findChromium({ env: process.env.CHROMIUM_PATH || undefined, playwright: chromium.executablePath() });
  const ctx = await chromium.launchPersistentContext(dir, { ...(found ? { executablePath: found.path } : {}), args: ['--no-sandbox'] });
  try {
    await hubUnreachable(ctx);
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    // The quota is set before the page first opens its storage.
    const cdp = await ctx.newCDPSession(page);
    const origin = new URL(baseURL!).origin;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 << 20 });
    await page.goto(`${baseURL}/#research`);
    // A small dataset fits and is saved.
    await page.getByTestId('research-file').setInputFiles(FIXTURE);
    await expect(page.getByTestId('import-rows')).toHaveText('7');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('crscore.research.latest-dataset'))).toContain('research-mini.jsonl');
    await expect(page.getByTestId('research-save-error')).toHaveCount(0);
    // A 6 MB dataset does not fit: the write fails, the dataset is on screen all the same, and the panel says so.
    const row = fs.readFileSync(FIXTURE, 'utf8').split('\n')[0];
    // Random file names, so the save cannot be compressed below the quota (Chromium compresses IndexedDB values).
    const big = Array.from({ length: Math.ceil((6 << 20) / (row.length + 2048)) }, (_, i) =>
      row.replace('"py-100"', `"big-${i}"`).replace('"test0_old.py"', `"${randomBytes(1536).toString('base64url')}.py"`),
    ).join('\n');
    await page.getByTestId('research-file').setInputFiles({ name: 'big.jsonl', mimeType: 'application/json', buffer: Buffer.from(big) });
    await expect(page.getByTestId('import-summary')).toContainText('big.jsonl');
    const said = page.getByTestId('research-save-error');
    await expect(said).toContainText('Saving failed in this browser');
    await expect(said).toContainText('the dataset');
    await expect(said).toContainText(/QuotaExceeded/i);
    await page.reload();
    // The older saved copy comes back, labelled as older; it is never shown as if it were big.jsonl.
    await expect(page.getByTestId('restore-note')).toContainText('The dataset opened last (big.jsonl');
    await expect(page.getByTestId('restore-note')).toContainText('could not be saved');
    await expect(page.getByTestId('import-summary')).toContainText('research-mini.jsonl');
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a panel that throws shows its boundary and the rest works; a tab that throws leaves the other tabs working; Reset sets the session aside', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __crscoreThrowIn: string[] }).__crscoreThrowIn = ['panel-linker', 'tab-teach', 'panel-workbench'];
  });
  await openResearch(page);
  // The other panels keep working: the dataset panel reads a file while the linker's view is broken.
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await expect(page.getByTestId('import-rows')).toHaveText('7');
  await page.getByTestId('research-view-linker').click();
  const linker = page.getByTestId('boundary-panel-linker');
  await expect(linker).toContainText('Something in the learned linker panel went wrong');
  await expect(linker.getByTestId('boundary-reset')).toBeVisible();
  await page.getByTestId('research-view-overview').click();
  await expect(page.getByTestId('import-rows')).toHaveText('7');
  await page.getByTestId('research-view-linker').click();
  await page.getByTestId('boundary-panel-linker').getByTestId('boundary-retry').click();
  await expect(page.getByTestId('linker-summary')).toBeVisible();

  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('boundary-tab-teach')).toContainText('Something in the Teach tab went wrong');
  await page.getByTestId('tab-research').click();
  await expect(page.getByTestId('import-rows')).toHaveText('7');

  // The workbench's main panel throws: the session list still works, and Reset sets the open session aside.
  await page.getByTestId('tab-workbench').click();
  const wb = page.getByTestId('boundary-panel-workbench');
  await expect(wb).toBeVisible();
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  const active = (await page.locator('[data-testid="session-item"][data-active]').textContent()) ?? '';
  const before = await page.getByTestId('session-item').count();
  await wb.getByTestId('boundary-reset').click();
  await expect(page.getByTestId('boundary-notice-panel-workbench')).toContainText('was set aside');
  await expect(page.getByTestId('session-item')).toHaveCount(Math.max(1, before - 1));
  const item = page.getByTestId('set-aside-item').first();
  await expect(item).toContainText('the workbench session');
  const dl = page.waitForEvent('download');
  await item.getByTestId('set-aside-download').click();
  const file = JSON.parse(fs.readFileSync(await (await dl).path(), 'utf8')) as { format: string; session: { name: string } };
  expect(file.format).toBe('crscore-studio/session');
  expect(active).toContain(file.session.name);
  await expect(page.getByTestId('diff-input')).toBeVisible();
});

test('CSV exports prefix cells a spreadsheet would run as formulas, and keep negative numbers numbers', async ({ page }) => {
  await openResearch(page);
  const text = fs
    .readFileSync(FIXTURE, 'utf8')
    .replaceAll('"vague_pred"', '"=HYPERLINK(\\"http://evil.test\\",\\"x\\")"')
    .replaceAll('Looks good to me.', '@SUM(1+1)*cmd');
  // The file's name too (issue 38): a line break and a formula land in every CSV's `# dataset:` line.
  const name = 'hostile\n=HYPERLINK("http://evil.test","n"),-2+3+cmd.jsonl';
  await page.getByTestId('research-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-calibration-system').selectOption('good_pred');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  await researchView(page, 'exports');
  const dl = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = fs.readFileSync(await (await dl).path(), 'utf8');
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  expect(csv).toContain(`"'@SUM(1+1)*cmd"`);
  // No cell of the data starts with a formula character unless it is a plain number.
  const lines = csv.split(/\r?\n/).filter((l) => l && !l.startsWith('#'));
  // The columns of `crscore eval --scores-out`: keys, human scores, CRScore, the reference-based metrics computed,
  // the baselines, the review last.
  // CRScore's columns are named by configuration (lexical, τ as calibrated).
  expect(lines[0].replace(/crscore-lexical-t[\d.]+\./g, 'crscore.')).toBe('id,lang,system,human.con,human.comp,human.rel,crscore.con,crscore.comp,crscore.rel,bleu,bleuNoStop,editSim,rougeL,chrf,chrfpp,baseline.length,baseline.random,baseline.constant,review');
  for (const l of lines) for (const cell of l.split(',')) expect(/^[=+@\t\r]|^-(?![\d.])/.test(cell), cell).toBe(false);
  const dlc = page.waitForEvent('download');
  await page.getByTestId('export-correlations').click();
  const corr = fs.readFileSync(await (await dlc).path(), 'utf8');
  expect(corr).toMatch(/^metric,human,n,spearman/m);
  // Every configuration line, in both files: no line and no piece after a separator starts a formula.
  for (const file of [csv, corr]) {
    expect(file).toContain(`# dataset: hostile '=HYPERLINK("http://evil.test","n"),'-2+3+cmd.jsonl`);
    for (const l of file.split(/\r\n|\r|\n/)) {
      expect(l.startsWith('=')).toBe(false);
      if (l.startsWith('#')) for (const piece of l.split(/[,;]/)) expect(/^\s*"*[=+\-@]/.test(piece) && !/^\s*-?\d/.test(piece), piece).toBe(false);
    }
  }
  // Numbers, negative ones included, are never quoted into text.
  const data = (f: string) => f.split('\n').filter((l) => !l.startsWith('#')).join('\n');
  expect(data(corr)).not.toMatch(/'[-+]?\d/);
  expect(data(csv)).not.toMatch(/'[-+]?\d/);
});

test('a damaged session in browser storage is set aside; the workbench opens with the others', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  const count = await page.getByTestId('session-item').count();
  await page.evaluate(
    () =>
      new Promise<void>((res, rej) => {
        const r = indexedDB.open('crscore-studio');
        r.onsuccess = () => {
          const tx = r.result.transaction('sessions', 'readwrite');
          tx.objectStore('sessions').put({ id: 's-broken', name: 'Broken', review: 5, input: 'diff', pseudoReferences: {} });
          tx.oncomplete = () => res();
          tx.onerror = () => rej(tx.error);
        };
      }),
  );
  await page.reload();
  await expect(page.getByTestId('session-item')).toHaveCount(count);
  await expect(page.getByTestId('diff-input')).toBeVisible();
  await expect(page.getByTestId('set-aside-item')).toContainText('a saved workbench session “Broken”');
  await expect(page.getByTestId('set-aside-item')).toContainText('"review" is not a text');
  // Set aside once, not on every load.
  await page.reload();
  await expect(page.getByTestId('set-aside-item')).toHaveCount(1);
  expect(errors).toEqual([]);
});
