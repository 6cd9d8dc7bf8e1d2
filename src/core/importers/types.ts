// What every importer returns: the good rows as DatasetRow (the shape dev.jsonl parses into), and each bad
// row with where it is and why it was left out.
import type { DatasetRow } from '../dataset.ts';

export type ImportFormat =
  | 'human-study-csv'
  | 'crscore-jsonl'
  | 'codereviewer-jsonl'
  | 'plain-jsonl'
  | 'plain-csv';

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  'human-study-csv': 'CRScore human-study CSV (one annotator a file)',
  'crscore-jsonl': 'CRScore dev.jsonl',
  'codereviewer-jsonl': 'CodeReviewer JSONL (patch, msg, oldf)',
  'plain-jsonl': 'Plain JSONL (diff, review, pseudo_refs, system, scores)',
  'plain-csv': 'Plain CSV (diff, review, pseudo_refs, system, scores)',
};

export interface ImportIssue {
  /** The file the row came from. */
  file: string;
  /** 1-based line of the file where the bad row starts. */
  line: number;
  reason: string;
}

export interface ImportResult {
  rows: DatasetRow[];
  errors: ImportIssue[];
  /** Things worth knowing that cost no row (e.g. how annotator files were merged). */
  notes: string[];
  formats: ImportFormat[];
}

export interface ImportFile {
  name: string;
  text: string;
  /** Lines that held bytes that are not UTF-8 (decodeUtf8File): each is a bad row; the text has U+FFFD there. */
  badUtf8?: readonly { line: number; byte: number }[];
  /** Why the file is refused whole (UTF-16, a binary file: inputRules.ts); it then has no format. */
  refused?: string;
}

/** 'python' | 'java' | 'javascript' → the dataset's short codes. */
export function langCode(language: string): string {
  return language === 'python' ? 'py' : language === 'javascript' ? 'js' : language === 'java' ? 'java' : '';
}

export { readLikert } from '../dataset.ts';
