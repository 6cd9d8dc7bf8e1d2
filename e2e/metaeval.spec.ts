// Issue 29 in the browser: the meta-evaluation under the metric lab equals `crscore eval --metaeval --json` on the
// same rows and seed (pooled and grouped by item), an imported per-review score file (written by
// `crscore eval --scores-out`) becomes a row with the same statistics as the metric it copies, and the view is
// photographed at two sizes.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { writeLabDataset } from './fixtures/labDataset';
import { openLab, setMetrics } from './helpers-lab';
import { researchView } from './helpers-research';
import type { MetaEvalReport } from '../src/core/metaeval/index';

const SHOTS = process.env.METAEVAL_SHOTS ? path.resolve(process.env.METAEVAL_SHOTS) : null;
let dataset: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-metaeval-e2e-'));

test.beforeAll(() => {
  dataset = writeLabDataset();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

async function cli(args: string[]): Promise<{ signature: string; metaeval: MetaEvalReport }> {
  const base = ['tsx', 'src/cli/main.ts', 'eval', '--similarity', 'lexical', '--dataset', dataset, '--calibrate-on', 'alpha_pred', '--metrics', 'crscore,bleu,chrf', '--bootstrap', '200', '--seed', '1'];
  const { stdout } = await promisify(execFile)('npx', [...base, ...args], { encoding: 'utf8', timeout: 180_000, maxBuffer: 64 << 20 });
  return args.includes('--json') ? (JSON.parse(stdout) as { signature: string; metaeval: MetaEvalReport }) : { signature: '', metaeval: null as unknown as MetaEvalReport };
}

async function browserReport(page: Page): Promise<MetaEvalReport> {
  await expect(page.getByTestId('me-results')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  return page.evaluate(() => (globalThis as unknown as { __crscoreMetaEval: { getState(): { report: MetaEvalReport } } }).__crscoreMetaEval.getState().report);
}

function expectSame(browser: MetaEvalReport, cliReport: MetaEvalReport) {
  expect(browser.rows.map((r) => [r.id, r.rank, r.cluster])).toEqual(cliReport.rows.map((r) => [r.id, r.rank, r.cluster]));
  for (const [k, row] of browser.rows.entries()) {
    const c = cliReport.rows[k];
    expect(row.n, row.id).toBe(c.n);
    for (const s of ['pearson', 'spearman', 'kendall', 'acc_eq'] as const)
      for (const f of ['value', 'lo', 'hi'] as const) {
        const [a, b] = [row.stats[s][f], c.stats[s][f]];
        if (b === null) expect(Number.isFinite(a), `${row.id} ${s} ${f}`).toBe(false);
        else expect(a, `${row.id} ${s} ${f}`).toBeCloseTo(b, 10);
      }
    expect(row.ties.eps, row.id).toBeCloseTo(c.ties.eps, 12);
  }
}

test('the meta-evaluation table equals crscore eval --metaeval --json; an imported score file round-trips', async ({ page }) => {
  test.setTimeout(400_000);
  await openLab(page, dataset);
  await setMetrics(page, ['crscore', 'bleu', 'chrf']);
  await page.getByTestId('lab-resamples').fill('200');
  await expect(page.getByTestId('metaeval')).toBeVisible();
  const pooled = await cli(['--metaeval', '--json']);
  let b = await browserReport(page);
  expect(b.resamples).toBe(200);
  expectSame(b, pooled.metaeval);
  const pooledReport = b;
  await expect(page.getByTestId('me-row-crscore.rel')).toBeVisible();
  await expect(page.getByTestId('me-row-baseline.length')).toContainText('Length (words) (baseline)');
  await expect(page.getByTestId('me-ceiling-note')).toContainText('one score per review');
  await expect(page.getByTestId('me-signature')).toContainText('group:none|stat:spearman|dim:rel|boot:200|seed:1');
  // The same configuration, the same signature: the browser's line is the CLI's, field for field.
  await expect(page.getByTestId('me-signature')).toContainText(pooled.signature);

  // Grouped by change and ranked by acc_eq: the same again.
  await page.getByTestId('me-grouping').selectOption('item');
  await page.getByTestId('me-statistic').selectOption('acc_eq');
  const item = await cli(['--metaeval', '--json', '--grouping', 'item', '--statistic', 'acc_eq']);
  await expect(page.getByTestId('me-signature')).toContainText('group:item|stat:acc_eq');
  await page.waitForTimeout(300);
  b = await browserReport(page);
  expect(b.grouping).toBe('item');
  expectSame(b, item.metaeval);
  await expect(page.getByTestId('me-tie-curve')).toBeVisible();

  // Back to the pooled table: from what the first run computed (the pool's memo), the very same table.
  const first = JSON.stringify(pooledReport);
  await page.getByTestId('me-grouping').selectOption('none');
  await page.getByTestId('me-statistic').selectOption('spearman');
  await expect(page.getByTestId('me-signature')).toContainText('group:none|stat:spearman');
  await page.waitForTimeout(300);
  expect(JSON.stringify(await browserReport(page))).toBe(first);
  await page.getByTestId('me-grouping').selectOption('item');
  await page.getByTestId('me-statistic').selectOption('acc_eq');
  await expect(page.getByTestId('me-signature')).toContainText('group:item|stat:acc_eq');
  await page.waitForTimeout(300);
  expectSame(await browserReport(page), item.metaeval);

  // An imported metric: the CLI's per-review scores, read back in the browser, give the same statistics.
  const file = path.join(tmp, 'mine.csv');
  await cli(['--scores-out', file]);
  // The file names its CRScore columns by configuration (crscore-lexical-tτ).
  const mine = `mine.${/^# configuration: (.*)$/m.exec(fs.readFileSync(file, 'utf8'))![1]}.rel`;
  await page.getByTestId('me-import').setInputFiles(file);
  await expect(page.getByTestId('me-coverage')).toContainText('mine.csv');
  await expect(page.getByTestId(`me-row-${mine}`)).toBeVisible({ timeout: 120_000 });
  b = await browserReport(page);
  const row = (id: string) => b.rows.find((r) => r.id === id)!;
  expect(row(mine).stats).toEqual(row('crscore.rel').stats);
  expect(row('mine.bleu').stats).toEqual(row('bleu').stats);

  // A file that matches no review is refused and what was loaded stays.
  const bad = path.join(tmp, 'bad.jsonl');
  fs.writeFileSync(bad, '{"id":"nope","system":"x","s":1}\n');
  await page.getByTestId('me-import').setInputFiles(bad);
  await expect(page.getByTestId('me-import-error')).toContainText('no row matches a review');
  await expect(page.getByTestId(`me-row-${mine}`)).toBeVisible();

  // CSV export carries the signature.
  const download = page.waitForEvent('download');
  await page.getByTestId('me-export-csv').click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  // Signed for the metrics the table judges, as `--metrics crscore,bleu,chrf` signs them.
  expect(text).toContain('# signature: metric:paper+bleu+chrf|sim:lexical');
  expect(text).toContain(mine);

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const part of ['metaeval', 'me-table', 'me-tie-fig']) {
        await page.getByTestId(part).evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -40));
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS, `metaeval-${part}-${w}.png`) });
      }
    }
  }
});

