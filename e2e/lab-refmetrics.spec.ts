// ROUGE-L and METEOR in the metric lab: WordNet is fetched only when METEOR is ticked, its download shows progress,
// and every review's value equals the core's on the same rows (referenceColumns with the CLI's WordNet, what
// `crscore eval --metrics meteor` runs). When WordNet cannot be fetched the lab says so, METEOR runs exact + stem
// and its column is labelled so, never plain "METEOR"; Try again fetches it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { hubUnreachable } from './hub';
import { writeLabDataset } from './fixtures/labDataset';
import { openLab } from './helpers-lab';
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { prepare } from '../src/core/research/prepare.ts';
import { referenceColumns } from '../src/core/lab/metrics.ts';
import { loadWordNet } from '../src/cli/metaeval/wordnet.ts';

const WORDNET = /\/wordnet\/wordnet-3\.0\.txt$/;
const SHOTS = process.env.LAB_SHOTS ? path.resolve(process.env.LAB_SHOTS) : null;

let dataset: string;
test.beforeAll(() => {
  dataset = writeLabDataset();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** The core's columns on the same rows (the browser's Research items are prepare()'s). */
function coreColumns(wordnet: boolean, tokenizer: '3.9' | '3.10' = '3.9') {
  const rows = parseDatasetJsonl(fs.readFileSync(dataset, 'utf8')).rows;
  return referenceColumns(prepare(rows, 'reference'), ['rouge-l', 'meteor'], { wordnet: wordnet ? loadWordNet() : null, tokenizer });
}

async function column(page: Page, id: string) {
  return page.evaluate((id) => {
    const lab = (globalThis as unknown as { __crscoreLab: { getState(): { columns: { id: string; label: string; values: (number | null)[] }[] } } }).__crscoreLab;
    const c = lab.getState().columns.find((x) => x.id === id);
    return c ? { label: c.label, values: c.values } : null;
  }, id);
}

async function shoot(page: Page, name: string, part = 'lab-picker') {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByTestId(part).evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}.png`) });
  }
}

test('METEOR fetches WordNet only when ticked, shows its progress, and equals the core on every review; so does ROUGE-L', async ({ page, context }) => {
  const asked: string[] = [];
  // The WordNet request is held until the progress has been seen, then answered with the server's own file.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await context.route(WORDNET, async (route: Route) => {
    asked.push(route.request().url());
    const res = await route.fetch();
    await gate;
    await route.fulfill({ response: res });
  });
  await openLab(page, dataset);
  await page.getByTestId('lab-resamples').fill('100');
  await expect(page.getByTestId('lab-results')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.getByTestId('lab-metric-rouge-l').check();
  await expect(page.getByTestId('lab-row-rouge-l')).toBeVisible({ timeout: 60_000 });
  // Nothing asked WordNet for: neither the first paint, Research's run, nor ROUGE-L.
  expect(asked).toEqual([]);

  await page.getByTestId('lab-metric-meteor').check();
  await expect(page.getByTestId('lab-wordnet-progress')).toBeVisible();
  await expect(page.getByTestId('lab-wordnet-progress')).toContainText('Loading WordNet 3.0');
  await shoot(page, 'lab-meteor-loading');
  release();
  await expect(page.getByTestId('lab-row-meteor')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('lab-refs')).toHaveCount(0);
  await expect(page.getByTestId('lab-results')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  expect(asked.length).toBeGreaterThanOrEqual(1);

  const [rouge, meteor] = coreColumns(true);
  const noWordNet = coreColumns(false)[1];
  // The data can tell the two apart: WordNet's synonym stage changes some review's value.
  expect(meteor.values.filter((v, k) => v !== noWordNet.values[k]).length).toBeGreaterThan(0);
  const m = await column(page, 'meteor');
  expect(m?.label).toBe('METEOR');
  expect(m?.values).toEqual(meteor.values);
  const r = await column(page, 'rouge-l');
  expect(r?.label).toBe(rouge.label);
  expect(r?.values).toEqual(rouge.values);
  await expect(page.getByTestId('lab-row-meteor')).toContainText('METEOR');
  await expect(page.getByTestId('lab-row-meteor')).not.toContainText('exact + stem');
  await shoot(page, 'lab-meteor-done', 'lab-row-meteor');

  // NLTK 3.10's tokenizer rules: the column is computed again and equals the core's with them.
  await expect(page.getByTestId('lab-meteor-tokenizer')).toHaveValue('3.9');
  await page.getByTestId('lab-meteor-tokenizer').selectOption('3.10');
  const m310 = coreColumns(true, '3.10')[1];
  await expect.poll(async () => JSON.stringify((await column(page, 'meteor'))?.values), { timeout: 60_000 }).toBe(JSON.stringify(m310.values));
  await shoot(page, 'lab-meteor-tokenizer');
});

test('WordNet cannot be fetched: a clear error, METEOR labelled exact + stem with their values; Try again loads it', async ({ page, context }) => {
  await context.route(WORDNET, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await openLab(page, dataset);
  await page.getByTestId('lab-resamples').fill('100');
  await page.getByTestId('lab-metric-meteor').check();
  await expect(page.getByTestId('lab-wordnet-error')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('lab-wordnet-error')).toContainText('HTTP 404');
  await expect(page.getByTestId('lab-row-meteor')).toContainText('METEOR (exact + stem; no WordNet)', { timeout: 60_000 });
  const m = await column(page, 'meteor');
  expect(m?.label).toBe('METEOR (exact + stem; no WordNet)');
  expect(m?.values).toEqual(coreColumns(false)[1].values);
  await shoot(page, 'lab-meteor-error');

  await context.unroute(WORDNET);
  await page.getByTestId('lab-wordnet-retry').click();
  await expect(page.getByTestId('lab-wordnet-error')).toHaveCount(0);
  await expect.poll(async () => (await column(page, 'meteor'))?.label, { timeout: 60_000 }).toBe('METEOR');
  expect((await column(page, 'meteor'))?.values).toEqual(coreColumns(true)[1].values);
});
