// The CRScore human-study CSVs as published (human_study/phase2/{lang}_{annotator}_review_qual_final.csv):
// one block of rows per diff, the block's first row carrying `index` and `diff`; pseudo-references in the
// claim columns of the first rows, one review per row. One annotator a file.
import type { DatasetPseudoReference, DatasetReview, DatasetRow } from '../dataset.ts';
import { detectLanguage } from '../diff.ts';
import { readCsv, unquoteRecord, type CsvTable } from './csv.ts';
import { badUtf8Lines } from './utf8.ts';
import { langCode, readLikert, type ImportFile, type ImportIssue } from './types.ts';

export const HUMAN_STUDY_COLUMNS = ['index', 'diff', 'review', 'system', 'Con (P)', 'Comp (R)', 'Rel (F)'];

/** True when the header looks like the published human-study CSV. */
export function isHumanStudyHeader(fields: readonly string[]): boolean {
  return HUMAN_STUDY_COLUMNS.every((c) => fields.includes(c)) && fields.includes('claim');
}

/** "py_marcus_review_qual_final.csv" → { lang: 'py', annotator: 'marcus' }. */
export function humanStudyFileInfo(name: string): { lang: string | null; annotator: string } {
  const base = name.replace(/^.*[\\/]/, '');
  const m = /^(py|java|js)_([^_]+)_/i.exec(base);
  return m ? { lang: m[1].toLowerCase(), annotator: m[2] } : { lang: null, annotator: base };
}

/**
 * The file's table, cells as written: the format is a data file (pandas, the study's scripts), never quoted
 * for spreadsheets. Annotation exports of earlier app versions were: a diff never starts with a quote, so a
 * file whose diff cell starts with `'-`, `'+`, `'@` or `'=` is read as one and each cell loses that one quote.
 */
