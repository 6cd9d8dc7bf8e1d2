// Reading back the code a streamed import left in its file (DatasetRow.codeAt): the pure part, shared by the
// page (src/store/dataset/rowCode.ts, from a File or Blob) and the CLI (src/cli/shared/datasetFs.ts, from the file on disk). Each
// side only fetches the line's bytes; the cap, the check that they are still the bytes that were read, and the
// parse are here, so the two read the same code and refuse the same files with the same words.
import type { CodeAt } from '../dataset.ts';
import { lineHash } from '../lineHash.ts';
import { codeOfLine } from './jsonl.ts';

export class CodeUnreadableError extends Error {}

/**
 * The most bytes of one line read back (its old and new file, as JSON). A 200 MB line froze the tab for minutes in
 * the workbench's editors; files this large are not code a person reviews, and the change's diff still scores.
 */
export const MAX_CODE_LINE_BYTES = 8_000_000;

const mb = (n: number) => `${Number((n / 1e6).toFixed(1))} MB`;

/** Refuses a line above MAX_CODE_LINE_BYTES before any of it is read. */
export function checkCodeSize(id: string, at: CodeAt, fileName: string): void {
  const size = at.end - at.start;
  if (size > MAX_CODE_LINE_BYTES)
    throw new CodeUnreadableError(
      `The old and new files of change ${id} take ${mb(size)} of ${fileName}, more than the ${mb(MAX_CODE_LINE_BYTES)} this app reads back for one change; they are left out (its diff still scores).`,
    );
}

/** The old and new code in the bytes read back, once they are checked to be the bytes that were imported. */
export function codeFromBytes(id: string, at: CodeAt, fileName: string, bytes: Uint8Array): { oldCode: string | null; newCode: string | null } {
  // A file rewritten in place (at the same size and time, for the page) reads without an error: its bytes must be
  // the imported ones.
  if (bytes.length !== at.end - at.start || lineHash(bytes) !== at.hash)
    throw new CodeUnreadableError(`${fileName} changed since it was imported: the code of change ${id} is no longer the bytes that were read. Import the file again.`);
  // As Blob.text() reads it: UTF-8, a byte-order mark (the file's first line) dropped, bad bytes replaced.
  return codeOfLine(at.kind, new TextDecoder().decode(bytes).replace(/\r$/, ''));
}
