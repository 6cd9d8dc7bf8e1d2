// A nine-language table without a reference review, its pseudo-references the analyzers' issues: only some changes
// get any (the languages and hunks an analyzer flags). CRScore judges those and counts the rest as left out; the
// baselines, which need neither a reference nor pseudo-references, judge every review, as `crscore eval` does. The
// meta-evaluation's n and ROC AUC (and every figure of the pooled table) equal `crscore eval --pseudo-refs analyzers`.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import fs from 'node:fs';
import path from 'node:path';
import { browserReport, cli, cliSignature, expectSame, rowsOf, runAndOpenLab, shoot, tmp } from './helpers-human';
import { researchView } from './helpers-research';
import { MAP_ARGS, N, mapNine } from './helpers-nine';
import type { AucEstimate } from '../src/core/metaeval/index';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

const aucsOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (globalThis as unknown as { __crscoreMetaEval: { getState(): { aucs: Record<string, AucEstimate> | null } } }).__crscoreMetaEval.getState().aucs ?? {});

test('analyzers on a nine-language table without a reference: the baselines judge every review, CRScore its scorable ones; n and ROC AUC equal crscore eval', async ({ page }) => {
  test.setTimeout(600_000);
  const file = await mapNine(page, 'nine-analyzers.csv');
  const out = cli(['--dataset', file, '--map', 'diff=patch,review=msg,lang=lang', '--human', 'relevance:binary', '--pseudo-refs', 'analyzers', '--metrics', 'crscore']);
  await page.getByTestId('human-prefs-analyzers').check();
  await page.getByTestId('prefs-generate').click();
  const result = page.getByTestId('human-prefs-result');
  await expect(result).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('human-pseudo-refs')).toContainText('--pseudo-refs analyzers');
  const unscorable = Number(await result.getAttribute('data-unscorable'));
  // Some changes have an analyzer issue, some none: the case this test is about.
  expect(unscorable).toBeGreaterThan(0);
  await runAndOpenLab(page, ['crscore']);
  await page.getByTestId('me-human-dim').selectOption('relevance');
  await expect(page.getByTestId('me-signature')).toContainText('|dim:relevance|', { timeout: 120_000 });

  const pooled = rowsOf((await out).metaeval.groupings.pooled);
  const want = (id: string) => pooled.find((r) => r.id === id)!;
  // The CLI: the baselines on all N reviews, CRScore on the changes with pseudo-references.
  expect(want('baseline.length').n).toBe(N);
  expect(want('crscore.rel').n).toBe(N - unscorable);
  const report = await browserReport(page, 'none', pooled);
  // The n of each first (the figures differ when the reviews judged do), then every figure and interval.
  for (const id of ['baseline.length', 'crscore.rel']) expect(report.rows.find((r) => r.id === id)!.n, id).toBe(want(id).n);
  expectSame({ ...report, rows: pooled.map((c) => report.rows.find((r) => r.id === c.id)!) }, pooled);
  await expect.poll(async () => Object.keys(await aucsOf(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const aucs = await aucsOf(page);
  for (const id of ['baseline.length', 'crscore.rel', 'crscore.con', 'crscore.comp'])
    for (const f of ['auc', 'lo', 'hi', 'positives', 'negatives'] as const) expect(aucs[id][f], `${id} ${f}`).toBeCloseTo(want(id).stats.auc![f]!, 10);

  // The page says on how many reviews each metric was judged, and why the others were left out.
  const judged = page.getByTestId('me-judged');
  await expect(judged.getByTestId('me-judged-baseline.length')).toHaveText(new RegExp(`^Length \\(words\\): judged on ${N} of ${N} reviews`));
  await expect(judged.getByTestId('me-judged-crscore.rel')).toContainText(`judged on ${N - unscorable} of ${N} reviews; left out: ${unscorable} no pseudo-references`);
  await expect(page.getByTestId('me-auc-baseline.length')).toContainText(`${want('baseline.length').stats.auc!.positives} / ${want('baseline.length').stats.auc!.negatives}`);
  await expect(judged).toContainText('Left out as “no pseudo-references”');
  await shoot(page, 'me-results', 'human-every-review-metaeval');
  await shoot(page, 'me-auc', 'human-every-review-judged');

  // The Scores CSV holds every judged review (the kept ones with CRScore empty, their baselines scored): the file
  // `crscore eval --scores-out` writes for the same mapping (the three labels, judged on relevance).
  await researchView(page, 'exports');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  const scoresOut = path.join(tmp, 'every-review-scores.csv');
  await cliSignature([...MAP_ARGS(file).map((a) => (a === 'offline' ? 'analyzers' : a)), '--dim', 'relevance', '--scores-out', scoresOut], 'none');
  const rows = (t: string) => t.split('\n').filter((l) => l && !l.startsWith('#'));
  expect(rows(text)).toHaveLength(N + 1);
  expect(text).toBe(fs.readFileSync(scoresOut, 'utf8'));
});
