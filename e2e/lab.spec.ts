// Issue 23 in the browser: the metric lab on a generated dataset (e2e/fixtures/labDataset.ts). CRScore, BLEU, chrF,
// the LLM grade against the reference and the reference-free LLM judge against a stub server in the OpenAI and
// the Anthropic shapes that grades from the prompt (so every grade is known); the agreement table equals
// `crscore eval --metrics … --json` on the same rows and seed; a second run sends nothing; a 7 is asked again and
// prose is recorded as no grade; a reload mid-run resumes from the cache; the in-browser tiny model as a judge.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { labRows, qualityOf, writeLabDataset } from './fixtures/labDataset';
import {
  promptOf,
  startLlmStub,
  type LlmStub,
  type RecordedRequest,
  type StubReply,
} from './stubs/llmStub';

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const SHOTS = process.env.LAB_SHOTS ? path.resolve(process.env.LAB_SHOTS) : null;
let dataset: string;

test.beforeAll(() => {
  dataset = writeLabDataset();
});
test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

/** Grades every prompt from the review's [qN] marker: the reference grade as "Grade: N", the judge as JSON. */
export function gradeFromPrompt(req: RecordedRequest): StubReply {
  const p = promptOf(req);
  const review = p.includes('Reference comment')
    ? (/Generated comment: "([^"]*)"/.exec(p)?.[1] ?? '')
    : (p.split('Review comment:')[1] ?? '');
  const q = qualityOf(review) ?? 3;
  if (p.includes('Reference comment')) return { kind: 'ok', text: `Grade: ${q}` };
  return {
    kind: 'ok',
    text: JSON.stringify({ relevance: q, conciseness: q, comprehensiveness: Math.max(1, q - 1) }),
  };
}

async function openLab(page: Page, file = dataset) {
  await page.goto('/#research');
  await expect(page.getByTestId('research')).toBeVisible();
  await page.getByTestId('research-file').setInputFiles(file);
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-calibration-system').selectOption('alpha_pred');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('lab')).toBeVisible();
}

async function useStub(page: Page, stub: LlmStub) {
  const run = page.getByTestId('lab-run');
  await run
    .getByLabel('Provider')
    .selectOption({ label: stub.protocol === 'openai' ? 'Other OpenAI-compatible' : 'Anthropic' });
  await run.getByLabel('Base URL').fill(stub.protocol === 'openai' ? stub.baseUrl : stub.baseUrl);
  await run.getByLabel('Model').fill('stub-model');
  if (stub.protocol === 'anthropic')
    await run.getByLabel('API key').fill('sk-ant-e2e-lab-key-0123456789');
}

async function setMetrics(page: Page, on: string[]) {
  for (const k of ['crscore', 'bleu', 'chrf', 'embed-ref', 'llm-grade', 'llm-judge'])
    await page.getByTestId(`lab-metric-${k}`).setChecked(on.includes(k));
}

const num = async (page: Page, testid: string, attr = 'data-value') =>
  Number(await page.getByTestId(testid).getAttribute(attr));

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1024, 768],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // What a person sees, part by part: each part scrolled to the top of the window.
    for (const part of [
      'lab',
      'lab-agreement',
      'lab-ranking',
      'lab-scatter-fig',
      'lab-heatmap-llm-grade',
    ]) {
      const el = page.getByTestId(part);
      if ((await el.count()) === 0) continue;
      await el.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -60));
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${part}-${w}.png`) });
    }
  }
}

test('non-LLM metrics: agreement table, N/A for changes without a reference, system tables, scatter', async ({
  page,
}) => {
  await openLab(page);
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

/** The reviews' known grades: the [qN] marker, with the paper's 5→4 rule (no review is its reference). */
function expectedGrades() {
  return labRows().flatMap((r) => {
    const hasRef = r.reviews.some((x) => x.system === 'msg');
    return r.reviews
      .filter((x) => x.system !== 'msg')
      .map((x) => ({
        id: `${r.id}::${x.system}`,
        q: qualityOf(x.review ?? '')!,
        hasRef,
        rel: x.rel,
      }));
  });
}

for (const protocol of ['openai', 'anthropic'] as const) {
  test(`LLM grade and judge against a ${protocol} stub: known grades, heatmap, N/A without reference, a second run sends nothing`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stub = await startLlmStub(protocol);
    try {
      stub.respond = gradeFromPrompt;
      await openLab(page);
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
    await openLab(page);
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

interface CliMetric {
  id: string;
  n: number;
  correlations: Record<'con' | 'comp' | 'rel', { spearman: number; kendall: number }>;
  intervals: Record<
    'con' | 'comp' | 'rel',
    { spearman: [number, number]; kendall: [number, number] }
  >;
  pairedVsBaseline: {
    n: number;
    spearman: Record<
      'con' | 'comp' | 'rel',
      { diff: number; lo: number; hi: number; significant: boolean }
    >;
  } | null;
  systemRanking: Record<'con' | 'comp' | 'rel', { spearman: { r: number } }>;
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
    const { stdout } = await promisify(execFile)(
      'npx',
      [
        'tsx',
        'src/cli/main.ts',
        'eval',
        '--dataset',
        dataset,
        '--json',
        '--similarity',
        'lexical',
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
      { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 },
    );
    const cli = JSON.parse(stdout) as { baseline: string; metrics: CliMetric[] };
    const cliRequests = stub.count;
    expect(cliRequests).toBeGreaterThan(0);

    await openLab(page);
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
    await openLab(page);
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

test('dev split (skips without ../shared/data): the lab equals `crscore eval --metrics crscore,bleu,chrf` on the human study', async ({
  page,
}) => {
  test.skip(!fs.existsSync(DEV), `no human-study data at ${DEV}`);
  test.setTimeout(400_000);
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'tsx',
      'src/cli/main.ts',
      'eval',
      '--dataset',
      DEV,
      '--json',
      '--similarity',
      'lexical',
      '--calibrate-on',
      'gpt3.5_pred',
      '--metrics',
      'crscore,bleu,chrf',
      '--bootstrap',
      '1000',
      '--seed',
      '1',
    ],
    { encoding: 'utf8', timeout: 300_000, maxBuffer: 64 << 20 },
  );
  const cli = JSON.parse(stdout) as { metrics: CliMetric[] };
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(DEV);
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-calibration-system').selectOption('gpt3.5_pred');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 300_000,
  });
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
