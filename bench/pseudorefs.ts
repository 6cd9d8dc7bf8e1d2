// Issue 15: batch pseudo-references. (1) LLM claims in batch against a local stub answering in 200 ms, concurrency 4:
// requests/s in Node and in the browser (target ≥ 15/s each). (2) Scale: a CodeReviewer-sized dataset made here
// (10,000 changes × 10 systems) with its claims already in the answer cache, scored with lexical similarity and
// with plus: time and peak heap in the CLI (target < 1 min) and in the browser (target < 2 min, < 1.5 GB heap).
// Production build, `vite preview` on BENCH_PORT (default 4251).
//   npm run bench:pseudorefs          (BENCH_SCALE_CHANGES=2000 for a quicker run)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { startLlmStub } from '../e2e/stubs/llmStub.ts';
import { buildClaimsPrompt } from '../src/claims/prompt.ts';
import type { LlmSettings } from '../src/claims/providers.ts';
import { folderCache } from '../src/cli/shared/answerCacheFs.ts';
import { answerIdentity, answerKey, memoryCache, type CachedAnswer } from '../src/llmbatch/cache.ts';
import { claimsForChanges } from '../src/pseudorefs/claimsBatch.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4251);
const CHANGES = Number(process.env.BENCH_SCALE_CHANGES ?? 10_000);
const SYSTEMS = 10;
const THROUGHPUT_REQUESTS = 80;
const ROOT = path.resolve(import.meta.dirname, '..');
/** Which parts to run: throughput, cli, browser (all by default). */
const PARTS = (process.env.BENCH_PARTS ?? 'throughput,cli,browser').split(',');
const TERMS = 'parser cache index buffer token request handler session config logger retry timeout queue schema'.split(' ');
const MODEL = 'bench-model';
const t = (k: number, j = 0) => TERMS[(k * 7 + j * 3) % TERMS.length];

/** CodeReviewer's msg-test.jsonl shape: oldf, patch (from its @@ line), msg, id, lang. */
function makeDataset(n: number): { test: string; preds: string[]; diffs: string[] } {
  const rows: string[] = [];
  const diffs: string[] = [];
  const preds: string[][] = Array.from({ length: SYSTEMS }, () => []);
  for (let k = 0; k < n; k++) {
    const old = Array.from({ length: 20 }, (_, i) => `    ${t(k, i)}_${i} = compute_${t(k, i + 1)}(${i})`);
    const patch = `@@ -9,5 +9,5 @@\n${old[8]}\n${old[9]}\n-${old[10]}\n+    ${t(k, 10)}_10 = compute_${t(k, 11)}(10, retries=${k % 5})\n${old[11]}\n${old[12]}`;
    const lang = ['py', 'java', 'js', 'go'][k % 4];
    rows.push(JSON.stringify({ oldf: `def f_${k}():\n${old.join('\n')}\n`, patch, msg: `Why does the ${t(k, 10)} call need retries?`, id: k, lang }));
    diffs.push(patch);
    for (let s = 0; s < SYSTEMS; s++)
      preds[s].push(s === 9 && k % 17 === 0 ? '' : `Consider whether the ${t(k, 10 + s)} ${t(k, 11)} retries are needed. The ${t(k, s)} handling looks fine.`);
  }
  return { test: rows.join('\n') + '\n', preds: preds.map((p) => p.join('\n') + '\n'), diffs };
}

function answerFor(k: number): string {
  return `1. The call computing ${t(k, 10)}_10 now passes retries=${k % 5} to compute_${t(k, 11)}.\n2. The ${t(k, 10)} value is otherwise computed as before.\n\nImplications:\n1. The ${t(k, 11)} computation may be retried on failure.\n2. Callers of f_${k} may see slower ${t(k, 12)} handling.`;
}

async function cacheEntries(diffs: string[], settings: LlmSettings): Promise<[string, CachedAnswer][]> {
  return Promise.all(
    diffs.map(async (d, k) => {
      const prompt = buildClaimsPrompt(d, 'paper');
      const { key, promptSha256 } = await answerKey(settings, prompt);
      return [key, { ...answerIdentity(settings, promptSha256), text: answerFor(k), at: new Date().toISOString() }] as [string, CachedAnswer];
    }),
  );
}

const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

