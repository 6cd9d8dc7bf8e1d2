// Any human-scored review dataset in Research: GradedReviews' workbook (generated here, in its published layout)
// opens by its header, a binary-labelled CSV through the mapping step, and the meta-evaluation's figures equal
// `crscore eval --dataset FILE … --metaeval --json` on the same file; a mapping saved by header maps the same file
// again. Screenshots of the mapping step and the overview at two sizes (HUMAN_SHOTS=folder).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import type { AucEstimate } from '../src/core/metaeval/index';
import { tmp, cli, cliSignature, expectSignature, rowsOf, browserReport, expectSame, shoot, runAndOpenLab, quote } from './helpers-human';
import { gradedReviewsRows, workbook } from '../src/testing/workbook';
import { researchView } from './helpers-research';

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

test("a human-scored dataset's Scores CSV is the file crscore eval --scores-out writes, and its signature's metrics run in the CLI", async ({ page }) => {
  test.setTimeout(480_000);
  const file = path.join(tmp, 'export.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRows(24, 5))));
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('human-dim-grade')).toContainText('Likert 1–5');
  await runAndOpenLab(page, ['crscore', 'bleu', 'chrf']);
  await researchView(page, 'exports');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  const lines = text.split('\n');
  // The dataset's one dimension by its name, with how the file was read; never three copies named Con, Comp, Rel.
  const head = lines.find((l) => l.startsWith('id,'))!;
  expect(head).toMatch(/^id,lang,system,human\.grade,crscore-lexical-t0\.149\.con,/);
  expect(head).not.toContain('human.con');
  expect(lines).toEqual(expect.arrayContaining(['# dimension: grade', '# mapping: layout:graded-reviews', '# scale: Likert 1–5', '# pseudoRefs: reference']));
  expect(text).not.toContain('as given in the dataset');

  // Its signature names metrics `crscore eval --metrics` accepts, and the CLI run they name signs alike…
  const signature = lines.find((l) => l.startsWith('# signature: '))!.slice('# signature: '.length);
  const metrics = /^metric:([^|]+)\|/.exec(signature)![1].split('+').map((m) => (m === 'paper' ? 'crscore' : m));
  expect(metrics).toEqual(['crscore', 'bleu', 'chrf']);
  const args = ['--dataset', file, '--metrics', metrics.join(','), '--pseudo-refs', 'reference'];
  expect(await cliSignature(args, 'none')).toBe(signature);
  // … and writes this file: the same header, configuration, rows and values (the core's one writer).
  const out = path.join(tmp, 'cli-scores.csv');
  await cliSignature([...args, '--scores-out', out], 'none');
  expect(text).toBe(fs.readFileSync(out, 'utf8'));
});
