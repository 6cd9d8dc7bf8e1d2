// Any human-scored review dataset in Research: GradedReviews' workbook (generated here, in its published layout)
// opens by its header, a binary-labelled CSV through the mapping step, and the meta-evaluation's figures equal
// `crscore eval --dataset FILE … --metaeval --json` on the same file; a mapping saved by header maps the same file
// again. Screenshots of the mapping step and the overview at two sizes (HUMAN_SHOTS=folder).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { setMetrics } from './helpers-lab';
import { researchView } from './helpers-research';
import { gradedReviewsRows, workbook } from '../src/testing/workbook';
import type { MetaEvalReport, MetaRow, AucEstimate } from '../src/core/metaeval/index';

const SHOTS = process.env.HUMAN_SHOTS ? path.resolve(process.env.HUMAN_SHOTS) : null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-human-e2e-'));
const RESAMPLES = '200';

type CliRow = Omit<MetaRow, 'dim'> & { stats: MetaRow['stats'] & { auc?: AucEstimate } };
interface CliOut {
  dataset: { changes: number; reviews: number; systems: string[]; unreadRows: number };
  metaeval: { groupings: Record<'pooled' | 'item' | 'system', { rows: CliRow[] } | { undefined: string }> };
}

async function cli(args: string[]): Promise<CliOut> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'eval', ...args, '--metaeval', '--json', '--bootstrap', RESAMPLES, '--seed', '1'], { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 });
  return JSON.parse(stdout) as CliOut;
}

/** The signature `crscore eval … --signature` prints for the same file and configuration, one grouping. */
async function cliSignature(args: string[], grouping: 'none' | 'item' | 'system'): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'eval', ...args, '--grouping', grouping, '--signature', '--bootstrap', RESAMPLES, '--seed', '1'], { encoding: 'utf8', timeout: 240_000 });
  return stdout.trim();
}

