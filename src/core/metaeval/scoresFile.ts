// Per-review metric scores in: a researcher's own metric (or a run's `--scores-out`, scoresWrite.ts) comes in as
// CSV or JSONL keyed by change `id` and `system`, and is matched against the dataset's reviews. Pure: the CLI and
// the browser's import share it, with one coverage report (matched, missing, duplicate, non-numeric, unknown rows).
import { inertLine, readConfigHeader } from '../configLines.ts';
import { readCsv } from '../importers/csv.ts';
import type { Dim } from '../bootstrap.ts';
import type { MetaMetric } from './report.ts';
import type { DatasetIdentity } from './signature.ts';
import { claimProblems } from './scoresClaims.ts';
import { REFERENCE_SYSTEM } from '../dataset.ts';

export interface ScoreKey {
  changeId: string;
  system: string;
  /** The line of the dataset file the review was read from: a row with no id (`crscore score`'s output of that
   *  same JSONL file) is keyed by its `line`. */
  line?: number;
}

/** Columns that describe a review rather than score it: `human.NAME` is a human dimension's score (the human study's
 *  human.con, a human-scored dataset's human.grade), never a metric. */
const RESERVED = /^(id|changeId|system|lang|language|review|index|line|tau|scorable|preset|matches|human_(con|comp|rel)|human\..+)$/i;
/** `crscore score`'s output (its rows carry `scorable`): its score columns are its metrics, nothing else. */
const SCORE_COLUMNS: readonly string[] = ['con', 'comp', 'rel'];
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
  /** Rows of reviews the dataset has but does not judge (its reference reviews, changes without pseudo-references). */
  unjudged: { row: number; why: Unjudged }[];
  /** The metric's name, where the file's would have shadowed one of the app's own metrics. */
  renamed?: { from: string; to: string };
  /** Rows without an id or a system (a system may be left out on a one-system dataset, an id where the row has a
   *  `line` and the dataset's reviews carry theirs). */
  noKey: number[];
  /** Rows that say `"scorable": false` (`crscore score` found nothing to score them by): left out, never a 0. */
  unscorable: number[];
  /** Numeric columns of `crscore score`'s output that are not its scores (left out, named). */
  notScores: string[];
  /** The metric columns found, and the columns left out because no value in them is a number. */
  columns: string[];
  ignored: string[];
  /** Parse errors (bad JSON, a broken CSV record), by row. */
  errors: { row: number; reason: string }[];
  /** Baseline columns the file carries (baseline.*): the run computes its own, so these are not read. */
  baselines: string[];
  /** What the file says it is (a scores file this app wrote): its signature and configuration's name, each one
   *  line (inertLine), and the dataset it says it scored. Claims, checked against the run by scoresClaims.ts. */
  signature: string | null;
  configuration: string | null;
  claimedDataset?: DatasetIdentity | null;
  /** The claims the run contradicts (scoresClaims.ts), when matched with the run's dataset. */
  mismatches?: string[];
}

export interface ImportedScores {
  metrics: MetaMetric[];
  coverage: ScoresCoverage;
}

const keyOf = (changeId: string, system: string) => `${changeId}::${system}`;

/** A decimal number with an optional exponent: what a scores file means by a number (not Number()'s 0x10, 0b11, Infinity). */
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function cellNumber(v: unknown): number | null | 'bad' {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : 'bad';
  if (typeof v === 'boolean' || typeof v === 'object') return 'bad';
  const s = String(v).trim();
  if (s === '' || /^(na|nan|null|none)$/i.test(s)) return null;
  if (!DECIMAL.test(s)) return 'bad';
  const n = Number(s);
  return Number.isFinite(n) ? n : 'bad';
}

/** Why a review of the dataset has no place among the judged reviews (keys). */
export type Unjudged = 'reference' | 'no-pseudo-refs';

/**
 * The dataset's reviews that are not judged, by `change::system`: the reference reviews (`msg`, which the paper
 * leaves out of every correlation) and the reviews of a change without pseudo-references (which cannot be scored).
 * A metric file that scores them is right to: its rows are named as such, not as missing from the dataset.
 */
