// The browser benches' long-task record: every long task from the page's start, as { s: start, d: duration } in
// window.__lt, read back by each bench at the moments it measures.
import type { Page } from 'playwright-core';

export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lt: { s: number; d: number }[] };
    w.__lt = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__lt.push({ s: e.startTime, d: e.duration }))).observe({ type: 'longtask', buffered: true });
  });
}
