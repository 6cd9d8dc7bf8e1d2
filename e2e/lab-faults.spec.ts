// The metric lab's faults in the browser, against the stub LLM server: a 429 storm, a 7 asked again, prose kept as
// no grade (never 0), an empty answer and a timeout as failures with their reason, a rerun that asks only what
// failed; Cancel and a reload in the middle of a run resume from the answer cache; the prompts are editable, and the
// edited prompt is what the model receives and what every export records.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { labRows, qualityOf, writeLabDataset } from './fixtures/labDataset';
import { expectedGrades, gradeFromPrompt, num, openLab, setMetrics, useStub } from './helpers-lab';
import { promptOf, startLlmStub } from './stubs/llmStub';

let dataset: string;

test.beforeAll(() => {
  dataset = writeLabDataset();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('faults: a 429 storm, a 7 asked again, prose and empty answers, a timeout; no grade is recorded, never 0, and a rerun asks only what failed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stub = await startLlmStub('openai');
  try {
    const tries = new Map<string, number>();
    let storm = 6;
    const rows = labRows();
    // The judge of one review never answers (a timeout); every other fault is decided by the review's quality.
    const hang = rows[0].reviews.find((x) => x.system !== 'msg')!.review!;
    stub.respond = (req) => {
      if (storm-- > 0) return { kind: 'status', status: 429, retryAfter: '1' };
      const p = promptOf(req);
      const n = (tries.get(p) ?? 0) + 1;
      tries.set(p, n);
      const grade = p.includes('Reference comment');
      const review = grade
        ? (/Generated comment: "([^"]*)"/.exec(p)?.[1] ?? '')
        : (p.split('Review comment:')[1] ?? '');
      const q = qualityOf(review);
      if (!grade && p.includes(rows[0].diff) && review.includes(hang)) return { kind: 'never' };
      if (q === 1)
        return { kind: 'prose', text: 'This comment is fine and helpful for the author.' };
      if (q === 2 && n === 1) return { kind: 'ok', text: grade ? '7' : '' };
      return gradeFromPrompt(req);
    };
    await openLab(page, dataset);
    await setMetrics(page, ['crscore', 'llm-grade', 'llm-judge']);
    await page.getByTestId('lab-resamples').fill('100');
    await useStub(page, stub);
    await page.getByTestId('lab-run').getByLabel('Timeout (s)').fill('1');
    await page.getByTestId('lab-llm-run').click();
    await page.getByTestId('lab-confirm-run').click();
    await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
      timeout: 150_000,
    });
    const st = await page.evaluate(() => {
      const lab = (
        globalThis as unknown as {
          __crscoreLab: {
            getState(): {
              grades: { id: string; grade: number | null; status: string }[];
              judges: { id: string; grades: Record<string, number | null>; status: string }[];
            };
          };
        }
      ).__crscoreLab;
      return lab.getState();
    });
    const want = expectedGrades();
    for (const w of want.filter((x) => x.hasRef)) {
      const g = st.grades.find((x) => x.id === w.id)!;
      if (w.q === 1) expect(g, w.id).toMatchObject({ grade: null, status: 'no-grade' });
      else expect(g.grade, w.id).toBe(w.q === 5 ? 4 : w.q);
    }
    const hangId = `${rows[0].id}::${rows[0].reviews.find((x) => x.system !== 'msg')!.system}`;
    for (const w of want) {
      const j = st.judges.find((x) => x.id === w.id)!;
      if (w.id === hangId) expect(j.status, w.id).toBe('failed');
      else if (w.q === 1)
        expect(j, w.id).toMatchObject({
          status: 'no-grade',
          grades: { rel: null, con: null, comp: null },
        });
      // An empty answer is a failure with its reason (not cached, so a rerun asks it again), never a grade.
      else if (w.q === 2)
        expect(j, w.id).toMatchObject({
          status: 'failed',
          reason: expect.stringContaining('no model text'),
        });
      else expect(j.grades.rel, w.id).toBe(w.q);
    }
    // Prose is asked again three times, then kept as no grade; a 7 is asked again once.
    const proseGrade = want.filter((w) => w.hasRef && w.q === 1).length;
    await expect(page.getByTestId('lab-failures')).toContainText('no grade');
    await expect(page.getByTestId('lab-failures')).toContainText('No answer within 1 s');
    // No grade is never 0: those reviews sit in the heatmap's own column and out of n.
    const heat = page.getByTestId('lab-heatmap-llm-grade');
    const noGradeScored = want.filter((w) => w.hasRef && w.q === 1 && w.rel != null).length;
    let col = 0;
    for (const h of [1, 2, 3, 4, 5])
      col += Number(
        await heat.locator(`td[data-human="${h}"][data-llm="none"]`).getAttribute('data-count'),
      );
    expect(col).toBe(noGradeScored);
    expect(await num(page, 'lab-n-llm-grade')).toBe(
      want.filter((w) => w.hasRef && w.q !== 1 && w.rel != null).length,
    );
    expect(proseGrade).toBeGreaterThan(0);

    // Rerun once the server behaves: only the failed requests (the timeout, the empty answers) are asked again;
    // answers already paid for, prose kept as no grade included, are not.
    const failedJudge = want.filter((w) => w.id !== hangId && w.q === 2).length + 1;
    stub.respond = gradeFromPrompt;
    const before = stub.count;
    await page.getByTestId('lab-llm-run').click();
    await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
      timeout: 60_000,
    });
    expect(stub.count - before).toBe(failedJudge);
    await expect(page.getByTestId('lab-progress')).toHaveAttribute(
      'data-requests',
      String(failedJudge),
    );
    const judges = await page.evaluate(() => {
      const lab = (
        globalThis as unknown as {
          __crscoreLab: {
            getState(): {
              judges: { id: string; grades: Record<string, number | null>; status: string }[];
            };
          };
        }
      ).__crscoreLab;
      return lab.getState().judges;
    });
    for (const w of want)
      if (w.q !== 1) expect(judges.find((x) => x.id === w.id)!.grades.rel, w.id).toBe(w.q);
  } finally {
    await stub.close();
  }
});

