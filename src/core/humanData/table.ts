// Any CSV, JSONL or XLSX as one table: a header and rows of cells, each row with the line (or sheet row) it came
// from, so that every importer names the row it could not read. Every format follows the app's input rules
// (inputRules.ts: UTF-8 only, bad lines named, JSON depth bounded, decimal numbers); XLSX is read under caps on
// every part of the archive, cell by cell (xlsx.ts).
import { readCsv } from '../importers/csv.ts';
import type { ImportIssue } from '../importers/types.ts';
import { badUtf8Reason, parseJsonText, readTextFile } from '../inputRules.ts';
import type { Cell } from './cells.ts';
import { readXlsx, XlsxError, ZipError } from './xlsx.ts';

export * from './cells.ts';

export interface Table {
  header: string[];
  rows: { line: number; cells: Cell[] }[];
  errors: ImportIssue[];
}

export type TableFormat = 'csv' | 'jsonl' | 'xlsx';

export function tableFormat(name: string): TableFormat | null {
  return /\.xlsx$/i.test(name) ? 'xlsx' : /\.jsonl$/i.test(name) ? 'jsonl' : /\.(csv|tsv)$/i.test(name) ? 'csv' : null;
}

/** A CSV (or TSV, by its delimiter) with a header row, read by the importers' one CSV reader (a repeated header name
 *  comes back numbered: Grade, Grade_1, …). `badUtf8`: lines that held bytes that are not UTF-8, each a bad row. */
export function csvTable(name: string, text: string, badUtf8?: ReadonlyMap<number, number>): Table {
  const { fields, records } = readCsv(text, { keepQuotes: true, ...(badUtf8 ? { badUtf8 } : {}) });
  return {
    header: fields.map((h) => h.trim()),
    rows: records.filter((r) => !r.error).map((r) => ({ line: r.line, cells: fields.map((f) => r.data[f] ?? null) })),
    errors: records.filter((r) => r.error).map((r) => ({ file: name, line: r.line, reason: `CSV: ${r.error}` })),
  };
}

/**
 * JSONL of flat objects: the header is every key in order of first appearance; a nested value is kept as JSON text.
 * A line nested too deep, or holding bytes that are not UTF-8 (`badUtf8`), is a bad row, as on the study's path.
 */
export function jsonlTable(name: string, text: string, badUtf8?: ReadonlyMap<number, number>): Table {
  const header: string[] = [];
  const seen = new Set<string>();
  const objects: { line: number; o: Record<string, unknown> }[] = [];
  const errors: ImportIssue[] = [];
  text.split('\n').forEach((raw, k) => {
    const byte = badUtf8?.get(k + 1);
    if (byte !== undefined) return void errors.push({ file: name, line: k + 1, reason: badUtf8Reason(byte) });
    const line = raw.replace(/\r$/, '').replace(/^\uFEFF/, '');
    if (line.trim() === '') return;
    const { value: o, error } = parseJsonText(line);
    if (error !== undefined) return void errors.push({ file: name, line: k + 1, reason: error });
    if (!o || typeof o !== 'object' || Array.isArray(o)) return void errors.push({ file: name, line: k + 1, reason: 'not a JSON object' });
    for (const key of Object.keys(o))
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
    objects.push({ line: k + 1, o: o as Record<string, unknown> });
  });
  const cell = (v: unknown): Cell => (v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as Cell));
  // Own keys only: a key named like an Object.prototype member ("constructor") is a column like any other.
  const own = (o: Record<string, unknown>, h: string) => (Object.prototype.hasOwnProperty.call(o, h) ? o[h] : undefined);
  return { header, rows: objects.map(({ line, o }) => ({ line, cells: header.map((h) => cell(own(o, h))) })), errors };
}
/**
 * A header with each repeated name numbered as the CSV reader (papaparse) numbers it: Grade, Grade_1, Grade_2, …,
 * skipping a name the header already holds, so a sheet and its CSV export name their columns alike.
 */
export function numberRepeated(header: readonly string[]): string[] {
  const count = new Map<string, number>();
  const used = new Set(header);
  return header.map((h) => {
    const n = count.get(h);
    if (n === undefined) {
      count.set(h, 1);
      return h;
    }
    let k = n;
    let name = `${h}_${k}`;
    while (used.has(name)) name = `${h}_${++k}`;
    count.set(h, n + 1);
    used.add(name);
    return name;
  });
}

/** The first sheet of an XLSX workbook; row numbers are the sheet's (the header is its first row holding a cell). */
export async function xlsxTable(name: string, data: ArrayBuffer): Promise<Table> {
  let sheet;
  try {
    sheet = readXlsx(name, data);
  } catch (e) {
    if (!(e instanceof XlsxError || e instanceof ZipError)) throw e;
    return { header: [], rows: [], errors: [{ file: name, line: 0, reason: `not a readable XLSX workbook (${e.message})` }] };
  }
  return { ...sheet, header: sheet.header.length ? numberRepeated(sheet.header) : [] };
}

/** Any of the three, by the file's name, under the app's input rules (inputRules.ts). */
export async function readTable(name: string, bytes: ArrayBuffer): Promise<Table> {
  const format = tableFormat(name);
  if (format === 'xlsx') return xlsxTable(name, bytes);
  if (format === null) return { header: [], rows: [], errors: [{ file: name, line: 0, reason: 'not a .csv, .tsv, .jsonl or .xlsx file' }] };
  const read = readTextFile(name, new Uint8Array(bytes));
  if (read.problem !== undefined) return { header: [], rows: [], errors: [{ file: name, line: 0, reason: `${name} ${read.problem}` }] };
  const bad = new Map((read.file.badUtf8 ?? []).map((b) => [b.line, b.byte]));
  return format === 'jsonl' ? jsonlTable(name, read.file.text, bad) : csvTable(name, read.file.text, bad);
}
