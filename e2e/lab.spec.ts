// Issue 23 in the browser: the metric lab on a generated dataset (e2e/fixtures/labDataset.ts). CRScore, BLEU, chrF,
// the LLM grade against the reference and the reference-free LLM judge against a stub server in the OpenAI and the
// Anthropic shapes that grades from the prompt (so every grade is known): known grades and heatmap counts, N/A for
// reviews without a reference, a second run and a reload send nothing, and the agreement table equals
// `crscore eval --metrics … --json` on the same rows and seed (also on the dev split, where it is present).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { labRows, writeLabDataset } from './fixtures/labDataset';
import {
  cliEvalMetrics,
  DEV,
  expectedGrades,
  gradeFromPrompt,
  num,
  openLab,
  setMetrics,
  shoot,
  useStub,
} from './helpers-lab';
import { startLlmStub } from './stubs/llmStub';
import { researchView } from './helpers-research';

let dataset: string;

test.beforeAll(() => {
  dataset = writeLabDataset();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('non-LLM metrics: agreement table, N/A for changes without a reference, system tables, scatter', async ({
  page,
}) => {
  await openLab(page, dataset);
  await setMetrics(page, ['crscore', 'bleu', 'chrf']);
  await page.getByTestId('lab-resamples').fill('200');
  await expect(page.getByTestId('lab-results')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('lab-row-crscore.rel')).toBeVisible();
  // Every fifth change has no reference review: its reviews are N/A for BLEU and chrF, never 0.
  const rows = labRows();
  const noRef = rows
    .filter((r) => !r.reviews.some((x) => x.system === 'msg'))
    .reduce((a, r) => a + r.reviews.length, 0);
  await expect(page.getByTestId('lab-gaps-bleu')).toContainText(`${noRef} n/a`);
  const scored = rows.flatMap((r) =>
    r.reviews.filter(
      (x) => x.system !== 'msg' && x.rel != null && r.reviews.some((m) => m.system === 'msg'),
    ),
  );
  expect(await num(page, 'lab-n-bleu')).toBe(scored.length);
  await expect(page.getByTestId('lab-ranking')).toBeVisible();
  // Embedding to the reference needs an encoder run in Research; on lexical similarity the lab says so.
  await page.getByTestId('lab-metric-embed-ref').check();
  await expect(page.getByTestId('lab-notes')).toContainText(
    'needs a Research run with an encoder similarity',
  );
  await page.getByTestId('lab-metric-embed-ref').uncheck();
  await page.getByTestId('lab-scatter-metric').selectOption('bleu');
  await expect(page.getByTestId('lab-scatter')).toHaveAttribute('data-missing', /[1-9]/);
  await shoot(page, 'lab-nonllm');
});

for (const protocol of ['openai', 'anthropic'] as const) {
  test(`LLM grade and judge against a ${protocol} stub: known grades, heatmap, N/A without reference, a second run sends nothing`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stub = await startLlmStub(protocol);
    try {
      stub.respond = gradeFromPrompt;
      await openLab(page, dataset);
      await setMetrics(page, ['crscore', 'bleu', 'llm-grade', 'llm-judge']);
      await page.getByTestId('lab-resamples').fill('200');
      await useStub(page, stub);
      const want = expectedGrades();
      const withRef = want.filter((w) => w.hasRef).length;
      // Three calls per review with a reference for the grade, one per review for the judge.
      await expect(page.getByTestId('lab-plan')).toHaveAttribute(
        'data-requests',
        String(3 * withRef + want.length),
      );
      await page.getByTestId('lab-llm-run').click();
      // Above 50 requests the lab asks first.
      await page.getByTestId('lab-confirm-run').click();
      await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
        timeout: 120_000,
      });
      expect(stub.count).toBe(3 * withRef + want.length);
      await expect(page.getByTestId('lab-results')).toHaveAttribute('data-status', 'done', {
        timeout: 60_000,
      });
      const grades = await page.evaluate(() => {
        const lab = (
          globalThis as unknown as {
            __crscoreLab: {
              getState(): { grades: { id: string; grade: number | null; status: string }[] };
            };
          }
        ).__crscoreLab;
        return lab.getState().grades;
      });
      for (const w of want) {
        const g = grades.find((x) => x.id === w.id)!;
        if (!w.hasRef) expect(g, w.id).toMatchObject({ grade: null, status: 'not-applicable' });
        else expect(g.grade, w.id).toBe(w.q === 5 ? 4 : w.q);
      }
      // The heatmap counts the LLM grade against human Rel: each cell is the reviews with that pair.
      const heat = page.getByTestId('lab-heatmap-llm-grade');
      const scored = want.filter((w) => w.hasRef && w.rel != null);
      await expect(heat).toHaveAttribute('data-total', String(scored.length));
      for (const h of [1, 2, 3, 4, 5])
        for (const g of [1, 2, 3, 4]) {
          const n = scored.filter((w) => w.rel === h && (w.q === 5 ? 4 : w.q) === g).length;
          await expect(
            heat.locator(`td[data-human="${h}"][data-llm="${g}"]`),
            `human ${h} llm ${g}`,
          ).toHaveAttribute('data-count', String(n));
        }
      await expect(page.getByTestId('lab-gaps-llm-grade')).toContainText(
        `${want.length - withRef} n/a`,
      );
      await expect(page.getByTestId('lab-row-llm-judge.rel')).toBeVisible();
      await shoot(page, `lab-llm-${protocol}`);

      // A second run asks nothing: every answer is in the cache.
      const before = stub.count;
      await page.getByTestId('lab-llm-run').click();
      await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
        timeout: 60_000,
      });
      await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-requests', '0');
      expect(stub.count).toBe(before);
      // After a reload the grades come back from the cache by themselves, without a request.
      await page.reload();
      if (protocol === 'anthropic')
        await page
          .getByTestId('lab-run')
          .getByLabel('API key')
          .fill('sk-ant-e2e-lab-key-0123456789');
      await expect(page.getByTestId('lab-row-llm-judge.rel')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-requests', '0');
      expect(stub.count).toBe(before);
      // The key never reaches an export.
      const dl = page.waitForEvent('download');
      await page.getByTestId('lab-export-agreement-markdown').click();
      const text = fs.readFileSync(await (await dl).path(), 'utf8');
      expect(text).toContain('Reference comment');
      expect(text).toContain('stub-model');
      expect(text).not.toContain('sk-ant-e2e-lab-key');
    } finally {
      await stub.close();
    }
  });
}

