// What `crscore pr-eval` prints: the per-system aggregates with their intervals and the significant pairs, or with
// --json one object (rows, then aggregates); and the judges' agreement tables.
import type { JudgesReport, PrDataset, PrEvalResult } from '../../core/prreview/index.ts';
import { fmt } from '../shared/io.ts';

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

export function printResult(ds: PrDataset, r: PrEvalResult, json: boolean): void {
  if (json) {
    process.stdout.write(JSON.stringify({ signature: r.signature, layout: ds.layout, problems: ds.problems, rows: r.rows, aggregates: r.aggregates }) + '\n');
    return;
  }
  const a = r.aggregates;
  const stats = a.systems.length ? Object.keys(a.systems[0].stats) : [];
  const errors = r.rows.filter((x) => x.error !== undefined);
  process.stdout.write(`${r.signature}\n${ds.layout}: ${ds.prs.length} PRs, ${r.rows.length} rows (PR × system)${errors.length ? `, ${errors.length} the harness cannot score` : ''}; ${a.resamples} bootstrap resamples over PRs, ${Math.round(a.level * 100)}% intervals\n\n`);
  const w = Math.max(8, ...a.systems.map((s) => s.system.length)) + 2;
  process.stdout.write(pad('system', w) + pad('PRs', 6) + stats.map((s) => pad(s, 26)).join('') + '\n');
  const main = a.pairs[0]?.stat ?? stats[0];
  const sorted = [...a.systems].sort((x, y) => (y.stats[main]?.value ?? 0) - (x.stats[main]?.value ?? 0));
  for (const s of sorted)
    process.stdout.write(pad(s.system, w) + pad(String(s.prs), 6) + stats.map((k) => pad(`${fmt(s.stats[k].value, 3)} [${fmt(s.stats[k].lo, 3)}, ${fmt(s.stats[k].hi, 3)}]`, 26)).join('') + '\n');
  const sig = a.pairs.filter((p) => p.significant);
  process.stdout.write(`\npaired differences in ${main} (interval excludes 0): ${sig.length} of ${a.pairs.length}\n`);
  for (const p of sig) process.stdout.write(`  ${p.a} − ${p.b}: ${fmt(p.diff, 3)} [${fmt(p.lo, 3)}, ${fmt(p.hi, 3)}]\n`);
  for (const e of errors.slice(0, 5)) process.stdout.write(`  not scored: ${e.pr} ${e.system}: ${e.error}\n`);
}

export function printJudges(r: JudgesReport, json: boolean, ms: number): void {
  if (json) {
    process.stdout.write(JSON.stringify(r) + '\n');
    return;
  }
  for (const j of r.judges) {
    process.stdout.write(`\n${j}: published decisions, per tool (micro over PRs)\n`);
    for (const t of [...r.published[j]].sort((x, y) => y.f1 - x.f1)) process.stdout.write(`  ${pad(t.tool, 12)} P ${fmt(t.precision, 3)}  R ${fmt(t.recall, 3)}  F1 ${fmt(t.f1, 3)}\n`);
    process.stdout.write(`  against ${j}:${' '.repeat(Math.max(1, 22 - j.length))}golden acc   κ      candidate acc   κ      Spearman Kendall\n`);
    for (const x of r.rows.filter((x) => x.judge === j)) {
      const name = x.kind === 'judge' ? `judge ${x.against}` : `${x.against} ≥ ${x.threshold}`;
      const c = x.candidates ? `${fmt(x.candidates.accuracy, 3)}  ${fmt(x.candidates.kappa, 3)}` : '    —      —   ';
      process.stdout.write(`  ${pad(name, 34)}${fmt(x.golden.accuracy, 3)}  ${fmt(x.golden.kappa, 3)}    ${c}       ${fmt(x.spearman, 3)}   ${fmt(x.kendall, 3)}\n`);
    }
  }
  process.stdout.write(`\n(${Math.round(ms)} ms)\n`);
}