/** The browser's signature once its dataset's hash is in: byte for byte the CLI's. */
async function expectSignature(page: Page, args: string[], grouping: 'none' | 'item' | 'system') {
  const want = await cliSignature(args, grouping);
  expect(want).toMatch(/\|map:(layout:graded-reviews|mapping#[0-9a-f]{12})$/);
  await expect(page.getByTestId('me-signature')).toHaveText(want, { timeout: 120_000 });
}

const rowsOf = (g: CliOut['metaeval']['groupings']['pooled']): CliRow[] => {
  if ('undefined' in g) throw new Error(`undefined: ${g.undefined}`);
  return g.rows;
};

/** The report once it is the one asked for: this grouping, RESAMPLES resamples, and the metrics the CLI judged
 *  (a recompute after a setting or a lab column changed may still be on its way). */
async function browserReport(page: Page, grouping: 'none' | 'item' | 'system', rows: readonly CliRow[]): Promise<MetaEvalReport> {
  const ids = rows.map((r) => r.id).sort();
  const current = () =>
    page.evaluate(() => {
      const s = (globalThis as unknown as { __crscoreMetaEval: { getState(): { report: MetaEvalReport | null; status: string } } }).__crscoreMetaEval.getState();
      return { status: s.status, report: s.report };
    });
  await expect
    .poll(async () => {
      const { status, report } = await current();
      return status === 'done' && report !== null && report.grouping === grouping && report.resamples === Number(RESAMPLES) && JSON.stringify(report.rows.map((r) => r.id).sort()) === JSON.stringify(ids);
    }, { timeout: 180_000 })
    .toBe(true);
  return (await current()).report!;
}

/** The browser's rows equal the CLI's, in the CLI's order: CRScore's conciseness, comprehensiveness and relevance
 *  each judged against the dimension, the other metrics and the baselines, every figure and interval. */
function expectSame(browser: MetaEvalReport, rows: readonly CliRow[]) {
  expect(browser.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  for (const row of browser.rows) {
    const c = rows.find((r) => r.id === row.id)!;
    expect(row.n, row.id).toBe(c.n);
    for (const s of ['spearman', 'kendall', 'acc_eq'] as const)
      for (const f of ['value', 'lo', 'hi'] as const) {
        const [a, b] = [row.stats[s][f], c.stats[s][f]];
        if (b === null) expect(Number.isFinite(a), `${row.id} ${s} ${f}`).toBe(false);
        else expect(a, `${row.id} ${s} ${f}`).toBeCloseTo(b, 10);
      }
  }
}

async function shoot(page: Page, testid: string, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1024, 768],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // Scrolled to the top of the window, below the sticky header and view tabs.
    await page.getByTestId(testid).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 110));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function runAndOpenLab(page: Page, metrics: string[]) {
  await expect(page.getByTestId('research-similarity')).toHaveValue('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await researchView(page, 'lab');
  await setMetrics(page, metrics);
  await page.getByTestId('lab-resamples').fill(RESAMPLES);
  await expect(page.getByTestId('metaeval')).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test("GradedReviews' workbook opens by its header; the meta-evaluation equals crscore eval --dataset X.xlsx", async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'dataset.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(40, 3))));
  const args = ['--dataset', file, '--metrics', 'crscore,bleu,chrf', '--pseudo-refs', 'reference'];
  const cliOut = cli(args);
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  const overview = page.getByTestId('human-overview');
  await expect(overview).toContainText("GradedReviews' workbook");
  await expect(page.getByTestId('human-changes')).toHaveText('40');
  await expect(page.getByTestId('human-reviews')).toHaveText('160');
  await expect(page.getByTestId('human-code')).toHaveText('40 with a snippet (not a diff)');
  await expect(page.getByTestId('human-systems')).toContainText("LLaMA-Reviewer (40), Tufano's (40)");
  await expect(page.getByTestId('human-dim-grade')).toContainText('Likert 1–5');
  // The distribution is a picture: a bar per grade, its counts in its label.
  await expect(page.getByTestId('human-dist-grade').locator('rect')).toHaveCount(5);
  await shoot(page, 'human-overview', 'human-overview-gradedreviews');

  await runAndOpenLab(page, ['crscore', 'bleu', 'chrf']);
  await expect(page.getByTestId('me-human-dim')).toHaveValue('grade');
  const out = await cliOut;
  expect(out.dataset).toMatchObject({ changes: 40, reviews: 160, unreadRows: 0 });
  const pooledRows = rowsOf(out.metaeval.groupings.pooled);
  expect(pooledRows.map((r) => r.id)).toEqual(expect.arrayContaining(['crscore.con', 'crscore.comp', 'crscore.rel']));
  expectSame(await browserReport(page, 'none', pooledRows), pooledRows);
  // Each of CRScore's scores by the paper's name, each judged against the dimension, as the CLI names them.
  for (const [d, name] of [['con', 'conciseness'], ['comp', 'comprehensiveness'], ['rel', 'relevance']] as const) {
    await expect(page.getByTestId(`me-row-crscore.${d}`).locator('th')).toHaveText(`CRScore ${name}`);
    expect(pooledRows.find((r) => r.id === `crscore.${d}`)!.label).toBe(`CRScore ${name}`);
  }
  await shoot(page, 'me-table', 'human-metaeval-gradedreviews');
  // The lab's agreement table: one row per metric, against grade; its pooled Spearman is the CLI's.
  for (const id of ['crscore.con', 'crscore.comp', 'bleu']) {
    const cell = page.getByTestId(`lab-${id}-rel-spearman`);
    await expect(cell.locator('xpath=ancestor::tr')).toContainText('grade');
    expect(Number(await cell.getAttribute('data-value'))).toBeCloseTo(pooledRows.find((r) => r.id === id)!.stats.spearman.value!, 10);
  }
  await expect(page.getByTestId('lab-crscore.con-con-spearman')).toHaveCount(0);
  await shoot(page, 'lab-agreement', 'human-lab-agreement');
  // The same configuration, the same signature: the file (name, rows, SHA-256), its layout, the dimension by name,
  // and every metric the table shows (CRScore's configuration, then BLEU and chrF).
  expect(await cliSignature(args, 'none')).toMatch(/^metric:paper\+bleu\+chrf\|/);
  await expectSignature(page, args, 'none');
  await page.getByTestId('me-grouping').selectOption('item');
  await expect(page.getByTestId('me-signature')).toContainText('group:item');
  expectSame(await browserReport(page, 'item', rowsOf(out.metaeval.groupings.item)), rowsOf(out.metaeval.groupings.item));
  await page.getByTestId('me-grouping').selectOption('system');
  await expect(page.getByTestId('me-signature')).toContainText('group:system');
  await expectSignature(page, args, 'system');
  expectSame(await browserReport(page, 'system', rowsOf(out.metaeval.groupings.system)), rowsOf(out.metaeval.groupings.system));
});

const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);

/** Changes of three reviews each, one system, a binary label; the fifth review (line 14) is empty (a row that cannot be read). */
function binaryCsv(): string {
  const lines = ['change,hunk_text,comment,gold,relevant,line_no'];
  const names = ['count', 'total', 'index', 'buffer', 'timeout', 'result', 'offset', 'limit'];
  for (let c = 0; c < 24; c++) {
    const v = names[c % names.length];
    // Two pseudo-references (the reference's sentences), reviews that cover one of them, in one sentence of one or
    // two: CRScore's conciseness and comprehensiveness differ.
    const gold = `Please check ${v} for null before use. The loop overflows on large inputs.`;
    const reviews = [`Check ${v} for null before use.`, `Rename ${v}${c} to something clearer. Also add a test.`, c % 3 ? `Looks fine to me.` : `Looks fine to me. The loop overflows on large inputs.`];
    reviews.forEach((r, k) => {
      const label = k === 0 || (k === 2 && c % 3 === 0) ? 1 : c % 5 === 0 && k === 1 ? 1 : 0;
      lines.push([`c${c}`, `@@ -1 +1 @@\n-x = ${v}\n+x = ${v} or 0`, c === 1 && k === 1 ? '' : r, gold, label, 10 + c + k].map(quote).join(','));
    });
  }
  return `${lines.join('\n')}\n`;
}

async function mapBinary(page: Page, file: string) {
  await page.getByTestId('research-file').setInputFiles(file);
  const step = page.getByTestId('human-mapping');
  await expect(step).toBeVisible();
  await expect(page.getByTestId('human-mapping-from')).toContainText('A guess');
  // The preview is text: the diff's characters are shown, never read as markup.
  await expect(page.getByTestId('human-mapping-preview')).toContainText('@@ -1 +1 @@');
  // The guess: comment → review, gold → reference, relevant binary, line_no a continuous score (wrong).
  await expect(page.getByTestId('map-field-review')).toHaveValue('comment');
  await expect(page.getByTestId('map-field-reference')).toHaveValue('gold');
  await expect(page.getByTestId('map-field-diff')).toHaveValue('');
  await expect(page.getByTestId('map-human-on-relevant')).toBeChecked();
  await expect(page.getByTestId('map-human-scale-relevant')).toHaveValue('binary');
  await expect(page.getByTestId('map-human-on-line_no')).toBeChecked();
  await shoot(page, 'human-mapping', 'human-mapping-step');
  await page.getByTestId('map-field-id').selectOption('change');
  await page.getByTestId('map-field-diff').selectOption('hunk_text');
  await page.getByTestId('map-human-on-line_no').uncheck();
}

test('a binary-labelled CSV through the mapping step: the figures and ROC AUC equal crscore eval --mapping; one system is undefined at system level', async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'labels.csv');
  fs.writeFileSync(file, binaryCsv());
  await page.goto('/#research');
  await mapBinary(page, file);
  const dl = page.waitForEvent('download');
  await page.getByTestId('human-mapping-export').click();
  const mappingFile = path.join(tmp, 'labels.mapping.json');
  fs.copyFileSync(await (await dl).path(), mappingFile);
  expect(JSON.parse(fs.readFileSync(mappingFile, 'utf8'))).toEqual({
    fields: { id: 'change', diff: 'hunk_text', review: 'comment', reference: 'gold' },
    human: [{ column: 'relevant', dimension: 'relevant', scale: 'binary' }],
  });
  const args = ['--dataset', file, '--mapping', mappingFile, '--metrics', 'crscore,bleu,chrf', '--pseudo-refs', 'reference'];
  const cliOut = cli(args);
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-mapping')).toHaveCount(0);
  await expect(page.getByTestId('human-changes')).toHaveText('24');
  await expect(page.getByTestId('human-reviews')).toHaveText('71');
  await expect(page.getByTestId('human-code')).toHaveText('24 with a diff');
  await expect(page.getByTestId('human-systems')).toHaveText('human (71)');
  await expect(page.getByTestId('human-dim-relevant')).toContainText('binary');
  await expect(page.getByTestId('human-dist-relevant').locator('rect')).toHaveCount(2);
  await expect(page.getByTestId('import-error-table')).toContainText('no review in column "comment"');
  await expect(page.getByTestId('import-error-table').locator('td.num')).toHaveText('14');
  await shoot(page, 'human-overview', 'human-overview-binary');

  await runAndOpenLab(page, ['crscore', 'bleu', 'chrf']);
  await expect(page.getByTestId('me-human-dim')).toHaveValue('relevant');
  const out = await cliOut;
  expect(out.dataset).toMatchObject({ changes: 24, reviews: 71, systems: ['human'], unreadRows: 1 });
  const pooled = rowsOf(out.metaeval.groupings.pooled);
  // Different columns, each equal to the CLI's (not one column shown three times).
  const spearmanOf = (d: string) => pooled.find((r) => r.id === `crscore.${d}`)!.stats.spearman.value;
  expect(spearmanOf('con')).not.toBeCloseTo(spearmanOf('comp'), 3);
  expectSame(await browserReport(page, 'none', pooled), pooled);
  // The signature names CRScore's run in Research (lexical, the paper's hard rule, the reference as pseudo-reference).
  await expectSignature(page, args, 'none');
  const aucs = await page.evaluate(() => (globalThis as unknown as { __crscoreMetaEval: { getState(): { aucs: Record<string, AucEstimate> } } }).__crscoreMetaEval.getState().aucs);
  for (const r of pooled) {
    expect(r.stats.auc, r.id).toBeDefined();
    for (const f of ['auc', 'lo', 'hi'] as const) expect(aucs[r.id][f], `${r.id} ${f}`).toBeCloseTo(r.stats.auc![f]!, 10);
  }
  await expect(page.getByTestId('me-auc-bleu')).toContainText(/\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]/);
  await expect(page.getByTestId('me-auc-crscore.comp')).toContainText('CRScore comprehensiveness');
  await shoot(page, 'me-table', 'human-metaeval-binary');
  // One system: system-level figures are undefined, with the CLI's reason.
  await page.getByTestId('me-grouping').selectOption('system');
  const why = (out.metaeval.groupings.system as { undefined: string }).undefined;
  await expect(page.getByTestId('me-undefined')).toContainText(`undefined — ${why}`);
  await expect(page.getByTestId('me-results')).toHaveCount(0);
  await page.getByTestId('me-grouping').selectOption('item');
  expectSame(await browserReport(page, 'item', rowsOf(out.metaeval.groupings.item)), rowsOf(out.metaeval.groupings.item));
});

