// What a dimension piled on its lowest grade does to the pooled Spearman (GradedReviews, Jiang et al. 2025: 4,690 of
// 5,164 grades are 1). Per metric: the pooled Spearman; the same with the grade cut to "above the floor or not";
// ROC AUC of that cut (ties count half); how many of the metric's own values tie at its commonest value; and the
// Spearman and Kendall among the reviews graded above the floor only. Any human-scored dataset crscore eval reads.
//   npm run ties:floor -- --dataset dataset.xlsx [--mapping mapping.json] [--dim grade] [--encoder use-lite]
// Prints figures; never asserts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importHumanData, mappingFromJson } from '../src/core/humanData/index.ts';
import { humanRows } from '../src/core/humanData/bridge.ts';
import { referenceColumns } from '../src/core/lab/index.ts';
import { rocAuc } from '../src/core/metaeval/auc.ts';
import { prepare } from '../src/core/research/index.ts';
import { kendallTauB, spearman } from '../src/core/stats.ts';
import { meteorWordNet } from '../src/cli/metaeval/evalMetrics.ts';
import { humanCrscore } from '../src/cli/human/evalHumanCrscore.ts';
import { embedUnique, loadEncoder } from '../src/cli/score/matrices.ts';
import { baselineMetrics } from '../src/core/metaeval/index.ts';
import { vectorCosine } from '../src/core/research/index.ts';

const { values } = parseArgs({ options: { dataset: { type: 'string' }, mapping: { type: 'string' }, dim: { type: 'string' }, encoder: { type: 'string' } } });
if (!values.dataset) {
  console.log('usage: npm run ties:floor -- --dataset FILE [--mapping FILE.json] [--dim NAME] [--encoder SPEC]');
  process.exit(2);
}
const bytes = await readFile(values.dataset);
const mapping = values.mapping ? mappingFromJson(JSON.parse(await readFile(values.mapping, 'utf8'))) : undefined;
const { dataset: d } = await importHumanData(path.basename(values.dataset), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, mapping);
const dim = d.dimensions.find((x) => x.name === (values.dim ?? d.dimensions[0]?.name));
if (!dim) throw new Error(`no dimension ${values.dim ?? ''} (the dataset has ${d.dimensions.map((x) => x.name).join(', ')})`);
const bridged = humanRows(d, dim);
const p = prepare(bridged.rows, 'reference');
const human = bridged.reviews.map((r) => r.human);
const columns: { label: string; values: readonly (number | null)[] }[] = referenceColumns(p, ['bleu', 'chrf', 'rouge-l', 'meteor'], { wordnet: meteorWordNet() });
if (values.encoder) {
  // embed-ref: the cosine of the review's and the reference's embeddings, as crscore eval --metrics embed-ref.
  const enc = await loadEncoder(values.encoder);
  const texts = p.reviews.flatMap((r) => (r.reference ? [r.review.review ?? '', r.reference] : []));
  columns.push(...referenceColumns(p, ['embed-ref'], { embedCos: vectorCosine(await embedUnique(enc, texts, 32)), encoder: values.encoder }));
  await enc.dispose?.();
}
// CRScore with the reference review's sentences as pseudo-references, each preset as crscore eval runs it.
for (const preset of ['lexical', 'plus', 'learned'] as const) {
  const { columns: c } = (await humanCrscore(preset, bridged.rows, p.items, {}))!;
  columns.push(...c.filter((x) => x.id.endsWith('.rel')).map((x) => ({ ...x, label: `CRScore Rel, ${preset}` })));
}

const length = baselineMetrics(bridged.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), 1).find((b) => b.id === 'baseline.length');
if (length) columns.push({ label: 'review length (baseline)', values: length.values });
const scored = human.filter((h): h is number => h !== null);
const floor = Math.min(...scored);
const counts = new Map<number, number>();
for (const h of scored) counts.set(h, (counts.get(h) ?? 0) + 1);
const n = scored.length;
const tied = [...counts.values()].reduce((a, c) => a + (c * (c - 1)) / 2, 0) / ((n * (n - 1)) / 2);
console.log(`${d.source}, dimension ${dim.name}: ${n} scored reviews, ${counts.get(floor)} (${((100 * counts.get(floor)!) / n).toFixed(1)}%) at the floor; ${(100 * tied).toFixed(1)}% of review pairs tie in the human score`);
const f4 = (x: number | null) => (x === null || !Number.isFinite(x) ? '—' : x.toFixed(4));
console.log('| metric | pooled Spearman | Spearman, above the floor or not | ROC AUC, above the floor | metric values at its commonest value | Spearman among those above the floor | Kendall τ-b among them |');
console.log('|---|---|---|---|---|---|---|');
for (const c of columns) {
  const idx = c.values.flatMap((v, i) => (v !== null && Number.isFinite(v) && human[i] !== null ? [i] : []));
  const x = idx.map((i) => c.values[i]!);
  const y = idx.map((i) => human[i]!);
  const above = y.map((h) => (h > floor ? 1 : 0));
  const hi = idx.filter((i) => human[i]! > floor);
  const freq = new Map<number, number>();
  for (const v of x) freq.set(v, (freq.get(v) ?? 0) + 1);
  const modeCount = Math.max(...freq.values());
  console.log(
    `| ${c.label} | ${f4(spearman(x, y).r)} | ${f4(spearman(x, above).r)} | ${f4(rocAuc(x, above))} | ${((100 * modeCount) / x.length).toFixed(1)}% | ${f4(spearman(hi.map((i) => c.values[i]!), hi.map((i) => human[i]!)).r)} | ${f4(kendallTauB(hi.map((i) => c.values[i]!), hi.map((i) => human[i]!)).r)} |`,
  );
}