export function unjudgedReviews(rows: readonly { id: string; pseudoRefs: readonly unknown[]; reviews: readonly { system: string }[] }[]): Map<string, Unjudged> {
  const out = new Map<string, Unjudged>();
  for (const row of rows)
    for (const r of row.reviews)
      if (r.system === REFERENCE_SYSTEM) out.set(keyOf(row.id, r.system), 'reference');
      else if (row.pseudoRefs.length === 0) out.set(keyOf(row.id, r.system), 'no-pseudo-refs');
  return out;
}

/**
 * Names whose `NAME.column` ids the app's own columns use (crscore.rel, crscore-plus.rel, llm-judge.rel,
 * baseline.length): an import under one of them would shadow the run's column ("crscore.rel vs crscore.rel").
 * bleu, chrf and embed-ref are ids without a column, so `bleu.x` shadows nothing.
 */
const OWN_NAME = /^(?:crscore(?:-[\w-]+)?|llm-grade|llm-judge|baseline)$/i;
const importName = (name: string) => (OWN_NAME.test(name) ? `imported-${name}` : name);

/**
 * A scores file read once, as columns (what the browser's worker hands back): each data row's file line, id and
 * system (null where absent), and each metric column's values (NaN where empty or not a number). Matching it
 * against a dataset (matchMetricScores) never reads the text again.
 */
export interface ParsedScores {
  file: string;
  format: 'csv' | 'jsonl';
  line: Int32Array;
  /** Each row's id and system as an index into ids and systems (-1: absent). Coded, so a million rows cross from
   *  the worker as two typed arrays and the distinct names, not two million strings. */
  idOf: Int32Array;
  /** Each row's `line` field (a positive integer), or -1. */
  lineOf: Int32Array;
  /** 1 where the row says `"scorable": false`. */
  unscorable: Uint8Array;
  /** The file is `crscore score`'s output: numeric columns besides its scores (left out). */
  notScores: string[];
  systemOf: Int32Array;
  ids: string[];
  systems: string[];
  columns: string[];
  ignored: string[];
  values: Float64Array[];
  /** Cells that are neither empty nor a number: row index (not line), column index, value (first 50 chars). */
  bad: { at: number; column: number; value: string }[];
  errors: ScoresCoverage['errors'];
  baselines: string[];
  signature: string | null;
  configuration: string | null;
  claimedDataset: DatasetIdentity | null;
}

/** A claimed dataset as the file gives it (JSONL's record, or the CSV's `# dataset…` lines); null when it names none. */
function claimed(name: unknown, rows: unknown, sha256: unknown): DatasetIdentity | null {
  if (typeof name !== 'string' || name === '') return null;
  const n = typeof rows === 'number' ? rows : typeof rows === 'string' && /^\d+$/.test(rows) ? Number(rows) : NaN;
  const hash = typeof sha256 === 'string' && /^[0-9a-f]{64}$/i.test(sha256) ? sha256.toLowerCase() : null;
  return { name: inertLine(name), rows: n, sha256: hash };
}

