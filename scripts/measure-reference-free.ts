// CRScore with no reference on a generated table of the commonest labelled shape (docs/reference-free.md):
// coverage per language and pseudo-reference source, and ROC AUC, Spearman and Kendall of CRScore (Con, Comp, Rel)
// and the baselines per label and language, each figure read from `crscore eval --json` (scripts/referenceFree.ts).
//   npm run measure:reference-free [-- --rows 2438 --seed 45 --bootstrap 200 --out bench/out/reference-free]
//   … -- --reprint   the tables again from the last run's figures.json (the same rows, seed and out)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TABLE_LANG_CODES } from '../src/testing/reviewTable.ts';
import { coverage, LABELS, METRIC_IDS, ROOT, runEval, SOURCES, writeTable, type Figure, type RunFigures } from './referenceFree.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '2438' }, seed: { type: 'string', default: '45' }, bootstrap: { type: 'string', default: '200' }, out: { type: 'string', default: 'bench/out/reference-free' }, reprint: { type: 'boolean', default: false } } });
const outDir = path.resolve(ROOT, values.out);
mkdirSync(outDir, { recursive: true });
const csv = path.join(outDir, 'table.csv');
const rows = writeTable(csv, { rows: Number(values.rows), seed: Number(values.seed) });
console.log(`table: ${rows.length} rows (patch, msg, lang, relevance, informativeness, expression), seed ${values.seed}, ${path.relative(ROOT, csv)}`);
const share = (l: string) => rows.filter((r) => r.lang === l);
console.log(`labels (share of 1): ${LABELS.map((l) => `${l} ${(rows.filter((r) => r[l] === 1).length / rows.length).toFixed(3)}`).join(', ')}\n`);

const figuresFile = path.join(outDir, 'figures.json');
const runs: RunFigures[] = values.reprint ? (JSON.parse(readFileSync(figuresFile, 'utf8')) as RunFigures[]) : [];
if (!values.reprint) for (const source of SOURCES)
  for (const label of LABELS) {
    const t0 = Date.now();
    const run = runEval(csv, source, label, Number(values.bootstrap));
    runs.push(run);
    console.error(`${source} × ${label}: ${((Date.now() - t0) / 1000).toFixed(0)} s; ${run.stderrTail.split('\n').find((l) => l.startsWith('pseudo-references')) ?? ''}`);
  }
if (!values.reprint) writeFileSync(figuresFile, `${JSON.stringify(runs, null, 1)}\n`);

const f3 = (x: number | null | undefined) => (x === undefined || x === null || Number.isNaN(x) ? '–' : x.toFixed(3));
const langs = [...TABLE_LANG_CODES, 'all'];

console.log('## Coverage: share of rows with at least one pseudo-reference\n');
console.log(`| source | ${langs.join(' | ')} |`);
console.log(`|---|${langs.map(() => '---:').join('|')}|`);
console.log(`| rows | ${langs.map((l) => (l === 'all' ? rows.length : share(l).length)).join(' | ')} |`);
for (const source of SOURCES) {
  const c = coverage(runs.find((r) => r.source === source)!, rows);
  console.log(`| ${source} | ${langs.map((l) => f3(c[l].share)).join(' | ')} |`);
}

console.log('\n## Who is judged: n of each metric, pooled\n');
for (const source of SOURCES) {
  const r = runs.find((x) => x.source === source && x.label === 'relevance')!;
  const ns = METRIC_IDS.map((id) => `${id} ${r.pooled[id]?.n ?? 0}`).join(', ');
  console.log(`- ${source}: ${ns} of ${rows.length} rows${r.leftOut['no pseudo-references'] ? ` (left out, no pseudo-references: ${r.leftOut['no pseudo-references']})` : ''}`);
  const base = r.pooled['baseline.length']?.n ?? 0;
  if (base < rows.length) console.log(`  baselines judged ${base} of ${rows.length}: the rows without pseudo-references are left out of every metric, the baselines too`);
}

const cell = (f: Figure | undefined) => (f ? `${f3(f.auc)} / ${f3(f.spearman)} / ${f3(f.kendall)}` : '–');
for (const label of LABELS) {
  console.log(`\n## ${label}: ROC AUC / Spearman / Kendall τ-b, pooled (n in brackets)\n`);
  console.log(`| metric | ${SOURCES.join(' | ')} |`);
  console.log(`|---|${SOURCES.map(() => '---').join('|')}|`);
  for (const id of METRIC_IDS) {
    const cells = SOURCES.map((s) => {
      const f = runs.find((r) => r.source === s && r.label === label)!.pooled[id];
      return f ? `${cell(f)} (${f.n})` : '–';
    });
    console.log(`| ${id} | ${cells.join(' | ')} |`);
  }
}

for (const label of LABELS) {
  const r = runs.find((x) => x.source === 'offline' && x.label === label)!;
  console.log(`\n## ${label} by language, offline pseudo-references: ROC AUC / Spearman\n`);
  const ids = METRIC_IDS.filter((id) => id !== 'baseline.constant');
  console.log(`| lang | n | ${ids.join(' | ')} |`);
  console.log(`|---|---:|${ids.map(() => '---').join('|')}|`);
  for (const l of TABLE_LANG_CODES) {
    const s = r.byLang[l];
    console.log(`| ${l} | ${s?.['crscore.rel']?.n ?? 0} | ${ids.map((id) => (s?.[id] ? `${f3(s[id].auc)} / ${f3(s[id].spearman)}` : '–')).join(' | ')} |`);
  }
}
console.log(`\nfigures: ${path.relative(ROOT, path.join(outDir, 'figures.json'))}; signatures: ${runs[0].signature}`);
