// The correlation-vs-τ curve is the app's own SVG (CurveSvg.tsx), not recharts: recharts' first draw of it was one
// main-thread task of 110–370 ms on the dev half. What a reader sees must be what recharts drew: each line through
// the curve's own values (broken where a value is missing), the axes' ticks, the "best" and "calibrated" lines at
// their τ, the legend, the current τ over the plot area, the tooltip, and Spearman/Kendall switching the lines.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';

const FIXTURE = path.resolve('e2e/fixtures/research-mini.jsonl');

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

type Point = Record<string, number>;
type Hook = { getState(): { curve: { points: Point[] } | null; tau: number; results: { calibration: { tau: number } } } };

/** Each drawn line's vertices, taken back to (τ, value) through the axes' own ticks. */
async function drawn(page: Page) {
  return page.getByTestId('curve-chart').evaluate((fig) => {
    const num = (e: Element, a: string) => Number(e.getAttribute(a));
    const xt = [...fig.querySelectorAll('.r-axis-x .r-tick')].map((t) => ({ v: Number(t.textContent), px: num(t, 'x') }));
    const yt = [...fig.querySelectorAll('.r-axis-y .r-tick')].map((t) => ({ v: Number(t.textContent), px: num(t, 'y') }));
    const inv = (ts: { v: number; px: number }[], px: number) => {
      const [a, b] = [ts[0], ts[ts.length - 1]];
      return a.v + ((px - a.px) / (b.px - a.px)) * (b.v - a.v);
    };
    const lines = [...fig.querySelectorAll('path.r-curve-line')].map((p) => ({
      series: p.getAttribute('data-series'),
      color: p.getAttribute('stroke'),
      segments: (p.getAttribute('d') ?? '')
        .split('M')
        .filter(Boolean)
        .map((seg) => seg.split('L').map((xy) => xy.split(',').map(Number)).map(([x, y]) => [inv(xt, x), inv(yt, y)])),
    }));
    const refs = [...fig.querySelectorAll('.r-ref-line')].map((g) => ({ label: g.querySelector('text')?.textContent, x: inv(xt, num(g.querySelector('line')!, 'x1')) }));
    const legend = [...fig.querySelectorAll('.r-legend-item')].map((li) => li.textContent);
    return { xTicks: xt.map((t) => t.v), yTicks: yt.map((t) => t.v), lines, refs, legend };
  });
}

const state = (page: Page) => page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState());

test('the curve draws every τ value of each dimension, the reference lines, the legend, the current τ and the tooltip', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/#research');
  await page.getByTestId('research-file').setInputFiles(FIXTURE);
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done');
  await expect(page.getByTestId('curve-svg')).toBeVisible();
  const { curve, results } = await state(page);
  const points = curve!.points;
  expect(points.length).toBeGreaterThan(50);

  for (const kind of ['spearman', 'kendall'] as const) {
    await page.getByTestId('curve-kind').selectOption(kind);
    await expect(page.getByTestId('best-tau')).not.toHaveText('—');
    const d = await drawn(page);
    expect(d.xTicks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(d.legend).toEqual(['Comp', 'Con', 'Rel']);
    expect(d.lines.map((l) => l.series)).toEqual(['Con', 'Comp', 'Rel']);
    for (const line of d.lines) {
      const key = `${line.series!.toLowerCase()}_${kind}`;
      // The finite values, in runs: one segment per run (a missing value breaks the line).
      const runs: Point[][] = [];
      let run: Point[] = [];
      for (const p of points) {
        if (Number.isFinite(p[key])) run.push(p);
        else if (run.length) {
          runs.push(run);
          run = [];
        }
      }
      if (run.length) runs.push(run);
      expect(line.segments.length, key).toBe(runs.length);
      line.segments.forEach((seg, i) => {
        expect(seg.length, key).toBe(runs[i].length);
        seg.forEach(([tau, v], j) => {
          expect(tau).toBeCloseTo(runs[i][j].tau, 2);
          expect(v).toBeCloseTo(runs[i][j][key], 2);
        });
      });
      // Every value lies inside the y axis's ticks.
      for (const p of points) if (Number.isFinite(p[key])) expect(p[key]).toBeGreaterThanOrEqual(d.yTicks[0] - 1e-9);
    }
    const best = Number(await page.getByTestId('best-tau').getAttribute('data-value'));
    expect(d.refs.find((r) => r.label === 'best')!.x).toBeCloseTo(best, 2);
    expect(d.refs.find((r) => r.label === 'calibrated')!.x).toBeCloseTo(results.calibration.tau, 2);
  }

  // The current τ: its line sits over the plot area at τ, and follows the slider.
  const tauLineAt = () =>
    page.getByTestId('curve-chart').evaluate((fig) => {
      const line = fig.querySelector('[data-testid="curve-tau-line"]')!.getBoundingClientRect();
      const xt = [...fig.querySelectorAll('.r-axis-x .r-tick')].map((t) => t.getBoundingClientRect());
      const x0 = xt[0].left + xt[0].width / 2;
      const x1 = xt[xt.length - 1].left + xt[xt.length - 1].width / 2;
      return (line.left - x0) / (x1 - x0);
    });
  expect(await tauLineAt()).toBeCloseTo((await state(page)).tau, 2);
  await page.getByTestId('research-tau').fill('0.6');
  await expect(page.getByTestId('research-tau-value')).toHaveAttribute('data-value', '0.6');
  expect(await tauLineAt()).toBeCloseTo(0.6, 2);

  // The tooltip: the τ under the pointer and the three values there.
  const box = (await page.getByTestId('curve-svg').boundingBox())!;
  const plotW = box.width - 44 - 20;
  await page.mouse.move(box.x + 44 + 0.3 * plotW, box.y + 100);
  const tip = page.locator('.r-curve-tip');
  await expect(tip).toContainText('τ = 0.30');
  const at = points.find((p) => Math.abs(p.tau - 0.3) < 1e-9)!;
  await expect(tip).toContainText(`Rel : ${Number.isFinite(at.rel_kendall) ? at.rel_kendall.toFixed(4) : '—'}`);
  await page.mouse.move(box.x + 10, box.y + box.height + 40);
  await expect(tip).toHaveCount(0);
});
