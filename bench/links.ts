// Link agreement (src/core/research/links.ts) on the dev split, after scoring: the metric's links under hard τ
// and graded credit, P/R/F1 overall, per system, language and type with 1,000 bootstrap resamples over changes,
// the worst reviews, and the oracle. Lexical similarity at the calibrated τ, as `crscore eval` scores it; the time
// is what Research adds when τ rests (the matrices exist by then). Target: under 1 s.
//   npm run bench:links
//   BENCH_DATASET=path/to.jsonl BENCH_RESAMPLES=1000 npm run bench:links
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CALIBRATION_SYSTEM, parseDatasetJsonl } from '../src/core/dataset.ts';
import { calibrateOnSystem, collectEvalItems } from '../src/core/evaluate.ts';
import { lexicalMatrices } from '../src/core/research/similarity.ts';
import { linkRuleFor, metricLinkStage, oracle } from '../src/core/research/links.ts';
import { record } from './summary.ts';

const DATASET = path.resolve(process.env.BENCH_DATASET ?? path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl'));
const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
if (!fs.existsSync(DATASET)) {
  console.log(`bench:links skipped: ${DATASET} is absent (set BENCH_DATASET).`);
  process.exit(0);
}

const { rows } = parseDatasetJsonl(fs.readFileSync(DATASET, 'utf8'));
const { items } = collectEvalItems(rows, 'reference');
const { matrices } = lexicalMatrices(items);
const cal = calibrateOnSystem(items, matrices, DEFAULT_CALIBRATION_SYSTEM);

const time = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
metricLinkStage(items, matrices, linkRuleFor('hard', cal.tau, cal.sd), { resamples: 20 }); // warm-up (JIT)
const runs = (rule: 'hard' | 'graded') =>
  median(Array.from({ length: 5 }, () => time(() => metricLinkStage(items, matrices, linkRuleFor(rule, cal.tau, cal.sd), { resamples: B, seed: 1 }))));
const hard = runs('hard');
const graded = runs('graded');
const or = median(Array.from({ length: 5 }, () => time(() => oracle(items))));
const st = metricLinkStage(items, matrices, linkRuleFor('hard', cal.tau, cal.sd), { resamples: B, seed: 1 });
const changes = st.available ? st.report.changes : 0;

console.log(`${path.basename(DATASET)}: ${items.length} reviews, ${changes} changes with links, ${B} resamples, Node ${process.version} (median of 5)`);
console.log(`| measure | ms |\n|---|---:|`);
console.log(`| link agreement, hard τ (links + P/R/F1 + intervals + worst reviews) | ${hard.toFixed(0)} |`);
console.log(`| link agreement, graded credit | ${graded.toFixed(0)} |`);
console.log(`| oracle (scores from the annotators' links + correlations) | ${or.toFixed(0)} |`);
const worst = Math.max(hard, graded);
record({ what: `link agreement, ${B} resamples over ${changes} changes (${items.length} reviews), after scoring, Node`, value: `${(worst / 1000).toFixed(2)} s`, target: '< 1 s', met: worst < 1000 });