test('the agreement table equals `crscore eval --metrics … --json` on the same rows and seed (stub LLM)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stub = await startLlmStub('openai');
  try {
    stub.respond = gradeFromPrompt;
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-lab-cache-'));
    // Asynchronous: the stub answers from this process while the CLI runs.
    const cli = await cliEvalMetrics(
      [
        '--dataset',
        dataset,
        '--calibrate-on',
        'alpha_pred',
        '--metrics',
        'crscore,bleu,chrf,llm-grade,llm-judge',
        '--bootstrap',
        '300',
        '--seed',
        '3',
        '--llm-provider',
        'openai',
        '--llm-base-url',
        stub.baseUrl,
        '--llm-model',
        'stub-model',
        '--cache-dir',
        cacheDir,
      ],
      240_000,
    );
    const cliRequests = stub.count;
    expect(cliRequests).toBeGreaterThan(0);

    await openLab(page, dataset);
    await setMetrics(page, ['crscore', 'bleu', 'chrf', 'llm-grade', 'llm-judge']);
    await page.getByTestId('lab-resamples').fill('300');
    await page.getByTestId('lab-seed').fill('3');
    await page.getByTestId('lab-baseline').selectOption('crscore.rel');
    await useStub(page, stub);
    await page.getByTestId('lab-llm-run').click();
    await page.getByTestId('lab-confirm-run').click();
    await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
      timeout: 120_000,
    });
    await expect(page.getByTestId('lab-results')).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('lab-row-llm-judge.comp')).toBeVisible();
    expect(await page.getByTestId('lab-tables').getAttribute('data-baseline')).toBe(cli.baseline);
    const ids = await page
      .locator('[data-testid^="lab-row-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')));
    expect(ids).toEqual(cli.metrics.map((m) => m.id));
    for (const m of cli.metrics) {
      expect(await num(page, `lab-n-${m.id}`), `${m.id} n`).toBe(m.n);
      for (const d of ['con', 'comp', 'rel'] as const) {
        for (const k of ['spearman', 'kendall'] as const) {
          const id = `lab-${m.id}-${d}-${k}`;
          expect(await num(page, id), id).toBeCloseTo(m.correlations[d][k], 12);
          expect(await num(page, id, 'data-lo'), `${id} lo`).toBeCloseTo(m.intervals[d][k][0], 12);
          expect(await num(page, id, 'data-hi'), `${id} hi`).toBeCloseTo(m.intervals[d][k][1], 12);
        }
        if (m.pairedVsBaseline) {
          const id = `lab-${m.id}-${d}-diff`;
          expect(await num(page, id), id).toBeCloseTo(m.pairedVsBaseline.spearman[d].diff, 12);
          expect(await page.getByTestId(id).getAttribute('data-significant'), id).toBe(
            String(m.pairedVsBaseline.spearman[d].significant),
          );
        }
        expect(await num(page, `lab-rank-${m.id}-${d}`), `${m.id} rank ${d}`).toBeCloseTo(
          m.systemRanking[d].spearman.r,
          12,
        );
      }
    }
  } finally {
    await stub.close();
  }
});

