// The two kinds of CSV this app writes.
// - Spreadsheet-safe (OWASP "CSV Injection"): a cell that starts with =, +, -, @, tab or CR is a formula to Excel,
//   LibreOffice and Sheets, so the files meant for spreadsheets (scores, correlation and research tables) prefix
//   such a cell with a single quote.
// - Data files (the human study's annotation format): byte-faithful, read by pandas and the study's scripts; a
//   quote there would change every diff (they start with - or +), so nothing is added (toDataCsv).
// Plain numbers (-0.25, +3, 1e-4) stay numbers: they are not formulas, and a quote would turn them into text.
// A cell that already starts with quotes before such a character gets one more, so reading strips exactly one
// quote back (readCsv does) and every export → import round trip is lossless.
import Papa from 'papaparse';

/** Papaparse's `escapeFormulae` takes a RegExp: a formula start (after any quotes) that is not a plain number. */
export const FORMULA_CELL = /^(?![-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$)'*[=+\-@\t\r]/;

/** One cell's text, neutralised: a leading single quote where a spreadsheet would see a formula. */
export function safeCell(s: string): string {
  return FORMULA_CELL.test(s) ? `'${s}` : s;
}

/** The reverse, for cells this app reads back: one quote off a neutralised cell, anything else unchanged. */
export function unsafeCell(s: string): string {
  return s.startsWith("'") && FORMULA_CELL.test(s.slice(1)) ? s.slice(1) : s;
}

/** Papa.unparse with formula cells neutralised: the way this app writes a CSV meant for spreadsheets. */
export function toCsv(data: Parameters<typeof Papa.unparse>[0], config: Papa.UnparseConfig = {}): string {
  return Papa.unparse(data, { ...config, escapeFormulae: FORMULA_CELL });
}

/** Papa.unparse as is: a data file, every cell exactly as given (readers other than spreadsheets see the data). */
export function toDataCsv(data: Parameters<typeof Papa.unparse>[0], config: Papa.UnparseConfig = {}): string {
  return Papa.unparse(data, { ...config, escapeFormulae: false });
}