export function readHumanStudyTable(text: string, badUtf8?: ReadonlyMap<number, number>): CsvTable {
  const table = readCsv(text, { keepQuotes: true, badUtf8 });
  if (table.records.some((r) => /^'+[-+=@]/.test(r.data.diff ?? ''))) for (const r of table.records) unquoteRecord(r.data);
  return table;
}

export interface AnnotatedRow {
  row: DatasetRow;
  annotator: string;
  /** Any human score present in the block. */
  scored: boolean;
}

/** One annotator file → rows (one per diff block), with bad rows listed. */
export function parseHumanStudyCsv(file: ImportFile): { rows: AnnotatedRow[]; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const { fields, records } = readHumanStudyTable(file.text, badUtf8Lines(file));
  const info = humanStudyFileInfo(file.name);
  const missing = HUMAN_STUDY_COLUMNS.filter((c) => !fields.includes(c));
  if (missing.length) {
    errors.push({ file: file.name, line: 1, reason: `missing column(s) ${missing.map((c) => `"${c}"`).join(', ')}` });
    return { rows: [], errors };
  }
  const rows: AnnotatedRow[] = [];
  let cur: { row: DatasetRow; scored: boolean } | null = null;
  const bad = (line: number, reason: string) => errors.push({ file: file.name, line, reason });
  for (const rec of records) {
    const d = rec.data;
    if (rec.error) {
      const starts = (d.index ?? '').trim() !== '';
      bad(rec.line, `CSV: ${rec.error}${starts ? ' (the block is skipped)' : ''}`);
      if (starts) cur = null;
      continue;
    }
    const index = (d.index ?? '').trim();
    if (index !== '') {
      const idx = Number(index);
      if (!Number.isInteger(idx)) {
        bad(rec.line, `"index" ${index.slice(0, 20)} is not an integer (the block is skipped)`);
        cur = null;
        continue;
      }
      if (!(d.diff ?? '').trim()) {
        bad(rec.line, 'the first row of a diff block has no "diff" (the block is skipped)');
        cur = null;
        continue;
      }
      const oldFile = d.old_file?.trim() || null;
      const newFile = d.new_file?.trim() || null;
      const lang = info.lang ?? langCode(detectLanguage(newFile ?? oldFile));
      const row: DatasetRow = {
        id: lang ? `${lang}-${idx}` : String(idx),
        lang,
        index: idx,
        diff: d.diff,
        oldFile,
        newFile,
        oldCode: null,
        newCode: null,
        pseudoRefs: [],
        reviews: [],
        referenceAnalyzerOutput: null,
      };
      cur = { row, scored: false };
      rows.push({ row, annotator: info.annotator, scored: false });
    } else if (!cur) {
      bad(rec.line, 'row before the first diff block (no "index" and "diff" above it)');
      continue;
    }
    const block = cur;
    const entry = rows[rows.length - 1];
    // Pseudo-reference columns.
    const claim = (d.claim ?? '').trim();
    if (claim !== '') {
      const no = Number((d.claim_no ?? '').trim());
      const necessary = (d['necessary?'] ?? '').trim();
      const pr: DatasetPseudoReference = {
        no: Number.isFinite(no) && (d.claim_no ?? '').trim() !== '' ? no : block.row.pseudoRefs.length + 1,
        type: (d.type ?? '').trim() || 'claim',
        text: claim,
        necessary: necessary === '' || !Number.isFinite(Number(necessary)) ? null : Number(necessary),
      };
      block.row.pseudoRefs.push(pr);
    }
    // Review columns.
    const system = (d.system ?? '').trim();
    if (system === '') {
      if ((d.review ?? '').trim() !== '') bad(rec.line, 'a review without a "system" name (review skipped)');
      continue;
    }
    const scores: (number | null)[] = [];
    let reason: string | null = null;
    for (const [col, name] of [['Con (P)', 'Con'], ['Comp (R)', 'Comp'], ['Rel (F)', 'Rel']] as const) {
      const v = readLikert(d[col], name);
      if (typeof v === 'string') reason ??= v;
      else scores.push(v);
    }
    if (reason) {
      bad(rec.line, `${reason} (review of ${system} skipped)`);
      continue;
    }
    const ca = (d['claims addressed'] ?? '').trim();
    const review: DatasetReview = {
      system,
      review: (d.review ?? '').trim() === '' ? null : d.review,
      claimsAddressed: ca === '' ? null : ca,
      con: scores[0],
      comp: scores[1],
      rel: scores[2],
    };
    block.row.reviews.push(review);
    if (scores.some((s) => s !== null)) {
      block.scored = true;
      entry.scored = true;
    }
  }
  return { rows, errors };
}

/**
 * Merge annotator files the way the paper does: each diff's scores come from one annotator, the one whose
 * file scored it (the study split the diffs between them). When both scored a diff the first file (by
 * annotator name) wins and a note says how often that happened. Pseudo-references come from the file that lists
 * the most of them (in the published dev half this reproduces dev.jsonl exactly).
 */
export function mergeAnnotators(parsed: AnnotatedRow[][]): { rows: DatasetRow[]; notes: string[] } {
  const byId = new Map<string, AnnotatedRow[]>();
  const order: string[] = [];
  for (const list of parsed)
    for (const a of list) {
      if (!byId.has(a.row.id)) {
        byId.set(a.row.id, []);
        order.push(a.row.id);
      }
      byId.get(a.row.id)!.push(a);
    }
  let both = 0;
  const from: Record<string, number> = {};
  const rows = order.map((id) => {
    const cands = byId.get(id)!.slice().sort((a, b) => a.annotator.localeCompare(b.annotator));
    const scored = cands.filter((c) => c.scored);
    if (scored.length > 1) both++;
    // Pseudo-references: the fullest list (an annotator may have left some claims out of their file).
    const fullest = cands.reduce((a, b) => (b.row.pseudoRefs.length > a.row.pseudoRefs.length ? b : a), scored[0] ?? cands[0]);
    const pick = scored[0] ?? fullest;
    if (pick.scored) from[pick.annotator] = (from[pick.annotator] ?? 0) + 1;
    return fullest === pick ? pick.row : { ...pick.row, pseudoRefs: fullest.row.pseudoRefs };
  });
  const notes: string[] = [];
  if (parsed.length > 1) {
    const parts = Object.entries(from).map(([a, n]) => `${n} from ${a}`);
    notes.push(`Merged ${parsed.length} annotator files into ${rows.length} diffs: scores ${parts.join(', ') || 'from none'} (each diff from the annotator who scored it).`);
  }
  if (both) notes.push(`${both} diff(s) were scored by more than one annotator; the first annotator by name was used.`);
  return { rows, notes };
}
