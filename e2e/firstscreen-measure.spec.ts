// The Workbench's first screen, measured: the controls a newcomer sees (visible and enabled, in the window and on the
// page) and where the scores and the matrix start, printed as FIRSTSCREEN lines for issue 28's before/after figures.
// It asserts the scores panel and the matrix start in the first window, with no click and again under lexical. SHOTS_DIR keeps the pictures.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';

for (const [w, h] of [[1024, 768], [1440, 900]] as const)
  test(`measure ${w}x${h}`, async ({ page }) => {
    const dir = process.env.SHOTS_DIR ?? test.info().outputPath('');
    await hubUnreachable(page.context());
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await page.getByTestId('heatmap').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2000);
    const measure = () =>
      page.evaluate(() => {
        // Chromium lays out a closed <details>' content (content-visibility: hidden), so its rectangles are not zero:
        // a control counts only where checkVisibility says it is rendered and no closed <details> folds it away.
        const folded = (el: Element) => {
          const d = el.closest('details:not([open])');
          return !!d && !(el.tagName === 'SUMMARY' && el.parentElement === d);
        };
        const vis = (el: Element) => {
          const r = el.getBoundingClientRect();
          const st = getComputedStyle(el);
          return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && el.checkVisibility() && !folded(el);
        };
        const ctrls = [...document.querySelectorAll('button, input, select, textarea, summary, a[href]')].filter((el) => vis(el) && !(el as HTMLButtonElement).disabled);
        const inView = ctrls.filter((el) => {
          const r = el.getBoundingClientRect();
          return r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
        });
        const top = (id: string) => {
          const el = document.querySelector(`[data-testid="${id}"]`);
          return el ? Math.round(el.getBoundingClientRect().top + scrollY) : null;
        };
        return { page: ctrls.length, viewport: inView.length, scoresPanel: top('results'), scores: top('score-cards'), heatmap: top('heatmap'), height: document.documentElement.scrollHeight };
      });
    const first = await measure();
    console.log(`FIRSTSCREEN ${w}x${h} first-visit ${JSON.stringify(first)}`);
    expect(first.scoresPanel).toBeLessThan(h);
    // The examples open scored (the learned preset, offline): the matrix is on the first screen with no click.
    expect(first.heatmap).not.toBeNull();
    expect(first.heatmap!).toBeLessThan(h - 100);
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/workbench-first-${w}.png` });
    await page.screenshot({ path: `${dir}/workbench-first-${w}-full.png`, fullPage: true });
    await page.getByTestId('similarity-lexical').click();
    await page.getByTestId('score-cards').waitFor();
    const scored = await measure();
    console.log(`FIRSTSCREEN ${w}x${h} lexical ${JSON.stringify(scored)}`);
    expect(scored.heatmap).toBeLessThan(h);
    await page.screenshot({ path: `${dir}/workbench-lexical-${w}.png` });
  });
