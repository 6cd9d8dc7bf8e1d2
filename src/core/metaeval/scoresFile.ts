// Per-review metric scores in and out: a researcher's own metric comes in as CSV or JSONL keyed by
// change `id` and `system` (any numeric column is a metric), and every metric of a run goes out in the same shape,
// so `--scores-out` followed by `--metric-scores` reproduces the statistics exactly. Pure: the CLI and the
// browser's import share it, with one coverage report (matched, missing, duplicate, non-numeric, unknown rows).
import { configHeader, readConfigHeader } from '../configLines.ts';
import { toCsv } from '../csvSafe.ts';
import { readCsv } from '../importers/csv.ts';
import type { Dim } from '../bootstrap.ts';
import type { MetaMetric } from './report.ts';
import type { DatasetIdentity } from './signature.ts';

export interface ScoreKey {
  changeId: string;
  system: string;
}

/** Columns that describe a review rather than score it. */
const RESERVED = /^(id|system|lang|language|review|index|human[._](con|comp|rel))$/i;
/** The baselines every run computes itself (baselines.ts): a file's copies are recognised and left out. */
const BASELINE = /^baseline\./i;

export interface ScoresCoverage {
  file: string;
  format: 'csv' | 'jsonl';
  /** Data rows read (header and blank lines not counted). */
  rows: number;
  /** Rows that matched a review of the dataset. */
  matched: number;
  /** Dataset reviews the file has no row for (change::system), the first 20. */
  missing: string[];
  missingCount: number;
  /** Row numbers (1-based lines of the file) repeating an earlier row's id and system: the first is kept. */
  duplicate: number[];
  /** Cells that are neither empty nor a number: row number, column, value (first 50 chars). */
  nonNumeric: { row: number; column: string; value: string }[];
  /** Rows whose id and system name no review of the dataset. */
  unknown: number[];
  /** Rows without an id or a system. */
  noKey: number[];
  /** The metric columns found, and the columns left out because no value in them is a number. */
  columns: string[];
  ignored: string[];
  /** Parse errors (bad JSON, a broken CSV record), by row. */
  errors: { row: number; reason: string }[];
  /** Baseline columns the file carries (baseline.*): the run computes its own, so these are not read. */
  baselines: string[];
  /** What the file says it is (a scores file this app wrote): its signature and configuration's name. */
  signature: string | null;
  configuration: string | null;
}

/** What a scores file says about itself: first in the file (`# key: value` lines, or a first JSONL record). */
export interface ScoresHeader {
  signature: string;
  dataset: DatasetIdentity;
  /** The configuration's name (its columns' prefix) and the other keys, in order. */
  config: { configuration: string } & Record<string, unknown>;
}

export interface ImportedScores {
  metrics: MetaMetric[];
  coverage: ScoresCoverage;
}

const keyOf = (changeId: string, system: string) => `${changeId}::${system}`;

