// Bootstrap intervals (src/core/bootstrap.ts) on the dev split: time for 1,000 resamples over changes (per-system
// means, pairwise Rel differences, Spearman and Kendall of Con/Comp/Rel) and for the paired comparison of two
// configurations, in Node on one core. Lexical similarity at the calibrated τ, as `crscore eval` scores it.
//   npm run bench:bootstrap
//   BENCH_DATASET=path/to.jsonl BENCH_RESAMPLES=1000 npm run bench:bootstrap
import fs from 'node:fs';
import path from 'node:path';
import { bootstrap, compareConfigurations, createBootstrap } from '../src/core/bootstrap.ts';
import { DEFAULT_CALIBRATION_SYSTEM, parseDatasetJsonl } from '../src/core/dataset.ts';
import { calibrateOnSystem, collectEvalItems, scoreItems } from '../src/core/evaluate.ts';
import { reviewRecords } from '../src/core/evalRecords.ts';
import { buildMatrices } from '../src/cli/score/matrices.ts';
import { record } from './summary.ts';

const DATASET = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
if (!fs.existsSync(DATASET)) {
  console.log(`bench:bootstrap skipped: ${DATASET} is absent (set BENCH_DATASET).`);
  process.exit(0);
}

const { rows } = parseDatasetJsonl(fs.readFileSync(DATASET, 'utf8'));
const { items } = collectEvalItems(rows, 'reference');
const matrices = await buildMatrices(
  items.map((it) => ({ pseudoReferences: it.pseudoReferences, sentences: it.sentences })),
  { similarity: 'lexical' },
);
const tau = calibrateOnSystem(items, matrices, DEFAULT_CALIBRATION_SYSTEM).tau;
const records = reviewRecords(items, scoreItems(items, matrices, tau));
const other = reviewRecords(items, scoreItems(items, matrices, tau + 0.05));

const time = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
bootstrap(records, { resamples: 20 }); // warm-up (JIT)
const full = time(() => bootstrap(records, { resamples: B, seed: 1 }));
const cmp = time(() => compareConfigurations(records, other, { resamples: B, seed: 1 }));
// The browser runs the same steps in slices between frames: the longest single resample bounds a slice.
const s = createBootstrap(records, { resamples: B, seed: 1 });
let longest = 0;
while (s.done() < s.total) longest = Math.max(longest, time(() => s.step(1)));

const changes = new Set(records.map((r) => r.changeId)).size;
console.log(`${path.basename(DATASET)}: ${records.length} reviews, ${changes} changes, ${B} resamples, Node ${process.version}`);
console.log(`| measure | ms |\n|---|---:|`);
console.log(`| system table + pairwise + Spearman/Kendall intervals | ${full.toFixed(0)} |`);
console.log(`| paired comparison of two configurations | ${cmp.toFixed(0)} |`);
console.log(`| longest single resample (one slice's floor) | ${longest.toFixed(1)} |`);
record({ what: `bootstrap, ${B} resamples over ${changes} changes (${records.length} reviews), Node`, value: `${(full / 1000).toFixed(2)} s (+ ${(cmp / 1000).toFixed(2)} s paired comparison)` });
