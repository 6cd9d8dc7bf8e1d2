// `npm run bench:pr-browser`: the runs of bench/prreview.ts in the browser, through Research's own worker
// (src/store/prreview/prEval.worker.ts, reached through the store's prEvalWorker) in Debian's Chromium: the same
// files, every offline evaluator with every matcher the browser offers (use-lite needs the encoder's download and
// is not offered there), 1,000 resamples. The files are handed over once (open, timed and counted in the total),
// then each run is timed from the call to the result back on the main thread, so it includes the rows' way back.
// The worker is started first and timed apart. The first plus run fetches the background IDF, the first learned
// run builds the linker. Figures only; nothing is asserted.
//   AACR_BENCH_DIR=… MARTIAN_BENCH_DIR=… BENCH_PORT=4311 npm run bench:pr-browser
// Every step has a time limit (BENCH_RUN_TIMEOUT_S per run, 120 s by default) and names what it waited for when
// it gives up, so a stuck worker or an unloadable module ends the bench instead of hanging it.
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import type { PrEvalOptions } from '../src/core/prreview/index.ts';
import { aacrFiles, martianFiles } from './prData.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4311);
const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const RUN_TIMEOUT = Number(process.env.BENCH_RUN_TIMEOUT_S ?? 120) * 1000;
const MATCHERS = ['bleu', 'lexical', 'plus', 'learned'] as const;

class BenchTimeout extends Error {}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BenchTimeout(`${what}: no answer after ${(ms / 1000).toFixed(0)} s`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

type Run = { label: string; o: Omit<PrEvalOptions, 'ctx'> };

function runsOf(layout: 'aacr' | 'martian', judges: string[]): Run[] {
  const runs: Run[] = [{ label: 'codefuse (its BLEU)', o: { evaluator: 'codefuse' } }];
  for (const ev of ['codefuse', 'aacr', 'aacr-fixed', 'crscore'] as const)
    for (const matcher of MATCHERS) runs.push({ label: `${ev} --matcher ${matcher}`, o: { evaluator: ev, matcher } });
  if (layout === 'martian')
    for (const judge of judges) {
      runs.push({ label: `martian --judge ${judge} (replay)`, o: { evaluator: 'martian', judge } });
      for (const matcher of MATCHERS) runs.push({ label: `martian --candidates-from ${judge} --matcher ${matcher}`, o: { evaluator: 'martian', candidatesFrom: judge, matcher } });
    }
  return runs.map((r) => ({ ...r, o: { ...r.o, resamples: B, seed: 1 } }));
}

let server: ViteDevServer | null = null;
let browser: Browser | null = null;
let failed = false;
try {
  server = await within(createServer({ server: { port: PORT, strictPort: true }, logLevel: 'warn' }), 60_000, 'starting Vite');
  await within(server.listen(), 30_000, `Vite listening on port ${PORT}`);
  browser = await within(chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }), 60_000, 'launching Chromium');
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  page.on('console', (m) => (m.type() === 'error' ? console.error(`page console: ${m.text()}`) : undefined));
  await page.route('**/bench-blank', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await within(page.goto(`http://localhost:${PORT}/bench-blank`), 60_000, 'opening the bench page');
  // The store module (and through it the worker's URL) first; Vite transforms it on demand.
  await within(
    page.evaluate(async () => {
      const m = await import('/src/store/prreview/prReview.ts' as string);
      (globalThis as Record<string, unknown>).__prWorker = m.prEvalWorker();
    }),
    120_000,
    'loading src/store/prreview/prReview.ts in the page',
  );
  // The worker's start (its modules fetched and run: Vite transforms them on demand), timed apart by a call that
  // needs nothing (no handle 0 is ever held).
  const started = await within(
    page.evaluate(async () => {
      const g = globalThis as unknown as { __prWorker: { read(h: number, o: unknown): Promise<unknown> } };
      const t = performance.now();
      await g.__prWorker.read(0, {});
      return performance.now() - t;
    }),
    120_000,
    'starting the worker',
  );
  console.log(`the worker's start (its modules from Vite's dev server): ${started.toFixed(0)} ms, not counted below`);
  for (const [name, data] of [['AACR-Bench', aacrFiles()], ["Martian's benchmark", martianFiles()]] as const) {
    await page.evaluate((files) => ((globalThis as Record<string, unknown>).__prFiles = files), data.files);
    // The files are handed over once, as the store does (open: read there, the dataset back), then named by handle.
    const ds = await within(
      page.evaluate(async () => {
        type Ds = { layout: string; prs: { reviews: Record<string, unknown[]> }[]; systems: string[]; judges: string[] };
        const g = globalThis as unknown as { __prWorker: { open(f: unknown, o: unknown): Promise<{ handle: number; dataset: Ds }> }; __prFiles: unknown; __prHandle: number };
        const t = performance.now();
        const { handle, dataset: d } = await g.__prWorker.open(g.__prFiles, {});
        const ms = performance.now() - t;
        g.__prHandle = handle;
        return { ms, layout: d.layout, prs: d.prs.length, comments: d.prs.reduce((n, p) => n + Object.values(p.reviews).flat().length, 0), systems: d.systems.length, judges: d.judges };
      }),
      RUN_TIMEOUT,
      `${name}: opening the files in the worker`,
    );
    console.log(`\n## ${name} in Chromium's worker: ${data.from}`);
    console.log(`${ds.prs} PRs, ${ds.comments} comments, ${ds.systems} systems${ds.judges.length ? `, ${ds.judges.length} judges` : ''}\n`);
    console.log(`| run (${B} resamples) | ms (call to result) | rows |\n|---|---:|---:|`);
    console.log(`| open (the files to the worker, read, the dataset back) | ${ds.ms.toFixed(0)} | |`);
    let total = ds.ms;
    let first: number | null = null;
    for (const r of runsOf(ds.layout as 'aacr' | 'martian', ds.judges)) {
      const out = await within(
        page.evaluate(async (o) => {
          const g = globalThis as unknown as { __prWorker: { evaluate(h: number, read: unknown, o: unknown): Promise<{ result: { rows: unknown[] } } | null> }; __prHandle: number };
          const t = performance.now();
          const res = await g.__prWorker.evaluate(g.__prHandle, {}, o);
          if (!res) throw new Error('the worker no longer holds the files opened');
          return { ms: performance.now() - t, rows: res.result.rows.length };
        }, r.o),
        RUN_TIMEOUT,
        `${name}: ${r.label} in the worker`,
      );
      first ??= out.ms;
      total += out.ms;
      console.log(`| ${r.label} | ${out.ms.toFixed(0)} | ${out.rows} |`);
    }
    console.log(`\n${name} in the browser's worker: ${(total / 1000).toFixed(2)} s for the open and every run (the open: ${(ds.ms / 1000).toFixed(2)} s; the first run: ${((first ?? 0) / 1000).toFixed(2)} s); target < 3 s`);
    record({ what: `pr-eval in the browser's worker: ${name}, every offline evaluator × matcher, ${B} resamples`, value: `${(total / 1000).toFixed(2)} s`, target: '< 3 s', met: total < 3000 });
  }
} catch (e) {
  failed = true;
  console.error(e instanceof BenchTimeout ? `bench:pr-browser gave up: ${e.message}` : `bench:pr-browser failed: ${(e as Error).stack ?? e}`);
} finally {
  await within(browser?.close() ?? Promise.resolve(), 20_000, 'closing Chromium').catch(() => undefined);
  await within(server?.close() ?? Promise.resolve(), 20_000, 'closing Vite').catch(() => undefined);
}
process.exit(failed ? 1 : 0);