test('the mapping saved by header maps the same file next time; a cancelled mapping keeps the dataset on screen', async ({ page }) => {
  const file = path.join(tmp, 'labels-again.csv');
  fs.writeFileSync(file, binaryCsv());
  await page.goto('/#research');
  await mapBinary(page, file);
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-code')).toHaveText('24 with a diff');
  await expect(page.getByTestId('human-mapping-reused')).toHaveCount(0);
  // Another table, its mapping cancelled: the dataset on screen stays.
  const other = path.join(tmp, 'other.csv');
  fs.writeFileSync(other, 'a,b,score\nx,y,1\n');
  await page.getByTestId('research-human-file').setInputFiles(other);
  await expect(page.getByTestId('human-mapping')).toContainText('other.csv');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-mapping-issues')).toContainText('no column is mapped to review');
  await page.getByTestId('human-mapping-cancel').click();
  await expect(page.getByTestId('human-changes')).toHaveText('24');
  // A new page: the same header maps itself, with the id and diff columns chosen by hand.
  await page.reload();
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-mapping-reused')).toBeVisible();
  await expect(page.getByTestId('human-mapping')).toHaveCount(0);
  await expect(page.getByTestId('human-code')).toHaveText('24 with a diff');
  await expect(page.getByTestId('human-changes')).toHaveText('24');
  await expect(page.getByTestId('human-dim-line_no')).toHaveCount(0);
  await page.getByTestId('human-edit-mapping').click();
  await expect(page.getByTestId('map-field-diff')).toHaveValue('hunk_text');
  await page.getByTestId('human-mapping-cancel').click();
  // An .xlsx that is not GradedReviews' opens the mapping step; its cells are shown as text, never as markup.
  const book = path.join(tmp, 'scores.xlsx');
  fs.writeFileSync(book, Buffer.from(await workbook([['review', 'reference', 'useful'], ['<b>bold</b> <img src=x onerror="window.__pwned=1">', 'Fix it.', 3], ['Fine.', 'Fix it.', 1]])));
  await page.getByTestId('research-file').setInputFiles(book);
  await expect(page.getByTestId('human-mapping')).toContainText('scores.xlsx');
  await expect(page.getByTestId('human-mapping-preview')).toContainText('<b>bold</b> <img src=x');
  await expect(page.getByTestId('human-mapping-preview').locator('b, img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.getByTestId('human-mapping-cancel').click();
  await expect(page.getByTestId('human-changes')).toHaveText('24');
});

/** Two systems, two dimensions: a binary label and a Likert 1–5 score, every column named as the guess expects. */
function twoDimensionCsv(): string {
  const lines = ['id,diff,review,system,reference,relevant,useful'];
  const names = ['count', 'total', 'index', 'buffer', 'timeout', 'result'];
  for (let c = 0; c < 18; c++) {
    const v = names[c % names.length];
    const gold = `Check ${v} for null; it may be empty.`;
    lines.push([`c${c}`, `@@ -1 +1 @@\n-y = ${v}\n+y = ${v}[0]`, `Check ${v} for null.`, 'alpha', gold, 1, 1 + ((c * 7) % 5)].map(quote).join(','));
    lines.push([`c${c}`, `@@ -1 +1 @@\n-y = ${v}\n+y = ${v}[0]`, c % 2 ? `Why ${v}?` : `${v} may be empty.`, 'beta', gold, c % 2 ? 0 : 1, 1 + ((c * 3) % 5)].map(quote).join(','));
  }
  return `${lines.join('\n')}\n`;
}

test('the dimension selector re-judges: a Likert dimension of a two-dimension table equals crscore eval --dim', async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'two.csv');
  fs.writeFileSync(file, twoDimensionCsv());
  const cliOut = cli(['--dataset', file, '--map', 'id=id,diff=diff,review=review,system=system,reference=reference', '--human', 'relevant:binary,useful:likert-5', '--dim', 'useful', '--metrics', 'bleu,chrf']);
  await page.goto('/#research');
  await page.getByTestId('research-human-file').setInputFiles(file);
  await expect(page.getByTestId('map-human-scale-useful')).toHaveValue('likert');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-dim-useful')).toContainText('Likert 1–5');
  await expect(page.getByTestId('human-systems')).toHaveText('alpha (18), beta (18)');
  await runAndOpenLab(page, ['bleu', 'chrf']);
  await expect(page.getByTestId('me-human-dim')).toHaveValue('relevant');
  await expect(page.getByTestId('me-auc-bleu')).toBeVisible({ timeout: 180_000 });
  await page.getByTestId('me-human-dim').selectOption('useful');
  await expect(page.getByTestId('lab-human-dim')).toHaveValue('useful');
  // Re-judged: a Likert dimension has no ROC AUC.
  await expect
    .poll(() => page.evaluate(() => { const s = (globalThis as unknown as { __crscoreMetaEval: { getState(): { aucs: unknown; status: string } } }).__crscoreMetaEval.getState(); return s.aucs === null && s.status === 'done'; }), { timeout: 180_000 })
    .toBe(true);
  await expect(page.getByTestId('me-auc')).toHaveCount(0);
  const out = await cliOut;
  expectSame(await browserReport(page, 'none', rowsOf(out.metaeval.groupings.pooled)), rowsOf(out.metaeval.groupings.pooled));
});

