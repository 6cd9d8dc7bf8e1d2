// A dataset's rows as a dev.jsonl Blob (datasetLine's lines), for an export or a hand-off to Research. A large
// file's rows left their code in the file: it is read back a slice of rows at a time and each slice becomes its own
// Blob part, so the page never holds the whole file as one string (400 MB of code at 83k reviews), and gets a task
// between slices (never frozen). A row whose code cannot be read stops it: an export never drops a change's code.
import type { DatasetRow } from '../../core/dataset';
import { datasetLine } from '../../core/datasetJsonl';
import { withCode } from './rowCode';

/** Rows whose code is read together (in parallel) and written as one part. */
const SLICE_ROWS = 256;

export async function datasetBlob(
  rows: readonly DatasetRow[],
  config: unknown,
  opts: { onProgress?: (done: number, total: number) => void } = {},
): Promise<Blob> {
  const parts: Blob[] = [];
  opts.onProgress?.(0, rows.length);
  for (let k = 0; k < rows.length; k += SLICE_ROWS) {
    const slice = await Promise.all(rows.slice(k, k + SLICE_ROWS).map(withCode));
    parts.push(new Blob([slice.map((r) => `${datasetLine(r, config)}\n`).join('')]));
    opts.onProgress?.(Math.min(rows.length, k + SLICE_ROWS), rows.length);
    // A task between slices: rows with their code inline read nothing, and would otherwise run as one long task.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Blob(parts, { type: 'application/jsonl' });
}
