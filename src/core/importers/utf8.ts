// Bytes → text for the importers, the same on the page and in the CLI: a file with some bytes that are not UTF-8
// (a row pasted from a Latin-1 file) keeps its good rows, and each line holding such bytes is a bad row, named.
// Only bytes the decoder could not read count: a U+FFFD written in the file itself (EF BF BD) is text like any other.
import type { ImportFile } from './types.ts';

/** A line that held bytes that are not UTF-8: its 1-based number and its first such byte. */
export interface BadUtf8Line {
  line: number;
  byte: number;
}

/** The reason a line with invalid UTF-8 is a bad row. */
export function badUtf8Reason(byte: number): string {
  return `not valid UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8`;
}

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(b: Uint8Array, from = 0): number {
  let i = from;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) [n, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [n, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [n, min] = [3, 0x10000];
    else return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const x = b[i + k];
      if (x === undefined || (x & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (x & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/**
 * A file's bytes as File.text() reads them (UTF-8, a leading byte-order mark dropped, bad bytes as U+FFFD), with
 * the lines (split at \n) that held bad bytes. Valid UTF-8, the common case, is checked by the decoder alone.
 */
export function decodeUtf8File(name: string, bytes: Uint8Array): ImportFile {
  const text = new TextDecoder('utf-8').decode(bytes);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { name, text };
  } catch {
    // Some bytes are not UTF-8: find each line that holds one.
  }
  const badUtf8: BadUtf8Line[] = [];
  let line = 1;
  let counted = 0;
  for (let at = firstInvalidUtf8(bytes); at !== -1; ) {
    for (; counted < at; counted++) if (bytes[counted] === 10) line++;
    if (badUtf8[badUtf8.length - 1]?.line !== line) badUtf8.push({ line, byte: bytes[at] });
    at = firstInvalidUtf8(bytes, at + 1);
  }
  return { name, text, badUtf8 };
}

/** The lines of `file` that held bad bytes, by number (for the readers). */
export function badUtf8Lines(file: ImportFile): Map<number, number> {
  const m = new Map<number, number>();
  if (Array.isArray(file.badUtf8)) for (const b of file.badUtf8) if (b && typeof b.line === 'number') m.set(b.line, b.byte);
  return m;
}
