// The metric lab and its meta-evaluation as a person waits for them, through the built app in Debian's Chromium:
// the human study's dev half is imported in Research and scored (lexical), then the clock runs from the click on
// the metric lab until the meta-evaluation's table is on screen with every metric (CRScore, BLEU, chrF, baselines),
// and from each change of grouping, statistic or human score until its table is on screen: first the first time,
// then when a configuration seen before comes back. Figures only; nothing is asserted.
//   npx vite build && npx tsx bench/metaeval-page.ts        BENCH_PORT=5219 BENCH_RESAMPLES=1000
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { preview } from 'vite';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5219);
const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
if (!fs.existsSync(DEV)) {
  console.log(`skipped: the human study's dev half is not at ${DEV}`);
  process.exit(0);
}
// BENCH_DIST: another build to serve (another commit's, for a before/after in the same hour).
const DIST = process.env.BENCH_DIST ?? 'dist';
if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.log(`skipped: no build in ${DIST}/ (npx vite build first)`);
  process.exit(0);
}

type Cfg = { grouping: string; statistic: string; dim: string };

/** Waits until the meta-evaluation shows a finished table of `cfg` with every metric; ms since `t0` (page clock). */
async function shown(page: Page, cfg: Cfg, t0: number): Promise<number> {
  // No function declared inside: tsx would name it with a helper the page does not have (and the app's CSP
  // forbids evaluating strings).
  await page.waitForFunction(
    (cfg) => {
      const me = (globalThis as unknown as { __crscoreMetaEval?: { getState(): { status: string; report: (Cfg & { rows: unknown[] }) | null } } }).__crscoreMetaEval?.getState();
      const r = me?.report;
      return (
        me?.status === 'done' &&
        document.querySelector('[data-testid="me-results"]')?.getAttribute('data-status') === 'done' &&
        !!r &&
        r.grouping === cfg.grouping &&
        r.statistic === cfg.statistic &&
        r.dim === cfg.dim &&
        !!document.querySelector(`[data-testid="me-row-crscore.${cfg.dim}"]`) &&
        // chrF and BLEU are judged against relevance (no dimension of their own).
        (cfg.dim !== 'rel' || !!document.querySelector('[data-testid="me-row-chrf"]'))
      );
    },
    cfg,
    { polling: 20, timeout: 300_000 },
  );
  return (await page.evaluate(() => performance.now())) - t0;
}

const server = await preview({ preview: { port: PORT, strictPort: true }, build: { outDir: DIST }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript((B) => localStorage.setItem('crscore.lab.settings', JSON.stringify({ state: { resamples: B }, version: 1 })), B);
  await page.goto(`http://localhost:${PORT}/#research`);
  await page.getByTestId('research-file').setInputFiles(DEV);
  await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-run').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="research-progress"]')?.getAttribute('data-phase') === 'done', undefined, { timeout: 300_000 });
  const reviews = await page.evaluate(
    () => (globalThis as unknown as { __crscoreResearch: { getState(): { results: { prepared: { items: unknown[] } } } } }).__crscoreResearch.getState().results.prepared.items.length,
  );

  // Opening the lab: from the click until the meta-evaluation's table of every metric is on screen.
  const t0 = await page.evaluate(() => performance.now());
  await page.getByTestId('research-view-lab').click();
  // Milestones on the way: BLEU and chrF scored, the lab's own table done.
  type Research = { getState(): { refMetrics: { status: string } } };
  const at = async (done: Promise<unknown>) => (await done, (await page.evaluate(() => performance.now())) - t0);
  const refs = at(page.waitForFunction(() => (globalThis as unknown as { __crscoreResearch: Research }).__crscoreResearch.getState().refMetrics.status === 'done', undefined, { polling: 20, timeout: 300_000 }));
  const lab = at(page.waitForFunction(() => document.querySelector('[data-testid="lab-row-chrf"]') && document.querySelector('[data-testid="lab-results"]')?.getAttribute('data-status') === 'done', undefined, { polling: 20, timeout: 300_000 }));
  const open = await shown(page, { grouping: 'none', statistic: 'spearman', dim: 'rel' }, t0);
  const milestones = { refs: await refs, lab: await lab };

  const steps: { what: string; set: Partial<Record<'me-grouping' | 'me-statistic' | 'me-dim', string>>; cfg: Cfg }[] = [
    { what: 'grouping → item', set: { 'me-grouping': 'item' }, cfg: { grouping: 'item', statistic: 'spearman', dim: 'rel' } },
    { what: 'grouping → system', set: { 'me-grouping': 'system' }, cfg: { grouping: 'system', statistic: 'spearman', dim: 'rel' } },
    { what: 'grouping → none', set: { 'me-grouping': 'none' }, cfg: { grouping: 'none', statistic: 'spearman', dim: 'rel' } },
    { what: 'statistic → acc_eq (pooled)', set: { 'me-statistic': 'acc_eq' }, cfg: { grouping: 'none', statistic: 'acc_eq', dim: 'rel' } },
    { what: 'human score → conciseness', set: { 'me-dim': 'con' }, cfg: { grouping: 'none', statistic: 'acc_eq', dim: 'con' } },
    { what: 'human score → relevance', set: { 'me-dim': 'rel' }, cfg: { grouping: 'none', statistic: 'acc_eq', dim: 'rel' } },
    { what: 'statistic → Spearman', set: { 'me-statistic': 'spearman' }, cfg: { grouping: 'none', statistic: 'spearman', dim: 'rel' } },
    { what: 'grouping → item', set: { 'me-grouping': 'item' }, cfg: { grouping: 'item', statistic: 'spearman', dim: 'rel' } },
    { what: 'grouping → system', set: { 'me-grouping': 'system' }, cfg: { grouping: 'system', statistic: 'spearman', dim: 'rel' } },
  ];
  const seen = new Set<string>([JSON.stringify({ grouping: 'none', statistic: 'spearman', dim: 'rel' })]);
  const rows: { what: string; when: string; ms: number }[] = [];
  for (const s of steps) {
    const key = JSON.stringify(s.cfg);
    const when = seen.has(key) ? 'returning' : 'first time';
    seen.add(key);
    const [id, value] = Object.entries(s.set)[0];
    const t = await page.evaluate(() => performance.now());
    await page.getByTestId(id).selectOption(value);
    rows.push({ what: s.what, when, ms: await shown(page, s.cfg, t) });
  }
  console.log(`Metric lab and meta-evaluation in the app (built, Chromium): the dev half, ${reviews} reviews, lexical, ${B} resamples`);
  console.log('| step | when | ms |');
  console.log('|---|---|---:|');
  console.log(`| open the metric lab → BLEU and chrF scored | first | ${milestones.refs.toFixed(0)} |`);
  console.log(`| open the metric lab → the lab's table with chrF | first | ${milestones.lab.toFixed(0)} |`);
  console.log(`| open the metric lab → meta-evaluation table with every metric | first | ${open.toFixed(0)} |`);
  record({ what: `metric lab opened → meta-evaluation table, dev half, ${B} resamples`, value: `${(open / 1000).toFixed(2)} s`, target: '≤ 3 s', met: open <= 3000 });
  for (const r of rows) {
    console.log(`| ${r.what} | ${r.when} | ${r.ms.toFixed(0)} |`);
    record({ what: `meta-evaluation ${r.what} (${r.when}), dev half`, value: `${(r.ms / 1000).toFixed(2)} s`, target: '≤ 1 s', met: r.ms <= 1000 });
  }
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
}
