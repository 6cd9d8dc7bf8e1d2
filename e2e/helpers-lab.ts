// Shared by the metric lab's browser tests (lab*.spec.ts): the stub's grading rule (from the review's [qN] marker in
// the prompt), opening the lab on a dataset scored in Research, the LLM settings for a stub, and screenshots.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { labRows, qualityOf } from './fixtures/labDataset';
import { promptOf, type LlmStub, type RecordedRequest, type StubReply } from './stubs/llmStub';
import { researchView } from './helpers-research';

export const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const SHOTS = process.env.LAB_SHOTS ? path.resolve(process.env.LAB_SHOTS) : null;

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

export async function openLab(page: Page, file: string) {
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
  await researchView(page, 'lab');
  await expect(page.getByTestId('lab')).toBeVisible();
}

export async function useStub(page: Page, stub: LlmStub) {
  const run = page.getByTestId('lab-run');
  await run
    .getByLabel('Provider')
    .selectOption({ label: stub.protocol === 'openai' ? 'Other OpenAI-compatible' : 'Anthropic' });
  await run.getByLabel('Base URL').fill(stub.protocol === 'openai' ? stub.baseUrl : stub.baseUrl);
  await run.getByLabel('Model').fill('stub-model');
  if (stub.protocol === 'anthropic')
    await run.getByLabel('API key').fill('sk-ant-e2e-lab-key-0123456789');
}

export async function setMetrics(page: Page, on: string[]) {
  for (const k of ['crscore', 'bleu', 'chrf', 'embed-ref', 'llm-grade', 'llm-judge'])
    await page.getByTestId(`lab-metric-${k}`).setChecked(on.includes(k));
}

export const num = async (page: Page, testid: string, attr = 'data-value') =>
  Number(await page.getByTestId(testid).getAttribute(attr));

export async function shoot(page: Page, name: string) {
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

/** The reviews' known grades: the [qN] marker, with the paper's 5→4 rule (no review is its reference). */
export function expectedGrades() {
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

export interface CliMetric {
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

/**
 * `crscore eval --json --similarity lexical …` from the sources, asynchronously (a stub in this process may answer
 * its LLM requests while it runs): the report the lab's tables must equal.
 */
export async function cliEvalMetrics(args: string[], timeoutMs: number): Promise<{ baseline: string; metrics: CliMetric[] }> {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'src/cli/main.ts', 'eval', '--json', '--similarity', 'lexical', ...args],
    { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 },
  );
  return JSON.parse(stdout) as { baseline: string; metrics: CliMetric[] };
}
