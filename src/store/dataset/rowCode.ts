// The code of a row the streaming import left in its file (DatasetRow.codeAt): read back from the file's bytes,
// with the same parser, when a view needs it (opening a change in the workbench, the analyzers, an export). The
// page keeps the files each import read (Files from the picker, Blobs from IndexedDB: on disk, not in memory).
import type { DatasetRow } from '../../core/dataset';
import { codeOfLine } from '../../core/importers/index';
import { lineHash } from '../../core/lineHash';
import { isBlobFile, type DatasetFile } from './datasetFile';

const opened = new Map<number, readonly DatasetFile[]>();
let next = 1;

/** Imports whose files are kept: the dataset on screen, and a few before it whose rows a view may still hold. */
export const KEPT_IMPORTS = 8;

/** Keeps an import's files for reading its rows' code back; the number goes with the import (its rows' codeAt.source). */
export function registerImportFiles(files: readonly DatasetFile[]): number {
  const id = next++;
  opened.set(id, files);
  // A page that imports all day keeps no more than this many imports' files (a Blob written here is in memory).
  for (const old of opened.keys()) if (opened.size > KEPT_IMPORTS) opened.delete(old);
  return id;
}

export class CodeUnreadableError extends Error {}

/**
 * The most bytes of one line read back (its old and new file, as JSON). A 200 MB line froze the tab for minutes in
 * the workbench's editors; files this large are not code a person reviews, and the change's diff still scores.
 */
export const MAX_CODE_LINE_BYTES = 8_000_000;

const mb = (n: number) => `${Number((n / 1e6).toFixed(1))} MB`;

/** The row's old and new code: its own, or read back from the file it was imported from. */
export async function rowCode(row: DatasetRow): Promise<{ oldCode: string | null; newCode: string | null }> {
  const at = row.codeAt;
  if (!at) return { oldCode: row.oldCode, newCode: row.newCode };
  const f = opened.get(at.source)?.[at.file];
  if (!f || !isBlobFile(f)) throw new CodeUnreadableError(`The code of change ${row.id} is in a file this page no longer has open. Import the dataset again.`);
  const size = at.end - at.start;
  if (size > MAX_CODE_LINE_BYTES)
    throw new CodeUnreadableError(
      `The old and new files of change ${row.id} take ${mb(size)} of ${f.name}, more than the ${mb(MAX_CODE_LINE_BYTES)} this app reads back for one change; they are left out (its diff still scores).`,
    );
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await f.blob.slice(at.start, at.end).arrayBuffer());
  } catch (e) {
    // A picked file changed or moved on disk since it was imported (the browser notices a new size or time).
    throw new CodeUnreadableError(`The code of change ${row.id} could not be read from ${f.name} (${(e as Error).message.replace(/\.$/, '')}). Import the file again.`);
  }
  // A file rewritten in place at the same size and time reads without an error: its bytes must be the imported ones.
  if (bytes.length !== size || lineHash(bytes) !== at.hash)
    throw new CodeUnreadableError(`${f.name} changed since it was imported: the code of change ${row.id} is no longer the bytes that were read. Import the file again.`);
  // As Blob.text() reads it: UTF-8, a byte-order mark (the file's first line) dropped, bad bytes replaced.
  return codeOfLine(at.kind, new TextDecoder().decode(bytes).replace(/\r$/, ''));
}

/** The row with its code in place (oldCode, newCode) and no codeAt: what views and exports of whole rows take. */
export async function withCode(row: DatasetRow): Promise<DatasetRow> {
  if (!row.codeAt) return row;
  const code = await rowCode(row);
  const out: DatasetRow = { ...row, ...code };
  delete out.codeAt;
  return out;
}
