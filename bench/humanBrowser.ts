// bench:human's browser half: in Debian's Chromium, a page of the dev server imports the core's modules and runs
// what `crscore eval --dataset … --metaeval` runs (read the workbook, each metric on the page's thread, the three
// groupings on the app's meta-evaluation pool, src/store/metaeval/metaevalPool.ts), each stage timed in the page.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { packedWordNet } from '../src/cli/metaeval/wordnet.ts';
import { CHROMIUM_ARGS } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5226);

/** CPU seconds (user + system) of this process's Chromium descendants so far (Linux /proc; null elsewhere): the
 *  page and its workers' CPU, which the neighbours' load does not inflate as it does the wall time. */
function chromiumCpu(): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const procs = new Map<number, { ppid: number; cpu: number; chromium: boolean }>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100, chromium: /chrom/i.test(stat.slice(0, stat.lastIndexOf(')'))) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid; p; p = procs.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  let cpu = 0;
  for (const [pid, p] of procs) if (p.chromium && mine(pid)) cpu += p.cpu;
  return cpu;
}

export async function humanInBrowser(file: string, resamples: number): Promise<{ stages: { name: string; ms: number }[]; pool: number; heapMb: number | null; cpuS: number | null }> {
  const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'warn' });
  await server.listen();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // tsx names the page function's inner functions with a helper the page lacks: an identity stands in for it.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const bytes = fs.readFileSync(file);
    // A blank document of the server's origin, the workbook and WordNet as the app would fetch them.
    await page.route('**/bench-blank', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
    await page.route('**/bench-human.xlsx', (r) => r.fulfill({ contentType: 'application/octet-stream', body: bytes }));
    const wordnet = packedWordNet();
    await page.route('**/bench-wordnet.txt', (r) => r.fulfill({ contentType: 'text/plain', body: wordnet }));
    await page.goto(`http://localhost:${PORT}/bench-blank`);
    const cpu0 = chromiumCpu();
    const out = await page.evaluate(async (B) => {
      const im = (p: string) => import(p);
      const [hd, bridge, research, lab, lexical, wn, meta, pool, cols, preset] = await Promise.all([
        im('/src/core/humanData/index.ts'),
        im('/src/core/humanData/bridge.ts'),
        im('/src/core/research/index.ts'),
        im('/src/core/lab/index.ts'),
        im('/src/core/lexical.ts'),
        im('/src/core/refmetrics/wordnet.ts'),
        im('/src/core/metaeval/index.ts'),
        im('/src/store/metaeval/metaevalPool.ts'),
        im('/src/core/scoreColumns.ts'),
        im('/src/core/plus/preset.ts'),
      ]);
      const stages: { name: string; ms: number }[] = [];
      const timed = async <T,>(name: string, f: () => T | Promise<T>): Promise<T> => {
        const t0 = performance.now();
        const r = await f();
        stages.push({ name, ms: performance.now() - t0 });
        return r;
      };
      const imported = await timed('read (fetch, xlsx → reviews)', async () => hd.importHumanData('dataset.xlsx', await (await fetch('/bench-human.xlsx')).arrayBuffer()));
      const d = imported.dataset;
      const { bridged, prepared } = await timed('prepare (rows, sentences)', () => {
        const bridged = bridge.humanRows(d, d.dimensions[0]);
        const prepared = research.prepare(bridged.rows, 'reference');
        prepared.items.forEach((it: { human: unknown }, k: number) => {
          const h = bridged.reviews[k].human;
          it.human = h === null ? null : { con: h, comp: h, rel: h };
        });
        return { bridged, prepared };
      });
      const columns: { id: string; label: string; values: (number | null)[] }[] = [];
      for (const n of ['bleu', 'chrf', 'rouge-l']) columns.push(...(await timed(n, () => lab.referenceColumns(prepared, [n], {}))));
      const wordnet = await timed('meteor: WordNet fetch and parse', async () => wn.parseWordNet(await (await fetch('/bench-wordnet.txt')).text()));
      columns.push(...(await timed('meteor', () => lab.referenceColumns(prepared, ['meteor'], { wordnet }))));
      columns.push(
        ...(await timed('crscore (lexical, reference pseudo-refs)', () => {
          const m = research.lexicalMatrices(prepared.items);
          const scores = cols.rowsOf(research.scoreAll(research.scorer('hard', prepared.items, m, preset.PLUS_DEFAULT_CALIBRATION.sd), lexical.LEXICAL_TAU));
          return lab.crscoreMetrics(scores, { tau: lexical.LEXICAL_TAU, tauSource: 'lexical-preset', pseudoRefs: 'reference', similarity: 'lexical', scoring: 'hard' });
        })),
      );
      const reviews = bridged.reviews as { change: { id: string }; review: { system: string; review: string | null }; human: number | null }[];
      const records = reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, human: r.human === null ? null : { con: r.human, comp: r.human, rel: r.human } }));
      const metrics = [
        ...columns.map((c) => ({ id: c.id, label: c.label, kind: 'metric', dim: 'rel', values: c.values })),
        ...meta.baselineMetrics(reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), 1).map((m: object) => ({ ...m, dim: 'rel' })),
      ];
      const jobs = (['none', 'item', 'system'] as const).map((g) => ({ records, metrics, options: { grouping: g, statistic: 'spearman', dim: 'rel', resamples: B, seed: 1, against: columns[0].id } }));
      // The three groupings side by side on the pool, as the CLI runs them; first run (the workers start), then again.
      await timed('metaeval: pooled, item, system (workers start)', () => Promise.all(jobs.map((j) => pool.metaEvaluateInPool(j))));
      await timed('metaeval, again (workers warm)', () => Promise.all(jobs.map((j) => pool.metaEvaluateInPool(j))));
      const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { stages, pool: pool.METAEVAL_POOL_SIZE as number, heapMb: mem ? mem.usedJSHeapSize / 2 ** 20 : null };
    }, resamples);
    const cpu1 = chromiumCpu();
    return { ...out, cpuS: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 };
  } finally {
    await browser.close();
    await server.close();
  }
}