export function parseMetricScores(file: string, text: string): ParsedScores {
  const jsonl = /\.jsonl?$/i.test(file) || /^\s*[{[]/.test(text);
  const rows: { row: number; data: Record<string, unknown> }[] = [];
  const errors: ScoresCoverage['errors'] = [];
  let signature: string | null = null;
  let configuration: string | null = null;
  let claimedDataset: DatasetIdentity | null = null;
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
          const d = o.dataset as Record<string, unknown> | null | undefined;
          claimedDataset = d && typeof d === 'object' ? claimed(d.name, d.rows, d.sha256) : null;
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
    claimedDataset = claimed(head.config.dataset, head.config['dataset-rows'], head.config['dataset-sha256']);
    for (const r of readCsv(head.body).records) {
      if (r.error) errors.push({ row: r.line + offset, reason: `CSV: ${r.error}` });
      else rows.push({ row: r.line + offset, data: r.data });
    }
  }
  const names = new Set<string>();
  for (const r of rows) for (const c in r.data) names.add(c);
  const named = [...names].filter((c) => !RESERVED.test(c));
  // `crscore score`'s output: only its score columns are metrics.
  const fromScore = names.has('scorable');
  const notScores = fromScore ? named.filter((c) => !SCORE_COLUMNS.includes(c) && !BASELINE.test(c)) : [];
  const allColumns = named.filter((c) => !BASELINE.test(c) && !notScores.includes(c));
  const n = rows.length;
  const cells = allColumns.map(() => new Float64Array(n).fill(NaN));
  const badOf = allColumns.map((): ParsedScores['bad'] => []);
  const numeric = allColumns.map(() => false);
  const idOf = new Int32Array(n);
  const lineOf = new Int32Array(n).fill(-1);
  const unscorable = new Uint8Array(n);
  const systemOf = new Int32Array(n);
  const ids = new Map<string, number>();
  const systems = new Map<string, number>();
  const code = (names: Map<string, number>, v: string | null) => {
    if (v === null) return -1;
    let c = names.get(v);
    if (c === undefined) names.set(v, (c = names.size));
    return c;
  };
  const line = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const { row, data } = rows[k];
    line[k] = row;
    // Ids and systems are matched as written (a trailing tab is part of an id); blank ones are no key.
    const i = data.id ?? data.changeId;
    idOf[k] = code(ids, i === undefined || i === null || String(i).trim() === '' ? null : String(i));
    systemOf[k] = code(systems, typeof data.system === 'string' && data.system.trim() !== '' ? data.system : null);
    const l = cellNumber(data.line);
    if (typeof l === 'number' && Number.isInteger(l) && l > 0) lineOf[k] = l;
    if (data.scorable === false || (typeof data.scorable === 'string' && data.scorable.trim().toLowerCase() === 'false')) unscorable[k] = 1;
    for (let c = 0; c < allColumns.length; c++) {
      const raw = data[allColumns[c]];
      const v = cellNumber(raw);
      if (v === 'bad') badOf[c].push({ at: k, column: c, value: String(JSON.stringify(raw) ?? '').slice(0, 50) });
      else if (v !== null) {
        cells[c][k] = v;
        numeric[c] = true;
      }
    }
  }
  const keep = allColumns.map((_, c) => c).filter((c) => numeric[c]);
  return {
    file, format: jsonl ? 'jsonl' : 'csv', line, idOf, systemOf, lineOf, unscorable, notScores, ids: [...ids.keys()], systems: [...systems.keys()],
    columns: keep.map((c) => allColumns[c]),
    ignored: allColumns.filter((_, c) => !numeric[c]),
    values: keep.map((c) => cells[c]),
    bad: keep.flatMap((c, j) => badOf[c].map((b) => ({ ...b, column: j }))),
    errors,
    baselines: named.filter((c) => BASELINE.test(c)),
    // One line each, whatever the file holds: a report prints them.
    signature: signature === null ? null : inertLine(signature),
    configuration: configuration === null ? null : inertLine(configuration),
    claimedDataset,
  };
}

export interface MatchOptions {
  /** The dataset's reviews that are not judged (unjudgedReviews): their rows are named, not called unknown. */
  unjudged?: ReadonlyMap<string, Unjudged>;
  /** The run's dataset: the file's claims are checked against it (coverage.mismatches). */
  dataset?: DatasetIdentity | null;
}

/**
 * A parsed file against the dataset's reviews (`keys`, in the order the metrics' values must follow). Metric ids
 * are `${name}.${column}`; a column ending in .con, .comp or .rel is judged against that human score. A name whose
 * ids the app's own columns use (crscore, crscore-plus, llm-judge, baseline) is imported as `imported-${name}`, so it shadows no column.
 */
