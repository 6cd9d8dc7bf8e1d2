// The CLI's datasets as the page reads them: a JSONL file of 1 MB or more (STREAM_FROM_BYTES) is streamed line by
// line through the page's own reader (core/importers/stream.ts, fed with fs.createReadStream's chunks), and its
// rows leave their code (old and new file, most of such a file) in the file; rowCodeFs reads one change's code back
// when the analyzers or an export need it, with the page's checks (core/importers/codeAt.ts). Smaller files are
// read whole, as the page reads them; the rows are the same either way apart from where the code is.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { DatasetRow } from '../../core/dataset.ts';
import { checkCodeSize, codeFromBytes, CodeUnreadableError } from '../../core/importers/codeAt.ts';
import type { ImportResult } from '../../core/importers/index.ts';
import { byteLines, HEAD_CHARS, importStreamed, STREAM_FROM_BYTES, type StreamSource } from '../../core/importers/stream.ts';
import { checkBytes, CliError, inert, jsonlLine, parseJsonl, readImportFile, readText, type JsonlLine } from './io.ts';

/** The streaming threshold; CRSCORE_STREAM_BYTES lowers it (tests stream small files). */
export function streamFromBytes(): number {
  const v = Number(process.env.CRSCORE_STREAM_BYTES);
  return process.env.CRSCORE_STREAM_BYTES && Number.isFinite(v) && v >= 0 ? v : STREAM_FROM_BYTES;
}

/** Files whose rows' code was left on disk, by codeAt.source. */
const opened = new Map<number, readonly string[]>();
let next = 1;

/** The file's size; -1 when it is not a file that can be read (readImportFile then says why). */
async function sizeOf(file: string): Promise<number> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : -1;
  } catch {
    return -1;
  }
}

/** The file's first bytes (up to n). */
async function headBytes(file: string, n: number): Promise<Uint8Array> {
  const h = await open(file, 'r');
  try {
    const buf = new Uint8Array(n);
    const { bytesRead } = await h.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await h.close();
  }
}

/**
 * A dataset file's rows: streamed (code left in the file) when it is STREAM_FROM_BYTES or more, else read whole
 * (readImportFile, importFiles). Refuses what readImportFile refuses (empty, UTF-16, binary).
 */
export async function importDatasetFile(file: string, whole: (f: Awaited<ReturnType<typeof readImportFile>>) => ImportResult): Promise<ImportResult> {
  const size = await sizeOf(file);
  if (size < streamFromBytes()) return whole(await readImportFile(file));
  checkBytes(await headBytes(file, 65536), file);
  const source = next++;
  opened.set(source, [file]);
  const src: StreamSource = {
    name: file,
    head: async () => new TextDecoder().decode(await headBytes(file, HEAD_CHARS)),
    text: () => readImportFile(file),
    bytes: () => createReadStream(file) as AsyncIterable<Uint8Array>,
  };
  const rows: DatasetRow[] = [];
  const rest = await importStreamed([src], (batch) => {
    for (const r of batch) rows.push(r);
  }, { source });
  return { rows, ...rest };
}

/** The row's old and new code: its own, or read back from the file it was streamed from (checked as the page checks). */
export async function rowCodeFs(row: DatasetRow): Promise<{ oldCode: string | null; newCode: string | null }> {
  const at = row.codeAt;
  if (!at) return { oldCode: row.oldCode, newCode: row.newCode };
  const file = opened.get(at.source)?.[at.file];
  if (file === undefined) throw new CodeUnreadableError(`The code of change ${row.id} is in a file this run did not read.`);
  checkCodeSize(row.id, at, inert(file));
  let bytes: Uint8Array;
  try {
    bytes = await readRange(file, at.start, at.end);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it no longer exists' : (e as Error).message;
    throw new CodeUnreadableError(`The code of change ${row.id} could not be read from ${inert(file)} (${why}).`);
  }
  return codeFromBytes(row.id, at, inert(file), bytes);
}

/** The row with its code in place and no codeAt (what an export of whole rows writes). */
export async function withCodeFs(row: DatasetRow): Promise<DatasetRow> {
  if (!row.codeAt) return row;
  const out: DatasetRow = { ...row, ...(await rowCodeFs(row)) };
  delete out.codeAt;
  return out;
}

async function readRange(file: string, start: number, end: number): Promise<Uint8Array> {
  const h = await open(file, 'r');
  try {
    const buf = new Uint8Array(end - start);
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await h.read(buf, got, buf.length - got, start + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return buf.subarray(0, got);
  } finally {
    await h.close();
  }
}

type LineError = { line: number; reason: string };

/**
 * A JSONL file's lines, parsed, a batch at a time (`crscore score` and `analyze`): streamed with the same line
 * reader (byteLines) when the file is STREAM_FROM_BYTES or more, else parseJsonl over its whole text (stdin too).
 * Either way the same lines, values and errors; a line that is not UTF-8 refuses the file, as readText does.
 */
export async function* jsonlBatches(file: string | undefined): AsyncGenerator<{ values: JsonlLine[]; errors: LineError[] }> {
  if (file === undefined || file === '-' || (await sizeOf(file)) < streamFromBytes()) {
    yield parseJsonl(await readText(file));
    return;
  }
  checkBytes(await headBytes(file, 65536), file);
  let values: JsonlLine[] = [];
  let errors: LineError[] = [];
  let any = false;
  for await (const l of byteLines(createReadStream(file) as AsyncIterable<Uint8Array>)) {
    if (l.badByte !== undefined)
      throw new CliError(`${inert(file)} is not valid UTF-8: byte 0x${l.badByte.toString(16).toUpperCase().padStart(2, '0')} at line ${l.no} is not UTF-8 (Latin-1 or Windows-1252?); save it as UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8, or "Save as UTF-8" in the editor) and try again`);
    if (l.text.trim() !== '') any = true;
    jsonlLine(l.no, l.text, values, errors);
    if (values.length + errors.length >= 200) {
      yield { values, errors };
      values = [];
      errors = [];
    }
  }
  if (!any) throw new CliError(`${inert(file)} has no content (only whitespace)`);
  yield { values, errors };
}
