// The code of a row the streaming import left in its file (DatasetRow.codeAt): read back from the file's bytes,
// with the same parser, when a view needs it (opening a change in the workbench, the analyzers, an export). The
// page keeps the files each import read (Files from the picker, Blobs from IndexedDB: on disk, not in memory).
import type { DatasetRow } from '../../core/dataset';
import { checkCodeSize, codeFromBytes, CodeUnreadableError, MAX_CODE_LINE_BYTES } from '../../core/importers/codeAt';
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

export { CodeUnreadableError, MAX_CODE_LINE_BYTES };

/** The row's old and new code: its own, or read back from the file it was imported from. */
export async function rowCode(row: DatasetRow): Promise<{ oldCode: string | null; newCode: string | null }> {
  const at = row.codeAt;
  if (!at) return { oldCode: row.oldCode, newCode: row.newCode };
  const f = opened.get(at.source)?.[at.file];
  if (!f || !isBlobFile(f)) throw new CodeUnreadableError(`The code of change ${row.id} is in a file this page no longer has open. Import the dataset again.`);
  checkCodeSize(row.id, at, f.name);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await f.blob.slice(at.start, at.end).arrayBuffer());
  } catch (e) {
    // A picked file changed or moved on disk since it was imported (the browser notices a new size or time).
    throw new CodeUnreadableError(`The code of change ${row.id} could not be read from ${f.name} (${(e as Error).message.replace(/\.$/, '')}). Import the file again.`);
  }
  return codeFromBytes(row.id, at, f.name, bytes);
}

/** The row with its code in place (oldCode, newCode) and no codeAt: what views and exports of whole rows take. */
export async function withCode(row: DatasetRow): Promise<DatasetRow> {
  if (!row.codeAt) return row;
  const code = await rowCode(row);
  const out: DatasetRow = { ...row, ...code };
  delete out.codeAt;
  return out;
}
