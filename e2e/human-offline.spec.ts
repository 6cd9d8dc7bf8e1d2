// A new user's table of the commonest shape (patch, msg, lang and three binary labels, nine languages, no reference
// review) in Research: mapped, step 2 starts on offline (analyzer issues + tree claims, made in the analyzers'
// worker); CRScore's Con, Comp and Rel and their ROC AUC on each label equal `crscore eval --pseudo-refs offline`.
// And the worker's tree-sitter after a wasm abort: only the change that aborted fails, the next ones run on a fresh
// worker.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { cli, rowsOf, browserReport, expectSame, shoot, runAndOpenLab } from './helpers-human';
import { LABELS, MAP_ARGS, N, mapNine, makeOffline } from './helpers-nine';
import type { AucEstimate } from '../src/core/metaeval/index';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('a nine-language table without a reference: offline pseudo-references; Con, Comp, Rel and ROC AUC per label equal crscore eval --pseudo-refs offline', async ({ page }) => {
  test.setTimeout(600_000);
  const file = await mapNine(page, 'nine.csv');
  const outs = LABELS.map((l) => cli([...MAP_ARGS(file), '--dim', l]));
  await makeOffline(page);
  // The counts the CLI prints on stderr ("230 claims, 70 issues over 90 changes"), from the same functions.
  const result = page.getByTestId('human-prefs-result');
  await expect(result).toHaveAttribute('data-unscorable', '0');
  expect(Number(await result.getAttribute('data-claims'))).toBeGreaterThan(N);
  expect(Number(await result.getAttribute('data-issues'))).toBeGreaterThan(0);
  await shoot(page, 'pseudo-refs-panel', 'human-offline-prefs');
  await runAndOpenLab(page, ['crscore']);
  for (const [k, label] of LABELS.entries()) {
    await page.getByTestId('me-human-dim').selectOption(label);
    // The table of this label (the previous label's has the same rows): its signature names the dimension.
    await expect(page.getByTestId('me-signature')).toContainText(`|dim:${label}|`, { timeout: 120_000 });
    const out = await outs[k];
    const pooled = rowsOf(out.metaeval.groupings.pooled);
    expect(pooled.map((r) => r.id)).toEqual(expect.arrayContaining(['crscore.con', 'crscore.comp', 'crscore.rel']));
    const report = await browserReport(page, 'none', pooled);
    // Every figure and interval the CLI's; the order of rows whose Spearman ties may differ.
    expectSame({ ...report, rows: pooled.map((c) => report.rows.find((r) => r.id === c.id)!) }, pooled);
    await expect
      .poll(() => page.evaluate(() => Object.keys((globalThis as unknown as { __crscoreMetaEval: { getState(): { aucs: Record<string, AucEstimate> | null } } }).__crscoreMetaEval.getState().aucs ?? {}).length))
      .toBeGreaterThan(0);
    const aucs = await page.evaluate(() => (globalThis as unknown as { __crscoreMetaEval: { getState(): { aucs: Record<string, AucEstimate> } } }).__crscoreMetaEval.getState().aucs);
    for (const r of pooled) for (const f of ['auc', 'lo', 'hi'] as const) expect(aucs[r.id][f], `${label} ${r.id} ${f}`).toBeCloseTo(r.stats.auc![f]!, 10);
    await expect(page.getByTestId('me-auc-crscore.rel')).toContainText(/\d\.\d{3}/);
  }
  await shoot(page, 'me-table', 'human-offline-metaeval');
});

test("the analyzers' worker after a wasm abort: the change that aborted fails alone, and tree-sitter is recreated for the rest", async ({ page }) => {
  test.setTimeout(300_000);
  await mapNine(page, 'nine-abort.csv');
  await page.getByTestId('human-prefs-tree-claims').check();
  await page.getByTestId('prefs-generate').click();
  const result = page.getByTestId('human-prefs-result');
  await expect(result).toBeVisible({ timeout: 120_000 });
  const claims = Number(await result.getAttribute('data-claims'));
  // From now on the worker's parses abort, and stay aborted, as emscripten's runtime does.
  expect(await page.evaluate(() => (globalThis as unknown as { __crscoreAnalyzers: { abortParses(): Promise<boolean> } }).__crscoreAnalyzers.abortParses())).toBe(true);
  await page.getByTestId('prefs-generate').click();
  await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  // One change failed (the one that met the abort); every other change has its claims again, from a fresh worker.
  await expect(page.getByTestId('human-prefs-result')).toContainText('1 with a failure');
  expect(Number(await result.getAttribute('data-claims'))).toBeLessThan(claims);
  expect(Number(await result.getAttribute('data-claims'))).toBeGreaterThan(claims - 12);
  const restarts = await page.evaluate(() => (globalThis as unknown as { __crscoreAnalyzers: { restarts: string[] } }).__crscoreAnalyzers.restarts);
  expect(restarts).toEqual(['tree-sitter failed inside its runtime; a fresh worker parses the next change.']);
});
