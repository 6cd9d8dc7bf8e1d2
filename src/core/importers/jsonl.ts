// JSONL importers: dev.jsonl (the core's parser), CodeReviewer-style rows (patch, msg, oldf) and plain rows.
import { parseDatasetJsonl, REFERENCE_SYSTEM, safeString, type DatasetRow } from '../dataset.ts';
import { type ImportFile, type ImportIssue } from './types.ts';
import { groupPlainRows, type PlainRow } from './plain.ts';

export type JsonlKind = 'crscore-jsonl' | 'codereviewer-jsonl' | 'plain-jsonl';

/** Each non-blank line parsed, or the reason it is not a JSON object. */
function jsonLines(text: string): { line: number; value?: Record<string, unknown>; error?: string }[] {
  const out: { line: number; value?: Record<string, unknown>; error?: string }[] = [];
  text.split(/\r?\n/).forEach((raw, k) => {
    if (raw.trim() === '') return;
    try {
      const v = JSON.parse(raw) as unknown;
      if (!v || typeof v !== 'object' || Array.isArray(v)) out.push({ line: k + 1, error: 'not a JSON object' });
      else out.push({ line: k + 1, value: v as Record<string, unknown> });
    } catch (e) {
      out.push({ line: k + 1, error: `not valid JSON (${(e as Error).message})` });
    }
  });
  return out;
}

/** Which JSONL dialect, from the first line that is a JSON object. */
export function detectJsonl(text: string): JsonlKind | null {
  const first = jsonLines(text.slice(0, 2_000_000)).find((l) => l.value)?.value;
  if (!first) return null;
  if (Array.isArray(first.reviews)) return 'crscore-jsonl';
  if ('patch' in first || 'oldf' in first) return 'codereviewer-jsonl';
  if ('diff' in first || 'review' in first) return 'plain-jsonl';
  return null;
}

export function importCrscoreJsonl(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  const { rows, errors } = parseDatasetJsonl(file.text);
  return { rows, errors: errors.map((e) => ({ file: file.name, line: e.line, reason: e.reason })) };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * CodeReviewer's msg-*.jsonl: `patch` (the diff hunk), `msg` (the reference review), `oldf` (the old file),
 * optional `lang`, `id`. Extras this app understands: `pseudo_refs` (strings or {text, type}), candidate
 * reviews as `*_pred` fields (the system is the field name), or `review` + `system` with `con`/`comp`/`rel`.
 * `msg` becomes the reference review (system "msg"), which is never scored against humans.
 */
export function importCodeReviewerJsonl(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const plain: PlainRow[] = [];
  for (const l of jsonLines(file.text)) {
    if (!l.value) {
      errors.push({ file: file.name, line: l.line, reason: l.error! });
      continue;
    }
    const o = l.value;
    const patch = str(o.patch);
    if (patch === null || patch.trim() === '') {
      errors.push({ file: file.name, line: l.line, reason: 'missing "patch" (a non-empty string)' });
      continue;
    }
    if (o.msg != null && typeof o.msg !== 'string') {
      errors.push({ file: file.name, line: l.line, reason: '"msg" is not a string' });
      continue;
    }
    const id = o.id != null ? safeString(o.id) : `line-${l.line}`;
    const base = { line: l.line, id, diff: patch, lang: str(o.lang), oldCode: str(o.oldf), pseudoRefs: o.pseudo_refs, reference: str(o.msg) };
    const preds = Object.keys(o).filter((k) => k.endsWith('_pred'));
    for (const k of preds) plain.push({ ...base, system: k, review: str(o[k]) });
    if (typeof o.review === 'string' || o.system != null)
      plain.push({ ...base, system: str(o.system) ?? 'review', review: str(o.review), con: o.con, comp: o.comp, rel: o.rel });
    if (!preds.length && !(typeof o.review === 'string' || o.system != null)) plain.push({ ...base, system: null, review: null });
  }
  const g = groupPlainRows(plain, file.name);
  return { rows: g.rows, errors: [...errors, ...g.errors] };
}

/** Plain JSONL: one review a line (see plain.ts for the fields). */
export function importPlainJsonl(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const plain: PlainRow[] = [];
  for (const l of jsonLines(file.text)) {
    if (!l.value) errors.push({ file: file.name, line: l.line, reason: l.error! });
    else plain.push(plainFromObject(l.value, l.line));
  }
  const g = groupPlainRows(plain, file.name);
  return { rows: g.rows, errors: [...errors, ...g.errors] };
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