export function matchMetricScores(fileName: string, p: ParsedScores, keys: readonly ScoreKey[], o: MatchOptions = {}): ImportedScores {
  const name = importName(fileName);
  // Each review's place by the file's codes of its id and system: one lookup per review and distinct name, none
  // per row (at a million rows, string keys per row were most of the matching).
  const S = p.systems.length;
  const fileId = new Map(p.ids.map((x, c) => [x, c]));
  const fileSystem = new Map(p.systems.map((x, c) => [x, c]));
  const dense = p.ids.length * S <= 4 * (keys.length + p.line.length) + 1024;
  const table = dense ? new Int32Array(p.ids.length * S).fill(-1) : null;
  const sparse = dense ? null : new Map<number, number>();
  for (let i = 0; i < keys.length; i++) {
    const a = fileId.get(keys[i].changeId);
    const b = fileSystem.get(keys[i].system);
    if (a === undefined || b === undefined) continue;
    if (table) table[a * S + b] = i;
    else sparse!.set(a * S + b, i);
  }
  const exact = (k: number) => {
    const slot = p.idOf[k] * S + p.systemOf[k];
    const i = table ? table[slot] : (sparse!.get(slot) ?? -1);
    return i < 0 ? undefined : i;
  };
  // A hand-written file may pad its cells (`c1, sysA`): trimmed, such a row matches the one review whose trimmed
  // key it is. Built only when a row misses as written.
  let trimmed: Map<string, number> | null = null;
  const byTrim = (id: string, system: string) => {
    if (!trimmed) {
      trimmed = new Map();
      for (let i = 0; i < keys.length; i++) {
        const k = keyOf(keys[i].changeId.trim(), keys[i].system.trim());
        trimmed.set(k, trimmed.has(k) ? -1 : i);
      }
    }
    const i = trimmed.get(keyOf(id.trim(), system.trim()));
    return i === undefined || i < 0 ? undefined : i;
  };
  const n = p.line.length;
  const values = p.columns.map(() => new Array<number | null>(keys.length).fill(null));
  const seen = new Uint8Array(keys.length);
  const took = new Int32Array(n).fill(-1);
  const cov: ScoresCoverage = {
    file: p.file, format: p.format, rows: n, matched: 0, missing: [], missingCount: 0,
    duplicate: [], nonNumeric: [], unknown: [], unjudged: [], noKey: [], unscorable: [], notScores: p.notScores ?? [], columns: p.columns, ignored: p.ignored, errors: p.errors,
    baselines: p.baselines, signature: p.signature, configuration: p.configuration, claimedDataset: p.claimedDataset ?? null,
    ...(name !== fileName ? { renamed: { from: fileName, to: name } } : {}),
    ...(o.dataset !== undefined ? { mismatches: claimProblems(p, o.dataset) } : {}),
  };
  // A row may leave out its system when the dataset has one, and its id when it has a `line` (keysByLine).
  const systemsOfKeys = new Set(keys.map((x) => x.system));
  const onlySystem = systemsOfKeys.size === 1 ? keys[0].system : null;
  const fallback = keysByLine(keys);
  for (let k = 0; k < n; k++) {
    const row = p.line[k];
    const hasId = p.idOf[k] >= 0;
    const system = p.systemOf[k] >= 0 ? p.systems[p.systemOf[k]] : onlySystem;
    if (system === null || (!hasId && (p.lineOf?.[k] ?? -1) < 0)) {
      cov.noKey.push(row);
      continue;
    }
    const id = hasId ? p.ids[p.idOf[k]] : `line ${p.lineOf[k]}`;
    const i = !hasId
      ? fallback.byLine(p.lineOf[k], system)
      : p.systemOf[k] < 0
        ? fallback.byId(id, system)
        : (exact(k) ?? (id.trim() !== id || system.trim() !== system ? byTrim(id, system) : undefined));
    if (i === undefined) {
      const why = o.unjudged?.get(keyOf(id, system)) ?? o.unjudged?.get(keyOf(id.trim(), system.trim()));
      if (why) cov.unjudged.push({ row, why });
      else cov.unknown.push(row);
      continue;
    }
    if (seen[i]) {
      cov.duplicate.push(row);
      continue;
    }
    seen[i] = 1;
    if (p.unscorable?.[k]) {
      cov.unscorable.push(row);
      continue;
    }
    took[k] = i;
    cov.matched++;
    for (let c = 0; c < p.columns.length; c++) {
      const v = p.values[c][k];
      if (!Number.isNaN(v)) values[c][i] = v;
    }
  }
  for (const b of p.bad) if (took[b.at] >= 0) cov.nonNumeric.push({ row: p.line[b.at], column: p.columns[b.column], value: b.value });
  cov.nonNumeric.sort((a, b) => a.row - b.row);
  for (let i = 0; i < keys.length; i++) {
    if (seen[i]) continue;
    cov.missingCount++;
    if (cov.missing.length < 20) cov.missing.push(keyOf(keys[i].changeId, keys[i].system));
  }
  const metrics: MetaMetric[] = p.columns.map((c, k) => ({
    id: `${name}.${c}`,
    label: `${name} ${c}`,
    kind: 'imported',
    dim: (/\.(con|comp|rel)$/.exec(c)?.[1] as Dim | undefined) ?? 'rel',
    values: values[k],
  }));
  return { metrics, coverage: cov };
}

