// The input rules every reader of the app follows, in the page and the CLI alike: the human study's importers
// (dev.jsonl, its CSVs, plain CSV/JSONL), the mapped-table reader (CSV, JSONL, XLSX) and GradedReviews' workbook.
// - Text is UTF-8. UTF-16 and a file holding NUL bytes are refused whole; a line holding bytes that are not UTF-8
//   is a bad row, named, and the rest is read (utf8.ts).
// - A JSON line nested deeper than MAX_JSON_DEPTH is a bad row (jsonDepth.ts).
// - A number is decimal, as a person writes it: never 0x3, 0b11, 0o4, Infinity or '' (Number() reads all of those).
import { decodeUtf8File, type BadUtf8Line } from './importers/utf8.ts';
import type { ImportFile } from './importers/types.ts';

export { parseJsonText, MAX_JSON_DEPTH, TOO_DEEP } from './jsonDepth.ts';
export { badUtf8Reason, type BadUtf8Line } from './importers/utf8.ts';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A decimal number written as text ('4', '-0.5', '1e3', surrounding spaces allowed), or null when it is not one. */
export function decimalNumber(text: string): number | null {
  const s = text.trim();
  if (!DECIMAL.test(s)) return null;
  const x = Number(s);
  return Number.isFinite(x) ? x : null;
}

/**
 * Why these bytes are not a text file this app reads, or null: UTF-16 (by its byte-order mark, or every other byte
 * NUL) or NUL bytes (a binary file), looked for in the first 64 KiB. An empty file is the caller's to judge.
 */
export function textBytesProblem(bytes: Uint8Array): string | null {
  const resave = 'save it as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8, or "Save as UTF-8" in the editor) and try again';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return `is UTF-16 (little-endian byte-order mark FF FE), not UTF-8; ${resave}`;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return `is UTF-16 (big-endian byte-order mark FE FF), not UTF-8; ${resave}`;
  const nul = bytes.subarray(0, 65536).indexOf(0);
  if (nul < 0) return null;
  const head = bytes.subarray(0, 4096);
  let nuls = 0;
  for (const b of head) if (b === 0) nuls++;
  return nuls > head.length / 4 ? `looks like UTF-16 (every other byte is NUL), not UTF-8; ${resave}` : `contains NUL bytes (first at byte ${nul}): a binary file, not UTF-8 text`;
}

/**
 * A text file's bytes under the rules: refused (`problem`) when UTF-16 or binary; else its text, a UTF-8 byte-order
 * mark dropped, with the lines that held bytes that are not UTF-8 (each a bad row for the reader).
 */
export function readTextFile(name: string, bytes: Uint8Array): { problem: string; file?: undefined } | { problem?: undefined; file: ImportFile & { badUtf8?: readonly BadUtf8Line[] } } {
  const problem = textBytesProblem(bytes);
  if (problem) return { problem };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  return { file: decodeUtf8File(name, body) };
}