test('Cancel, then a reload in the middle of the resumed run: the answers received stay cached, Resume asks only for the rest', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stub = await startLlmStub('anthropic');
  try {
    stub.respond = (req) => ({
      ...(gradeFromPrompt(req) as { kind: 'ok'; text: string }),
      delayMs: 150,
    });
    await openLab(page, dataset);
    await setMetrics(page, ['crscore', 'llm-judge']);
    await page.getByTestId('lab-resamples').fill('100');
    await useStub(page, stub);
    await page.getByTestId('lab-concurrency').fill('2');
    const total = expectedGrades().length;
    await expect(page.getByTestId('lab-plan')).toHaveAttribute('data-requests', String(total));
    await page.getByTestId('lab-llm-run').click();
    await page.getByTestId('lab-confirm-run').click();
    // Cancel first: the answers received are kept, and Resume continues.
    await expect.poll(() => stub.count, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
    await page.getByTestId('lab-llm-cancel').click();
    await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'cancelled');
    await expect(page.getByTestId('lab-message')).toContainText(
      'Resume asks only for what is missing',
    );
    const atCancel = stub.count;
    await expect(page.getByTestId('lab-plan')).toHaveAttribute('data-cached', /\d+/);
    expect(
      Number(await page.getByTestId('lab-plan').getAttribute('data-cached')),
    ).toBeGreaterThanOrEqual(atCancel - 2);
    await expect(page.getByTestId('lab-llm-run')).toHaveText('Resume');
    await page.getByTestId('lab-llm-run').click();
    if (total - atCancel + 2 > 50) await page.getByTestId('lab-confirm-run').click();
    // Then a reload in the middle of the resumed run.
    await expect.poll(() => stub.count, { timeout: 60_000 }).toBeGreaterThanOrEqual(atCancel + 8);
    await page.reload();
    const answered = stub.count;
    // After the reload: Research's results come back, the lab says the run was cut off, the cache holds the answers.
    await expect(page.getByTestId('lab-message')).toContainText(
      'reloaded while the LLM metrics ran',
      { timeout: 60_000 },
    );
    // The key stayed in memory: type it again (it is never stored unless the user opts in).
    await page.getByTestId('lab-run').getByLabel('API key').fill('sk-ant-e2e-lab-key-0123456789');
    const cached = Number(await page.getByTestId('lab-plan').getAttribute('data-cached'));
    // Up to two requests were in flight at the cancel and two at the reload: answered, but never received.
    expect(cached).toBeGreaterThanOrEqual(answered - 4);
    await expect(page.getByTestId('lab-plan')).toHaveAttribute(
      'data-requests',
      String(total - cached),
    );
    await expect(page.getByTestId('lab-llm-run')).toHaveText('Resume');
    await page.getByTestId('lab-llm-run').click();
    if (total - cached > 50) await page.getByTestId('lab-confirm-run').click();
    await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
      timeout: 120_000,
    });
    await expect(page.getByTestId('lab-progress')).toHaveAttribute(
      'data-requests',
      String(total - cached),
    );
    // Nothing answered before the cancel or the reload was asked again, but what was in flight then.
    expect(stub.count).toBeLessThanOrEqual(total + 4);
    await expect(page.getByTestId('lab-gaps-llm-judge.rel')).toHaveCount(0);
  } finally {
    await stub.close();
  }
});