/** The reviews by `line` (and system), and by id and system, for the rows that leave out their id or system. */
function keysByLine(keys: readonly ScoreKey[]) {
  let lines: Map<string, number> | null = null;
  let ids: Map<string, number> | null = null;
  const at = (m: Map<string, number>, k: string) => {
    const i = m.get(k);
    return i === undefined || i < 0 ? undefined : i;
  };
  return {
    byLine(line: number, system: string): number | undefined {
      if (!lines) {
        lines = new Map();
        for (let i = 0; i < keys.length; i++) if (keys[i].line !== undefined) lines.set(`${keys[i].line}::${keys[i].system}`, lines.has(`${keys[i].line}::${keys[i].system}`) ? -1 : i);
      }
      return at(lines, `${line}::${system}`);
    },
    byId(id: string, system: string): number | undefined {
      if (!ids) {
        ids = new Map();
        for (let i = 0; i < keys.length; i++) ids.set(keyOf(keys[i].changeId, keys[i].system), i);
      }
      return at(ids, keyOf(id, system));
    },
  };
}

/** parseMetricScores then matchMetricScores: one scores file read against the dataset's reviews. */
export function readMetricScores(name: string, file: string, text: string, keys: readonly ScoreKey[], o: MatchOptions = {}): ImportedScores {
  return matchMetricScores(name, parseMetricScores(file, text), keys, o);
}

/** One line per problem, naming the rows (at most 10 per kind), for the CLI and the browser alike. */
export function coverageLines(c: ScoresCoverage): string[] {
  const rowsOf = (r: number[]) => `${r.slice(0, 10).join(', ')}${r.length > 10 ? ` … (${r.length} in all)` : ''}`;
  const out = [`${c.file}: ${c.rows} rows (${c.format}), ${c.matched} matched; metrics: ${c.columns.join(', ') || 'none'}`];
  if (c.signature) out.push(`  signature: ${c.signature}`);
  for (const m of c.mismatches ?? []) out.push(`  does not match this run: ${m}`);
  if (c.baselines.length) out.push(`  baselines, computed by this run rather than read: ${c.baselines.join(', ')}`);
  if (c.ignored.length) out.push(`  columns without numbers, left out: ${c.ignored.join(', ')}`);
  if (c.missingCount) out.push(`  missing: ${c.missingCount} reviews of the dataset have no row (${c.missing.slice(0, 5).join(', ')}${c.missingCount > 5 ? ', …' : ''}); they are left out of this metric's statistics`);
  if (c.duplicate.length) out.push(`  duplicate id and system, first row kept, rows ${rowsOf(c.duplicate)}`);
  if (c.nonNumeric.length)
    out.push(`  non-numeric values, left out: ${c.nonNumeric.slice(0, 10).map((n) => `row ${n.row} ${n.column}=${n.value}`).join('; ')}${c.nonNumeric.length > 10 ? ` … (${c.nonNumeric.length} in all)` : ''}`);
  if (c.renamed) out.push(`  '${c.renamed.from}' names one of the app's own metrics: renamed '${c.renamed.to}', so it shadows none of the run's columns`);
  const unjudged = (why: Unjudged) => c.unjudged.filter((u) => u.why === why).map((u) => u.row);
  if (unjudged('reference').length) out.push(`  reference reviews (msg), not judged: rows ${rowsOf(unjudged('reference'))}`);
  if (unjudged('no-pseudo-refs').length) out.push(`  reviews of changes with no pseudo-references, not scored: rows ${rowsOf(unjudged('no-pseudo-refs'))}`);
  if (c.unknown.length) out.push(`  no such review in the dataset (id and system), rows ${rowsOf(c.unknown)}`);
  if (c.unscorable.length) out.push(`  ${c.unscorable.length} row${c.unscorable.length === 1 ? '' : 's'} not scorable ("scorable": false), left out: rows ${rowsOf(c.unscorable)}`);
  if (c.notScores.length) out.push(`  crscore score's output: only its scores are metrics; left out: ${c.notScores.join(', ')}`);
  if (c.noKey.length) out.push(`  without an id (or a line) or a system, rows ${rowsOf(c.noKey)}`);
  for (const e of c.errors.slice(0, 10)) out.push(`  row ${e.row}: ${e.reason}`);
  return out;
}
