// Issue 22, part 3: llm-links on 1,000 reviews (200 changes × 5 systems) against a local OpenAI-compatible stub that
// answers each request in 200 ms, at the default concurrency (4), through the shared batch runner and the CLI's
// folder answer cache. Prints requests per second (the ceiling is 4 / 0.2 s = 20/s) and the second run's requests
// (target 0: every answer comes from the cache).
//   npm run bench:llm-links          (BENCH_LINKS_REVIEWS=200 for a quicker run)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { startLlmStub } from '../e2e/stubs/llmStub.ts';
import { diagonalResponder } from '../e2e/stubs/linksStub.ts';
import type { LlmSettings } from '../src/claims/providers.ts';
import { folderCache } from '../src/cli/shared/answerCacheFs.ts';
import type { EvalItem } from '../src/core/evaluate.ts';
import { rememberingCache } from '../src/llmbatch/cache.ts';
import { linksForItems, planLinks } from '../src/llmbatch/linksBatch.ts';
import { record } from './summary.ts';

const REVIEWS = Number(process.env.BENCH_LINKS_REVIEWS ?? 1000);
const SYSTEMS = 5;
const DELAY_MS = 200;
const TERMS = 'parser cache index buffer token request handler session config logger retry timeout queue schema'.split(' ');
const t = (k: number, j = 0) => TERMS[(k * 7 + j * 3) % TERMS.length];

function items(n: number): EvalItem[] {
  return Array.from({ length: n }, (_, k) => {
    const change = Math.floor(k / SYSTEMS);
    const P = 2 + (change % 5);
    const R = 1 + (k % 4);
    const pseudoReferences = Array.from({ length: P }, (_, i) => `The ${t(change, i)} ${t(change, i + 1)} call in change ${change} now passes retries=${i}.`);
    return {
      rowId: `c${change}`,
      lang: 'py',
      system: `sys${k % SYSTEMS}`,
      sentences: Array.from({ length: R }, (_, j) => `Consider whether the ${t(k, j)} retries in change ${change} are needed (${k}/${j})`),
      pseudoReferences,
      pseudoReferenceKinds: pseudoReferences.map(() => 'claim' as const),
      human: null,
    };
  });
}

const stub = await startLlmStub('openai');
stub.respond = diagonalResponder(DELAY_MS);
const dir = mkdtempSync(path.join(tmpdir(), 'crscore-bench-links-'));
try {
  const settings: LlmSettings = { provider: 'openai-compatible', baseUrl: stub.baseUrl, model: 'bench-links', apiKey: '', temperature: 0 };
  const its = items(REVIEWS);
  const run = async () => {
    const cache = rememberingCache(folderCache(dir));
    const p0 = performance.now();
    const plan = await planLinks(its, { settings, cache });
    const planMs = performance.now() - p0;
    const before = stub.count;
    const t0 = performance.now();
    const out = await linksForItems(its, { settings, cache });
    const s = (performance.now() - t0) / 1000;
    return { plan, planMs, s, sent: stub.count - before, failed: out.failed, cached: out.cached, maxInFlight: stub.maxInFlight };
  };
  const first = await run();
  const second = await run();
  const rps = first.sent / first.s;
  console.log(`llm-links: ${REVIEWS} reviews, stub answering in ${DELAY_MS} ms, default concurrency 4 (${cpus().length} CPUs, Node ${process.version})`);
  console.log('| run | planned requests | requests sent | failed | from the cache | time | requests/s | plan time |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of [['first', first], ['second', second]] as const)
    console.log(`| ${name} | ${r.plan.requests} | ${r.sent} | ${r.failed} | ${r.cached} | ${r.s.toFixed(2)} s | ${(r.sent / r.s).toFixed(1)} | ${r.planMs.toFixed(0)} ms |`);
  console.log(`most requests in flight: ${first.maxInFlight} (ceiling 4 / ${DELAY_MS / 1000} s = ${(4000 / DELAY_MS).toFixed(0)} requests/s)`);
  record({ what: `llm-links: ${REVIEWS} reviews, 200 ms stub, concurrency 4`, value: `${rps.toFixed(1)} requests/s`, target: '≥ 15/s', met: rps >= 15 });
  record({ what: 'llm-links: second run, requests sent', value: String(second.sent), target: '0', met: second.sent === 0 });
} finally {
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
}