test('dev split (skips without ../shared/data): the lab equals `crscore eval --metrics crscore,bleu,chrf` on the human study', async ({
  page,
}) => {
  test.skip(!fs.existsSync(DEV), `no human-study data at ${DEV}`);
  test.setTimeout(400_000);
  const cli = await cliEvalMetrics(
    [
      '--dataset',
      DEV,
      '--calibrate-on',
      'gpt3.5_pred',
      '--metrics',
      'crscore,bleu,chrf',
      '--bootstrap',
      '1000',
      '--seed',
      '1',
    ],
    300_000,
  );
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(DEV);
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-calibration-system').selectOption('gpt3.5_pred');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 300_000,
  });
  await researchView(page, 'lab');
  await setMetrics(page, ['crscore', 'bleu', 'chrf']);
  await page.getByTestId('lab-resamples').fill('1000');
  await page.getByTestId('lab-seed').fill('1');
  await expect(page.getByTestId('lab-results')).toHaveAttribute('data-status', 'done', {
    timeout: 120_000,
  });
  for (const m of cli.metrics)
    for (const d of ['con', 'comp', 'rel'] as const) {
      const id = `lab-${m.id}-${d}-spearman`;
      expect(await num(page, id), id).toBeCloseTo(m.correlations[d].spearman, 12);
      expect(await num(page, id, 'data-lo'), `${id} lo`).toBeCloseTo(
        m.intervals[d].spearman[0],
        12,
      );
      if (m.pairedVsBaseline)
        expect(await num(page, `lab-${m.id}-${d}-diff`)).toBeCloseTo(
          m.pairedVsBaseline.spearman[d].diff,
          12,
        );
    }
  const ms = await page.evaluate(
    () =>
      (
        globalThis as unknown as { __crscoreLab: { getState(): { stats: { ms: number } } } }
      ).__crscoreLab.getState().stats.ms,
  );
  console.log(
    `lab statistics on the dev split (5 columns, 1,000 resamples) in the worker: ${Math.round(ms)} ms`,
  );
});
