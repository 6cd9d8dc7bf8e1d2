// A scores file read once, as columns: CSV or JSONL, its own description (signature, configuration, the dataset it
// claims) and each metric column's values, keyed by the rows' id, system and line. Which columns are metrics is
// decided here (RESERVED, crscore score's SCORE_COLUMNS). Matching the columns against a dataset's reviews is
// scoresFile.ts's. Pure: the CLI and the browser's worker share it.
import { inertLine, readConfigHeader } from '../configLines.ts';
import { readCsv } from '../importers/csv.ts';
import type { DatasetIdentity } from './signature.ts';

/** A row that could not be read (bad JSON, a broken CSV record), by row. */
/** Why a scores file gave no metric: what counts as a score column (said the same in the CLI and the browser). */
export const NO_SCORE_COLUMN = "no score column (every numeric column but id, system, lang, line, tau, index and human scores; of crscore score's output, con, comp and rel)";

export interface ParseError {
  row: number;
  reason: string;
}

/** Columns that describe a review rather than score it: `human.NAME` is a human dimension's score (the human study's
 *  human.con, a human-scored dataset's human.grade), never a metric. */
const RESERVED = /^(id|changeId|system|lang|language|review|index|line|tau|scorable|preset|matches|human_(con|comp|rel)|human\..+)$/i;
/** `crscore score`'s output (its rows carry `scorable`): its score columns are its metrics, nothing else. */
const SCORE_COLUMNS: readonly string[] = ['con', 'comp', 'rel'];
/** The baselines every run computes itself (baselines.ts): a file's copies are recognised and left out. */
const BASELINE = /^baseline\./i;

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
  errors: ParseError[];
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
  const errors: ParseError[] = [];
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
