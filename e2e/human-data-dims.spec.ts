// Human dimensions in Research: the dimension selector re-judges as crscore eval --dim does, the human ceiling on a
// dimension two annotators scored, and a Likert column that never reaches its top point signs as the CLI's flags.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import type { MetaRow } from '../src/core/metaeval/index';
import { researchView } from './helpers-research';
import { tmp, type CliRow, type CliOut, cli, cliSignature, expectSignature, rowsOf, browserReport, expectSame, shoot, runAndOpenLab, quote } from './helpers-human';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

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
  // The lab shows BLEU and chrF, so the page signs --metrics bleu,chrf's run.
  const metrics = ['--metrics', 'bleu,chrf'];
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
  await expectSignature(page, [...map, '--human', 'useful', ...metrics], 'none');
  // The top point set by hand: Likert 1–5, as --human useful:likert-5 reads it, under another hash.
  await researchView(page, 'overview');
  await page.getByTestId('human-edit-mapping').click();
  await page.getByTestId('map-human-max-useful').fill('5');
  await page.getByTestId('human-mapping-apply').click();
  await expect(page.getByTestId('human-dim-useful')).toContainText('Likert 1–5');
  await runAndOpenLab(page, ['bleu', 'chrf']);
  await expectSignature(page, [...map, '--human', 'useful:likert-5', ...metrics], 'none');
});