test('the prompts are visible and editable: the edited prompt is what the model receives and what every export records', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stub = await startLlmStub('openai');
  try {
    stub.respond = gradeFromPrompt;
    const small = writeLabDataset(4, 5);
    await openLab(page, small);
    await setMetrics(page, ['crscore', 'llm-grade']);
    await page.getByTestId('lab-resamples').fill('100');
    await useStub(page, stub);
    await page.getByTestId('lab-prompt-grade').locator('summary').click();
    const text = page.getByTestId('lab-prompt-grade-text');
    await expect(text).toHaveValue(/Reference comment: "\{\{reference\}\}"/);
    // A template without {{reference}} cannot run: it says why.
    const original = await text.inputValue();
    await text.fill(original.replace('{{reference}}', ''));
    await expect(page.getByTestId('lab-prompt-grade')).toContainText('needs {{reference}}');
    await text.fill(`Be strict with vague comments.\n${original}`);
    await expect(page.getByTestId('lab-prompt-grade')).toContainText('(edited)');
    await page.getByTestId('lab-llm-run').click();
    await expect(page.getByTestId('lab-progress')).toHaveAttribute('data-phase', 'done', {
      timeout: 60_000,
    });
    expect(stub.requests.length).toBeGreaterThan(0);
    for (const r of stub.requests)
      expect(promptOf(r).startsWith('Be strict with vague comments.')).toBe(true);
    await expect(page.getByTestId('lab-row-llm-grade')).toBeVisible();
    for (const [which, f] of [
      ['agreement', 'latex'],
      ['agreement', 'csv'],
      ['ranking', 'markdown'],
      ['systems', 'csv'],
    ] as const) {
      if (which === 'systems')
        await page.getByTestId('lab-systems-metric').selectOption('llm-grade');
      const dl = page.waitForEvent('download');
      await page.getByTestId(`lab-export-${which}-${f}`).click();
      const out = fs.readFileSync(await (await dl).path(), 'utf8');
      expect(out, `${which} ${f}`).toContain('Be strict with vague comments.');
      expect(out, `${which} ${f}`).toContain('stub-model');
      expect(out, `${which} ${f}`).toContain(stub.baseUrl);
    }
  } finally {
    await stub.close();
  }
});
