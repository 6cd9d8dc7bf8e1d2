// Names what the page's long main-thread tasks spend their time on, during a Research import and a lexical run:
// a Chromium performance trace (timeline and V8 sampling profiler), each long task broken down by the trace events
// inside it (script, style, layout, paint…) and by the JavaScript functions sampled in it (self time).
//   npx tsx bench/trace-longtasks.ts [file.jsonl] [--min 40] [--refs: then the reference metrics] [--lab: only the metric lab and its meta-evaluation, after scoring, 200 resamples]   BENCH_PORT=5218, BENCH_DIST=<an existing build>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS } from './summary.ts';

const args = process.argv.slice(2);
const min = Number(args[args.indexOf('--min') + 1]) || 40;
const file = path.resolve(args.find((a) => a.endsWith('.jsonl')) ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const port = Number(process.env.BENCH_PORT ?? 5218);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-trace-'));
const outDir = process.env.BENCH_DIST ?? path.join(tmp, 'dist');
if (!process.env.BENCH_DIST) await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = process.env.TRACE_FROM ? null : await preview({ preview: { port, strictPort: true }, build: { outDir }, logLevel: 'warn' });
const browser = process.env.TRACE_FROM ? null! : await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

interface Ev { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; cat: string; args?: { data?: Record<string, unknown> }; id?: string }

function analyse(traceFile: string) {
  const { traceEvents } = JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: Ev[] };
  // The page's main thread: the renderer thread named CrRendererMain that ran the most.
  const names = traceEvents.filter((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const busy = new Map<string, number>();
  for (const e of traceEvents) if (e.name === 'RunTask' && e.dur) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = names.map((n) => `${n.pid}:${n.tid}`).sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  const onMain = traceEvents.filter((e) => `${e.pid}:${e.tid}` === main);
  const mark = onMain.find((e) => e.name === 'imported');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= min * 1000).sort((a, b) => a.ts - b.ts);
  // CPU profile samples (ProfileChunk events, on the main thread's profile).
  const nodes = new Map<number, { fn: string; url: string; line: number; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  const pid = Number(main.split(':')[0]);
  const profiles = new Map<string, number>();
  const mainTid = Number(main.split(':')[1]);
  // The profiler's chunks come from its own thread: the main thread's profile is the one its Profile event names.
  for (const e of traceEvents) if (e.name === 'Profile' && e.pid === pid && e.tid === mainTid && e.id) profiles.set(e.id, (e.args?.data as { startTime: number }).startTime);
  for (const e of traceEvents) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !profiles.has(e.id!)) continue;
    const d = e.args!.data as { cpuProfile?: { nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; parent?: number }[]; samples?: number[] }; timeDeltas?: number[] };
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, { fn: n.callFrame.functionName || '(anonymous)', url: n.callFrame.url ?? '', line: n.callFrame.lineNumber ?? 0, parent: n.parent });
    let t = profiles.get(e.id!) ?? 0;
    const s = d.cpuProfile?.samples ?? [];
    const dt = d.timeDeltas ?? [];
    // The chunk's deltas continue from the previous chunk of the same profile.
    const last = (profiles as unknown as Map<string, number>).get(`${e.id}:t`) ?? t;
    t = last;
    s.forEach((n, i) => {
      t += dt[i] ?? 0;
      samples.push({ ts: t, node: n });
    });
    profiles.set(`${e.id}:t`, t);
  }
  const label = (id: number) => {
    const n = nodes.get(id);
    return n ? `${n.fn} ${(n.url ?? '').split('/').pop()}:${n.line}` : '?';
  };
  console.log(`main thread ${main}; ${tasks.length} tasks ≥ ${min} ms; import done at ${mark ? ((mark.ts - tasks[0]?.ts) / 1000).toFixed(0) : '?'} ms after the first`);
  for (const t of tasks) {
    const end = t.ts + t.dur!;
    const inner = new Map<string, number>();
    for (const e of onMain) if (e.ph === 'X' && e.ts >= t.ts && e.ts < end && e !== t && e.dur && ['FunctionCall', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'RunMicrotasks', 'V8.GC_SCAVENGER', 'MinorGC', 'MajorGC', 'V8.GCCompactor', 'ParseHTML', 'HitTest', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.callFunction', 'UpdateLayerTree', 'Commit', 'MajorGC', 'V8.GCScavenger', 'BlinkGC.AtomicPhase'].includes(e.name)) inner.set(e.name, (inner.get(e.name) ?? 0) + e.dur);
    const self = new Map<string, number>();
    const stacks = new Map<string, number>();
    const inT = samples.filter((s) => s.ts >= t.ts && s.ts < end);
    for (let i = 0; i < inT.length; i++) {
      const dt = (inT[i + 1]?.ts ?? end) - inT[i].ts;
      const l = label(inT[i].node);
      self.set(l, (self.get(l) ?? 0) + dt);
      // The nearest frame of the app's own code (not a library) on the stack.
      let id: number | undefined = inT[i].node;
      const chain: string[] = [];
      while (id && chain.length < 80) {
        const n = nodes.get(id);
        if (!n) break;
        if (n.fn && n.fn !== '(root)') chain.push(n.fn);
        id = n.parent;
      }
      const key = chain.slice(-(Number(process.env.TRACE_DEPTH) || 14)).reverse().join(' > ');
      stacks.set(key, (stacks.get(key) ?? 0) + dt);
    }
    const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, v]) => `${(v / 1000).toFixed(1)} ${n}`);
    console.log(`\n== task at +${mark ? ((t.ts - mark.ts) / 1000).toFixed(0) : '?'} ms after import: ${(t.dur! / 1000).toFixed(1)} ms`);
    console.log('  events: ' + top(inner, 8).join(' | '));
    console.log('  self:   ' + top(self, 12).join('\n          '));
    console.log('  stacks: ' + top(stacks, 6).join('\n          '));
  }
}