/** Two systems; two annotators (a1, a2) scored every review on one Likert 1–5 dimension, mostly agreeing. */
function twoAnnotatorCsv(): string {
  const lines = ['id,diff,review,system,reference,a1,a2'];
  const names = ['count', 'total', 'index', 'buffer', 'timeout', 'result'];
  for (let c = 0; c < 18; c++) {
    const v = names[c % names.length];
    const gold = `Check ${v} for null; it may be empty.`;
    const diff = `@@ -1 +1 @@\n-y = ${v}\n+y = ${v}[0]`;
    const [a, b] = [1 + ((c * 7) % 5), 1 + ((c * 3) % 5)];
    lines.push([`c${c}`, diff, `Check ${v} for null.`, 'alpha', gold, a, c % 4 ? a : 1 + ((a + 1) % 5)].map(quote).join(','));
    lines.push([`c${c}`, diff, c % 2 ? `Why ${v}?` : `${v} may be empty.`, 'beta', gold, b, c % 3 ? b : 1 + ((b + 2) % 5)].map(quote).join(','));
  }
  return `${lines.join('\n')}\n`;
}

test("a dimension two annotators scored: the human ceiling's row equals crscore eval's, and the signature is the CLI's", async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'annotators.csv');
  fs.writeFileSync(file, twoAnnotatorCsv());
  const map = ['--dataset', file, '--map', 'id=id,diff=diff,review=review,system=system,reference=reference', '--human', 'a1:likert-5@useful,a2:likert-5@useful'];
  const cliOut = cli([...map, '--metrics', 'bleu,chrf']) as Promise<CliOut & { metaeval: { ceiling: { annotators: string[] }; groupings: { pooled: { ceiling: CliRow } } } }>;
  await page.goto('/#research');
  await page.getByTestId('research-human-file').setInputFiles(file);
  // Both columns are one dimension, useful, on a Likert 1–5 scale: its two annotators.
  for (const col of ['a1', 'a2']) {
    await page.getByTestId(`map-human-on-${col}`).check();
    await page.getByTestId(`map-human-dim-${col}`).fill('useful');
    await page.getByTestId(`map-human-scale-${col}`).selectOption('likert');
  }
  // The mapping as the page wrote it (a Likert scale without a top point; it reads 1–5 as --human's likert-5 does).
  const dl = page.waitForEvent('download');
  await page.getByTestId('human-mapping-export').click();
  const mappingFile = path.join(tmp, 'annotators.mapping.json');
  fs.copyFileSync(await (await dl).path(), mappingFile);
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-dim-useful')).toContainText('Likert 1–5');
  await runAndOpenLab(page, ['bleu', 'chrf']);
  await expect(page.getByTestId('me-human-dim')).toHaveValue('useful');
  const out = await cliOut;
  expect(out.metaeval.ceiling.annotators).toEqual(['a1', 'a2']);
  const pooled = rowsOf(out.metaeval.groupings.pooled);
  expectSame(await browserReport(page, 'none', pooled), pooled);
  const cliCeiling = out.metaeval.groupings.pooled.ceiling;
  const ceiling = await page.evaluate(() => (globalThis as unknown as { __crscoreMetaEval: { getState(): { ceiling: { row: MetaRow | null; annotators: string[] | null } | null } } }).__crscoreMetaEval.getState().ceiling);
  expect(ceiling?.annotators).toEqual(['a1', 'a2']);
  expect(ceiling?.row?.n).toBe(cliCeiling.n);
  for (const s of ['spearman', 'kendall', 'acc_eq'] as const)
    for (const f of ['value', 'lo', 'hi'] as const) expect(ceiling!.row!.stats[s][f], `ceiling ${s} ${f}`).toBeCloseTo(cliCeiling.stats[s][f]!, 10);
  // Shown as the human study's ceiling is: the row above the metrics, its α in the table's note.
  await expect(page.getByTestId(`me-row-${cliCeiling.id}`)).toContainText('Human ceiling');
  await expect(page.getByTestId('me-table')).toContainText("annotators' ordinal Krippendorff's α");
  await shoot(page, 'me-table', 'human-metaeval-ceiling');
  // The table shows BLEU and chrF (and the baselines): the signature names them, not the CRScore run Research made.
  const bleuChrf = ['--dataset', file, '--mapping', mappingFile, '--metrics', 'bleu,chrf'];
  expect(await cliSignature(bleuChrf, 'none')).toMatch(/^metric:bleu\+chrf\|sim:-\|rule:-\|enc:-\|pool:-\|split:-\|tau:-\|prefs:-\|/);
  await expectSignature(page, bleuChrf, 'none');
});

