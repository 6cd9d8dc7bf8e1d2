// Where Research's main-thread long tasks and its renderer memory go (issue 30 §4 and §5): a Chromium CPU profile
// (DevTools protocol, 250 µs sampling) of either a 100k τ-slider session or a large scoring run, in the production
// build, and a sampling heap profile of what is still live at the end. It prints the longest stretches of
// main-thread work (consecutive non-idle samples) with the functions that own their time, and the biggest live
// allocation sites. Not part of `npm run bench`: a tool to find causes, not a figure.
//   npx tsx bench/research-profile.ts slider|scale [--reviews 86409] [--dist DIR] [--steps 30]   BENCH_PORT=5219
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { sampleJsonl } from '../src/core/importers/sample.ts';
import { copiedJsonl } from './genDataset.ts';
import { CHROMIUM_ARGS } from './summary.ts';
import { recordLongTasks } from './longTasks.ts';
import { rendererMemory } from './renderers.ts';

const args = process.argv.slice(2);
const mode = args[0] === 'scale' ? 'scale' : 'slider';
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const PORT = Number(process.env.BENCH_PORT ?? 5219);
const DEV = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** The longest stretches of consecutive non-idle samples, each with the functions holding most of its time (self and total). */
function stretches(p: Profile, top = 4) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const idle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
  const runs: { a: number; b: number; ms: number }[] = [];
  let a = -1;
  let ms = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    if (idle(p.samples[i])) {
      if (a >= 0) runs.push({ a, b: i, ms });
      a = -1;
      ms = 0;
    } else {
      if (a < 0) a = i;
      ms += dt;
    }
  }
  if (a >= 0) runs.push({ a, b: p.samples.length, ms });
  runs.sort((x, y) => y.ms - x.ms);
  for (const r of runs.slice(0, top)) {
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    for (let i = r.a; i < r.b; i++) {
      const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
      const n = byId.get(p.samples[i])!;
      self.set(name(n), (self.get(name(n)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
        const k = name(byId.get(id)!);
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
    }
    const fmt = (m: Map<string, number>) => [...m].sort((x, y) => y[1] - x[1]).slice(0, 14).map(([k, v]) => `    ${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n');
    console.log(`\n== stretch of ${r.ms.toFixed(1)} ms (at ${((r.a ? p.timeDeltas.slice(0, r.a).reduce((s, x) => s + x, 0) : 0) / 1000).toFixed(0)} ms)\n  self:\n${fmt(self)}\n  total:\n${fmt(total)}`);
  }
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: Record<string, unknown> } }

/** The main thread's long tasks (RunTask over 40 ms) in a Chromium trace, each with the trace events owning its time (self time). */
function traceTasks(events: TraceEvent[], top = 5): { ts: number; dur: number }[] {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (e: TraceEvent) => events.filter((x) => x.pid === e.pid && x.tid === e.tid).length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  if (!main) return (console.log('no renderer main thread in the trace'), []);
  const xs = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = xs.filter((e) => e.name === 'RunTask' && e.dur! > 40_000).sort((a, b) => b.dur! - a.dur!);
  const label = (e: TraceEvent) => {
    const d = e.args?.data as { functionName?: string; url?: string; lineNumber?: number; type?: string } | undefined;
    if (e.name === 'FunctionCall' && d) return `FunctionCall ${d.functionName || '(anon)'} ${(d.url ?? '').split('/').pop()}:${d.lineNumber ?? ''}`;
    if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
    return e.name;
  };
  const t0 = xs[0]?.ts ?? 0;
  for (const t of tasks.slice(0, top)) {
    const inside = xs.filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e !== t);
    const self = new Map<string, number>();
    const stack: { e: TraceEvent; child: number; path: string }[] = [];
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur! <= until) {
        const f = stack.pop()!;
        self.set(f.path, (self.get(f.path) ?? 0) + f.e.dur! - f.child);
      }
    };
    for (const e of inside) {
      close(e.ts);
      if (stack.length) stack[stack.length - 1].child += e.dur!;
      const path = [...stack.slice(-2).map((f) => label(f.e)), label(e)].join(' › ');
      stack.push({ e, child: 0, path });
    }
    close(Infinity);
    const list = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `    ${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`).join('\n');
    console.log(`\n== trace: task of ${(t.dur! / 1000).toFixed(1)} ms at ${((t.ts - t0) / 1000).toFixed(0)} ms, self time by event (with its two parents):\n${list}`);
  }
  return tasks.slice(0, top).map((t) => ({ ts: t.ts, dur: t.dur! }));
}

/** The CPU profile's samples inside each task's window (the trace and the profile share Chromium's clock): JS functions by total time. */
function samplesIn(p: Profile, tasks: { ts: number; dur: number }[]) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const times: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) times.push((t += d));
  for (const task of tasks) {
    const total = new Map<string, number>();
    for (let i = 0; i < p.samples.length; i++) {
      if (times[i] < task.ts || times[i] > task.ts + task.dur) continue;
      const dt = ((times[i + 1] ?? times[i]) - times[i]) / 1000;
      const seen = new Set<string>();
      for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) {
        const k = name(byId.get(id)!);
        if (seen.has(k) || k.startsWith('(root)')) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
    }
    const list = [...total].sort((a, b) => b[1] - a[1]).slice(0, 16).map(([k, v]) => `    ${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n');
    console.log(`\n== profile inside the task of ${(task.dur / 1000).toFixed(1)} ms (total time by function):\n${list}`);
  }
}

interface HeapNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: HeapNode[] }

/** Live bytes by allocation site (innermost frame with a project URL, and its caller), the largest first. */
function heapSites(head: HeapNode, top = 25) {
  const sites = new Map<string, number>();
  const walk = (n: HeapNode, stack: string[]) => {
    const here = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
    const s = [...stack, here];
    if (n.selfSize) {
      const key = s.slice(-3).join(' ← ');
      sites.set(key, (sites.get(key) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c, s);
  };
  walk(head, []);
  const all = [...sites.values()].reduce((a, b) => a + b, 0);
  console.log(`\n== live sampled heap at the end: ${(all / 2 ** 20).toFixed(0)} MiB (page thread)`);
  for (const [k, v] of [...sites].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${(v / 2 ** 20).toFixed(1).padStart(7)} MiB  ${k}`);
}

/** Resident memory of the renderer processes this script's Chromium started, in bytes (VmRSS, summed). */
const rendererRss = (): number => rendererMemory('VmRSS').reduce((a, b) => a + b, 0);

/** The renderer's resident peak per phase of the script. */
const rss = { phase: 'start', peaks: new Map<string, number>() };
setInterval(() => rss.peaks.set(rss.phase, Math.max(rss.peaks.get(rss.phase) ?? 0, rendererRss())), 250).unref();

async function load(page: Page, file: string) {
  await page.goto(`http://localhost:${PORT}/#research`);
  await page.evaluate(() => new Promise((res) => { const r = indexedDB.deleteDatabase('crscore-research'); r.onsuccess = r.onerror = r.onblocked = () => res(null); }));
  await page.reload();
  rss.phase = 'import';
  await page.getByTestId('research-file').setInputFiles(file);
  await page.getByTestId('import-summary').waitFor({ timeout: 900_000 });
  rss.phase = 'imported';
  await page.getByTestId('research-similarity').selectOption('lexical');
  await page.getByTestId('research-scoring').selectOption('hard');
}

async function scored(page: Page) {
  rss.phase = 'scoring';
  await page.getByTestId('research-run').click({ timeout: 0 });
  await page.locator('[data-testid="research-progress"][data-phase="done"]').waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="curve-chart"] .recharts-wrapper > svg').waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="correlation-table"][data-pending="false"]').waitFor({ timeout: 900_000 });
  rss.phase = 'scored';
  await page.waitForTimeout(3000);
}

async function slide(page: Page, steps: number) {
  const slider = page.getByTestId('research-tau');
  await slider.focus();
  for (let k = 0; k < steps; k++) {
    await page.keyboard.press(Math.floor(k / 25) % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  }
  await page.waitForFunction(() => {
    const u = (globalThis as unknown as { __crscoreUncertainty?: { getState(): { status: string } } }).__crscoreUncertainty;
    return !u || ['done', 'idle', 'error'].includes(u.getState().status);
  }, null, { timeout: 300_000 });
  await page.waitForTimeout(3000);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-rprofile-'));
let outDir = opt('--dist');
if (!outDir) {
  outDir = path.join(tmp, 'dist');
  // Unminified, so the profile names the functions.
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
}
const server = await preview({ preview: { port: PORT, strictPort: true }, build: { outDir }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await recordLongTasks(page);
  // Which worker messages cost the page a long deserialization (the first reader of ev.data pays it).
  await page.addInitScript(() => {
    const w = window as unknown as { __msgs: { t: number; ms: number; url: string; what: string }[] };
    w.__msgs = [];
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(url: string | URL, o?: WorkerOptions) {
        super(url, o);
        this.addEventListener('message', (ev) => {
          const t0 = performance.now();
          const d = ev.data as Record<string, unknown> | null;
          const ms = performance.now() - t0;
          if (ms < 20) return;
          const v = d && typeof d === 'object' ? ((d.value as Record<string, unknown>) ?? d) : d;
          const what = v && typeof v === 'object' ? Object.keys(v).slice(0, 8).join(',') : String(v);
          w.__msgs.push({ t: t0, ms, url: String(url).split('/').pop() ?? '', what });
        });
      }
    };
  });
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const file = path.join(tmp, 'data.jsonl');
  const reviews = Number(opt('--reviews') ?? (mode === 'slider' ? 100_000 : 86_409));
  fs.writeFileSync(file, mode === 'slider' ? sampleJsonl(Math.round(reviews / 4), 11) : copiedJsonl(reviews, 30, fs.existsSync(DEV) ? fs.readFileSync(DEV, 'utf8') : undefined));
  await load(page, file);
  if (mode === 'slider') await scored(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  const heapToo = args.includes('--heap');
  await cdp.send('HeapProfiler.enable');
  if (heapToo) await cdp.send('HeapProfiler.startSampling', { samplingInterval: 64 * 1024 });
  await cdp.send('Profiler.start');
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
  if (mode === 'slider') await slide(page, Number(opt('--steps') ?? 30));
  else await scored(page);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const complete = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = heapToo ? ((await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } }).profile : null;
  const used = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  console.log(`${mode}, ${reviews} reviews; page heap used ${(used.usedSize / 2 ** 20).toFixed(0)} MiB of ${(used.totalSize / 2 ** 20).toFixed(0)} MiB`);
  samplesIn(profile, traceTasks(events));
  stretches(profile, 2);
  if (heap) heapSites(heap.head);
  console.log(`\nrenderer resident peak by phase: ${[...rss.peaks].map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(0)} MiB`).join(', ')}`);
  // Per realm (the page and each worker), as Chromium attributes it (the page is cross-origin isolated).
  const mem = await page.evaluate(async () => {
    const p = performance as unknown as { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number; breakdown: { bytes: number; attribution: { url: string; scope: string }[]; types: string[] }[] }> };
    if (!crossOriginIsolated || !p.measureUserAgentSpecificMemory) return null;
    return p.measureUserAgentSpecificMemory();
  }).catch(() => null);
  if (mem) {
    console.log(`\n== measureUserAgentSpecificMemory: ${(mem.bytes / 2 ** 20).toFixed(0)} MiB`);
    for (const b of mem.breakdown.filter((x) => x.bytes > 2 ** 20).sort((x, y) => y.bytes - x.bytes))
      console.log(`  ${(b.bytes / 2 ** 20).toFixed(0).padStart(6)} MiB  ${b.types.join('+')} ${b.attribution.map((a) => `${a.scope} ${a.url.split('/').pop()}`).join(', ')}`);
  }
  const msgs = await page.evaluate(() => (window as unknown as { __msgs: { t: number; ms: number; url: string; what: string }[] }).__msgs);
  for (const m of msgs.sort((a, b) => b.ms - a.ms).slice(0, 8)) console.log(`worker message read in ${m.ms.toFixed(0)} ms at ${m.t.toFixed(0)} (${m.url}): ${m.what}`);
  const lt = await page.evaluate(() => (window as unknown as { __lt?: { s: number; d: number }[] }).__lt ?? []);
  console.log(`\nlong tasks (PerformanceObserver), longest first: ${lt.map((t) => t.d).sort((a, b) => b - a).slice(0, 8).map((d) => d.toFixed(0)).join(', ')} ms`);
} finally {
  await browser.close();
  await new Promise<void>((res) => server.httpServer.close(() => res()));
  fs.rmSync(tmp, { recursive: true, force: true });
}