function cellNumber(v: unknown): number | null | 'bad' {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : 'bad';
  if (typeof v === 'boolean' || typeof v === 'object') return 'bad';
  const s = String(v).trim();
  if (s === '' || /^(na|nan|null|none)$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : 'bad';
}

/**
 * Reads one scores file against the dataset's reviews (`keys`, in the order the metrics' values must follow).
 * Metric ids are `${name}.${column}`; a column ending in .con, .comp or .rel is judged against that human score.
 */
export function readMetricScores(name: string, file: string, text: string, keys: readonly ScoreKey[]): ImportedScores {
  const jsonl = /\.jsonl?$/i.test(file) || /^\s*[{[]/.test(text);
  const rows: { row: number; data: Record<string, unknown> }[] = [];
  const errors: ScoresCoverage['errors'] = [];
  let signature: string | null = null;
  let configuration: string | null = null;
  if (jsonl) {
    text.split(/\r?\n/).forEach((line, k) => {
      if (!line.trim()) return;
      try {
        const v = JSON.parse(line) as unknown;
        const o = v as Record<string, unknown>;
        // The first record of a scores file this app wrote: its signature and configuration, not a review.
        if (rows.length === 0 && signature === null && o && typeof o === 'object' && typeof o.signature === 'string' && !('id' in o)) {
          signature = o.signature;
          const c = o.config as Record<string, unknown> | undefined;
          configuration = typeof c?.configuration === 'string' ? c.configuration : null;
        } else if (v && typeof v === 'object' && !Array.isArray(v)) rows.push({ row: k + 1, data: v as Record<string, unknown> });
        else errors.push({ row: k + 1, reason: 'not a JSON object' });
      } catch (e) {
        errors.push({ row: k + 1, reason: `not JSON (${(e as Error).message.slice(0, 80)})` });
      }
    });
  } else {
    // Leading `# key: value` lines (the configuration Research's scores CSV carries) are skipped; row numbers
    // stay those of the file.
    const head = readConfigHeader(text);
    const offset = head.lines;
    signature = head.config.signature ?? null;
    configuration = head.config.configuration ?? null;
    for (const r of readCsv(head.body).records) {
      if (r.error) errors.push({ row: r.line + offset, reason: `CSV: ${r.error}` });
      else rows.push({ row: r.line + offset, data: r.data });
    }
  }
  const at = new Map(keys.map((k, i) => [keyOf(k.changeId, k.system), i]));
  const named = [...new Set(rows.flatMap((r) => Object.keys(r.data)))].filter((c) => !RESERVED.test(c));
  const allColumns = named.filter((c) => !BASELINE.test(c));
  const columns = allColumns.filter((c) => rows.some((r) => typeof cellNumber(r.data[c]) === 'number'));
  const ignored = allColumns.filter((c) => !columns.includes(c));
  const values = columns.map(() => new Array<number | null>(keys.length).fill(null));
  const seen = new Set<number>();
  const cov: ScoresCoverage = {
    file, format: jsonl ? 'jsonl' : 'csv', rows: rows.length, matched: 0, missing: [], missingCount: 0,
    duplicate: [], nonNumeric: [], unknown: [], noKey: [], columns, ignored, errors,
    baselines: named.filter((c) => BASELINE.test(c)), signature, configuration,
  };
  for (const { row, data } of rows) {
    const id = data.id ?? data.changeId;
    const system = data.system;
    if (id === undefined || id === null || String(id).trim() === '' || typeof system !== 'string' || system.trim() === '') {
      cov.noKey.push(row);
      continue;
    }
    const i = at.get(keyOf(String(id).trim(), system.trim()));
    if (i === undefined) {
      cov.unknown.push(row);
      continue;
    }
    if (seen.has(i)) {
      cov.duplicate.push(row);
      continue;
    }
    seen.add(i);
    cov.matched++;
    columns.forEach((c, k) => {
      const v = cellNumber(data[c]);
      if (v === 'bad') cov.nonNumeric.push({ row, column: c, value: String(JSON.stringify(data[c]) ?? '').slice(0, 50) });
      else values[k][i] = v;
    });
  }
  keys.forEach((k, i) => {
    if (seen.has(i)) return;
    cov.missingCount++;
    if (cov.missing.length < 20) cov.missing.push(keyOf(k.changeId, k.system));
  });
  const metrics: MetaMetric[] = columns.map((c, k) => ({
    id: `${name}.${c}`,
    label: `${name} ${c}`,
    kind: 'imported',
    dim: (/\.(con|comp|rel)$/.exec(c)?.[1] as Dim | undefined) ?? 'rel',
    values: values[k],
  }));
  return { metrics, coverage: cov };
}

/** One line per problem, naming the rows (at most 10 per kind), for the CLI and the browser alike. */
export function coverageLines(c: ScoresCoverage): string[] {
  const rowsOf = (r: number[]) => `${r.slice(0, 10).join(', ')}${r.length > 10 ? ` … (${r.length} in all)` : ''}`;
  const out = [`${c.file}: ${c.rows} rows (${c.format}), ${c.matched} matched; metrics: ${c.columns.join(', ') || 'none'}`];
  if (c.signature) out.push(`  signature: ${c.signature}`);
  if (c.baselines.length) out.push(`  baselines, computed by this run rather than read: ${c.baselines.join(', ')}`);
  if (c.ignored.length) out.push(`  columns without numbers, left out: ${c.ignored.join(', ')}`);
  if (c.missingCount) out.push(`  missing: ${c.missingCount} reviews of the dataset have no row (${c.missing.slice(0, 5).join(', ')}${c.missingCount > 5 ? ', …' : ''}); they are left out of this metric's statistics`);
  if (c.duplicate.length) out.push(`  duplicate id and system, first row kept, rows ${rowsOf(c.duplicate)}`);
  if (c.nonNumeric.length)
    out.push(`  non-numeric values, left out: ${c.nonNumeric.slice(0, 10).map((n) => `row ${n.row} ${n.column}=${n.value}`).join('; ')}${c.nonNumeric.length > 10 ? ` … (${c.nonNumeric.length} in all)` : ''}`);
  if (c.unknown.length) out.push(`  no such review in the dataset (id and system), rows ${rowsOf(c.unknown)}`);
  if (c.noKey.length) out.push(`  without an id or a system, rows ${rowsOf(c.noKey)}`);
  for (const e of c.errors.slice(0, 10)) out.push(`  row ${e.row}: ${e.reason}`);
  return out;
}

export interface ScoreRow extends ScoreKey {
  lang: string;
  human: Record<Dim, number> | null;
  /** The review's text: a reserved column (never read back as a metric), so the file says what was scored. */
  review?: string | null;
}

/**
 * The per-review scores table, one layout for `crscore eval --scores-out` and Research's scores export: id, lang,
 * system, the human scores (normalised (x − 1)/4 as every statistic uses them), every metric's value, the review.
 * Non-finite values are empty.
 */
export function scoresTable(rows: readonly ScoreRow[], metrics: readonly { id: string; values: readonly (number | null)[] }[]) {
  const head = ['id', 'lang', 'system', 'human.con', 'human.comp', 'human.rel', ...metrics.map((m) => m.id), 'review'];
  const cells = rows.map((r, i): (string | number | null)[] => [
    r.changeId, r.lang, r.system, r.human?.con ?? null, r.human?.comp ?? null, r.human?.rel ?? null,
    ...metrics.map((m) => (m.values[i] === null || !Number.isFinite(m.values[i]) ? null : m.values[i])),
    r.review ?? null,
  ]);
  return { head, cells };
}

/**
 * Every review with its human scores and every metric's value: CSV (spreadsheet-safe, csvSafe.ts) or JSONL.
 * Numbers are written in full (shortest round-trip form), so reading them back is exact.
 */
export function writeScores(
  format: 'csv' | 'jsonl',
  rows: readonly ScoreRow[],
  metrics: readonly { id: string; values: readonly (number | null)[] }[],
  header: ScoresHeader,
): string {
  const { head, cells } = scoresTable(rows, metrics);
  if (format === 'jsonl') {
    const first = JSON.stringify({ signature: header.signature, config: header.config, dataset: header.dataset });
    return [first, ...cells.map((c) => JSON.stringify(Object.fromEntries(head.map((h, k) => [h, c[k]]))))].join('\n') + '\n';
  }
  return `${scoresHeaderLines(header).join('\n')}\n${toCsv([head, ...cells], { newline: '\n' })}\n`;
}

/**
 * The run's CRScore columns (crscore.con|comp|rel) named by its configuration, e.g. crscore-lexical-t0.149.rel,
 * so that files of different runs never name a column alike. Columns already named by theirs (the lab's
 * crscore-plus, crscore-learned-cv5) and the others (a lab metric, an imported one, a baseline) keep their ids.
 */
export function namedColumns<T extends { id: string; kind?: string }>(metrics: readonly T[], name: string): T[] {
  return metrics.map((m) => {
    const d = m.kind === 'imported' || m.kind === 'baseline' ? null : /^crscore\.(con|comp|rel)$/.exec(m.id);
    return d ? { ...m, id: `${name}.${d[1]}` } : m;
  });
}

/** A scores CSV's first lines: the format, the signature, the dataset, then the configuration. */
export function scoresHeaderLines(h: ScoresHeader): string[] {
  const d = h.dataset;
  return configHeader({ 'crscore-scores': 1, signature: h.signature, dataset: d.name, 'dataset-rows': d.rows, 'dataset-sha256': d.sha256 ?? '-', ...h.config });
}