test('a τ set by hand signs as --tau does (option); the Scores CSV opens with its signature and dataset', async ({ page }) => {
  test.setTimeout(400_000);
  await openLab(page, dataset);
  // Back in Research's overview: τ by hand, one step of the slider.
  await researchView(page, 'overview');
  await page.getByTestId('research-tau').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('research-tau-source')).toHaveAttribute('data-source', 'manual');
  const tau = Number(await page.getByTestId('research-tau-value').getAttribute('data-value'));
  await researchView(page, 'exports');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const lines = fs.readFileSync(await (await download).path(), 'utf8').split('\n');
  const sha = createHash('sha256').update(fs.readFileSync(dataset)).digest('hex');
  expect(lines[0]).toBe('# crscore-scores: 1');
  expect(lines[1]).toMatch(new RegExp(`^# signature: metric:paper\\|sim:lexical\\|.*\\|tau:${Number(tau.toFixed(4))}\\(option\\)\\|.*\\|data:${path.basename(dataset).replace(/\./g, '\\.')}\\(\\d+,sha256=${sha.slice(0, 12)}\\)`));
  expect(lines.slice(2, 5)).toEqual([`# dataset: ${path.basename(dataset)}`, expect.stringMatching(/^# dataset-rows: \d+$/), `# dataset-sha256: ${sha}`]);
  expect(lines.find((l) => !l.startsWith('#'))).toMatch(new RegExp(`^id,lang,system,human\\.con,human\\.comp,human\\.rel,crscore-lexical-t${Number(tau.toFixed(4))}\\.con,`));

  // The lab's meta-evaluation: the signature the CLI prints for --tau with the same value, field for field.
  await researchView(page, 'lab');
  await setMetrics(page, ['crscore', 'bleu', 'chrf']);
  await page.getByTestId('lab-resamples').fill('200');
  await expect(page.getByTestId('me-signature')).toContainText(`tau:${Number(tau.toFixed(4))}(option)`, { timeout: 120_000 });
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'src/cli/main.ts', 'eval', '--similarity', 'lexical', '--dataset', dataset, '--tau', String(tau), '--metrics', 'crscore,bleu,chrf', '--bootstrap', '200', '--seed', '1', '--signature'],
    { encoding: 'utf8', timeout: 180_000 },
  );
  expect(stdout.trim()).toContain(`tau:${Number(tau.toFixed(4))}(option)`);
  await expect(page.getByTestId('me-signature')).toHaveText(stdout.trim());
});
