// `npm run bench`: every bench in turn (each also runs alone: npm run bench:<name>), then one table of
// the headline figures against their targets, then the scale issue's target table (ISSUE_TARGETS in summary.ts):
// each figure beside the bare-loop floor measured in the same run. Prints figures; never fails on a missed target.
// No test is timed here: the figures come from the benches' own runs.
//   npm run bench                       # all
//   BENCH_ONLY=bundle,slider npm run bench          (or: npm run bench -- --only bundle,slider)
//   npm run bench -- --only eval-scale --size 2000  # eval at scale on a smaller generated study (BENCH_N=2000)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ISSUE_TARGETS, type SummaryRow } from './summary.ts';

const ALL = ['bundle', 'treelang', 'slider', 'scale', 'research', 'research-slider', 'research-scale', 'research-embed', 'bootstrap', 'eval-scale', 'links', 'embed', 'pseudorefs', 'llm', 'llm-links', 'lab', 'learned', 'github', 'metaeval', 'metaeval-browser', 'human', 'prreview', 'treelang-browser'];
const { values: flags } = parseArgs({ options: { only: { type: 'string' }, size: { type: 'string' } } });
const only = (flags.only ?? process.env.BENCH_ONLY)?.split(',') ?? ALL;
const unknown = only.filter((n) => !ALL.includes(n));
if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}: one of ${ALL.join(', ')}`);
// --size: the generated study's changes for the CLI's scale bench (default 10,000 changes, ~86k reviews).
const size = flags.size ?? process.env.BENCH_N;
if (size !== undefined && !(Number.isInteger(Number(size)) && Number(size) > 0)) throw new Error(`--size ${size}: a whole number of changes`);
const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-bench-')), 'summary.jsonl');
const failed: string[] = [];

for (const name of ALL.filter((n) => only.includes(n))) {
  console.log(`\n===== bench:${name} =====`);
  const r = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `bench/${name === 'eval-scale' ? 'evalScale' : name}.ts`], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SUMMARY: summary, ...(size ? { BENCH_N: size } : {}) },
  });
  if (r.status !== 0) failed.push(name);
}

const rows: SummaryRow[] = fs.existsSync(summary)
  ? fs.readFileSync(summary, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as SummaryRow)
  : [];
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const met = (r: SummaryRow) => (r.met === undefined ? '' : r.met ? 'yes' : '**no**');
console.log(`\n===== summary (${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}) =====\n`);
console.log('| measure | result | target | met |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.target ?? ''} | ${met(r)} |`);

console.log('\n===== the scale targets, each beside the bare-loop floor of the same run =====\n');
console.log('| what | target | measured | result | floor (same run) | met |\n|---|---|---|---|---|---|');
for (const t of ISSUE_TARGETS) {
  const got = rows.filter((r) => r.issue === t.row);
  if (!got.length) console.log(`| ${t.row} | ${t.target} | not run (${t.row.startsWith('CLI') ? 'eval-scale' : 'research-scale'} not in this run, or it failed) | | | |`);
  for (const r of got) console.log(`| ${t.row} | ${t.target} | ${r.what} | ${r.value} | ${r.floor ?? ''} | ${met(r)} |`);
}
if (failed.length) console.log(`\nbenches that did not finish: ${failed.join(', ')} (see their output above)`);