/** Two systems, one Likert 1–5 dimension whose scores stop at 4: the data never reach the scale's top point. */
function topUnreachedCsv(): string {
  const row = (k: number, v = ['count', 'total', 'index'][(k >> 1) % 3]) =>
    [`c${k >> 1}`, `@@ -1 +1 @@\n-y = ${v}\n+y = ${v}[0]`, k % 2 ? `Why ${v}?` : `Check ${v} for null.`, k % 2 ? 'beta' : 'alpha', `Check ${v} for null; it may be empty.`, 1 + ((k * 7) % 4)].map(quote).join(',');
  return `${['id,diff,review,system,reference,useful', ...Array.from({ length: 36 }, (_, k) => row(k))].join('\n')}\n`;
}

test("a Likert column that never reaches its top point: the page's guess and the top point set by hand sign as crscore eval's flags do", async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'top.csv');
  fs.writeFileSync(file, topUnreachedCsv());
  const map = ['--dataset', file, '--map', 'id=id,diff=diff,review=review,system=system,reference=reference'];
  const crscore = ['--metrics', 'crscore,bleu,chrf', '--pseudo-refs', 'reference'];
  await page.goto('/#research');
  await page.getByTestId('research-human-file').setInputFiles(file);
  // The guess reads the column as Likert 1–4 (the highest score seen), and the step shows that top point.
  await expect(page.getByTestId('map-human-scale-useful')).toHaveValue('likert');
  await expect(page.getByTestId('map-human-max-useful')).toHaveValue('4');
  await shoot(page, 'human-mapping', 'human-mapping-likert-top');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-dim-useful')).toContainText('Likert 1–4');
  await runAndOpenLab(page, ['bleu', 'chrf']);
  // The same reading given as flags without a scale: the same mapping hash.
  await expectSignature(page, [...map, '--human', 'useful', ...crscore], 'none');
  // The top point set by hand: Likert 1–5, as --human useful:likert-5 reads it, under another hash.
  await researchView(page, 'overview');
  await page.getByTestId('human-edit-mapping').click();
  await page.getByTestId('map-human-max-useful').fill('5');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-dim-useful')).toContainText('Likert 1–5');
  await runAndOpenLab(page, ['bleu', 'chrf']);
  await expectSignature(page, [...map, '--human', 'useful:likert-5', ...crscore], 'none');
});
