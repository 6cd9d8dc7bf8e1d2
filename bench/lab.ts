// Issue 23: the metric lab's LLM grade (seed 003 §5.2: three calls per review) for 1,000 reviews against a local
// stub that answers in 200 ms, at the default concurrency (4): requests per second, the app's overhead per request
// against a bare fetch loop to the same stub (wall time and CPU time), and the second run's requests (target 0).
//   npm run bench:lab            (BENCH_LAB_REVIEWS=200 for a quicker run)
import { cpus, loadavg } from 'node:os';
import { startLlmStub, promptOf } from '../e2e/stubs/llmStub.ts';
import type { LlmSettings } from '../src/claims/providers.ts';
import { memoryCache } from '../src/llmbatch/cache.ts';
import { DEFAULT_GRADE_SAMPLES, planLlmGrades, runLlmGrades, type GradeInput } from '../src/llmbatch/labBatch.ts';
import { mulberry32 } from '../src/core/bootstrap.ts';
import { labAgreement, type LabMetric } from '../src/core/lab/index.ts';
import { record } from './summary.ts';

const REVIEWS = Number(process.env.BENCH_LAB_REVIEWS ?? 1000);
const BARE_REQUESTS = Number(process.env.BENCH_LAB_BARE ?? 400);
const CONCURRENCY = 4; // runBatch's default
const DELAY = 200;
const WORDS = 'parser cache index buffer token request handler session config logger retry timeout queue schema'.split(' ');
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
const w = (k: number, j: number) => WORDS[(k * 7 + j * 3) % WORDS.length];

const inputs: GradeInput[] = Array.from({ length: REVIEWS }, (_, k) => ({
  id: `c${k}::sys`,
  review: `Consider whether the ${w(k, 1)} ${w(k, 2)} needs a ${w(k, 3)} check (review ${k}).`,
  reference: `Why does the ${w(k, 1)} call need a ${w(k, 4)}? (${k})`,
}));

