// Measures the Workbench's first screen (controls a newcomer sees, where the scores and matrix start) and saves screenshots.
import { test } from '@playwright/test';
import fs from 'node:fs';
import { hubUnreachable } from './hub';

const OUT = process.env.SHOTS_DIR ?? test.info?.().outputDir ?? 'test-results';

for (const [w, h] of [[1024, 768], [1440, 900]] as const)
  test(`measure ${w}x${h}`, async ({ page }) => {
    await hubUnreachable(page.context());
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await page.waitForTimeout(3000);
    const m = await page.evaluate(() => {
      const vis = (el: Element) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
      };
      const ctrls = [...document.querySelectorAll('button, input, select, textarea, [role="radio"], [role="tab"], summary, a[href]')].filter(
        (el) => vis(el) && !(el as HTMLButtonElement).disabled,
      );
      const inView = ctrls.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
      });
      const top = (id: string) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        return el ? Math.round(el.getBoundingClientRect().top + scrollY) : null;
      };
      return { page: ctrls.length, viewport: inView.length, scores: top('score-cards'), heatmap: top('heatmap'), height: document.documentElement.scrollHeight };
    });
    console.log(`FIRSTSCREEN ${w}x${h} ${JSON.stringify(m)}`);
    fs.mkdirSync(process.env.SHOTS_DIR ?? '/tmp', { recursive: true });
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp'}/workbench-first-${w}.png` });
    void OUT;
  });
