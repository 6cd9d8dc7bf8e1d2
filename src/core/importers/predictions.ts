// CodeReviewer's test file (msg-test.jsonl: patch, msg, oldf, …) with one predictions file per system. A predictions
// file is plain text, one review a line aligned with the test file's lines, or JSONL with an id and a review.
// Line counts that differ, unknown ids, missing predictions and empty files are errors naming the file and line.
import { safeString, type DatasetRow } from '../dataset.ts';
import { parseJsonText } from '../jsonDepth.ts';
import { importCodeReviewerJsonl } from './jsonl.ts';
import type { ImportFile, ImportIssue } from './types.ts';
import { pushAll } from '../arrays.ts';

export interface PredictionsFile extends ImportFile {
  /** The system's name; defaults to the file name without its extension. */
  system?: string;
}

/** "outputs/codereviewer.txt" → "codereviewer". */
export function systemNameFromFile(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  return base.replace(/\.(jsonl|json|txt|tsv|csv|out|pred|hyp)$/i, '') || base;
}

/** The file's lines without the one empty line a final newline leaves. */
function textLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const REVIEW_FIELDS = ['review', 'prediction', 'pred', 'output', 'hyp', 'msg'];

/** JSONL when the first non-blank line is a JSON object with an id. */
function looksJsonl(text: string): boolean {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  if (!first.startsWith('{')) return false;
  const o = parseJsonText(first).value;
  return !!o && typeof o === 'object' && 'id' in o;
}

export interface PredictionsImport {
  rows: DatasetRow[];
  errors: ImportIssue[];
  systems: string[];
}

/**
 * Rows of the test file, each with its reference review ("msg") and one review per predictions file. A test row
 * is matched to a JSONL prediction by its `id` (or "line-N" when the test file has no ids).
 */
export function importCodeReviewerPredictions(test: ImportFile, predictions: readonly PredictionsFile[]): PredictionsImport {
  const errors: ImportIssue[] = [];
  if (test.text.trim() === '') return { rows: [], errors: [{ file: test.name, line: 1, reason: 'the test file is empty' }], systems: [] };
  const base = importCodeReviewerJsonl(test);
  pushAll(errors, base.errors);
  // Test file line number of each row (ids default to line-N), to align plain-text predictions.
  const testLines = textLines(test.text);
  const lineOfRow = new Map<string, number>();
  const rowAtLine = new Map<number, DatasetRow>();
  const byId = new Map(base.rows.map((r) => [r.id, r]));
  testLines.forEach((raw, k) => {
    if (raw.trim() === '') return;
    let id = `line-${k + 1}`;
    // A line that does not parse is reported by the importer.
    const o = parseJsonText(raw).value as Record<string, unknown> | undefined;
    if (o && typeof o === 'object' && o.id != null) id = safeString(o.id);
    const row = byId.get(id);
    if (row && !lineOfRow.has(id)) {
      lineOfRow.set(id, k + 1);
      rowAtLine.set(k + 1, row);
    }
  });
  const systems: string[] = [];
  for (const pf of predictions) {
    const system = (pf.system ?? systemNameFromFile(pf.name)).trim() || systemNameFromFile(pf.name);
    if (systems.includes(system)) {
      errors.push({ file: pf.name, line: 1, reason: `another predictions file is already named "${system}": rename one` });
      continue;
    }
    if (pf.text.trim() === '') {
      errors.push({ file: pf.name, line: 1, reason: 'the predictions file is empty' });
      continue;
    }
    systems.push(system);
    const add = (row: DatasetRow, review: string) =>
      row.reviews.push({ system, review: review.trim() === '' ? null : review, claimsAddressed: null, con: null, comp: null, rel: null });
    if (looksJsonl(pf.text)) {
      const seen = new Set<string>();
      textLines(pf.text).forEach((raw, k) => {
        if (raw.trim() === '') return;
        const line = k + 1;
        const parsed = parseJsonText(raw);
        if (parsed.error) {
          errors.push({ file: pf.name, line, reason: parsed.error });
          return;
        }
        const o = parsed.value as Record<string, unknown>;
        if (!o || typeof o !== 'object' || o.id == null) {
          errors.push({ file: pf.name, line, reason: 'no "id"' });
          return;
        }
        const id = safeString(o.id);
        const field = REVIEW_FIELDS.find((f) => typeof o[f] === 'string');
        if (!field) {
          errors.push({ file: pf.name, line, reason: `no review: expected a string field ${REVIEW_FIELDS.map((f) => `"${f}"`).join(' or ')}` });
          return;
        }
        const row = byId.get(id);
        if (!row) {
          errors.push({ file: pf.name, line, reason: `unknown id "${id.slice(0, 60)}": no such row in ${test.name}` });
          return;
        }
        if (seen.has(id)) {
          errors.push({ file: pf.name, line, reason: `id "${id.slice(0, 60)}" appears twice; the first is kept` });
          return;
        }
        seen.add(id);
        add(row, o[field] as string);
      });
      for (const [id, line] of lineOfRow)
        if (!seen.has(id)) errors.push({ file: test.name, line, reason: `no prediction in ${pf.name} for id "${id.slice(0, 60)}"` });
    } else {
      const lines = textLines(pf.text);
      if (lines.length !== testLines.length) {
        const short = lines.length < testLines.length;
        errors.push({
          file: pf.name,
          line: Math.min(lines.length, testLines.length) + (short ? 0 : 1),
          reason: `${lines.length} line${lines.length === 1 ? '' : 's'}, but ${test.name} has ${testLines.length}: one review a line, aligned with the test file (${short ? `line ${lines.length + 1} of the test file has no prediction` : `line ${testLines.length + 1} has no test row`}); nothing of this file was used`,
        });
        systems.pop();
        continue;
      }
      lines.forEach((review, k) => {
        const row = rowAtLine.get(k + 1);
        if (row) add(row, review);
      });
    }
  }
  return { rows: base.rows, errors, systems };
}
