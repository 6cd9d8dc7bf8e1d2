// JSONL importers: dev.jsonl (the core's parser), CodeReviewer-style rows (patch, msg, oldf) and plain rows.
import { parseDatasetLine, REFERENCE_SYSTEM, safeString, type CodeAt, type DatasetRow } from '../dataset.ts';
import { parseJsonText } from '../jsonDepth.ts';
import { type ImportFile, type ImportIssue } from './types.ts';
import { groupPlainRows, type PlainRow } from './plain.ts';
import { prefixKeys } from './jsonPrefix.ts';
import { badUtf8Lines, badUtf8Reason } from './utf8.ts';

export type JsonlKind = 'crscore-jsonl' | 'codereviewer-jsonl' | 'plain-jsonl';

/** One non-blank line parsed, or the reason it is not a JSON object. */
function jsonLine(raw: string): { value?: Record<string, unknown>; error?: string } {
  const { value: v, error } = parseJsonText(raw);
  if (error) return { error };
  if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: 'not a JSON object' };
  return { value: v as Record<string, unknown> };
}

/** Each non-blank line parsed, or the reason it is not a JSON object. */
function jsonLines(text: string): { line: number; value?: Record<string, unknown>; error?: string }[] {
  const out: { line: number; value?: Record<string, unknown>; error?: string }[] = [];
  text.split(/\r?\n/).forEach((raw, k) => {
    if (raw.trim() !== '') out.push({ line: k + 1, ...jsonLine(raw) });
  });
  return out;
}

/** How much of a file format sniffing parses (the streaming import's head is this long too). */
export const SNIFF_CHARS = 2_000_000;

/**
 * The first line of `text` when it does not end within SNIFF_CHARS characters or UTF-8 bytes (the streaming
 * import's head is the file's first 2 MB, fewer characters where some take several bytes): the text then holds
 * just a prefix of it.
 */
function longFirstLine(text: string): string | null {
  const start = text.search(/\S/);
  if (start < 0 || text.indexOf('\n', start) !== -1) return null;
  let bytes = text.length;
  for (let i = 0; i < text.length && bytes < SNIFF_CHARS - 3; i++) {
    const c = text.charCodeAt(i);
    // Surrogate pairs count 2 + 2 (4 bytes), other characters above U+07FF 3, above U+007F 2.
    bytes += c < 0x80 ? 0 : c < 0x800 ? 1 : c >= 0xd800 && c < 0xe000 ? 1 : 2;
  }
  return bytes >= SNIFF_CHARS - 3 ? text : null;
}

/**
 * Which JSONL dialect, from the first line that is a JSON object. A text given whole is read to the end of its
 * first line however long; a prefix that ends inside its first line (the streaming import's head) is judged by
 * the top-level keys read so far, when they decide it.
 */
export function detectJsonl(text: string): JsonlKind | null {
  const start = text.search(/\S/);
  const firstEnd = start < 0 ? -1 : text.indexOf('\n', start);
  const head = text.slice(0, Math.max(SNIFF_CHARS, firstEnd === -1 ? text.length : firstEnd));
  const first = jsonLines(head).find((l) => l.value)?.value;
  if (first) {
    if (Array.isArray(first.reviews)) return 'crscore-jsonl';
    if ('patch' in first || 'oldf' in first) return 'codereviewer-jsonl';
    if ('diff' in first || 'review' in first) return 'plain-jsonl';
    return null;
  }
  const cut = longFirstLine(head);
  const keys = cut === null ? null : prefixKeys(cut);
  if (!keys) return null;
  if (keys.get('reviews') === '[') return 'crscore-jsonl';
  if (keys.has('patch') || keys.has('oldf')) return 'codereviewer-jsonl';
  // "diff" or "review" alone could still be followed by "reviews" (dev.jsonl) or "patch": undecided.
  return null;
}

/** Why detectJsonl could not tell a prefix cut inside its first line; null when that is not the reason. */
export function undecidedJsonl(text: string): string | null {
  const cut = longFirstLine(text);
  const keys = cut === null ? null : prefixKeys(cut);
  if (!keys) return null;
  const seen = [...keys.keys()].slice(0, 8).map((k) => `"${k.slice(0, 30)}"`);
  return `the first line is longer than the ${SNIFF_CHARS / 1e6} MB read to tell the format, and its keys there (${seen.join(', ') || 'none'}) do not say which: put "reviews" (dev.jsonl) or "patch" (CodeReviewer) before the long fields, or use a file with shorter lines`;
}

/**
 * Reads a JSONL file of one dialect line by line: the whole-text importers below and the streaming import
 * (stream.ts) feed it the same lines. A dev.jsonl row is emitted as soon as its line is read; the other dialects
 * group several lines into one change, so their rows come at the end. A line given `at` leaves its code in the
 * file: the row keeps only where (DatasetRow.codeAt), and codeOfLine reads it back.
 */
export interface JsonlReader {
  line(no: number, raw: string, at?: Omit<CodeAt, 'kind'>): void;
  /** A line that held bytes that are not UTF-8 (its first such byte): a bad row, never read. */
  badUtf8(no: number, byte: number): void;
  /** The grouped rows, and every bad line. */
  end(): { rows: DatasetRow[]; errors: ImportIssue[] };
}

