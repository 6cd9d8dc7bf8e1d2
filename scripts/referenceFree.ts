// The reference-free measurement's pipeline: a generated table of the commonest labelled shape (src/testing/reviewTable.ts)
// judged by the real CLI, `crscore eval --map … --human … --pseudo-refs SOURCE --by lang --json`, once per
// pseudo-reference source and label. What it reads back: each language's coverage (the share of rows whose change
// got at least one pseudo-reference, i.e. CRScore's n in that language's slice over the rows the table has there)
// and, per label and language, ROC AUC, Spearman and Kendall of CRScore's Con, Comp, Rel and the baselines.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateReviewTable, reviewTableCsv, type TableOptions, type TableRow } from '../src/testing/reviewTable.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SOURCES = ['analyzers', 'tree-claims', 'offline'] as const;
export type Source = (typeof SOURCES)[number];
export const LABELS = ['relevance', 'informativeness', 'expression'] as const;
export type Label = (typeof LABELS)[number];
export const METRIC_IDS = ['crscore.con', 'crscore.comp', 'crscore.rel', 'baseline.length', 'baseline.random', 'baseline.constant'] as const;

export interface Figure {
  n: number;
  auc?: number;
  spearman?: number;
  kendall?: number;
}
/** One CLI run's figures: pooled and per language, for each metric (absent: the run judged none of its reviews). */
export interface RunFigures {
  source: Source;
  label: Label;
  reviews: number;
  leftOut: Record<string, number>;
  pooled: Record<string, Figure>;
  byLang: Record<string, Record<string, Figure>>;
  signature: string;
  stderrTail: string;
}

interface Row {
  id: string;
  n: number;
  stats: { spearman?: { value: number }; kendall?: { value: number }; auc?: { auc: number } };
}
interface EvalJson {
  dataset: { reviews: number };
  metrics: { id: string; n: number; leftOut: Record<string, number> }[];
  metaeval: { groupings: { pooled: { rows?: Row[] } }; slices?: { value: string; n: number; groupings: { pooled: { rows?: Row[] } } }[] };
  signature: string;
}

const figures = (rows: Row[] | undefined): Record<string, Figure> =>
  Object.fromEntries((rows ?? []).map((r) => [r.id, { n: r.n, auc: r.stats.auc?.auc, spearman: r.stats.spearman?.value, kendall: r.stats.kendall?.value }]));

/** Writes the table as CSV; returns its rows. */
export function writeTable(file: string, opts: TableOptions = {}): TableRow[] {
  const rows = generateReviewTable(opts);
  writeFileSync(file, reviewTableCsv(rows));
  return rows;
}

/** The CLI's arguments for one run: the table mapped, its three binary labels, judged against `label`. */
export function evalArgs(csv: string, source: Source, label: Label, bootstrap: number): string[] {
  return [
    'eval', '--dataset', csv,
    '--map', 'diff=patch,review=msg,lang=lang',
    '--human', LABELS.map((l) => `${l}:binary`).join(','),
    '--dim', label,
    '--metrics', 'crscore', '--pseudo-refs', source,
    '--by', 'lang', '--bootstrap', String(bootstrap), '--json',
  ];
}

/** Runs `crscore eval` as a person would (bin/crscore.mjs in a child process) and reads its --json. */
export function runEval(csv: string, source: Source, label: Label, bootstrap = 200): RunFigures {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/crscore.mjs'), ...evalArgs(csv, source, label, bootstrap)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const stderrTail = r.stderr.split('\n').filter((l) => l && !/^\S+ \d+\/\d+ \(\d+%\)$/.test(l)).slice(-4).join('\n');
  if (r.status !== 0) throw new Error(`crscore ${evalArgs(csv, source, label, bootstrap).join(' ')} exited ${r.status}:\n${stderrTail}`);
  const out = JSON.parse(r.stdout) as EvalJson;
  return {
    source,
    label,
    reviews: out.dataset.reviews,
    leftOut: out.metrics.find((m) => m.id === 'crscore.rel')?.leftOut ?? {},
    pooled: figures(out.metaeval.groupings.pooled.rows),
    byLang: Object.fromEntries((out.metaeval.slices ?? []).map((s) => [s.value, figures(s.groupings.pooled.rows)])),
    signature: out.signature,
    stderrTail,
  };
}

/** Each language's coverage by one run: CRScore's n in its slice over the table's rows in that language. */
export function coverage(run: RunFigures, rows: TableRow[]): Record<string, { rows: number; covered: number; share: number }> {
  const total: Record<string, number> = {};
  for (const r of rows) total[r.lang] = (total[r.lang] ?? 0) + 1;
  const out: Record<string, { rows: number; covered: number; share: number }> = {};
  for (const [lang, n] of Object.entries(total)) {
    const covered = run.byLang[lang]?.['crscore.rel']?.n ?? 0;
    out[lang] = { rows: n, covered, share: covered / n };
  }
  const covered = run.pooled['crscore.rel']?.n ?? 0;
  out.all = { rows: rows.length, covered, share: covered / rows.length };
  return out;
}
