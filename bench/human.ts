// `npm run bench:human`: GradedReviews' workbook (Jiang et al. 2025; 1,291 methods × 4 systems) through every offline
// metric and the meta-evaluation with 1,000 resamples, as
//   crscore eval --dataset FILE --metrics bleu,chrf,rouge-l,meteor,crscore --pseudo-refs reference --metaeval --json
// (embed-ref left out: an encoder, timed by bench:embed). Prints, figures only (nothing is asserted):
//  1. the CLI command's wall, CPU (all threads) and peak RSS, with and without --metaeval;
//  2. each stage in this process with the functions the CLI calls (bench/humanStages.ts): read, each metric, each
//     grouping of the meta-evaluation (one at a time; the CLI runs them side by side);
//  3. the same in Chromium: read, each metric on the page, and the three groupings on the app's meta-evaluation
//     pool (src/store/metaeval/metaevalPool.ts, one worker per core), first run and again.
// The workbook: BENCH_HUMAN_FILE=path (the real one; its licence is not stated, so it is never committed), else
// one generated in its layout with its review lengths (src/testing/workbook.ts, seeded).
//   npx tsx bench/human.ts        BENCH_HUMAN_FILE=dataset.xlsx BENCH_PORT=5226 BENCH_RESAMPLES=1000 BENCH_BROWSER=0 BENCH_CLI=0
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gradedReviewsRealisticRows, workbook } from '../src/testing/workbook.ts';
import { humanStages } from './humanStages.ts';
import { humanInBrowser } from './humanBrowser.ts';
import { record } from './summary.ts';

const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-bench-human-'));
let file = process.env.BENCH_HUMAN_FILE;
if (!file) {
  file = path.join(tmp, 'graded-reviews-generated.xlsx');
  fs.writeFileSync(file, Buffer.from(await workbook(gradedReviewsRealisticRows(1291))));
}
const ARGS = ['eval', '--dataset', file, '--metrics', 'bleu,chrf,rouge-l,meteor,crscore', '--pseudo-refs', 'reference', '--json', '--bootstrap', String(B)];
const load = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

/** The CLI (bin/crscore.mjs, as the crscore command) in its own process, its peak RSS and CPU read at its exit. */
function cli(args: string[]) {
  const stats = path.join(tmp, 'peak.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', './bench/heapPeak.mjs', 'bin/crscore.mjs', ...args], { env: { ...process.env, HEAP_PEAK_FILE: stats }, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`crscore ${args.join(' ')} failed: ${r.stderr}`);
  const p = JSON.parse(fs.readFileSync(stats, 'utf8')) as { maxRss: number; cpuMs: number };
  return { wall, cpu: p.cpuMs / 1000, rss: p.maxRss / 2 ** 20 };
}

console.log(`GradedReviews-shaped workbook: ${process.env.BENCH_HUMAN_FILE ? 'BENCH_HUMAN_FILE' : 'generated (1,291 methods × 4 systems)'}, ${B} resamples; ${load()}`);
// BENCH_CLI=0: the browser half only (1 and 2 left out).
const CLI = process.env.BENCH_CLI !== '0';
if (CLI) console.log('\n1. The CLI command, in its own process');
if (CLI) console.log('| run | wall s | CPU s (all threads) | peak RSS MB |\n|---|---:|---:|---:|');
for (const [name, args] of CLI ? ([['--metaeval', [...ARGS, '--metaeval']], ['without --metaeval', ARGS]] as const) : []) {
  const r = cli([...args]);
  console.log(`| ${name} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.rss.toFixed(0)} |`);
  record({ what: `CLI eval on GradedReviews (5 metrics, ${name}, ${B} resamples)`, value: `${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(1)} s CPU, ${r.rss.toFixed(0)} MB`, ...(name === '--metaeval' ? { target: '< 10 s', met: r.wall < 10 } : {}) });
}

if (CLI) {
  console.log(`\n2. Its stages in this process (${load()})`);
  const st = await humanStages(file, B);
  console.log(`| stage | s |\n|---|---:|`);
  for (const s of st.stages) console.log(`| ${s.name} | ${(s.ms / 1000).toFixed(2)} |`);
  console.log(`(meta-evaluation on ${st.threads} thread${st.threads === 1 ? '' : 's'}; peak RSS of this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`);
}

if (process.env.BENCH_BROWSER !== '0') {
  console.log(`\n3. In Chromium (${load()})`);
  const b = await humanInBrowser(file, B);
  console.log(`| stage | s |\n|---|---:|`);
  for (const s of b.stages) console.log(`| ${s.name} | ${(s.ms / 1000).toFixed(2)} |`);
  const meta = b.stages.find((s) => s.name.startsWith('metaeval, again'));
  const total = b.stages.filter((s) => !s.name.startsWith('metaeval, again')).reduce((t, s) => t + s.ms, 0) / 1000;
  console.log(`| total (every stage but "again") | ${total.toFixed(2)} |`);
  console.log(`(pool of ${b.pool} workers, hardwareConcurrency; page heap after the run ${b.heapMb === null ? 'n/a' : `${b.heapMb.toFixed(0)} MB`}; Chromium's CPU, page and workers, ${b.cpuS === null ? 'n/a' : `${b.cpuS.toFixed(1)} s`}; ${load()})`);
  record({ what: `browser: GradedReviews read, 5 metrics and the meta-evaluation (${B} resamples, pool of ${b.pool})`, value: `${total.toFixed(2)} s (meta-evaluation again ${meta ? (meta.ms / 1000).toFixed(2) : '?'} s)`, target: '< 10 s', met: total < 10 });
}
fs.rmSync(tmp, { recursive: true, force: true });
