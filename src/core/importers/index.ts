// Dataset importers: give them files, get DatasetRows (the shape of dev.jsonl) and the bad rows with reasons.
// The format is detected per file; the human-study CSVs of several annotators are merged as the paper does.
import type { DatasetRow } from '../dataset.ts';
import { csvHeader } from './csv.ts';
import { isHumanStudyHeader, mergeAnnotators, parseHumanStudyCsv, type AnnotatedRow } from './humanStudy.ts';
import { detectJsonl, importCodeReviewerJsonl, importCrscoreJsonl, importPlainJsonl } from './jsonl.ts';
import { importPlainCsv } from './plain.ts';
import type { ImportFile, ImportFormat, ImportIssue, ImportResult } from './types.ts';

export * from './types.ts';
export { humanStudyFileInfo, mergeAnnotators, parseHumanStudyCsv } from './humanStudy.ts';
export { importCodeReviewerJsonl, importCrscoreJsonl, importPlainJsonl } from './jsonl.ts';
export { importPlainCsv, readPseudoRefs } from './plain.ts';
export { importCodeReviewerPredictions, systemNameFromFile, type PredictionsFile, type PredictionsImport } from './predictions.ts';

/** The format of one file, from its name and first lines; null when none fits. */
export function detectFormat(file: ImportFile): ImportFormat | null {
  const head = file.text.slice(0, 200_000).trimStart();
  if (/\.jsonl?$/i.test(file.name) || head.startsWith('{')) return detectJsonl(file.text);
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (!firstLine.includes(',')) return null;
  const fields = csvHeader(head);
  if (isHumanStudyHeader(fields)) return 'human-study-csv';
  if (fields.includes('diff') && fields.includes('review')) return 'plain-csv';
  return null;
}

/** Imports every file; rows of all files together (ids made unique), every bad row with its file and line. */
export function importFiles(files: readonly ImportFile[]): ImportResult {
  const errors: ImportIssue[] = [];
  const notes: string[] = [];
  const formats = new Set<ImportFormat>();
  const annotated: AnnotatedRow[][] = [];
  const rows: DatasetRow[] = [];
  for (const f of files) {
    const fmt = detectFormat(f);
    if (!fmt) {
      errors.push({ file: f.name, line: 1, reason: 'not a format this app reads (human-study CSV, dev.jsonl, CodeReviewer JSONL, plain CSV/JSONL with diff and review)' });
      continue;
    }
    formats.add(fmt);
    if (fmt === 'human-study-csv') {
      const r = parseHumanStudyCsv(f);
      annotated.push(r.rows);
      errors.push(...r.errors);
      continue;
    }
    const r =
      fmt === 'crscore-jsonl'
        ? importCrscoreJsonl(f)
        : fmt === 'codereviewer-jsonl'
          ? importCodeReviewerJsonl(f)
          : fmt === 'plain-jsonl'
            ? importPlainJsonl(f)
            : importPlainCsv(f);
    rows.push(...r.rows);
    errors.push(...r.errors);
  }
  if (annotated.length) {
    const m = mergeAnnotators(annotated);
    rows.unshift(...m.rows);
    notes.push(...m.notes);
  }
  // Two files may reuse ids: keep both, renamed.
  const seen = new Map<string, number>();
  for (const r of rows) {
    const n = seen.get(r.id) ?? 0;
    seen.set(r.id, n + 1);
    if (n > 0) r.id = `${r.id}#${n + 1}`;
  }
  // Bad rows in reading order (parse errors and row errors are found in separate passes).
  const fileOrder = new Map(files.map((f, k) => [f.name, k]));
  errors.sort((a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || a.line - b.line);
  return { rows, errors, notes, formats: [...formats] };
}
