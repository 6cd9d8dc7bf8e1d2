// Plain rows (CSV or JSONL), one review each: diff, review, system, pseudo_refs, human scores con/comp/rel
// (Likert 1–5), optional id (rows with the same id, or else the same diff, form one change), lang, file,
// reference (or msg: a reference review for the reference-based metrics).
import { REFERENCE_SYSTEM, type CodeAt, type DatasetPseudoReference, type DatasetRow } from '../dataset.ts';
import { detectLanguage } from '../diff.ts';
import { parseJsonText } from '../jsonDepth.ts';
import { readCsv } from './csv.ts';
import { badUtf8Lines } from './utf8.ts';
import { langCode, readLikert, type ImportFile, type ImportIssue } from './types.ts';

export interface PlainRow {
  line: number;
  id?: string | null;
  diff: unknown;
  review: unknown;
  system?: string | null;
  lang?: string | null;
  fileName?: string | null;
  oldCode?: string | null;
  newCode?: string | null;
  /** Its code left in the file (jsonl.ts, for large files). */
  codeAt?: CodeAt;
  pseudoRefs?: unknown;
  reference?: string | null;
  con?: unknown;
  comp?: unknown;
  rel?: unknown;
}

const LANGS: Record<string, string> = { py: 'py', python: 'py', java: 'java', js: 'js', javascript: 'js', ts: 'js', typescript: 'js' };

/** pseudo_refs as an array (of strings or {text, type, no, necessary}), a JSON string of one, or lines of text. */
export function readPseudoRefs(v: unknown): DatasetPseudoReference[] | string {
  if (v == null || v === '') return [];
  let arr: unknown = v;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      const parsed = parseJsonText(t);
      if (parsed.error) return `"pseudo_refs" looks like JSON but does not parse (${parsed.error.replace(/^not valid JSON \((.*)\)$/s, '$1')})`;
      arr = parsed.value;
    } else arr = t.split(/\r?\n/).map((x) => x.trim()).filter((x) => x !== '');
  }
  if (!Array.isArray(arr)) return '"pseudo_refs" is not a list';
  const out: DatasetPseudoReference[] = [];
  for (const [k, p] of arr.entries()) {
    if (typeof p === 'string') {
      if (p.trim()) out.push({ no: k + 1, type: 'claim', text: p, necessary: null });
      continue;
    }
    const o = (p ?? {}) as Record<string, unknown>;
    if (typeof o.text !== 'string') return `pseudo_refs[${k}] has no "text"`;
    out.push({
      no: typeof o.no === 'number' ? o.no : k + 1,
      type: o.type === 'issue' ? 'issue' : 'claim',
      text: o.text,
      necessary: typeof o.necessary === 'number' ? o.necessary : null,
    });
  }
  return out;
}

/** Groups plain rows into changes. Bad rows (no diff, bad scores, bad pseudo_refs) are listed and skipped. */
export function groupPlainRows(list: readonly PlainRow[], file: string): { rows: DatasetRow[]; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const byKey = new Map<string, DatasetRow>();
  for (const r of list) {
    const bad = (reason: string) => errors.push({ file, line: r.line, reason });
    if (typeof r.diff !== 'string' || r.diff.trim() === '') {
      bad('missing "diff" (a non-empty string)');
      continue;
    }
    if (r.review != null && typeof r.review !== 'string') {
      bad('"review" is not text');
      continue;
    }
    const refs = readPseudoRefs(r.pseudoRefs);
    if (typeof refs === 'string') {
      bad(refs);
      continue;
    }
    const scores: (number | null)[] = [];
    let reason: string | null = null;
    for (const [v, name] of [[r.con, 'con'], [r.comp, 'comp'], [r.rel, 'rel']] as const) {
      const x = readLikert(v, name);
      if (typeof x === 'string') reason ??= x;
      else scores.push(x);
    }
    if (reason) {
      bad(reason);
      continue;
    }
    const key = r.id?.trim() ? `id:${r.id.trim()}` : `diff:${r.diff}`;
    let row = byKey.get(key);
    if (!row) {
      const lang = LANGS[(r.lang ?? '').trim().toLowerCase()] ?? langCode(detectLanguage(r.fileName));
      row = {
        id: r.id?.trim() || `${file.replace(/^.*[\\/]/, '')}:${r.line}`,
        lang,
        index: null,
        diff: r.diff,
        oldFile: null,
        newFile: r.fileName ?? null,
        oldCode: r.oldCode ?? null,
        newCode: r.newCode ?? null,
        pseudoRefs: refs,
        reviews: [],
        referenceAnalyzerOutput: null,
        ...(r.codeAt ? { codeAt: r.codeAt } : {}),
      };
      byKey.set(key, row);
    } else if (row.pseudoRefs.length === 0 && refs.length) row.pseudoRefs = refs;
    if (r.reference != null && r.reference.trim() !== '' && !row.reviews.some((x) => x.system === REFERENCE_SYSTEM))
      row.reviews.push({ system: REFERENCE_SYSTEM, review: r.reference, claimsAddressed: null, con: null, comp: null, rel: null });
    if (r.system === null && r.review == null) continue; // a change with only its reference
    row.reviews.push({
      system: r.system?.trim() || 'system',
      review: typeof r.review === 'string' && r.review.trim() !== '' ? r.review : null,
      claimsAddressed: null,
      con: scores[0],
      comp: scores[1],
      rel: scores[2],
    });
  }
  return { rows: [...byKey.values()], errors };
}

/** Plain CSV: a header with at least "diff" and "review". */
export function importPlainCsv(file: ImportFile): { rows: DatasetRow[]; errors: ImportIssue[] } {
  const { fields, records } = readCsv(file.text, { badUtf8: badUtf8Lines(file) });
  const errors: ImportIssue[] = [];
  const need = ['diff', 'review'].filter((c) => !fields.includes(c));
  if (need.length) {
    errors.push({ file: file.name, line: 1, reason: `missing column(s) ${need.map((c) => `"${c}"`).join(', ')}; a plain CSV needs diff, review and optionally system, pseudo_refs, con, comp, rel, id, lang, reference` });
    return { rows: [], errors };
  }
  const plain: PlainRow[] = [];
  for (const rec of records) {
    if (rec.error) {
      errors.push({ file: file.name, line: rec.line, reason: `CSV: ${rec.error}` });
      continue;
    }
    const d = rec.data;
    const s = (k: string) => (d[k] == null || d[k] === '' ? null : d[k]);
    plain.push({
      line: rec.line,
      id: s('id'),
      diff: d.diff,
      review: d.review ?? '',
      system: s('system'),
      lang: s('lang') ?? s('language'),
      fileName: s('file') ?? s('new_file') ?? s('file_name'),
      pseudoRefs: d.pseudo_refs,
      reference: s('reference') ?? s('msg'),
      con: d.con,
      comp: d.comp,
      rel: d.rel,
    });
  }
  const g = groupPlainRows(plain, file.name);
  return { rows: g.rows, errors: [...errors, ...g.errors] };
}
