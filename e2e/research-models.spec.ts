// Issue 16 §1 and issue 14 item 2: every similarity the workbench has, in Research. A model folder on this computer
// (the project's tiny BERT) scored, reloaded and resumed without embedding again; the hub unreachable, said so, with
// USE-lite offered and never switched to silently; the plus preset equal to `crscore eval --preset plus`; τ kept per
// similarity; stale results marked while a re-score runs; the sample dataset.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';

const FIXTURE = path.resolve('e2e/fixtures/research-mini.jsonl');
const TINY_BERT = path.resolve('public/models/tiny-bert');

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

type Hook = {
  getState(): {
    progress: { phase: string; done: number; total: number; cached: number };
    results: { label: string; config: { similarity: string; scoring: string } } | null;
    tau: number;
    tauSource: string;
    correlationsPending: boolean;
  };
  setState(p: object): void;
  subscribe(f: (s: { progress: { phase: string; done: number; cached: number } }) => void): () => void;
};

async function fresh(page: Page) {
  await page.goto('/#research');
  await page.evaluate(() => new Promise((res) => {
    const r = indexedDB.deleteDatabase('crscore-research');
    r.onsuccess = r.onerror = r.onblocked = () => res(null);
  }));
  await page.reload();
  await expect(page.getByTestId('research')).toBeVisible();
}

const embedCalls = (page: Page) => page.evaluate(() => (globalThis as unknown as { __crscoreResearchEmbeds: { calls: number } }).__crscoreResearchEmbeds.calls);
const state = (page: Page) =>
  page.evaluate(() => {
    const s = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState();
    return { phase: s.progress.phase, done: s.progress.done, total: s.progress.total, cached: s.progress.cached, tau: s.tau, tauSource: s.tauSource, label: s.results?.label ?? null };
  });
const prog = (page: Page) => page.getByTestId('research-progress');
const tauValue = async (page: Page) => Number(await page.getByTestId('research-tau-value').getAttribute('data-value'));

async function runAndWait(page: Page, phase = 'done') {
  await page.getByTestId('research-run').click();
  await expect(prog(page)).toHaveAttribute('data-phase', phase, { timeout: 180_000 });
}

test('a model folder on this computer: scored, cancelled and resumed, then reloaded and re-run without embedding again', async ({ page }) => {
  test.setTimeout(300_000);
  await fresh(page);
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await page.getByTestId('research-similarity').selectOption('local');
  await page.getByTestId('research-backend').selectOption('wasm');
  await page.getByTestId('research-model-folder').setInputFiles(TINY_BERT);
  await expect(page.getByTestId('research-run')).toBeEnabled();
  // Small batches, and Cancel right after the first batch lands; the model's bytes are reported while it loads.
  await page.evaluate(() => {
    const st = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch;
    st.setState({ batchSize: 8 });
    const w = window as unknown as { __bytes: number };
    w.__bytes = 0;
    st.subscribe((s) => {
      const b = (s.progress as { phase: string; bytes?: { loaded: number } }).bytes;
      if (s.progress.phase === 'loading-model' && b) w.__bytes = Math.max(w.__bytes, b.loaded);
    });
    const off = st.subscribe((s) => {
      if (s.progress.phase === 'embedding' && s.progress.done > s.progress.cached) {
        off();
        (st.getState() as unknown as { cancel(): void }).cancel();
      }
    });
  });
  await runAndWait(page, 'cancelled');
  // The tiny BERT's files (its ONNX weights are about 130 KB) came in as bytes.
  expect(await page.evaluate(() => (window as unknown as { __bytes: number }).__bytes)).toBeGreaterThan(100_000);
  const cut = await state(page);
  expect(cut.done).toBeGreaterThan(0);
  expect(cut.done).toBeLessThan(cut.total);
  const callsBefore = await embedCalls(page);
  await expect(page.getByTestId('research-run')).toHaveText('Resume');
  await runAndWait(page);
  const done = await state(page);
  expect(done.cached).toBe(cut.done);
  expect(done.label).toBe('local folder tiny-bert');
  // Only the missing texts were embedded, 8 per call.
  expect(await embedCalls(page)).toBe(callsBefore + Math.ceil((done.total - cut.done) / 8));
  await expect(page.getByTestId('research-tau-source')).toContainText('local folder tiny-bert');
  const tau = await tauValue(page);
  const rel = await page.getByTestId('corr-crscore-rel-rel-spearman').getAttribute('data-value');

  // After a reload the results come back with their configuration, from the cache, without the folder or a model.
  await page.reload();
  await expect(prog(page)).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('research-message')).toContainText('nothing was embedded again');
  await expect(page.getByTestId('research-similarity')).toHaveValue('local');
  expect(await tauValue(page)).toBe(tau);
  await expect(page.getByTestId('corr-crscore-rel-rel-spearman')).toHaveAttribute('data-value', rel!);
  expect(await embedCalls(page)).toBe(0);
  // A re-run embeds nothing it already has (and needs no folder for that).
  await runAndWait(page);
  expect(await embedCalls(page)).toBe(0);
  expect((await state(page)).cached).toBe(done.total);
  await expect(page.getByTestId('research-cache')).not.toHaveAttribute('data-vectors', '0');
});