if (process.env.TRACE_FROM) {
  analyse(process.env.TRACE_FROM);
  process.exit(0);
}

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://localhost:${port}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = r.onerror = r.onblocked = () => res(null); }));
  await page.reload();
  const traceFile = path.join(tmp, 'trace.json');
  const lab = args.includes('--lab');
  const trace = () => browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing'] });
  if (lab) await page.evaluate(() => localStorage.setItem('crscore.lab.settings', JSON.stringify({ state: { resamples: 200 }, version: 1 })));
  else await trace();
  await page.getByTestId('research-file').setInputFiles(file);
  await page.getByTestId('import-summary').waitFor({ timeout: 600_000 });
  await page.evaluate(() => performance.mark('imported'));
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-scoring').selectOption('hard');
  await page.getByTestId('research-run').click({ timeout: 0 });
  await page.locator('[data-testid="research-progress"][data-phase="done"]').waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="curve-chart"] svg').first().waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="correlation-table"][data-pending="false"]').waitFor({ timeout: 900_000 });
  // --refs: then the reference-based metrics, as a view asks for them (mark 'refs' where they start).
  if (args.includes('--refs')) {
    type Hook = { getState(): { refMetrics: { status: string }; ensureRefMetrics(): Promise<void> } };
    await page.evaluate(() => performance.mark('refs'));
    await page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().ensureRefMetrics());
    await page.waitForFunction(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().refMetrics.status === 'done', null, { timeout: 900_000 });
  }
  if (lab) {
    type Me = { getState(): { status: string; report: { rows: { id: string }[] } | null } };
    await trace();
    await page.getByTestId('research-view-lab').click();
    await page.waitForFunction(
      () => {
        const me = (globalThis as unknown as { __crscoreMetaEval?: Me }).__crscoreMetaEval?.getState();
        return document.querySelector('[data-testid="lab-results"]')?.getAttribute('data-status') === 'done' && me?.status === 'done' && !!me.report?.rows.some((r) => r.id === 'chrf');
      },
      null,
      { timeout: 900_000, polling: 250 },
    );
  }
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await browser.stopTracing();
  analyse(traceFile);
  if (process.env.TRACE_KEEP) fs.copyFileSync(traceFile, process.env.TRACE_KEEP);
} finally {
  await browser.close();
  await new Promise<void>((res) => (server ? server.httpServer.close(() => res()) : res()));
  fs.rmSync(tmp, { recursive: true, force: true });
}
