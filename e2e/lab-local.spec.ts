// The metric lab with the in-browser provider: the generated tiny model (public/models/tiny-qwen2-claims, WASM) as
// the reference-free judge. A plumbing check: the random model writes whatever it writes, so every review must end
// graded (1–5) or recorded as no grade, one generation at a time.
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { labRows, writeLabDataset } from './fixtures/labDataset';
import { openLab, setMetrics } from './helpers-lab';

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
  await run.getByLabel('Provider').selectOption({ label: 'In this browser (WebGPU)' });
  await run.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  await run.getByLabel('Hub model id').fill('/models/tiny-qwen2-claims');
  await run.getByLabel('Run on').selectOption('wasm');
  await run.getByLabel('Max new tokens').fill('24');
  await page.getByTestId('lab-concurrency').fill('4');
  await expect(run).toContainText('this provider takes 1 at a time');
  await page.evaluate(() => {
    type Llm = { generate: (...a: unknown[]) => Promise<unknown> };
    const w = window as unknown as {
      __crscoreLocalLlm: Llm;
      __gen: { now: number; max: number; calls: number };
    };
    const orig = w.__crscoreLocalLlm.generate.bind(w.__crscoreLocalLlm);
    w.__gen = { now: 0, max: 0, calls: 0 };
    w.__crscoreLocalLlm.generate = async (...a: unknown[]) => {
      w.__gen.now++;
      w.__gen.calls++;
      w.__gen.max = Math.max(w.__gen.max, w.__gen.now);
      try {
        return await orig(...a);
      } finally {
        w.__gen.now--;
      }
    };
  });
  await page.getByTestId('lab-llm-run').click();
  await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 280_000,
  });
  const gen = await page.evaluate(
    () => (window as unknown as { __gen: { max: number; calls: number } }).__gen,
  );
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