test('the hub unreachable: the paper model run says so, offers USE-lite, and never switches by itself', async ({ page }) => {
  test.setTimeout(180_000);
  await fresh(page);
  await page.getByTestId('research-sample').click();
  await expect(page.getByTestId('import-rows')).toHaveText('36');
  await page.getByTestId('research-similarity').selectOption('paper');
  await runAndWait(page, 'error');
  const notice = page.getByTestId('research-hub-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The Hugging Face hub cannot be reached');
  await expect(page.getByTestId('research-message')).toContainText('could not be reached');
  // Nothing was scored with another model behind the user's back.
  expect((await state(page)).label).toBeNull();
  await expect(page.getByTestId('research-similarity')).toHaveValue('paper');
  await page.getByTestId('research-use-lite').click();
  await expect(prog(page)).toHaveAttribute('data-phase', 'done', { timeout: 180_000 });
  await expect(page.getByTestId('research-similarity')).toHaveValue('use-lite');
  expect((await state(page)).label).toBe('USE-lite');
});

test('plus preset in Research equals `crscore eval --preset plus` on the same rows', async ({ page }) => {
  await fresh(page);
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await page.getByTestId('research-preset-plus').click();
  await expect(page.getByTestId('research-similarity')).toHaveValue('tfidf');
  await expect(page.getByTestId('research-scoring')).toHaveValue('graded');
  await page.getByTestId('research-calibration-system').selectOption('good_pred');
  await runAndWait(page);
  const cli = JSON.parse(
    execFileSync('npx', ['tsx', 'src/cli/main.ts', 'eval', '--dataset', FIXTURE, '--preset', 'plus', '--calibrate-on', 'good_pred', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  ) as { tau: number; correlations: Record<string, { spearman: number; kendall: number }>; systemRanking: { spearman: number; kendall: number } };
  expect(await tauValue(page)).toBeCloseTo(cli.tau, 12);
  for (const d of ['con', 'comp', 'rel'] as const) {
    expect(Number(await page.getByTestId(`corr-crscore-${d}-${d}-spearman`).getAttribute('data-value')), d).toBeCloseTo(cli.correlations[d].spearman, 12);
    expect(Number(await page.getByTestId(`corr-crscore-${d}-${d}-kendall`).getAttribute('data-value')), d).toBeCloseTo(cli.correlations[d].kendall, 12);
  }
  expect(Number(await page.getByTestId('ranking-spearman').getAttribute('data-value'))).toBeCloseTo(cli.systemRanking.spearman, 12);
});

test('τ belongs to its similarity: a hand-set lexical τ is not carried to TF-IDF, and comes back with lexical', async ({ page }) => {
  await fresh(page);
  await page.getByTestId('research-sample').click();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await runAndWait(page);
  await page.getByTestId('research-tau').fill('0.169');
  expect(await tauValue(page)).toBeCloseTo(0.169, 6);
  await expect(page.getByTestId('research-tau-source')).toHaveAttribute('data-source', 'manual');
  // The correlations follow once the slider rests.
  await expect(page.getByTestId('correlation-table')).toHaveAttribute('data-pending', 'false');

  await page.getByTestId('research-similarity').selectOption('tfidf');
  await runAndWait(page);
  const tfidf = await state(page);
  expect(tfidf.tauSource).toBe('calibrated');
  expect(tfidf.tau).not.toBeCloseTo(0.169, 3);
  await expect(page.getByTestId('research-tau-source')).toContainText("plus's TF-IDF");

  await page.getByTestId('research-similarity').selectOption('lexical');
  await runAndWait(page);
  expect(await tauValue(page)).toBeCloseTo(0.169, 6);
  await expect(page.getByTestId('research-tau-source')).toHaveAttribute('data-source', 'manual');
  // "Use calibrated τ" forgets the hand-set value for this similarity only.
  await page.getByRole('button', { name: 'Use calibrated τ' }).click();
  await expect(page.getByTestId('research-tau-source')).toHaveAttribute('data-source', 'calibrated');
});

test('while a re-score runs, the previous results are marked stale; a changed configuration says the results are for the old one', async ({ page }) => {
  test.setTimeout(180_000);
  await fresh(page);
  await page.getByTestId('research-sample').click();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await runAndWait(page);
  await expect(page.getByTestId('research-stale')).toHaveCount(0);
  // Changing the similarity (not run yet): the results say which configuration they are for.
  await page.getByTestId('research-similarity').selectOption('use-lite');
  await expect(page.getByTestId('research-stale')).toContainText('The results below are for lexical overlap');
  // Hold the USE-lite model files until the stale marking has been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/models\/use-lite\//, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-results')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('research-stale')).toContainText('Re-scoring… the results below are stale');
  release();
  await expect(prog(page)).toHaveAttribute('data-phase', 'done', { timeout: 180_000 });
  await expect(page.getByTestId('research-results')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('research-stale')).toHaveCount(0);
});
