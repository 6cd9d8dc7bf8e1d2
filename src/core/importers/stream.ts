// The streaming import: a large JSONL file is read as bytes, line by line, and each row is handed on as soon as it
// is parsed, so no one holds the file's text, an array of its lines and all its rows at once. The rows' code (old
// and new file, most of such a file) stays in the file: a row keeps where its line's bytes are and their hash
// (DatasetRow.codeAt), so reading them back can tell a file changed since.
// Same readers, same rows and errors as importFiles (index.ts) apart from that.
import type { DatasetRow } from '../dataset.ts';
import { lineHash } from '../lineHash.ts';
import { detectFormat, importCollector, importOne, mergeAnnotated, noFormatReason } from './index.ts';
import { jsonlReader, type JsonlKind } from './jsonl.ts';
import type { AnnotatedRow } from './humanStudy.ts';
import { firstInvalidUtf8 } from './utf8.ts';
import type { ImportFile, ImportFormat, ImportResult } from './types.ts';

/** A line of a byte stream: its 1-based number, its text (UTF-8, no line break), its bytes [start, end) and their lineHash. */
export interface ByteLine {
  no: number;
  text: string;
  start: number;
  end: number;
  hash: number;
  /** Its first byte that is not UTF-8, when it has one (the text has U+FFFD there). */
  badByte?: number;
}

/**
 * The lines of a UTF-8 byte stream, split at \n (a \r before it dropped), as File.text() then split(/\r?\n/)
 * would give them. A \n byte is never part of a longer UTF-8 sequence, so each line decodes on its own.
 */
export async function* byteLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ByteLine> {
  // Fatal decoders: a line with bytes that are not UTF-8 is told apart from one holding a U+FFFD of its own.
  const first = new TextDecoder('utf-8', { fatal: true });
  const rest = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let no = 0;
  let offset = 0;
  let carry: Uint8Array[] = [];
  let carryStart = 0;
  const line = (bytes: Uint8Array, start: number): ByteLine => {
    const body = bytes.length && bytes[bytes.length - 1] === 13 ? bytes.subarray(0, bytes.length - 1) : bytes;
    no++;
    const end = start + bytes.length;
    const hash = lineHash(bytes);
    try {
      return { no, text: (no === 1 ? first : rest).decode(body), start, end, hash };
    } catch {
      const text = new TextDecoder('utf-8', { ignoreBOM: no > 1 }).decode(body);
      return { no, text, start, end, hash, badByte: body[firstInvalidUtf8(body)] };
    }
  };
  const joined = (tail: Uint8Array) => {
    const all = new Uint8Array(carry.reduce((a, c) => a + c.length, tail.length));
    let k = 0;
    for (const c of carry) all.set(c, (k += c.length) - c.length);
    all.set(tail, k);
    return all;
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, from)) {
      const head = chunk.subarray(from, nl);
      yield carry.length ? line(joined(head), carryStart) : line(head, offset + from);
      carry = [];
      from = nl + 1;
    }
    if (from < chunk.length) {
      if (!carry.length) carryStart = offset + from;
      carry.push(chunk.slice(from));
    }
    offset += chunk.length;
  }
  // The last line, or the empty line after a final break (split gives it too).
  yield carry.length ? line(joined(new Uint8Array(0)), carryStart) : line(new Uint8Array(0), offset);
}

/** Files of at least this many bytes in all are streamed, by the page (importRun.ts) and the CLI (datasetFs.ts). */
export const STREAM_FROM_BYTES = 1_000_000;

/** As much of a file as detectFormat looks at (StreamSource.head). */
export const HEAD_CHARS = 2_000_000;

/** A file the streaming import reads: its name, its first 2 MB as text (to tell its format), and its bytes. */
export interface StreamSource {
  name: string;
  head(): Promise<string>;
  /** Its whole text, for formats read at once (CSV): a string, or a file decoded by decodeUtf8File (bad lines named). */
  text(): Promise<string | ImportFile>;
  /** Its bytes, for a file to stream (absent: it is read whole, its code kept in its rows). */
  bytes?(): AsyncIterable<Uint8Array>;
}

const STREAMED: ImportFormat[] = ['crscore-jsonl', 'codereviewer-jsonl', 'plain-jsonl'];

/**
 * importFiles over streams: rows go to `emit` as they are read (ids already made unique), the rest comes at the
 * end. JSONL files are streamed and leave their code in the file; CSV files are read whole, as importFiles does.
 */
export async function importStreamed(
  sources: readonly StreamSource[],
  emit: (rows: DatasetRow[]) => void,
  opts: { onBytes?: (bytes: number) => void; source?: number } = {},
): Promise<Omit<ImportResult, 'rows'>> {
  const { onBytes, source = 0 } = opts;
  const c = importCollector(sources.map((s) => s.name), emit);
  const heads = await Promise.all(sources.map(async (s) => ({ name: s.name, text: await s.head() })));
  const formats = heads.map(detectFormat);
  c.formats(formats, heads.map((h, k) => (formats[k] ? '' : noFormatReason(h))));
  // The annotators' files first, merged: importFiles puts their rows first too.
  const annotated: AnnotatedRow[][] = [];
  for (const [k, s] of sources.entries()) if (formats[k] === 'human-study-csv') annotated.push(importOne(await textFile(s), 'human-study-csv', c).annotated ?? []);
  if (annotated.length) mergeAnnotated(annotated, c);
  let read = 0;
  for (const [k, s] of sources.entries()) {
    const fmt = formats[k];
    if (!fmt || fmt === 'human-study-csv') continue;
    if (!STREAMED.includes(fmt) || !s.bytes) {
      c.rows(importOne(await textFile(s), fmt, c).rows);
      continue;
    }
    let batch: DatasetRow[] = [];
    const reader = jsonlReader(fmt as JsonlKind, s.name, (r) => batch.push(r));
    for await (const l of byteLines(s.bytes())) {
      if (l.badByte !== undefined) reader.badUtf8(l.no, l.badByte);
      else reader.line(l.no, l.text, { source, file: k, start: l.start, end: l.end, hash: l.hash });
      read += l.end - l.start + 1;
      if (batch.length >= 200) {
        c.rows(batch);
        batch = [];
        onBytes?.(read);
      }
    }
    const end = reader.end();
    c.rows([...batch, ...end.rows]);
    c.errors(end.errors);
    onBytes?.(read);
  }
  return c.result();
}

async function textFile(s: StreamSource): Promise<ImportFile> {
  const t = await s.text();
  return typeof t === 'string' ? { name: s.name, text: t } : { ...t, name: s.name };
}