async function main() {
  const stub = await startLlmStub('openai');
  // A grade that depends on the prompt, as a model's would; the usual answer styles.
  stub.respond = (req) => {
    const p = promptOf(req);
    const g = (p.length % 5) + 1;
    return { kind: 'ok', text: p.length % 3 === 0 ? `Grade: ${g}` : String(g), delayMs: DELAY };
  };
  const settings: LlmSettings = { provider: 'openai-compatible', baseUrl: stub.baseUrl, model: 'bench-model', apiKey: '', temperature: 0 };
  try {
    console.log(`${cpus().length} × ${cpus()[0]?.model}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}; stub answers in ${DELAY} ms`);
    // Reference: bare fetch calls, CONCURRENCY at a time, with nothing of the app around them.
    const body = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'Grade: x' }] });
    const post = async () => (await fetch(`${stub.baseUrl}/chat/completions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).text();
    // Warm-up of both paths (JIT, connections), not measured.
    await Promise.all(Array.from({ length: 8 }, post));
    await runLlmGrades(inputs.slice(0, 4).map((x) => ({ ...x, id: `warm-${x.id}`, review: `${x.review} (warm-up)` })), { settings, cache: memoryCache() });
    let next = 0;
    const c0 = process.cpuUsage();
    const b0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < BARE_REQUESTS) await post();
      }),
    );
    const bareS = (performance.now() - b0) / 1000;
    const bareCpu = process.cpuUsage(c0);
    const bareRate = BARE_REQUESTS / bareS;
    const bareCpuPer = (bareCpu.user + bareCpu.system) / 1000 / BARE_REQUESTS;
    console.log(`bare fetch: ${BARE_REQUESTS} requests in ${bareS.toFixed(1)} s = ${bareRate.toFixed(2)} requests/s (ceiling ${CONCURRENCY} / ${DELAY / 1000} s = ${(CONCURRENCY * 1000) / DELAY}/s); CPU ${bareCpuPer.toFixed(2)} ms/request (stub included)`);

    const cache = memoryCache();
    const plan = await planLlmGrades(inputs, { settings, cache });
    const before = stub.count;
    stub.maxInFlight = 0;
    const a0 = process.cpuUsage();
    const t0 = performance.now();
    const out = await runLlmGrades(inputs, { settings, cache, concurrency: CONCURRENCY });
    const appS = (performance.now() - t0) / 1000;
    const appCpu = process.cpuUsage(a0);
    const sent = stub.count - before;
    const rate = sent / appS;
    const appCpuPer = (appCpu.user + appCpu.system) / 1000 / sent;
    // Wall overhead: how much longer each request slot is held than by the bare loop.
    const wallPer = ((appS / sent - bareS / BARE_REQUESTS) * CONCURRENCY) * 1000;
    const graded = out.filter((o) => o.grade !== null).length;
    console.log(
      `LLM grade: ${REVIEWS} reviews × ${DEFAULT_GRADE_SAMPLES} samples = ${plan.requests} planned, ${sent} sent in ${appS.toFixed(1)} s = ${rate.toFixed(2)} requests/s ` +
        `(max in flight ${stub.maxInFlight}); ${graded} graded`,
    );
    console.log(
      `app overhead per request: ${wallPer.toFixed(2)} ms wall (vs bare fetch), CPU ${appCpuPer.toFixed(2)} ms vs ${bareCpuPer.toFixed(2)} ms bare = ${signed(appCpuPer - bareCpuPer)} ms (prompt, SHA-256 keys, retry loop, parse, cache)`,
    );

    const again0 = stub.count;
    const r0 = performance.now();
    const again = await runLlmGrades(inputs, { settings, cache, concurrency: CONCURRENCY });
    const againS = (performance.now() - r0) / 1000;
    const againSent = stub.count - again0;
    const same = again.every((o, k) => o.grade === out[k].grade);
    console.log(`second run: ${againSent} requests, ${againS.toFixed(2)} s, same grades: ${same}`);

    record({ what: `lab: LLM grade, ${REVIEWS} reviews × 3 calls, stub 200 ms, concurrency ${CONCURRENCY}`, value: `${rate.toFixed(1)} requests/s (bare fetch ${bareRate.toFixed(1)}/s)` });
    record({ what: 'lab: app overhead per LLM request', value: `${wallPer.toFixed(2)} ms wall, ${signed(appCpuPer - bareCpuPer)} ms CPU` });
    record({ what: 'lab: second run of the LLM grade', value: `${againSent} requests`, target: '0', met: againSent === 0 });
  } finally {
    await stub.close();
  }
}

/** The statistics at the dev half's size: 1,296 reviews of 144 changes × 9 systems, 12 metric columns, 1,000 resamples. */
function statistics() {
  const rng = mulberry32(3);
  const recs = Array.from({ length: 1296 }, (_, i) => ({
    changeId: `c${i % 144}`,
    system: `s${i % 9}`,
    human: { con: Math.floor(rng() * 5) / 4, comp: Math.floor(rng() * 5) / 4, rel: Math.floor(rng() * 5) / 4 },
  }));
  const metrics: LabMetric[] = Array.from({ length: 12 }, (_, m) => ({
    id: `m${m}`,
    label: `m${m}`,
    family: m > 8 ? 'llm-grade' : 'crscore',
    config: {},
    // Three LLM-like columns with 5% of reviews ungraded (their paired comparisons need their own tracks).
    values: recs.map((r) => (m > 8 ? (rng() < 0.05 ? null : Math.floor(rng() * 5) + 1) : r.human.rel + rng())),
  }));
  const t0 = performance.now();
  labAgreement(recs, metrics, { resamples: 1000 });
  const s = (performance.now() - t0) / 1000;
  console.log(`labAgreement: 1,296 reviews × 12 metrics × 1,000 resamples (all vs a baseline, system tables, rankings): ${s.toFixed(1)} s`);
  record({ what: 'lab: agreement statistics, 1,296 reviews × 12 metrics × 1,000 resamples', value: `${s.toFixed(1)} s` });
}

await main();
statistics();
