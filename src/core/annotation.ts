// The paper's two-stage annotation (Naik et al., §4, appendix D, Tables 6 and 7) as data, and its file format:
// the published human-study CSV (one annotator a file), plus two trailing columns that format has no room for,
// `accuracy` (the stage-1 code) and `added` (1 for a pseudo-reference the annotator added). Readers of the
// published format ignore unknown columns, so an export opens anywhere the study's files do.
import type { DatasetRow } from './dataset.ts';
import { formatAddressed, parseAddressed } from './links/annotator.ts';
import { toDataCsv } from './csvSafe.ts';
import { humanStudyFileInfo, parseHumanStudyCsv, readHumanStudyTable } from './importers/humanStudy.ts';
import type { ImportFile, ImportIssue } from './importers/types.ts';

/** Table 7: 1 correct, 0 incorrect, −1 unverifiable, 2 ambiguous. */
export type AccuracyCode = 1 | 0 | -1 | 2;
export const ACCURACY_CODES: readonly AccuracyCode[] = [1, 0, -1, 2];

export interface AnnotatedPseudoReference {
  /** The number reviews link to ("claims addressed"). */
  no: number;
  /** 'claim', 'implication' or 'issue' (analyzer warning). */
  type: string;
  text: string;
  /** Stage 1: Table 7's code; null until coded. */
  accuracy: AccuracyCode | null;
  /** Stage 1: needed to judge reviews of this change (1) or not (0); null until marked. */
  necessary: 0 | 1 | null;
  /** Added by the annotator as a missing pseudo-reference. */
  added: boolean;
}

export interface AnnotatedReview {
  system: string;
  /** null when the system produced nothing. */
  review: string | null;
  /** Stage 2: numbers of the pseudo-references the review addresses; [] = none ("-"), null = not linked yet. */
  addressed: number[] | null;
  con: number | null;
  comp: number | null;
  rel: number | null;
}

export interface AnnotationItem {
  /** `LANG-INDEX` as the importers name rows; how two annotators' files are matched. */
  key: string;
  /** The CSV's `id` column, kept as written. */
  csvId: string;
  lang: string;
  index: number;
  diff: string;
  oldFile: string | null;
  newFile: string | null;
  pseudoRefs: AnnotatedPseudoReference[];
  reviews: AnnotatedReview[];
}

export const CSV_COLUMNS = [
  'id',
  'index',
  'diff',
  'claim_no',
  'claim',
  'necessary?',
  'type',
  'review',
  'system',
  'claims addressed',
  'Con (P)',
  'Comp (R)',
  'Rel (F)',
  'old_file',
  'new_file',
  'accuracy',
  'added',
] as const;

// ---------------------------------------------------------------------------------------------- progress

export const refDone = (p: AnnotatedPseudoReference) => p.accuracy !== null && p.necessary !== null;
export const reviewDone = (r: AnnotatedReview) => r.addressed !== null && r.con !== null && r.comp !== null && r.rel !== null;

export interface ItemProgress {
  stage1: { done: number; total: number };
  stage2: { done: number; total: number };
}

export function itemProgress(item: AnnotationItem): ItemProgress {
  return {
    stage1: { done: item.pseudoRefs.filter(refDone).length, total: item.pseudoRefs.length },
    stage2: { done: item.reviews.filter(reviewDone).length, total: item.reviews.length },
  };
}

/** The number a new pseudo-reference gets: one past the largest in use. */
export function nextRefNo(item: AnnotationItem): number {
  return item.pseudoRefs.reduce((m, p) => Math.max(m, p.no), 0) + 1;
}

// "2,4" → [2, 4]; "-" → []; "" → null: one reader of `claims_addressed` for Annotate and link agreement.
export { parseAddressed, formatAddressed };

// ---------------------------------------------------------------------------------------------- building

