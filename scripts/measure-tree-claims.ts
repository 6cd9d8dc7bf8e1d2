// What tree claims are worth on the human study's dev half (docs/reference-free.md): CRScore Rel, pooled and by
// change, with each source of pseudo-references, and the share of the annotators' linked claims a tree claim covers
// (scripts/treeClaimsWorth.ts says how coverage is defined).
//   npm run measure:tree-claims-worth [-- --dev ../shared/data/crscore-human-study/dev.jsonl --bootstrap 1000]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cli, coverageTable, linkedClaims, relFigures, ROOT, type RelFigure, type StudyRow } from './treeClaimsWorth.ts';

const { values } = parseArgs({ options: { dev: { type: 'string', default: '../shared/data/crscore-human-study/dev.jsonl' }, bootstrap: { type: 'string', default: '1000' }, out: { type: 'string', default: 'bench/out/tree-claims-worth' } } });
const dev = path.resolve(ROOT, values.dev);
if (!existsSync(dev)) {
  console.error(`the human study's dev half is not at ${values.dev}: nothing to measure (pass --dev FILE)`);
  process.exit(2);
}
const outDir = path.resolve(ROOT, values.out);
mkdirSync(outDir, { recursive: true });
const readRows = (f: string): StudyRow[] => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as StudyRow);

const SOURCES = [
  { name: "the paper's LLM claims + analyzer issues (the dataset's own)", source: null },
  { name: 'tree claims + analyzers (`offline`)', source: 'offline' },
  { name: 'tree claims alone (`tree-claims`)', source: 'tree-claims' },
  { name: 'analyzers alone (`analyzers`)', source: 'analyzers' },
] as const;

const f3 = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
const cell = (f: RelFigure) => (f.spearman ? `${f3(f.spearman.value)} [${f3(f.spearman.lo)}, ${f3(f.spearman.hi)}] | ${f3(f.kendall?.value)}` : `– | – (${f.undefined})`);
console.log('## CRScore Rel against the annotators\' Rel (lexical, τ 0.149; bootstrap over changes)\n');
console.log('| pseudo-references | reviews scored | pooled Spearman [95% CI] | pooled Kendall | by change: Spearman [95% CI] | by change: Kendall |');
console.log('|---|---:|---|---|---|---|');
const filled: Record<string, string> = {};
for (const s of SOURCES) {
  let file = dev;
  if (s.source) {
    file = path.join(outDir, `dev-${s.source}.jsonl`);
    writeFileSync(file, cli(['claims', '--dataset', dev, '--pseudo-refs', s.source], true));
    filled[s.source] = file;
  }
  const r = relFigures(file, Number(values.bootstrap));
  console.log(`| ${s.name} | ${r.pooled.n} | ${cell(r.pooled)} | ${cell(r.byChange)} |`);
}

const claims = linkedClaims(readRows(dev), readRows(filled['tree-claims']));
writeFileSync(path.join(outDir, 'linked-claims.json'), `${JSON.stringify(claims, null, 1)}\n`);
const table = coverageTable(claims);
console.log("\n## The annotators' linked claims a tree claim covers (share of linked claims; of links in brackets)\n");
console.log(`| lang | linked claims | links | ${table[0].byThreshold.map((t) => t.name).join(' | ')} |`);
console.log(`|---|---:|---:|${table[0].byThreshold.map(() => '---:').join('|')}|`);
for (const t of table) console.log(`| ${t.lang} | ${t.claims} | ${t.links} | ${t.byThreshold.map((b) => `${f3(b.claims)} (${f3(b.links)})`).join(' | ')} |`);

const show = (c: (typeof claims)[number]) => `- ${c.change} #${c.no}: "${c.text}" ← ${c.best ? `"${c.best.text}" (Jaccard ${f3(c.best.jaccard)}, ROUGE-L ${f3(c.best.rougeL)})` : 'no tree claim'}`;
const byJ = [...claims].sort((a, b) => (b.best?.jaccard ?? 0) - (a.best?.jaccard ?? 0));
console.log('\nCovered, the closest matches:');
for (const c of byJ.filter((_, i) => i % 40 === 0).slice(0, 4)) console.log(show(c));
console.log('\nNot covered (below every threshold):');
for (const c of claims.filter((c) => (c.best?.jaccard ?? 0) < 0.149 && (c.best?.rougeL ?? 0) < 0.3).filter((_, i) => i % 50 === 0).slice(0, 4)) console.log(show(c));
console.log(`\nlinked claims with their best tree claim: ${path.relative(ROOT, path.join(outDir, 'linked-claims.json'))}`);
