// The human-study JSONL (../shared/data/crscore-human-study/dev.jsonl): one diff a line. See its README.

export interface DatasetPseudoReference {
  no: number;
  /** 'claim' (LLM claim checked by annotators) or 'issue' (static-analysis warning). */
  type: string;
  text: string;
  /** 1/0 as the annotators marked it; null when missing. */
  necessary: number | null;
}

export interface DatasetReview {
  system: string;
  /** null when the system produced nothing (scores 0 by the metric). */
  review: string | null;
  claimsAddressed: string | null;
  /** Human Likert scores 1–5; null where unscored. */
  con: number | null;
  comp: number | null;
  rel: number | null;
}

export interface DatasetRow {
  id: string;
  lang: string;
  index: number | null;
  diff: string;
  oldFile: string | null;
  newFile: string | null;
  oldCode: string | null;
  newCode: string | null;
  /** Empty when the diff has none (such diffs cannot be scored). */
  pseudoRefs: DatasetPseudoReference[];
  reviews: DatasetReview[];
  referenceAnalyzerOutput: string | null;
  /**
   * Where this row's old and new code were left, unread: a large file's rows keep only this (the code is most of
   * such a file), and the code is read back from the file when a view needs it (store/dataset/rowCode.ts). oldCode and
   * newCode are null then.
   */
  codeAt?: CodeAt;
  /**
   * 'snippet': the change is given as a piece of code (newCode), not as a diff (diff is ''): e.g. GradedReviews'
   * relatedCode (humanData/bridge.ts). The workbench shows it as code, never as an empty diff.
   */
  codeKind?: 'snippet';
}

/** The bytes [start, end) of one line of file number `file` of import `source` (the page's), a JSONL line of `kind`. */
export interface CodeAt {
  source: number;
  file: number;
  kind: 'crscore-jsonl' | 'codereviewer-jsonl' | 'plain-jsonl';
  start: number;
  end: number;
  /** lineHash of those bytes at import: the code read back must match (a file rewritten at the same size does not). */
  hash: number;
}

