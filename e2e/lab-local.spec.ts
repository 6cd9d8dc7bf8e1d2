// The metric lab with the in-browser provider: the generated tiny model (public/models/tiny-qwen2-claims, WASM) as
// the reference-free judge. A plumbing check: the random model writes whatever it writes, so every review must end
// graded (1–5) or recorded as no grade, one generation at a time.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { labRows, writeLabDataset } from './fixtures/labDataset';
import { openLab, setMetrics } from './helpers-lab';
import { chooseLocalModel, countGenerations } from './helpers-local-llm';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('the in-browser tiny model as a judge: one generation at a time, every review graded or recorded as no grade', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const small = writeLabDataset(3, 11);
  await openLab(page, small);
  await setMetrics(page, ['crscore', 'llm-judge']);
  await page.getByTestId('lab-resamples').fill('100');
  const run = page.getByTestId('lab-run');
  await chooseLocalModel(run, '/models/tiny-qwen2-claims', { backend: 'wasm', maxNew: 24 });
  await page.getByTestId('lab-concurrency').fill('4');
  await expect(run).toContainText('this provider takes 1 at a time');
  const generations = await countGenerations(page);
  await page.getByTestId('lab-llm-run').click();
  await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 280_000,
  });
  const gen = await generations();
  expect(gen.max).toBe(1);
  const reviews = labRows(3, 11).flatMap((r) => r.reviews.filter((x) => x.system !== 'msg'));
  // At least one call per review, at most four (three re-asks while no grade can be read).
  expect(gen.calls).toBeGreaterThanOrEqual(reviews.length);
  expect(gen.calls).toBeLessThanOrEqual(4 * reviews.length);
  const judges = await page.evaluate(() => {
    const lab = (
      globalThis as unknown as {
        __crscoreLab: {
          getState(): { judges: { status: string; grades: Record<string, number | null> }[] };
        };
      }
    ).__crscoreLab;
    return lab.getState().judges;
  });
  // The random model writes whatever it writes: each review is graded (1–5) or recorded as no grade, never 0.
  expect(judges).toHaveLength(reviews.length);
  for (const j of judges) {
    expect(['graded', 'no-grade']).toContain(j.status);
    for (const v of Object.values(j.grades)) if (v !== null) expect([1, 2, 3, 4, 5]).toContain(v);
  }
  await expect(page.getByTestId('lab-row-llm-judge.rel')).toBeVisible();
});
