// Issue 14 items 9 and 10 (Research tab): headings that ran into their notes, a truncated column header, ticks
// such as 0.3/0.8, −0.05/1.05 and "-0.0", and the "best" and "calibrated" labels clipped or on top of each other.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';

const FIXTURE = path.resolve('e2e/fixtures/research-mini.jsonl');

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

async function scored(page: Page, calibrateOn: string) {
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-calibration-system').selectOption(calibrateOn);
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
}

// The curve is the app's own SVG (CurveSvg.tsx); the distribution is recharts.
const tickLocator = (page: Page, chart: string, axis: 'x' | 'y') =>
  page
    .getByTestId(chart)
    .locator(chart === 'curve-chart' ? `.r-axis-${axis} .r-tick` : `.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`);
const ticks = async (page: Page, chart: string, axis: 'x' | 'y') => {
  await expect(tickLocator(page, chart, axis).first()).toBeVisible();
  return tickLocator(page, chart, axis).allTextContents();
};

for (const size of [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
])
  test(`headings, headers and ticks read cleanly at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await scored(page, 'good_pred');
    // A heading and its note are separate words.
    const curve = [...(await ticks(page, 'curve-chart', 'x')), ...(await ticks(page, 'curve-chart', 'y'))];
    const curveY = (await ticks(page, 'curve-chart', 'y')).map(Number);
    const captions = await page.locator('.research figcaption').allInnerTexts();
    await researchView(page, 'explore');
    captions.push(...(await page.locator('.research figcaption').allInnerTexts()));
    expect(captions.length).toBeGreaterThan(5);
    for (const c of captions) expect(c).not.toMatch(/judgmentSpearman|SystemsMean|uncertaintyMean|distributionbest/);
    // No header cell of the examples list is cut off.
    const cut = await page.locator('.r-ex-head span').evaluateAll((spans) =>
      spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent),
    );
    expect(cut).toEqual([]);
    await expect(page.locator('.r-ex-head')).toContainText('human Rel');

    // Ticks on round steps; human scores on their Likert steps; never "-0.0".
    await page.getByTestId('scatter').scrollIntoViewIfNeeded();
    // The scatter is a canvas (a τ step repaints it without React): it names the ticks it draws on both axes.
    await expect(page.getByTestId('scatter-canvas')).toHaveAttribute('data-ticks', '0.0 0.2 0.4 0.6 0.8 1.0');
    const all = [...curve, ...(await ticks(page, 'distribution', 'x'))];
    for (const t of all) {
      expect(t).not.toMatch(/^[-−]0(\.0*)?$/);
      expect(t).not.toMatch(/\.(05|95)$/);
    }
    const steps = curveY;
    const d = steps.slice(1).map((v, i) => +(v - steps[i]).toFixed(6));
    expect(new Set(d).size).toBe(1);
    expect([0.05, 0.1, 0.2, 0.25, 0.5]).toContain(d[0]);
  });

test('the "best" and "calibrated" labels are inside the chart and apart, at τ near 0 and elsewhere', async ({ page }) => {
  // Calibrating on empty_pred puts the calibrated τ at 0 (the left edge); good_pred puts it mid-range.
  for (const system of ['empty_pred', 'good_pred']) {
    await scored(page, system);
    const boxes = await page.getByTestId('curve-chart').evaluate((fig) => {
      const svg = fig.querySelector('[data-testid="curve-svg"]')!.getBoundingClientRect();
      const label = (text: string) => [...fig.querySelectorAll('.r-ref-label')].find((t) => t.textContent === text)?.getBoundingClientRect();
      const b = label('best');
      const c = label('calibrated');
      const box = (r: DOMRect | undefined) => r && { l: r.left, r: r.right, t: r.top, b: r.bottom };
      return { svg: box(svg)!, best: box(b), cal: box(c) };
    });
    expect(boxes.best, system).toBeTruthy();
    expect(boxes.cal, system).toBeTruthy();
    for (const b of [boxes.best!, boxes.cal!]) {
      expect(b.l).toBeGreaterThanOrEqual(boxes.svg.l);
      expect(b.r).toBeLessThanOrEqual(boxes.svg.r);
      expect(b.t).toBeGreaterThanOrEqual(boxes.svg.t);
      expect(b.b).toBeLessThanOrEqual(boxes.svg.b);
    }
    const overlap = !(boxes.best!.r <= boxes.cal!.l || boxes.cal!.r <= boxes.best!.l || boxes.best!.b <= boxes.cal!.t || boxes.cal!.b <= boxes.best!.t);
    expect(overlap, system).toBe(false);
  }
});