/** Rows from any importer (or the paper's examples) as items to annotate: nothing coded, linked or rated yet. */
export function itemsFromRows(rows: readonly DatasetRow[], keepAnnotations = false): AnnotationItem[] {
  return rows.map((row, k) => {
    const index = row.index ?? k + 1;
    return {
      key: row.lang ? `${row.lang}-${index}` : String(index),
      csvId: row.id,
      lang: row.lang,
      index,
      diff: row.diff,
      oldFile: row.oldFile,
      newFile: row.newFile,
      pseudoRefs: row.pseudoRefs.map((p) => ({
        no: p.no,
        type: p.type || 'claim',
        text: p.text.trim(),
        accuracy: null,
        necessary: keepAnnotations ? toNecessary(p.necessary) : null,
        added: false,
      })),
      reviews: row.reviews.map((r) => ({
        system: r.system,
        review: r.review,
        addressed: keepAnnotations ? parseAddressed(r.claimsAddressed) : null,
        con: keepAnnotations ? r.con : null,
        comp: keepAnnotations ? r.comp : null,
        rel: keepAnnotations ? r.rel : null,
      })),
    };
  });
}

/** Clears every annotation, keeping the material (diffs, pseudo-references that were not added, reviews). */
export function clearAnnotations(items: readonly AnnotationItem[]): AnnotationItem[] {
  return items.map((it) => ({
    ...it,
    pseudoRefs: it.pseudoRefs.filter((p) => !p.added).map((p) => ({ ...p, accuracy: null, necessary: null })),
    reviews: it.reviews.map((r) => ({ ...r, addressed: null, con: null, comp: null, rel: null })),
  }));
}

const toNecessary = (x: number | null): 0 | 1 | null => (x === null ? null : x === 0 ? 0 : 1);

function toAccuracy(raw: string | undefined): AccuracyCode | null {
  const t = (raw ?? '').trim();
  if (t === '') return null;
  const x = Number(t);
  return (ACCURACY_CODES as readonly number[]).includes(x) ? (x as AccuracyCode) : null;
}

// ---------------------------------------------------------------------------------------------- CSV

export interface AnnotationFile {
  items: AnnotationItem[];
  /** The annotator's name, from the file name (`py_NAME_review_qual_final.csv`) or the file name itself. */
  annotator: string;
  errors: ImportIssue[];
}

/**
 * One annotator's CSV → items, through the project's human-study importer; the columns it does not read
 * (`id`, `accuracy`, `added`) are picked up here, block by block in the same order.
 */
export function readAnnotationCsv(file: ImportFile): AnnotationFile {
  const parsed = parseHumanStudyCsv(file);
  const extras = new Map<number, { id: string; refs: { accuracy: AccuracyCode | null; added: boolean }[] }>();
  let cur: { id: string; refs: { accuracy: AccuracyCode | null; added: boolean }[] } | null = null;
  for (const rec of readHumanStudyTable(file.text).records) {
    if (rec.error) continue;
    const d = rec.data;
    const index = (d.index ?? '').trim();
    if (index !== '') {
      cur = { id: (d.id ?? '').trim(), refs: [] };
      if (!extras.has(Number(index))) extras.set(Number(index), cur);
    }
    if (cur && (d.claim ?? '').trim() !== '') cur.refs.push({ accuracy: toAccuracy(d.accuracy), added: (d.added ?? '').trim() === '1' });
  }
  const items = parsed.rows.map(({ row }) => {
    const [item] = itemsFromRows([row], true);
    const ex = extras.get(item.index);
    if (ex) {
      item.csvId = ex.id || item.csvId;
      item.pseudoRefs.forEach((p, k) => {
        p.accuracy = ex.refs[k]?.accuracy ?? null;
        p.added = ex.refs[k]?.added ?? false;
      });
    }
    return item;
  });
  const info = humanStudyFileInfo(file.name);
  return { items, annotator: info.lang ? info.annotator : info.annotator.replace(/\.csv$/i, ''), errors: parsed.errors };
}

const likert = (x: number | null) => (x === null ? '' : String(x));