export function jsonlReader(kind: JsonlKind, fileName: string, emit: (row: DatasetRow) => void): JsonlReader {
  const errors: ImportIssue[] = [];
  const plain: PlainRow[] = [];
  const bad = (line: number, reason: string) => errors.push({ file: fileName, line, reason });
  return {
    line(no, raw, at) {
      if (raw.trim() === '') return;
      if (kind === 'crscore-jsonl') {
        const row = parseDatasetLine(raw, no);
        if (typeof row === 'string') return bad(no, row);
        if (row && at && (row.oldCode !== null || row.newCode !== null)) Object.assign(row, { oldCode: null, newCode: null, codeAt: { ...at, kind } });
        if (row) emit(row);
        return;
      }
      const l = jsonLine(raw);
      if (!l.value) return bad(no, l.error!);
      const rows = kind === 'codereviewer-jsonl' ? codeReviewerRows(l.value, no) : [plainFromObject(l.value, no)];
      if (typeof rows === 'string') return bad(no, rows);
      for (const r of rows) {
        if (at && (r.oldCode != null || r.newCode != null)) Object.assign(r, { oldCode: null, newCode: null, codeAt: { ...at, kind } });
        plain.push(r);
      }
    },
    badUtf8: (no, byte) => bad(no, badUtf8Reason(byte)),
    end() {
      if (kind === 'crscore-jsonl') return { rows: [], errors };
      const g = groupPlainRows(plain, fileName);
      return { rows: g.rows, errors: [...errors, ...g.errors] };
    },
  };
}

/** A whole text through the reader: its rows in order, and its bad lines. */
function readJsonl(kind: JsonlKind, file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  const rows: DatasetRow[] = [];
  const reader = jsonlReader(kind, file.name, (r) => rows.push(r));
  const badUtf8 = badUtf8Lines(file);
  (file.text ?? '').split(/\r?\n/).forEach((raw, k) => {
    const byte = badUtf8.get(k + 1);
    if (byte === undefined) reader.line(k + 1, raw);
    else reader.badUtf8(k + 1, byte);
  });
  const end = reader.end();
  for (const r of end.rows) rows.push(r);
  return { rows, errors: end.errors };
}

/** The old and new code of one line that a reader left in the file (DatasetRow.codeAt), read with the same parser. */
export function codeOfLine(kind: JsonlKind, raw: string): { oldCode: string | null; newCode: string | null } {
  const none = { oldCode: null, newCode: null };
  if (kind === 'crscore-jsonl') {
    const row = parseDatasetLine(raw, 0);
    return row && typeof row !== 'string' ? { oldCode: row.oldCode, newCode: row.newCode } : none;
  }
  const l = jsonLine(raw);
  if (!l.value) return none;
  const rows = kind === 'codereviewer-jsonl' ? codeReviewerRows(l.value, 0) : [plainFromObject(l.value, 0)];
  return typeof rows === 'string' || !rows[0] ? none : { oldCode: rows[0].oldCode ?? null, newCode: rows[0].newCode ?? null };
}

export function importCrscoreJsonl(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  return readJsonl('crscore-jsonl', file);
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * CodeReviewer's msg-*.jsonl: `patch` (the diff hunk), `msg` (the reference review), `oldf` (the old file),
 * optional `lang`, `id`. Extras this app understands: `pseudo_refs` (strings or {text, type}), candidate
 * reviews as `*_pred` fields (the system is the field name), or `review` + `system` with `con`/`comp`/`rel`.
 * `msg` becomes the reference review (system "msg"), which is never scored against humans.
 */
export function importCodeReviewerJsonl(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  return readJsonl('codereviewer-jsonl', file);
}

/** One CodeReviewer line → its plain rows (one per review), or why it is unusable. */
function codeReviewerRows(o: Record<string, unknown>, line: number): PlainRow[] | string {
  const patch = str(o.patch);
  if (patch === null || patch.trim() === '') return 'missing "patch" (a non-empty string)';
  if (o.msg != null && typeof o.msg !== 'string') return '"msg" is not a string';
  const id = o.id != null ? safeString(o.id) : `line-${line}`;
  const base = { line, id, diff: patch, lang: str(o.lang), oldCode: str(o.oldf), pseudoRefs: o.pseudo_refs, reference: str(o.msg) };
  const out: PlainRow[] = [];
  const preds = Object.keys(o).filter((k) => k.endsWith('_pred'));
  for (const k of preds) out.push({ ...base, system: k, review: str(o[k]) });
  if (typeof o.review === 'string' || o.system != null)
    out.push({ ...base, system: str(o.system) ?? 'review', review: str(o.review), con: o.con, comp: o.comp, rel: o.rel });
  if (!preds.length && !(typeof o.review === 'string' || o.system != null)) out.push({ ...base, system: null, review: null });
  return out;
}

/** Plain JSONL: one review a line (see plain.ts for the fields). */
export function importPlainJsonl(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  return readJsonl('plain-jsonl', file);
}

export function plainFromObject(o: Record<string, unknown>, line: number): PlainRow {
  const s = (k: string) => (o[k] == null ? null : safeString(o[k]));
  return {
    line,
    id: s('id'),
    diff: o.diff,
    review: o.review,
    system: s('system'),
    lang: s('lang') ?? s('language'),
    fileName: s('file') ?? s('new_file') ?? s('file_name'),
    oldCode: s('old_code'),
    newCode: s('new_code'),
    pseudoRefs: o.pseudo_refs,
    reference: s('reference') ?? s('msg'),
    con: o.con,
    comp: o.comp,
    rel: o.rel,
  };
}

export { REFERENCE_SYSTEM };
