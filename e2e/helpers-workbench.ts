// Shared steps for the workbench specs: what a person does, through the page's own controls.
import { expect, type Locator, type Page } from '@playwright/test';
import { paperExamples } from '../src/examples/paper.ts';

/** The paper's Table 16 pickle diff (src/examples/paper.ts); typeInputs types it into the page. */
export const SAMPLE_DIFF = paperExamples.find((e) => e.id === 'paper-pickle-codereviewer')!.diff;

export const SAMPLE_REVIEW = `The module name is now encoded to ASCII before the replace.
Why was the opening parenthesis dropped from the pattern? This could break unpickling of tasks defined in __main__.
Please add a test.`;

export const SAMPLE_PREFS = [
  'The module name is encoded to ASCII before replacing the main module marker in the pickled bytes.',
  'The replaced byte pattern no longer includes the opening parenthesis.',
  'Non-ASCII module names will now raise an error when the task is pickled.',
  'A test for pickling tasks defined in the main module would cover this change.',
];

/** Opens the app on a fresh, empty session (storage cleared first by the caller's context). */
export async function newSession(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await page.getByTestId('session-new').click();
  await expect(page.getByTestId('not-scorable')).toBeVisible();
}

export async function typeInputs(
  page: Page,
  diff = SAMPLE_DIFF,
  review = SAMPLE_REVIEW,
  prefs = SAMPLE_PREFS,
) {
  await page.getByTestId('diff-input').fill(diff);
  await expect(page.getByTestId('diff-summary')).toContainText('1 hunk');
  await page.getByTestId('review-input').fill(review);
  await page.getByTestId('pref-new-text').fill(prefs.join('\n'));
  await page.getByTestId('pref-add').click();
  await expect(page.getByTestId('pref-item')).toHaveCount(prefs.length);
}

export interface HookMatrix {
  rows: number;
  cols: number;
  data: number[];
}

export async function readHook(page: Page) {
  return page.evaluate(() => {
    const h = window.__crscoreWorkbench;
    return h ? { matrix: h.matrix, sentences: h.sentences, tau: h.tau, source: h.source } : null;
  });
}

export async function shown(page: Page) {
  const num = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));
  // What the last paint outlined (the canvas keeps the list it drew), and its count attribute.
  const outlined = await page
    .getByTestId('heatmap')
    .evaluate((c) => [...((c as HTMLCanvasElement & { outlined?: string[] }).outlined ?? [])]);
  expect(Number(await page.getByTestId('heatmap').getAttribute('data-outlined-count'))).toBe(
    outlined.length,
  );
  return {
    con: await num('score-con'),
    comp: await num('score-comp'),
    rel: await num('score-rel'),
    conText: (await page.getByTestId('score-con').locator('.formula').textContent()) ?? '',
    compText: (await page.getByTestId('score-comp').locator('.formula').textContent()) ?? '',
    outlined: outlined.sort(),
    tau: Number(await page.getByTestId('tau-slider').inputValue()),
    canvasTau: Number(await page.getByTestId('heatmap').getAttribute('data-tau')),
  };
}

/** Unfolds a <details> if it is shut (the Workbench folds its LLM and model settings until asked); returns it. */
async function unfold(details: Locator): Promise<Locator> {
  if ((await details.getAttribute('open')) === null) await details.locator('summary').first().click();
  await expect(details).toHaveAttribute('open', '');
  return details;
}

/** Opens the claims panel's LLM settings ("Write claims with an LLM…"), as a person would, and returns the form. */
export const openLlmSettings = (page: Page) => unfold(page.locator('details.claims-settings').first());

/** Opens the Workbench's folded model settings (the "Model: … Change…" line) and returns them. */
export const openModelSettings = (page: Page) => unfold(page.getByTestId('model-details'));

/** Clicks one of the open session's actions (Rename, Duplicate, Export, Delete), unfolding their menu first. */
export async function sessionAction(page: Page, testId: 'session-rename' | 'session-duplicate' | 'session-export' | 'session-delete') {
  await unfold(page.getByTestId('session-menu'));
  await page.getByTestId(testId).click();
}
