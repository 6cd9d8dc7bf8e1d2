// The metric lab's work on the page's thread for one compute, before and after its inputs went to the compute
// workers typed: on a generated Research run (the project's sample scaled, lexical scores), the old path (one
// LabReview and one record object per review, structured-cloned as postMessage does) against the new one (interned
// tables and Float64Array columns, one clone per worker of a 2-worker pool). Then the meta-evaluation's compute
// the same way: before, a record object per review, the baselines, the pool's plan over the records and a copy of
// them per worker; after, the typed columns (the baselines come from a worker, once per run and seed), the plan
// over them and a copy per worker. Node, one thread; the median of several repeats after a warm-up.
//   npx tsx bench/lab-page.ts            BENCH_LAB_PAGE_REVIEWS=20000
import { parseDatasetJsonl } from '../src/core/dataset.ts';
import { sampleJsonl } from '../src/core/importers/sample.ts';
import { crscoreMetrics, labRecords, labReviews, referenceMetric } from '../src/core/lab/index.ts';
import { baselineColumns, baselineMetrics } from '../src/core/metaeval/index.ts';
import { planMetaEval, planMetaEvalTyped } from '../src/core/metaeval/metaPlan.ts';
import { lexicalMatrices, prepare, refMetricValues, scoreAll, scorer } from '../src/core/research/index.ts';
import { flatLabMetric, flatLabRecords, flatValues } from '../src/store/research/labFlat.ts';
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
const meOptions = { resamples: 1000, seed: 1 };
// The lab's columns are already built when the meta-evaluation computes (the store reads them).
const labColumns = columns();
function oldMetaEval(reviews: ReturnType<typeof labReviews>) {
  const metrics = [...labColumns.map((c) => ({ id: c.id, label: c.label, kind: 'metric' as const, values: c.values })), ...baselineMetrics(reviews, 1)];
  const records = reviews.map((x) => ({ changeId: x.changeId, system: x.system, human: x.human }));
  planMetaEval(records, metrics, meOptions);
  structuredClone({ records, metrics, options: meOptions });
  structuredClone({ records, metrics, options: meOptions });
}
// Once per run and seed: the texts cross to a worker, which sends the baseline columns back (transferred).
const texts = () => prepared.reviews.map((x) => x.review.review ?? '');
const baselines = baselineColumns(flatLabRecords(prepared.items), texts(), 1);
function newMetaEval() {
  const table = flatLabRecords(prepared.items);
  const metrics = [...labColumns.map((c) => ({ id: c.id, label: c.label, kind: 'metric' as const, values: flatValues(c.values) })), ...baselines];
  planMetaEvalTyped(table, metrics, meOptions);
  structuredClone({ table, metrics, options: meOptions });
  structuredClone({ table, metrics, options: meOptions });
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
newMetaEval();
const warm = { oldLab: [] as number[], newLab: [] as number[], me: [] as number[], newMe: [] as number[], texts: [] as number[] };
for (let i = 0; i < 7; i++) {
  let reviews: ReturnType<typeof labReviews> = [];
  warm.oldLab.push(ms(() => (reviews = oldLab())));
  warm.newLab.push(ms(newLab));
  warm.me.push(ms(() => oldMetaEval(reviews)));
  warm.newMe.push(ms(newMetaEval));
  warm.texts.push(ms(() => structuredClone(texts())));
}
const f = (x: number) => `${x.toFixed(1)} ms`;
console.log(`${prepared.items.length} reviews, 5 lab columns (CRScore ×3, BLEU, chrF); page-thread work per compute`);
console.log(`| lab compute | page-thread ms (median of 7) |`);
console.log(`|---|---:|`);
console.log(`| before (objects per review) | ${f(median(warm.oldLab))} |`);
console.log(`| after (typed columns) | ${f(median(warm.newLab))} |`);
console.log(`| meta-evaluation compute | page-thread ms (median of 7) |`);
console.log(`|---|---:|`);
console.log(`| before (records, baselines, plan, a copy per worker) | ${f(median(warm.me))} |`);
console.log(`| after (typed columns, plan, a copy per worker) | ${f(median(warm.newMe))} |`);
console.log(`| after, once per run and seed: the review texts to a worker | ${f(median(warm.texts))} |`);
record({ what: `metric lab compute on the page, ${prepared.items.length} reviews`, value: `${f(median(warm.newLab))} (before: ${f(median(warm.oldLab))})` });
record({ what: `meta-evaluation compute on the page, ${prepared.items.length} reviews`, value: `${f(median(warm.newMe))} (before: ${f(median(warm.me))})` });