async function nodeThroughput(): Promise<number> {
  const stub = await startLlmStub('openai');
  stub.fallback = { kind: 'ok', delayMs: 200 };
  try {
    const settings: LlmSettings = { provider: 'openai-compatible', baseUrl: stub.baseUrl, model: MODEL, apiKey: '', temperature: 0 };
    const changes = Array.from({ length: THROUGHPUT_REQUESTS }, (_, k) => ({ id: `c${k}`, diff: `@@ -1 +1 @@\n-a = ${k}\n+a = ${k + 1}` }));
    // Reference: bare fetch calls to the same stub, four at a time, with nothing of the app around them.
    let next = 0;
    const b0 = performance.now();
    const body = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'x' }] });
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next++ < THROUGHPUT_REQUESTS) await (await fetch(`${stub.baseUrl}/chat/completions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).text();
      }),
    );
    const bare = THROUGHPUT_REQUESTS / ((performance.now() - b0) / 1000);
    console.log(`Node, bare fetch (reference, no app code): ${bare.toFixed(1)} requests/s; the ceiling is 4 / 0.2 s = 20/s`);
    const t0 = performance.now();
    await claimsForChanges(changes, { settings, format: 'paper', cache: memoryCache(), concurrency: 4 });
    const s = (performance.now() - t0) / 1000;
    console.log(`Node: ${THROUGHPUT_REQUESTS} requests in ${s.toFixed(2)} s = ${(THROUGHPUT_REQUESTS / s).toFixed(1)} requests/s (stub 200 ms, concurrency 4, max in flight ${stub.maxInFlight})`);
    return THROUGHPUT_REQUESTS / s;
  } finally {
    await stub.close();
  }
}

function cliRun(label: string, args: string[], tmp: string, json = true): { s: number; heap: number; rss: number } {
  const peakFile = path.join(tmp, 'peak.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(path.join(ROOT, 'bench/heapPeak.mjs')).href, path.join(ROOT, 'bin/crscore.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, HEAP_PEAK_FILE: peakFile },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${label} failed: ${r.stderr.slice(-2000)}`);
  const peak = JSON.parse(readFileSync(peakFile, 'utf8')) as { heapUsed: number; maxRss: number };
  if (!json) {
    console.log(`CLI ${label}: ${s.toFixed(1)} s, ${r.stdout.split('\n').length - 1} changes written; peak heap ${mb(peak.heapUsed)} (sampled), peak RSS ${mb(peak.maxRss)}`);
    return { s, heap: peak.heapUsed, rss: peak.maxRss };
  }
  const out = JSON.parse(r.stdout) as { counts: { reviews: number }; pseudoRefs: { cached: number; requests: number } };
  console.log(`CLI ${label}: ${s.toFixed(1)} s, ${out.counts.reviews} reviews scored, pseudo-references: ${out.pseudoRefs.cached} cached, ${out.pseudoRefs.requests} requests; peak heap ${mb(peak.heapUsed)} (sampled), peak RSS ${mb(peak.maxRss)}`);
  return { s, heap: peak.heapUsed, rss: peak.maxRss };
}

async function heapSampler(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let peak = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      try {
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        peak = Math.max(peak, usedSize);
      } catch {
        return; // the page closed (a step failed): the error that matters is that step's
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    on = false;
    await loop;
    return peak;
  };
}

