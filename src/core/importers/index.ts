// Dataset importers: give them files, get DatasetRows (the shape of dev.jsonl) and the bad rows with reasons.
// The format is detected per file; the human-study CSVs of several annotators are merged as the paper does.
import type { DatasetRow } from '../dataset.ts';
import { csvHeader } from './csv.ts';
import { isHumanStudyHeader, mergeAnnotators, parseHumanStudyCsv, type AnnotatedRow } from './humanStudy.ts';
import { detectJsonl, importCodeReviewerJsonl, importCrscoreJsonl, importPlainJsonl, undecidedJsonl } from './jsonl.ts';
import { importPlainCsv } from './plain.ts';
import type { ImportFile, ImportFormat, ImportIssue, ImportResult } from './types.ts';
import { pushAll } from '../arrays.ts';

export * from './types.ts';
export { humanStudyFileInfo, mergeAnnotators, parseHumanStudyCsv } from './humanStudy.ts';
export { codeOfLine, importCodeReviewerJsonl, importCrscoreJsonl, importPlainJsonl, jsonlReader, type JsonlKind } from './jsonl.ts';
export { importPlainCsv, readPseudoRefs } from './plain.ts';
export { decodeUtf8File, firstInvalidUtf8 } from './utf8.ts';
export { importCodeReviewerPredictions, systemNameFromFile, type PredictionsFile, type PredictionsImport } from './predictions.ts';

/** The format of one file, from its name and first lines; null when none fits. */
export function detectFormat(file: ImportFile): ImportFormat | null {
  if (file.refused) return null;
  const head = file.text.slice(0, 200_000).trimStart();
  if (/\.jsonl?$/i.test(file.name) || head.startsWith('{')) return detectJsonl(file.text);
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (!firstLine.includes(',')) return null;
  const fields = csvHeader(head);
  if (isHumanStudyHeader(fields)) return 'human-study-csv';
  if (fields.includes('diff') && fields.includes('review')) return 'plain-csv';
  return null;
}

const UNKNOWN_FORMAT = 'not a format this app reads (human-study CSV, dev.jsonl, CodeReviewer JSONL, plain CSV/JSONL with diff and review)';

/** Why a file has no format (detectFormat gave null): a first line too long to sniff, or none this app reads. */
export function noFormatReason(file: ImportFile): string {
  return file.refused ?? undecidedJsonl(file.text) ?? UNKNOWN_FORMAT;
}

/** Imports every file; rows of all files together (ids made unique), every bad row with its file and line. */
export function importFiles(files: readonly ImportFile[]): ImportResult {
  const rows: DatasetRow[] = [];
  const c = importCollector(
    files.map((f) => f.name),
    (rs) => {
      for (const r of rs) rows.push(r);
    },
  );
  const formats = files.map(detectFormat);
  c.formats(formats, files.map((f, k) => (formats[k] ? '' : noFormatReason(f))));
  // The annotators' files first, merged as the paper does; then every other file in order.
  const annotated = files.flatMap((f, k) => (formats[k] === 'human-study-csv' ? [importOne(f, 'human-study-csv', c).annotated ?? []] : []));
  if (annotated.length) mergeAnnotated(annotated, c);
  files.forEach((f, k) => {
    const fmt = formats[k];
    if (fmt && fmt !== 'human-study-csv') c.rows(importOne(f, fmt, c).rows);
  });
  return { rows, ...c.result() };
}

/** What importFiles and the streaming import (stream.ts) share: formats, ids made unique, errors in reading order. */
export interface ImportCollector {
  /** `why`: for each file without a format, the reason (noFormatReason). */
  formats(list: readonly (ImportFormat | null)[], why: readonly string[]): void;
  rows(list: DatasetRow[]): void;
  errors(list: readonly ImportIssue[]): void;
  notes(list: readonly string[]): void;
  result(): Omit<ImportResult, 'rows'>;
}

export function importCollector(fileNames: readonly string[], emit: (rows: DatasetRow[]) => void): ImportCollector {
  const errors: ImportIssue[] = [];
  const notes: string[] = [];
  const formats = new Set<ImportFormat>();
  const seen = new Map<string, number>();
  return {
    formats(list, why) {
      list.forEach((fmt, k) => {
        if (fmt) formats.add(fmt);
        else errors.push({ file: fileNames[k], line: 1, reason: why[k] || UNKNOWN_FORMAT });
      });
    },
    rows(list) {
      // Two files may reuse ids: keep both, renamed.
      for (const r of list) {
        const n = seen.get(r.id) ?? 0;
        seen.set(r.id, n + 1);
        if (n > 0) r.id = `${r.id}#${n + 1}`;
      }
      if (list.length) emit(list);
    },
    errors: (list) => pushAll(errors, list),
    notes: (list) => pushAll(notes, list),
    result() {
      // Bad rows in reading order (parse errors and row errors are found in separate passes).
      const fileOrder = new Map(fileNames.map((f, k) => [f, k]));
      errors.sort((a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || a.line - b.line);
      return { errors, notes, formats: [...formats] };
    },
  };
}

/** One whole file of a known format: its rows (or, for an annotator's CSV, its rows to merge); errors to `c`. */
export function importOne(f: ImportFile, fmt: ImportFormat, c: ImportCollector): { rows: DatasetRow[]; annotated?: AnnotatedRow[] } {
  if (fmt === 'human-study-csv') {
    const r = parseHumanStudyCsv(f);
    c.errors(r.errors);
    return { rows: [], annotated: r.rows };
  }
  const r =
    fmt === 'crscore-jsonl'
      ? importCrscoreJsonl(f)
      : fmt === 'codereviewer-jsonl'
        ? importCodeReviewerJsonl(f)
        : fmt === 'plain-jsonl'
          ? importPlainJsonl(f)
          : importPlainCsv(f);
  c.errors(r.errors);
  return { rows: r.rows };
}

/** The annotators' files merged into one row per change (their rows first, as the paper's tables have them). */
export function mergeAnnotated(annotated: AnnotatedRow[][], c: ImportCollector): void {
  const m = mergeAnnotators(annotated);
  c.rows(m.rows);
  c.notes(m.notes);
}
