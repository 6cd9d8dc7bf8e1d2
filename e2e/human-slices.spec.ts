// Research's slices on a human-scored dataset: `--by lang` gives every table per language, each with its n, and
// `--where lang=go` judges only those reviews, named in the signature; every figure equals `crscore eval … --by
// lang|--where lang=go --json` on the same generated file.
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { cli, rowsOf, reportWhen, expectSame, shoot, runAndOpenLab, type CliOut, type CliRow } from './helpers-human';
import { MAP_ARGS, N, mapNine, makeOffline } from './helpers-nine';
import type { MetaEvalReport } from '../src/core/metaeval/index';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

type Slices = { status: string; by: string | null; slices: { value: string | number | null; n: number; report: MetaEvalReport }[] };
type CliSlices = CliOut & { metaeval: { slices: { by: string; value: string | number | null; n: number; groupings: { pooled: { rows: CliRow[] } } }[] } };

const slicesNow = (page: Page) => page.evaluate(() => (globalThis as unknown as { __crscoreSlices: { getState(): Slices } }).__crscoreSlices.getState());

test('slices by lang: every table per language with its n, and --where lang=go, equal crscore eval --by/--where', async ({ page }) => {
  test.setTimeout(600_000);
  const file = await mapNine(page, 'nine-slices.csv');
  const byLang = cli([...MAP_ARGS(file), '--dim', 'relevance', '--by', 'lang']) as Promise<CliSlices>;
  const whereGo = cli([...MAP_ARGS(file), '--dim', 'relevance', '--where', 'lang=go']);
  await makeOffline(page);
  await runAndOpenLab(page, ['crscore']);
  await page.getByTestId('me-by').selectOption('lang');
  await expect.poll(async () => (await slicesNow(page)).status, { timeout: 180_000 }).toBe('done');
  const out = await byLang;
  const got = await slicesNow(page);
  expect(got.slices.map((s) => [s.value, s.n])).toEqual(out.metaeval.slices.map((s) => [s.value, s.n]));
  expect(got.slices).toHaveLength(9);
  expect(got.slices.reduce((a, s) => a + s.n, 0)).toBe(N);
  for (const [k, s] of out.metaeval.slices.entries()) {
    const report = got.slices[k].report;
    expectSame({ ...report, rows: s.groupings.pooled.rows.map((c) => report.rows.find((r) => r.id === c.id)!) }, s.groupings.pooled.rows);
  }
  await expect(page.getByTestId('me-slice')).toHaveCount(9);
  await expect(page.getByTestId('me-slice').filter({ hasText: 'lang = go' })).toContainText('n 10 reviews');
  await expect(page.getByTestId('me-signature')).toContainText('|by:lang');
  await shoot(page, 'me-slices', 'human-slices-lang');

  // --where lang=go: the whole table on the go reviews alone, named in the signature.
  await page.getByTestId('me-by').selectOption('');
  await page.getByTestId('me-where').fill('lang=go');
  await page.getByTestId('me-where-apply').click();
  await expect(page.getByTestId('me-where-note')).toContainText('--where lang=go');
  const pooled = rowsOf((await whereGo).metaeval.groupings.pooled);
  expect(pooled[0].n).toBe(10);
  // The run again on the go reviews, then its table.
  const report = await reportWhen(page, (r) => r.grouping === 'none' && r.rows.length === pooled.length && r.rows.every((x) => x.n === 10));
  expectSame({ ...report, rows: pooled.map((c) => report.rows.find((r) => r.id === c.id)!) }, pooled);
  await expect(page.getByTestId('me-signature')).toContainText('|where:lang=go');
  // A field the dataset lacks is said with the CLI's words, and the judged reviews stay.
  await page.getByTestId('me-where').fill('language=go');
  await page.getByTestId('me-where-apply').click();
  await expect(page.getByTestId('me-where-error')).toContainText('"language" is not a field of the dataset');
  await expect(page.getByTestId('me-where-note')).toContainText('--where lang=go');
});
