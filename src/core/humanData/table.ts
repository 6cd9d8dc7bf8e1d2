// Any CSV, JSONL or XLSX as one table: a header and rows of cells, each row with the line (or sheet row) it came
// from, so that every importer names the row it could not read. XLSX is read by read-excel-file (a maintained
// reader of Office Open XML sheets in the browser and Node, on fflate and a SAX parser); the npm `xlsx` package is an
// old SheetJS release with published advisories.
import readXlsxFile from 'read-excel-file/universal';
import { readCsv } from '../importers/csv.ts';
import type { ImportIssue } from '../importers/types.ts';

export type Cell = string | number | boolean | null;

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
 *  comes back numbered: Grade, Grade_1, …). */
export function csvTable(name: string, text: string): Table {
  const { fields, records } = readCsv(text, { keepQuotes: true });
  return {
    header: fields.map((h) => h.trim()),
    rows: records.filter((r) => !r.error).map((r) => ({ line: r.line, cells: fields.map((f) => r.data[f] ?? null) })),
    errors: records.filter((r) => r.error).map((r) => ({ file: name, line: r.line, reason: `CSV: ${r.error}` })),
  };
}

/** JSONL of flat objects: the header is every key in order of first appearance; a nested value is kept as JSON text. */
export function jsonlTable(name: string, text: string): Table {
  const header: string[] = [];
  const seen = new Set<string>();
  const objects: { line: number; o: Record<string, unknown> }[] = [];
  const errors: ImportIssue[] = [];
  text.split('\n').forEach((raw, k) => {
    const line = raw.replace(/\r$/, '').replace(/^\uFEFF/, '');
    if (line.trim() === '') return;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch (e) {
      errors.push({ file: name, line: k + 1, reason: `not valid JSON (${(e as Error).message})` });
      return;
    }
    if (!o || typeof o !== 'object' || Array.isArray(o)) {
      errors.push({ file: name, line: k + 1, reason: 'not a JSON object' });
      return;
    }
    for (const key of Object.keys(o))
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
    objects.push({ line: k + 1, o: o as Record<string, unknown> });
  });
  const cell = (v: unknown): Cell => (v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as Cell));
  return { header, rows: objects.map(({ line, o }) => ({ line, cells: header.map((h) => cell(o[h])) })), errors };
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

/** The first sheet of an XLSX workbook; row numbers are the sheet's (the header is row 1). */
export async function xlsxTable(name: string, data: ArrayBuffer): Promise<Table> {
  let sheets;
  try {
    // Cells as written (read-excel-file trims text by default), as the CSV and JSONL readers keep them.
    sheets = await readXlsxFile(data, { trim: false });
  } catch (e) {
    return { header: [], rows: [], errors: [{ file: name, line: 0, reason: `not a readable XLSX workbook (${(e as Error).message})` }] };
  }
  const first = sheets[0];
  if (!first || first.data.length === 0) return { header: [], rows: [], errors: [{ file: name, line: 0, reason: 'the workbook\'s first sheet is empty' }] };
  const [header, ...rows] = first.data;
  const cell = (v: unknown): Cell => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : (v as Cell));
  return {
    header: numberRepeated(header.map((h) => (h === null ? '' : String(h).trim()))),
    rows: rows.map((cells, k) => ({ line: k + 2, cells: cells.map(cell) })).filter((r) => r.cells.some((c) => c !== null && c !== '')),
    errors: [],
  };
}

/** Any of the three, by the file's name. */
export async function readTable(name: string, bytes: ArrayBuffer): Promise<Table> {
  const format = tableFormat(name);
  if (format === 'xlsx') return xlsxTable(name, bytes);
  const text = new TextDecoder().decode(bytes);
  if (format === 'jsonl') return jsonlTable(name, text);
  if (format === 'csv') return csvTable(name, text);
  return { header: [], rows: [], errors: [{ file: name, line: 0, reason: 'not a .csv, .tsv, .jsonl or .xlsx file' }] };
}
