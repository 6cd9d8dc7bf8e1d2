// The learned linker (issue 24): how long training takes in Node on the dev half (features, grouped 5-fold
// cross-validation with the baselines, ablations, the final fit), and what the learned preset costs in a Research
// run next to the other encoder-free similarities (same stages: prepare, matrices, calibration, scorer, scores).
//   npm run bench:learned
//   BENCH_DATASET=path/to.jsonl BENCH_REPEATS=5 npm run bench:learned
// Prints figures; never asserts.
import fs from 'node:fs';
import path from 'node:path';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { datasetFeatures, learnedBaselines, learnedRun, shippedWeights, trainLinker } from '../src/core/learned/index.ts';
import { calibrateRun, lexicalMatrices, prepare, scoreAll, scorer, tfidfMatrices } from '../src/core/research/index.ts';
import { record } from './summary.ts';

const DATASET = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
if (!fs.existsSync(DATASET)) {
  console.log(`bench:learned skipped: ${DATASET} is absent (set BENCH_DATASET).`);
  process.exit(0);
}

const rows = parseDatasetJsonl(fs.readFileSync(DATASET, 'utf8')).rows;
const idf = await loadBackgroundIdf();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(f: () => unknown): number {
  const ms: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const items = prepare(rows, 'reference').items;
const train = (ablations: boolean) => () =>
  trainLinker(items, datasetFeatures(rows, items, idf), { folds: 5, seed: 1, dataset: 'bench', baselines: learnedBaselines(items, idf), ablations });
const full = time(train(true));
const plain = time(train(false));
const featuresMs = time(() => datasetFeatures(rows, items, idf));

// A Research run's stages for each encoder-free similarity, from the rows to the scores at the calibrated τ.
const runs = {
  lexical: () => {
    const p = prepare(rows, 'reference');
    const m = lexicalMatrices(p.items);
    const cal = calibrateRun(p.items, m.matrices, 'gpt3.5_pred');
    return scoreAll(scorer('hard', p.items, m, cal.sd), cal.tau);
  },
  'plus (TF-IDF, graded)': () => {
    const p = prepare(rows, 'reference');
    const m = tfidfMatrices(p.items, idf);
    const cal = calibrateRun(p.items, m.matrices, 'gpt3.5_pred');
    return scoreAll(scorer('graded', p.items, m, cal.sd, idf), cal.tau);
  },
  learned: () => {
    const p = prepare(rows, 'reference');
    const l = learnedRun(rows, p.items, idf, shippedWeights(), shippedWeights().scoring);
    calibrateRun(p.items, l.m.matrices, 'gpt3.5_pred');
    return scoreAll(l.scorer, shippedWeights().threshold);
  },
};
const runMs = Object.fromEntries(Object.entries(runs).map(([k, f]) => [k, time(f)]));

console.log(`bench:learned on ${path.basename(DATASET)}: ${rows.length} changes, ${items.length} reviews; median of ${REPEATS} (Node ${process.version})`);
console.log(`| measure | ms |\n|---|---|`);
console.log(`| train: features + 5-fold CV (baselines, ablations) + final fit | ${full.toFixed(0)} |`);
console.log(`| train without ablations | ${plain.toFixed(0)} |`);
console.log(`| features of every review | ${featuresMs.toFixed(0)} |`);
for (const [k, v] of Object.entries(runMs)) console.log(`| Research run stages, ${k} | ${v.toFixed(0)} |`);
const overhead = runMs.learned - runMs['plus (TF-IDF, graded)'];
console.log(`learned vs plus: ${overhead >= 0 ? '+' : ''}${overhead.toFixed(0)} ms per run`);
record({ what: 'learned: train on dev (CV + ablations), Node', value: `${(full / 1000).toFixed(1)} s`, target: '< 30 s', met: full < 30_000 });
record({ what: 'learned: Research run stages (prepare → scores), Node', value: `${runMs.learned.toFixed(0)} ms (plus ${runMs['plus (TF-IDF, graded)'].toFixed(0)} ms)` });
