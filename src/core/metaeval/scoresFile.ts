// Per-review metric scores in: a researcher's own metric (or a run's `--scores-out`, scoresWrite.ts) comes in as
// CSV or JSONL keyed by change `id` and `system`, and is matched against the dataset's reviews. Pure: the CLI and
// the browser's import share it, with one coverage report (matched, missing, duplicate, non-numeric, unknown rows).
import type { Dim } from '../bootstrap.ts';
import type { MetaMetric } from './report.ts';
import type { DatasetIdentity } from './signature.ts';
import { claimProblems } from './scoresClaims.ts';
import { REFERENCE_SYSTEM } from '../dataset.ts';
import { parseMetricScores, type ParseError, type ParsedScores } from './scoresParse.ts';

export interface ScoreKey {
  changeId: string;
  system: string;
  /** The line of the dataset file the review was read from: a row with no id (`crscore score`'s output of that
   *  same JSONL file) is keyed by its `line`. */
  line?: number;
}


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
  errors: ParseError[];
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
