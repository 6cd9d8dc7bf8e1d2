// Meta-evaluation (src/core/metaeval, issue 29), on generated tie-heavy data in Node on one thread (the browser's
// worker runs the same code):
//  1. every statistic with bootstrap intervals for 12 metrics × 1,300 reviews (150 changes) × 1,000 resamples,
//     for each grouping, and the significance clusters (PERM-BOTH, 1,000 permutations) on top;
//  2. Kendall τ-b, acc_eq and tie calibration pooled over 100,000 reviews.
//   npm run bench:metaeval
import { mulberry32 } from '../src/core/bootstrap.ts';
import { kendallTauB } from '../src/core/stats.ts';
import { accEq, calibrateTies, createMetaEval, GROUPINGS, type MetaMetric, type MetaRecord } from '../src/core/metaeval/index.ts';
import { record } from './summary.ts';

// Wall time, and the process's CPU time beside it: on a shared machine the wall clock measures the neighbours too.
let cpuMs = 0;
const time = <T>(f: () => T): [T, number] => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const v = f();
  const c = process.cpuUsage(c0);
  cpuMs = (c.user + c.system) / 1000;
  return [v, performance.now() - t0];
};
const cpu = () => ` (CPU ${(cpuMs / 1000).toFixed(2)} s)`;

function data(changes: number, systems: number, metrics: number, seed: number) {
  const r = mulberry32(seed);
  const records: MetaRecord[] = [];
  const q: number[] = [];
  for (let c = 0; c < changes; c++)
    for (let s = 0; s < systems; s++) {
      const v = s / systems + r() - 0.5;
      q.push(v);
      const h = Math.min(4, Math.max(0, Math.round(v * 3 + 2))) / 4; // Likert-like: many ties
      records.push({ changeId: `c${c}`, system: `s${s}`, human: { con: h, comp: h, rel: h } });
    }
  const cols: MetaMetric[] = Array.from({ length: metrics }, (_, k) => ({
    id: `m${k}`,
    label: `metric ${k}`,
    // Half the metrics coarse (CRScore-like fractions), half continuous.
    values: q.map((v) => (k % 2 ? Math.round((v + (r() - 0.5) * (0.2 + k / 10)) * 6) / 6 : v + (r() - 0.5) * (0.2 + k / 10))),
  }));
  return { records, cols };
}

const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const { records, cols } = data(150, 9, 12, 1); // 1,350 reviews
console.log(`12 metrics × ${records.length} reviews × ${B} resamples`);
// BENCH_GROUPINGS=none,item runs only those groupings; BENCH_SKIP_SCALE=1 skips the 100,000-review part.
const only = process.env.BENCH_GROUPINGS?.split(',');
for (const grouping of GROUPINGS.filter((g) => !only || only.includes(g))) {
  const [s, tBoot] = time(() => {
    const s = createMetaEval(records, cols, { grouping, resamples: B, seed: 1, statistic: 'spearman', test: 'bootstrap' });
    s.step(B);
    return s;
  });
  const bootCpu = cpuMs;
  const [rep, tFinish] = time(() => s.result());
  cpuMs += bootCpu;
  const statsSec = (tBoot + tFinish) / 1000;
  console.log(`  ${grouping.padEnd(6)} every statistic with intervals, ε in-sample and cross-validated, bootstrap clusters: ${statsSec.toFixed(2)} s${cpu()} (${rep.rows.length} rows)`);
  if (grouping !== 'system')
    record({ what: `meta-eval ${grouping}: all statistics + CIs, 12 metrics × 1,350 reviews × ${B} resamples`, value: `${statsSec.toFixed(2)} s`, target: '< 5 s', met: statsSec < 5 });
  else record({ what: `meta-eval system: all statistics + CIs + SPA, 12 × 1,350 × ${B}`, value: `${statsSec.toFixed(2)} s`, target: '< 5 s', met: statsSec < 5 });
  // Pooled PERM-BOTH merges presorted orders per permutation (permKernels.ts); BENCH_SKIP_POOLED_PERM=1 skips it.
  if (grouping === 'none' && process.env.BENCH_SKIP_POOLED_PERM) continue;
  const [perm, tPerm] = time(() => {
    const p = createMetaEval(records, cols, { grouping, resamples: B, seed: 1, statistic: grouping === 'system' ? 'pearson' : 'acc_eq' });
    p.step(B);
    return p.result();
  });
  console.log(`         with PERM-BOTH clusters on ${grouping === 'system' ? 'Pearson' : 'acc_eq'} (${perm.comparisons.length} pairs tested): ${(tPerm / 1000).toFixed(2)} s${cpu()}`);
  if (grouping === 'none') record({ what: `meta-eval none: all statistics + CIs + PERM-BOTH clusters on acc_eq, 12 × 1,350 × ${B}`, value: `${(tPerm / 1000).toFixed(2)} s`, target: '< 5 s', met: tPerm < 5000 });
}

if (process.env.BENCH_SKIP_SCALE) process.exit(0);
const N = 100_000;
const r = mulberry32(3);
const hx = Array.from({ length: N }, () => r());
const h = hx.map((v) => Math.round(v * 4) / 4);
const x = hx.map((v) => Math.round((v + (r() - 0.5) * 0.6) * 20) / 20);
const [k, tK] = time(() => kendallTauB(x, h).r);
const [a, tA] = time(() => accEq(x, h, 0.05));
const [cal, tC] = time(() => calibrateTies([{ x, h }], { seed: 1 }));
const total = (tK + tA + tC) / 1000;
console.log(`\n${N.toLocaleString('en')} reviews pooled: Kendall ${k.toFixed(4)} in ${tK.toFixed(0)} ms, acc_eq(ε 0.05) ${a.toFixed(4)} in ${tA.toFixed(0)} ms, tie calibration ε ${cal.eps.toFixed(3)} acc ${cal.acc.toFixed(4)} (${cal.method}, ${cal.candidates} candidates) in ${tC.toFixed(0)} ms; total ${total.toFixed(2)} s`);
record({ what: 'meta-eval pooled at 100,000 reviews: Kendall + acc_eq + tie calibration', value: `${total.toFixed(2)} s`, target: '< 2 s', met: total < 2 });
