// Shared by the human-data specs: crscore eval --dataset … --json and --signature on the same file, the page's
// meta-evaluation report once it is the one asked for, and their comparison to 10 digits.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { setMetrics } from './helpers-lab';
import { researchView } from './helpers-research';
import type { MetaEvalReport, MetaRow, AucEstimate } from '../src/core/metaeval/index';

export const SHOTS = process.env.HUMAN_SHOTS ? path.resolve(process.env.HUMAN_SHOTS) : null;
export const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-human-e2e-'));
export const RESAMPLES = '200';

export type CliRow = Omit<MetaRow, 'dim'> & { stats: MetaRow['stats'] & { auc?: AucEstimate } };
export interface CliOut {
  dataset: { changes: number; reviews: number; systems: string[]; unreadRows: number };
  metaeval: { groupings: Record<'pooled' | 'item' | 'system', { rows: CliRow[] } | { undefined: string }> };
}

export async function cli(args: string[]): Promise<CliOut> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'eval', ...args, '--metaeval', '--json', '--bootstrap', RESAMPLES, '--seed', '1'], { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 });
  return JSON.parse(stdout) as CliOut;
}

/** The signature `crscore eval … --signature` prints for the same file and configuration, one grouping. */
export async function cliSignature(args: string[], grouping: 'none' | 'item' | 'system'): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'eval', ...args, '--grouping', grouping, '--signature', '--bootstrap', RESAMPLES, '--seed', '1'], { encoding: 'utf8', timeout: 240_000 });
  return stdout.trim();
}

/** The browser's signature once its dataset's hash is in: byte for byte the CLI's. */
export async function expectSignature(page: Page, args: string[], grouping: 'none' | 'item' | 'system') {
  const want = await cliSignature(args, grouping);
  expect(want).toMatch(/\|map:(layout:graded-reviews|mapping#[0-9a-f]{12})$/);
  await expect(page.getByTestId('me-signature')).toHaveText(want, { timeout: 120_000 });
}

export const rowsOf = (g: CliOut['metaeval']['groupings']['pooled']): CliRow[] => {
  if ('undefined' in g) throw new Error(`undefined: ${g.undefined}`);
  return g.rows;
};

/** The meta-evaluation's report once `ready` says it is the one asked for (a recompute after a setting or a lab
 *  column changed may still be on its way). */
export async function reportWhen(page: Page, ready: (r: MetaEvalReport) => boolean): Promise<MetaEvalReport> {
  const current = () =>
    page.evaluate(() => {
      const s = (globalThis as unknown as { __crscoreMetaEval: { getState(): { report: MetaEvalReport | null; status: string } } }).__crscoreMetaEval.getState();
      return { status: s.status, report: s.report };
    });
  await expect
    .poll(async () => {
      const { status, report } = await current();
      return status === 'done' && report !== null && ready(report);
    }, { timeout: 180_000 })
    .toBe(true);
  return (await current()).report!;
}

/** The report of this grouping, RESAMPLES resamples, and the metrics the CLI judged. */
export function browserReport(page: Page, grouping: 'none' | 'item' | 'system', rows: readonly CliRow[]): Promise<MetaEvalReport> {
  const ids = JSON.stringify(rows.map((r) => r.id).sort());
  return reportWhen(page, (r) => r.grouping === grouping && r.resamples === Number(RESAMPLES) && JSON.stringify(r.rows.map((x) => x.id).sort()) === ids);
}

/** The browser's rows equal the CLI's, in the CLI's order: CRScore's conciseness, comprehensiveness and relevance
 *  each judged against the dimension, the other metrics and the baselines, every figure and interval. */
export function expectSame(browser: MetaEvalReport, rows: readonly CliRow[]) {
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

export async function shoot(page: Page, testid: string, name: string) {
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

export async function runAndOpenLab(page: Page, metrics: string[]) {
  await expect(page.getByTestId('research-similarity')).toHaveValue('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
  await researchView(page, 'lab');
  await setMetrics(page, metrics);
  await page.getByTestId('lab-resamples').fill(RESAMPLES);
  await expect(page.getByTestId('metaeval')).toBeVisible();
}


export const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);