/** Items → the human-study CSV (plus `accuracy` and `added`), one block of rows per diff: a data file, every cell as is. */
export function writeAnnotationCsv(items: readonly AnnotationItem[]): string {
  const data: string[][] = [];
  for (const it of items) {
    const rows = Math.max(1, it.pseudoRefs.length, it.reviews.length);
    for (let k = 0; k < rows; k++) {
      const p = it.pseudoRefs[k];
      const r = it.reviews[k];
      const first = k === 0;
      data.push([
        first ? it.csvId : '',
        first ? String(it.index) : '',
        first ? it.diff : '',
        p ? String(p.no) : '',
        p ? p.text : '',
        p && p.necessary !== null ? String(p.necessary) : '',
        p ? p.type : '',
        r ? (r.review ?? '') : '',
        r ? r.system : '',
        r ? formatAddressed(r.addressed) : '',
        r ? likert(r.con) : '',
        r ? likert(r.comp) : '',
        r ? likert(r.rel) : '',
        first ? (it.oldFile ?? '') : '',
        first ? (it.newFile ?? '') : '',
        p && p.accuracy !== null ? String(p.accuracy) : '',
        p ? (p.added ? '1' : '0') : '',
      ]);
    }
  }
  return toDataCsv({ fields: [...CSV_COLUMNS], data }, { newline: '\n', quotes: false });
}

/** The published naming, so the annotator's name and the language come back on import. */
export function annotationFileName(items: readonly AnnotationItem[], annotator: string): string {
  const langs = [...new Set(items.map((i) => i.lang).filter((l) => l))];
  const lang = langs.length === 1 && ['py', 'java', 'js'].includes(langs[0]) ? langs[0] : 'mixed';
  const name = annotator.trim().replace(/[^\p{L}\p{N}-]+/gu, '-').replace(/^-+|-+$/g, '') || 'annotator';
  return `${lang}_${name}_review_qual_final.csv`;
}

// ---------------------------------------------------------------------------------------------- two annotators

export interface RefPair {
  key: string;
  no: number;
  text: string;
  a: AnnotatedPseudoReference;
  b: AnnotatedPseudoReference;
}

export interface ReviewPair {
  key: string;
  system: string;
  review: string | null;
  a: AnnotatedReview;
  b: AnnotatedReview;
}

export interface Pairing {
  /** Diffs in both files. */
  items: number;
  refs: RefPair[];
  reviews: ReviewPair[];
  /** Pseudo-references only one annotator has (e.g. ones they added), by side. */
  onlyA: { key: string; text: string }[];
  onlyB: { key: string; text: string }[];
}

const norm = (t: string) => t.trim().replace(/\s+/g, ' ');

/**
 * Lines up two annotators' work: diffs by key, pseudo-references by their text within a diff (numbers may
 * differ once each added their own), reviews by system.
 */
export function pairAnnotations(a: readonly AnnotationItem[], b: readonly AnnotationItem[]): Pairing {
  const bByKey = new Map(b.map((it) => [it.key, it]));
  const out: Pairing = { items: 0, refs: [], reviews: [], onlyA: [], onlyB: [] };
  for (const ia of a) {
    const ib = bByKey.get(ia.key);
    if (!ib) continue;
    out.items++;
    const left = new Map<string, AnnotatedPseudoReference[]>();
    for (const p of ib.pseudoRefs) left.set(norm(p.text), [...(left.get(norm(p.text)) ?? []), p]);
    for (const p of ia.pseudoRefs) {
      const q = left.get(norm(p.text))?.shift();
      if (q) out.refs.push({ key: ia.key, no: p.no, text: p.text, a: p, b: q });
      else out.onlyA.push({ key: ia.key, text: p.text });
    }
    for (const rest of left.values()) for (const q of rest) out.onlyB.push({ key: ia.key, text: q.text });
    const bRev = new Map(ib.reviews.map((r) => [r.system, r]));
    for (const r of ia.reviews) {
      const s = bRev.get(r.system);
      if (s) out.reviews.push({ key: ia.key, system: r.system, review: r.review, a: r, b: s });
    }
  }
  return out;
}