function printRows(rows: [string, string, string][]) {
  console.log(`\n(load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores)\n| measure | result | target |\n|---|---|---|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'crscore-prefs-'));
  const rows: [string, string, string][] = [];
  try {
    // 1 · Throughput.
    if (PARTS.includes('throughput')) {
      console.log('\n## Batch claims: stub answering in 200 ms, concurrency 4\n');
      const nodeRate = await nodeThroughput();
      rows.push(['batch claims, Node (stub 200 ms, concurrency 4)', `${nodeRate.toFixed(1)} requests/s`, '≥ 15/s']);
      record({ what: 'batch claims in Node (stub 200 ms, concurrency 4)', value: `${nodeRate.toFixed(1)} requests/s`, target: '≥ 15/s', met: nodeRate >= 15 });
    }

    // 2 · Scale dataset, written as a researcher would have it, with the claims already cached.
    const { test, preds, diffs } = makeDataset(CHANGES);
    const dir = path.join(tmp, 'codereviewer');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'msg-test.jsonl'), test);
    const predFiles = preds.map((p, s) => {
      const f = path.join(dir, `system-${s}.txt`);
      writeFileSync(f, p);
      return f;
    });
    const settings: LlmSettings = { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: MODEL, apiKey: '', temperature: 0 };
    const entries = await cacheEntries(diffs, settings);
    const cache = folderCache(path.join(tmp, 'cache'));
    for (const [k, v] of entries) await cache.put(k, v);
    console.log(`\n## Scale: ${CHANGES.toLocaleString('en')} changes × ${SYSTEMS} systems (test file ${mb(test.length)}), claims cached\n`);
    if (PARTS.includes('cli')) {
      const input = ['--dataset', path.join(dir, 'msg-test.jsonl'), ...predFiles.flatMap((f) => ['--predictions', f])];
      const llm = ['--pseudo-refs', 'claims', '--llm-base-url', settings.baseUrl, '--llm-model', MODEL, '--cache-dir', path.join(tmp, 'cache')];
      // The pseudo-references alone (read from the cache, written out as a dataset), then eval, which includes them.
      const claims = cliRun('claims (pseudo-references from the cache only)', ['claims', ...input, ...llm], tmp, false);
      const base = ['eval', ...input, ...llm, '--calibrate-on', 'system-0', '--json'];
      const lex = cliRun('eval lexical', [...base, '--similarity', 'lexical'], tmp);
      const plus = cliRun('eval plus', [...base, '--preset', 'plus'], tmp);
      rows.push([`CLI claims, ${CHANGES} changes: pseudo-references from the cache`, `${claims.s.toFixed(1)} s, heap ${mb(claims.heap)}`, '']);
      rows.push([`CLI eval, ${CHANGES} × ${SYSTEMS}, lexical (claims from the cache)`, `${lex.s.toFixed(1)} s, heap ${mb(lex.heap)}, RSS ${mb(lex.rss)}`, '< 1 min']);
      rows.push([`CLI eval, ${CHANGES} × ${SYSTEMS}, plus (claims from the cache)`, `${plus.s.toFixed(1)} s, heap ${mb(plus.heap)}, RSS ${mb(plus.rss)}`, '< 1 min']);
      record({ what: `CLI: ${CHANGES} changes × ${SYSTEMS} systems, cached claims, lexical`, value: `${lex.s.toFixed(1)} s (peak heap ${mb(lex.heap)})`, target: '< 1 min', met: lex.s < 60 });
      record({ what: `CLI: ${CHANGES} changes × ${SYSTEMS} systems, cached claims, plus`, value: `${plus.s.toFixed(1)} s (peak heap ${mb(plus.heap)})`, target: '< 1 min', met: plus.s < 60 });
    }

    // 3 · The browser: throughput, then the same dataset through the Research panels.
    if (!PARTS.includes('browser')) return printRows(rows);
    const outDir = path.join(tmp, 'dist');
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const server = await preview({ preview: { port: PORT, strictPort: true }, build: { outDir }, logLevel: 'warn' });
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
    const stub = await startLlmStub('openai');
    stub.fallback = { kind: 'ok', delayMs: 200 };
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.route(/huggingface\.co|hf\.co/, (r) => r.abort('internetdisconnected'));
      const page = await context.newPage();
      await page.route(/huggingface\.co|hf\.co/, (r) => r.abort('internetdisconnected'));
      await page.goto(`http://localhost:${PORT}/#research`);
      const small = path.join(tmp, 'throughput.jsonl');
      writeFileSync(small, Array.from({ length: THROUGHPUT_REQUESTS }, (_, k) => JSON.stringify({ id: `t${k}`, diff: `@@ -1 +1 @@\n-b = ${k}\n+b = ${k + 1}`, review: 'Fine.', system: 's' })).join('\n'));
      await page.getByTestId('research-file').setInputFiles(small);
      const panel = page.getByTestId('pseudo-refs-panel');
      await panel.getByLabel('LLM claims').check();
      await panel.getByLabel('Provider').selectOption({ label: 'Other OpenAI-compatible' });
      await panel.getByLabel('Base URL').fill(stub.baseUrl);
      await panel.getByLabel('Model').fill(MODEL);
      await page.getByTestId('prefs-plan').filter({ hasText: `${THROUGHPUT_REQUESTS} LLM requests` }).waitFor();
      await page.getByTestId('prefs-generate').click();
      await page.getByTestId('prefs-confirm-send').click();
      const t0 = performance.now();
      await page.locator('[data-testid="prefs-progress"][data-phase="done"]').waitFor({ timeout: 120_000 });
      const bs = (performance.now() - t0) / 1000;
      const browserRate = stub.count / bs;
      console.log(`\nBrowser: ${stub.count} requests in ${bs.toFixed(2)} s = ${browserRate.toFixed(1)} requests/s (max in flight ${stub.maxInFlight})`);
      rows.unshift(['batch claims, browser (stub 200 ms, concurrency 4)', `${browserRate.toFixed(1)} requests/s`, '≥ 15/s']);
      record({ what: 'batch claims in the browser (stub 200 ms, concurrency 4)', value: `${browserRate.toFixed(1)} requests/s`, target: '≥ 15/s', met: browserRate >= 15 });

      // Fill IndexedDB with the same answers the CLI had (the browser computes the same keys for these settings).
      await panel.getByLabel('Base URL').fill(settings.baseUrl);
      for (let i = 0; i < entries.length; i += 2000)
        await page.evaluate(
          (chunk) =>
            new Promise<void>((resolve, reject) => {
              const open = indexedDB.open('crscore-llm-answers', 1);
              open.onupgradeneeded = () => open.result.createObjectStore('answers');
              open.onsuccess = () => {
                const tx = open.result.transaction('answers', 'readwrite');
                for (const [k, v] of chunk) tx.objectStore('answers').put(v, k);
                tx.oncomplete = () => resolve();
                tx.onerror = () => reject(tx.error);
              };
            }),
          entries.slice(i, i + 2000),
        );
      // A fresh page of the same browser context (same IndexedDB): nothing shown is left from the run above.
      await page.close();
      const page2 = await context.newPage();
      page2.setDefaultTimeout(300_000);
      await page2.goto(`http://localhost:${PORT}/#research`);
      const stopHeap = await heapSampler(page2);
      const w0 = performance.now();
      await page2.getByTestId('predictions-import').locator('summary').click();
      await page2.getByTestId('cr-test-file').setInputFiles(path.join(dir, 'msg-test.jsonl'));
      await page2.getByTestId('cr-pred-files').setInputFiles(predFiles);
      await page2.getByTestId('cr-import').click();
      await page2.getByTestId('cr-import-done').waitFor({ timeout: 300_000 });
      await page2.getByTestId('pseudo-refs-panel').getByLabel('LLM claims').check();
      const importS = (performance.now() - w0) / 1000;
      console.log(`  imported in ${importS.toFixed(1)} s`);
      const g0 = performance.now();
      await page2.getByTestId('prefs-plan').filter({ hasText: `${CHANGES} changes · 0 LLM requests` }).waitFor({ timeout: 300_000 });
      console.log(`  planned (0 requests) in ${((performance.now() - g0) / 1000).toFixed(1)} s`);
      await page2.getByTestId('prefs-generate').click();
      await page2.locator('[data-testid="prefs-progress"][data-phase="done"]').waitFor({ timeout: 300_000 });
      const genS = (performance.now() - g0) / 1000;
      console.log(`  pseudo-references from the cache in ${genS.toFixed(1)} s`);
      const r0 = performance.now();
      await page2.getByTestId('prefs-use').click();
      await page2.getByTestId('research-similarity').selectOption('lexical');
      await page2.getByTestId('research-calibration-system').selectOption('system-0');
      console.log(`  handed to Research in ${((performance.now() - r0) / 1000).toFixed(1)} s`);
      const s0 = performance.now();
      await page2.getByTestId('research-run').click();
      await page2.locator('[data-testid="research-progress"][data-phase="done"], [data-testid="research-progress"][data-phase="error"]').waitFor({ timeout: 1_800_000 });
      if ((await page2.getByTestId('research-progress').getAttribute('data-phase')) === 'error')
        throw new Error(`Research failed: ${await page2.getByTestId('research-progress').innerText()}`);
      console.log(`  Research scored it (lexical) in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
      const scoreS = (performance.now() - r0) / 1000;
      const peak = await stopHeap();
      const total = (performance.now() - w0) / 1000;
      console.log(`Browser scale: import ${importS.toFixed(1)} s, pseudo-references from the IndexedDB cache ${genS.toFixed(1)} s (${stub.count - THROUGHPUT_REQUESTS} requests), lexical scoring ${scoreS.toFixed(1)} s; in all ${total.toFixed(1)} s; peak JS heap ${mb(peak)} (sampled every 200 ms)`);
      rows.push([`browser, ${CHANGES} × ${SYSTEMS}: import + cached claims + lexical scoring`, `${total.toFixed(1)} s (import ${importS.toFixed(1)}, claims ${genS.toFixed(1)}, scoring ${scoreS.toFixed(1)}), peak heap ${mb(peak)}`, '< 2 min, < 1.5 GB']);
      record({ what: `browser: ${CHANGES} changes × ${SYSTEMS} systems, cached claims, lexical`, value: `${total.toFixed(1)} s, peak heap ${mb(peak)}`, target: '< 2 min, < 1.5 GB', met: total < 120 && peak < 1.5 * 2 ** 30 });
      rows.push([`browser, plus`, 'not offered by Research mode (its similarity choices are USE-lite and lexical)', '']);
    } finally {
      await stub.close();
      await browser.close();
      await new Promise<void>((res) => server.httpServer.close(() => res()));
    }
    printRows(rows);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
