// `npm run bench`: every bench in turn (each also runs alone: npm run bench:<name>), then one table of
// the headline figures against their targets. Prints figures; never fails on a missed target.
//   npm run bench                       # all
//   BENCH_ONLY=bundle,slider npm run bench
//   BENCH_ONLY=eval-scale BENCH_N=2000 npm run bench   # eval at scale on a smaller generated study
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SummaryRow } from './summary.ts';

const ALL = ['bundle', 'slider', 'scale', 'research', 'research-slider', 'research-scale', 'research-embed', 'bootstrap', 'eval-scale', 'links', 'embed', 'pseudorefs', 'llm', 'llm-links', 'lab', 'learned', 'github', 'metaeval'];
const only = process.env.BENCH_ONLY?.split(',') ?? ALL;
const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-bench-')), 'summary.jsonl');
const failed: string[] = [];

for (const name of ALL.filter((n) => only.includes(n))) {
  console.log(`\n===== bench:${name} =====`);
  const r = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `bench/${name === 'eval-scale' ? 'evalScale' : name}.ts`], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SUMMARY: summary },
  });
  if (r.status !== 0) failed.push(name);
}

const rows: SummaryRow[] = fs.existsSync(summary)
  ? fs.readFileSync(summary, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as SummaryRow)
  : [];
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`\n===== summary (${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}) =====\n`);
console.log('| measure | result | target | met |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} |`);
if (failed.length) console.log(`\nbenches that did not finish: ${failed.join(', ')} (see their output above)`);
