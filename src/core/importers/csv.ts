// CSV records with header, through papaparse, each with the line where it starts and any parse error.
import Papa from 'papaparse';
import { unsafeCell } from '../csvSafe.ts';
import { lineIndex } from './lines.ts';
import { badUtf8Reason } from './utf8.ts';

export interface CsvRecord {
  line: number;
  data: Record<string, string>;
  error?: string;
}

export interface CsvTable {
  fields: string[];
  records: CsvRecord[];
}

/** Papaparse guesses the delimiter from the first rows; a header with no candidate in it is one column, whose
 *  cells (say `a|b`) must not be split on a character the guess found in them. */
function delimiterFor(text: string): string | undefined {
  const header = text.slice(0, text.search(/[\r\n]|$/));
  // The record and unit separators (0x1e, 0x1f) are delimiters papaparse may guess.
  // eslint-disable-next-line no-control-regex
  return /[,\t;|\x1e\x1f]/.test(header) ? undefined : ',';
}

export interface ReadCsvOptions {
  /** A data file: cells exactly as written, no spreadsheet quote taken off (default: taken off). */
  keepQuotes?: boolean;
  /** Lines that held bytes that are not UTF-8 (line → first such byte); a record on one is an error. */
  badUtf8?: ReadonlyMap<number, number>;
}

export function readCsv(raw: string, { keepQuotes = false, badUtf8 = new Map<number, number>() }: ReadCsvOptions = {}): CsvTable {
  const text = raw.replace(/^\uFEFF/, '');
  const delimiter = delimiterFor(text);
  const toLine = lineIndex(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let start = text.search(/[\r\n]/) + 1; // records start after the header line
  Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    ...(delimiter ? { delimiter } : {}),
    step(res) {
      fields = res.meta.fields ?? fields;
      const rowStart = start;
      start = res.meta.cursor;
      // The cursor ends after the record; its first line is the first non-newline after the previous one.
      let s = rowStart;
      while (s < text.length && (text[s] === '\n' || text[s] === '\r')) s++;
      let error = res.errors.length ? res.errors.map((e) => e.message).join('; ') : undefined;
      if (badUtf8.size) {
        let e = res.meta.cursor - 1;
        while (e > s && (text[e] === '\n' || text[e] === '\r')) e--;
        for (let l = toLine(s), last = toLine(e); l <= last && !error; l++) {
          const byte = badUtf8.get(l);
          if (byte !== undefined) error = `line ${l} is ${badUtf8Reason(byte)}`;
        }
      }
      // Cells this app (or a careful spreadsheet export) quoted against formula injection read back as written.
      if (!keepQuotes) unquoteRecord(res.data);
      records.push({ line: toLine(s), data: res.data, ...(error ? { error } : {}) });
    },
  });
  return { fields, records };
}

/** One spreadsheet quote off each cell of a record that a spreadsheet-safe writer neutralised (in place). */
export function unquoteRecord(data: Record<string, string>): void {
  for (const k of Object.keys(data)) if (typeof data[k] === 'string') data[k] = unsafeCell(data[k]);
}

/** Just the header's column names. */
export function csvHeader(text: string): string[] {
  const clean = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterFor(clean);
  const res = Papa.parse<string[]>(clean, { preview: 1, ...(delimiter ? { delimiter } : {}) });
  return (res.data[0] ?? []).map((f) => f.trim());
}
