// Where material to annotate comes from: the paper's bundled examples, the workbench's sessions, or files.
import { createTwoFilesPatch } from 'diff';
import { itemsFromRows, readAnnotationCsv, type AnnotationItem } from '../../core/annotation';
import type { DatasetRow } from '../../core/dataset';
import { detectFormat, importFiles, langCode, type ImportFile, type ImportIssue } from '../../core/importers/index';
import { paperExamples } from '../../examples/paper';
import type { Session } from '../../store/session/session';

/** The paper's examples, one item per code change (the pickle change has two reviews). */
export function paperItems(): AnnotationItem[] {
  const rows: DatasetRow[] = [];
  for (const ex of paperExamples) {
    let row = rows.find((r) => r.diff === ex.diff);
    if (!row) {
      row = {
        id: ex.id,
        lang: langCode(ex.language),
        index: rows.length + 1,
        diff: ex.diff,
        oldFile: null,
        newFile: ex.fileName,
        oldCode: null,
        newCode: null,
        pseudoRefs: ex.pseudoReferences.map((p, k) => ({ no: k + 1, type: p.kind, text: p.text, necessary: null })),
        reviews: [],
        referenceAnalyzerOutput: null,
      };
      rows.push(row);
    }
    row.reviews.push({ system: ex.system, review: ex.review, claimsAddressed: null, con: null, comp: null, rel: null });
  }
  return itemsFromRows(rows);
}

/** Workbench sessions with a change, a review and pseudo-references in use. */
export function sessionItems(sessions: readonly Session[]): AnnotationItem[] {
  const rows: DatasetRow[] = sessions
    .filter((s) => s.review.trim() && s.pseudoReferences.some((p) => p.enabled && p.text.trim()))
    .map((s, k) => {
      const i = s.input;
      const name = i.fileName || 'file';
      const diff = i.mode === 'diff' ? i.diff : createTwoFilesPatch(`a/${name}`, `b/${name}`, i.oldCode, i.newCode, '', '', { context: 3 });
      return {
        id: s.id,
        lang: langCode(i.language),
        index: k + 1,
        diff,
        oldFile: null,
        newFile: i.fileName || null,
        oldCode: null,
        newCode: null,
        pseudoRefs: s.pseudoReferences
          .filter((p) => p.enabled && p.text.trim())
          .map((p, n) => ({ no: n + 1, type: p.kind === 'issue' ? 'issue' : 'claim', text: p.text, necessary: null })),
        reviews: [{ system: s.name, review: s.review, claimsAddressed: null, con: null, comp: null, rel: null }],
        referenceAnalyzerOutput: null,
      };
    });
  return itemsFromRows(rows);
}

export interface LoadedFile {
  items: AnnotationItem[];
  annotator: string;
  errors: ImportIssue[];
  /** True when the file carried annotations (codes, links or ratings). */
  annotated: boolean;
}

/**
 * One file → items. A human-study CSV keeps its annotations (stage-1 codes, links, ratings); any other
 * format the importers read (dev.jsonl, CodeReviewer JSONL, plain CSV/JSONL) gives fresh material.
 */
export function loadFile(file: ImportFile): LoadedFile {
  if (detectFormat(file) === 'human-study-csv') {
    const r = readAnnotationCsv(file);
    const annotated = r.items.some((it) => it.pseudoRefs.some((p) => p.accuracy !== null || p.necessary !== null) || it.reviews.some((x) => x.con !== null || x.addressed !== null));
    return { items: r.items, annotator: r.annotator, errors: r.errors, annotated };
  }
  const r = importFiles([file]);
  return { items: itemsFromRows(r.rows), annotator: '', errors: r.errors, annotated: false };
}

export async function readFile(f: File): Promise<ImportFile> {
  return { name: f.name, text: await f.text() };
}