export interface DatasetError {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

export interface ParsedDataset {
  rows: DatasetRow[];
  errors: DatasetError[];
}

import { parseJsonText } from './jsonDepth.ts';
import { decimalNumber } from './inputRules.ts';

/** The original GitHub review, left out of every correlation by the paper. */
export const REFERENCE_SYSTEM = 'msg';

/** The system whose reviews the paper calibrates τ on (mean best similarity of its review sentences). */
export const DEFAULT_CALIBRATION_SYSTEM = 'gpt3.5_pred';

/**
 * String(v) for any parsed JSON value. String() throws on an object whose "toString"/"valueOf" keys hold data
 * (`{"toString": 1}` is valid JSON); such a value is written as JSON instead.
 */
export function safeString(v: unknown): string {
  try {
    return String(v);
  } catch {
    return JSON.stringify(v) ?? '';
  }
}

/** Likert 1–5 → [0, 1], as the paper normalises human scores. */
export function normaliseLikert(x: number): number {
  return (x - 1) / 4;
}

/**
 * Parse JSONL text tolerantly: every good line becomes a row; a bad line (not JSON, not an object, no
 * diff or reviews) is reported with its line number and skipped. Blank lines are ignored.
 */
export function parseDatasetJsonl(text: string): ParsedDataset {
  const rows: DatasetRow[] = [];
  const errors: DatasetError[] = [];
  const lines = (text ?? '').split(/\r?\n/);
  lines.forEach((raw, k) => {
    const res = parseDatasetLine(raw, k + 1);
    if (typeof res === 'string') errors.push({ line: k + 1, reason: res });
    else if (res) rows.push(res);
  });
  return { rows, errors };
}

/** One line of the JSONL: its row, the reason it is unusable, or null when blank. */
export function parseDatasetLine(raw: string, line: number): DatasetRow | string | null {
  if (raw.trim() === '') return null;
  const parsed = parseJsonText(raw);
  return parsed.error ?? parseDatasetRow(parsed.value, line);
}

/** One row from a parsed JSON value, or the reason it is unusable. */
export function parseDatasetRow(obj: unknown, line = 0): DatasetRow | string {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return 'not a JSON object';
  const o = obj as Record<string, unknown>;
  if (typeof o.diff !== 'string') return 'missing "diff" (a string)';
  if (!Array.isArray(o.reviews)) return 'missing "reviews" (an array)';
  const reviews: DatasetReview[] = [];
  for (const [k, r] of o.reviews.entries()) {
    if (!r || typeof r !== 'object') return `reviews[${k}] is not an object`;
    const rr = r as Record<string, unknown>;
    if (typeof rr.system !== 'string') return `reviews[${k}] has no "system"`;
    if (rr.review != null && typeof rr.review !== 'string')
      return `reviews[${k}].review is not a string`;
    const scores: (number | null)[] = [];
    for (const name of ['con', 'comp', 'rel'] as const) {
      const x = readLikert(rr[name], `reviews[${k}].${name}`);
      if (typeof x === 'string') return x;
      scores.push(x);
    }
    reviews.push({
      system: rr.system,
      review: typeof rr.review === 'string' ? rr.review : null,
      claimsAddressed: rr.claims_addressed == null ? null : safeString(rr.claims_addressed),
      con: scores[0],
      comp: scores[1],
      rel: scores[2],
    });
  }
  const pseudoRefs: DatasetPseudoReference[] = [];
  if (o.pseudo_refs != null) {
    if (!Array.isArray(o.pseudo_refs)) return '"pseudo_refs" is not an array';
    for (const [k, p] of o.pseudo_refs.entries()) {
      if (typeof p === 'string') {
        pseudoRefs.push({ no: k + 1, type: 'claim', text: p, necessary: null });
        continue;
      }
      const pp = (p ?? {}) as Record<string, unknown>;
      if (typeof pp.text !== 'string') return `pseudo_refs[${k}] has no "text"`;
      pseudoRefs.push({
        no: typeof pp.no === 'number' ? pp.no : k + 1,
        type: typeof pp.type === 'string' ? pp.type : 'claim',
        text: pp.text,
        necessary: typeof pp.necessary === 'number' ? pp.necessary : null,
      });
    }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: typeof o.id === 'string' ? o.id : `line-${line}`,
    lang: str(o.lang) ?? '',
    index: typeof o.index === 'number' ? o.index : null,
    diff: o.diff,
    oldFile: str(o.old_file),
    newFile: str(o.new_file),
    oldCode: str(o.old_code),
    newCode: str(o.new_code),
    pseudoRefs,
    reviews,
    referenceAnalyzerOutput: str(o.reference_analyzer_output),
  };
}

/**
 * A human Likert score: 1–5 (decimals allowed), '' / null / undefined = unscored (null). A string holding a
 * number is that number (CSV cells are strings; dev.jsonl and plain JSONL read the same way). Returns a string
 * when the value is present but unusable: out of range, not a number, or of another JSON type.
 */
export function readLikert(v: unknown, what: string): number | null | string {
  if (v == null) return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  // Decimal only (inputRules.ts): Number() would read 0x3, 0b11 and 0o4 as 3, 3 and 4.
  const x = typeof v === 'number' ? v : typeof v === 'string' ? (decimalNumber(v) ?? NaN) : NaN;
  if (!Number.isFinite(x)) return `${what} "${safeString(v).slice(0, 20)}" is not a number`;
  if (x < 1 || x > 5) return `${what} ${x} is outside the Likert range 1–5`;
  return x;
}

/** What an imported dataset holds, counted in one pass (no array per row: a 100,000-review file stays one short task). */
export interface DatasetOverview {
  reviews: number;
  /** Reviews with a human Rel score. */
  scored: number;
  /** Changes with pseudo-references of their own. */
  withRefs: number;
  /** Every system, sorted (the reference review's system included). */
  systems: string[];
}

export function datasetOverview(rows: readonly DatasetRow[]): DatasetOverview {
  const c = overviewCounter();
  c.add(rows);
  return c.result();
}

/** datasetOverview counted as rows arrive (the streaming import). */
export function overviewCounter(): { add(rows: readonly DatasetRow[]): void; result(): DatasetOverview } {
  let reviews = 0;
  let scored = 0;
  let withRefs = 0;
  const systems = new Set<string>();
  return {
    add(rows) {
      for (const r of rows) {
        if (r.pseudoRefs.length > 0) withRefs++;
        for (const v of r.reviews) {
          reviews++;
          if (v.rel != null) scored++;
          systems.add(v.system);
        }
      }
    },
    result: () => ({ reviews, scored, withRefs, systems: [...systems].sort() }),
  };
}
