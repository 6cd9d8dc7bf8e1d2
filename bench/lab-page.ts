// The metric lab's work on the page's thread for one compute, before and after its inputs went to the compute
// workers typed: on a generated Research run (the project's sample scaled, lexical scores), the old path (one
// LabReview and one record object per review, structured-cloned as postMessage does) against the new one (interned
// tables and Float64Array columns, one clone per worker of a 2-worker pool). Beside them, what the
// meta-evaluation's compute still does on the page (its records and baselines, and their clone). Node, one thread;
// the median of several repeats after a warm-up.
//   npx tsx bench/lab-page.ts            BENCH_LAB_PAGE_REVIEWS=20000
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { sampleJsonl } from '../src/core/importers/sample.ts';
import { crscoreMetrics, labRecords, labReviews, referenceMetric } from '../src/core/lab/index.ts';
import { baselineMetrics } from '../src/core/metaeval/index.ts';
import { lexicalMatrices, prepare, refMetricValues, scoreAll, scorer } from '../src/core/research/index.ts';
import { flatLabMetric, flatLabRecords } from '../src/store/labFlat.ts';
import { record } from './summary.ts';

const REVIEWS = Number(process.env.BENCH_LAB_PAGE_REVIEWS ?? 20_000);
const prepared = prepare(parseDatasetJsonl(sampleJsonl(Math.ceil(REVIEWS / 4), 11)).rows, 'reference');
const scores = scoreAll(scorer('hard', prepared.items, lexicalMatrices(prepared.items), 0.1), 0.2);
const refs = refMetricValues(prepared, undefined, ['bleu', 'chrf']);
const columns = () => [...crscoreMetrics(scores, { tau: 0.2 }), referenceMetric('bleu', 'BLEU', refs.bleu!, {}), referenceMetric('chrf', 'chrF', refs.chrf!, {})];
const options = { baseline: 'crscore.rel', resamples: 1000, seed: 1 };

// The old page built the reviews and records once per run (labRowsOf) and posted them with every compute.
let rows: { reviews: ReturnType<typeof labReviews>; records: ReturnType<typeof labRecords> } | null = null;
function oldLab() {
  if (!rows) {
    const reviews = labReviews(prepared);
    rows = { reviews, records: labRecords(reviews) };
  }
  structuredClone({ id: 1, records: rows.records, metrics: columns(), options });
  return rows.reviews;
}
function oldMetaEval(reviews: ReturnType<typeof labReviews>) {
  const metrics = [...columns().map((c) => ({ id: c.id, label: c.label, kind: 'metric', values: c.values })), ...baselineMetrics(reviews, 1)];
  const records = reviews.map((x) => ({ changeId: x.changeId, system: x.system, human: x.human }));
  structuredClone({ records, metrics, options });
}
function newLab() {
  const inputs = { ...flatLabRecords(prepared.items), metrics: columns().map(flatLabMetric), options };
  // One copy per worker of the pool (2 on a 2-core machine).
  structuredClone(inputs);
  structuredClone(inputs);
}

const ms = (f: () => void) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Warm-up (JIT; the old path's reviews and records, built once per run).
oldLab();
newLab();
const warm = { oldLab: [] as number[], newLab: [] as number[], me: [] as number[] };
for (let i = 0; i < 7; i++) {
  let reviews: ReturnType<typeof labReviews> = [];
  warm.oldLab.push(ms(() => (reviews = oldLab())));
  warm.newLab.push(ms(newLab));
  warm.me.push(ms(() => oldMetaEval(reviews)));
}
const f = (x: number) => `${x.toFixed(1)} ms`;
console.log(`${prepared.items.length} reviews, 5 lab columns (CRScore ×3, BLEU, chrF); page-thread work per compute`);
console.log(`| lab compute | page-thread ms (median of 7) |`);
console.log(`|---|---:|`);
console.log(`| before (objects per review) | ${f(median(warm.oldLab))} |`);
console.log(`| after (typed columns) | ${f(median(warm.newLab))} |`);
console.log(`Still on the page: the meta-evaluation's compute, ${f(median(warm.me))} (records, baselines and their clone).`);
record({ what: `metric lab compute on the page, ${prepared.items.length} reviews`, value: `${f(median(warm.newLab))} (before: ${f(median(warm.oldLab))})` });
