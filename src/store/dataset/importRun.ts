// Research's import: small files are parsed at once on the page (a worker would only add its start-up); large
// ones in a worker (import.worker.ts), streamed, their rows coming back in chunks as they are read, each unpacked in
// its own task, with progress and Cancel. A large file reaches the worker as the File itself (cloning a Blob copies
// no bytes): the page never holds its text, and its rows leave their code in it (DatasetRow.codeAt, rowCode.ts).
// Otherwise the rows are exactly importFiles'.
import { importFiles, type ImportFile, type ImportResult } from '../../core/importers/index';
import type { DatasetRow } from '../../core/dataset';
import type { ImportMessage, ImportRequest } from './import.worker';
import { decodeBlob, isBlobFile, sizeOf, textOf, type DatasetFile } from './datasetFile';
import { knownOverview } from './datasetOverview';
import { registerImportFiles } from './rowCode';
import { STREAM_FROM_BYTES } from '../../core/importers/stream';

export type { DatasetFile } from './datasetFile';

/** Above this many characters in all, the files are parsed in the worker (the dev half, 7 MB, goes there). */
export const WORKER_CHARS = STREAM_FROM_BYTES;

/** The picker's files: small ones read at once (parsed on the page), large ones kept as Files for the worker. */
export async function pickedFiles(list: readonly File[]): Promise<DatasetFile[]> {
  const bytes = list.reduce((a, f) => a + f.size, 0);
  if (bytes >= WORKER_CHARS) return list.map((f) => ({ name: f.name, blob: f }));
  return Promise.all(list.map((f) => decodeBlob(f.name, f)));
}

export interface ImportProgress {
  name: string;
  /** 'starting' until the first rows arrive, then 'reading'. */
  phase: 'starting' | 'reading';
  /** Bytes read so far, of `total` (the files' size; characters for text files read whole). */
  done: number;
  total: number;
  /** Changes received so far. */
  changes: number;
}

export class ImportCancelledError extends Error {
  constructor() {
    super('The import was cancelled.');
  }
}

let active: { worker: Worker; reject: (e: Error) => void } | null = null;

/** Stops the import in flight (its worker ends; its promise rejects with ImportCancelledError). */
export function cancelImport(): boolean {
  if (!active) return false;
  active.worker.terminate();
  active.reject(new ImportCancelledError());
  active = null;
  return true;
}

/** The files' rows: at once for small files (or where there are no workers), else from the worker. */
export function importDataset(files: readonly DatasetFile[], onProgress: (p: ImportProgress) => void): ImportResult | Promise<ImportResult> {
  const chars = files.reduce((a, f) => a + sizeOf(f), 0);
  if (typeof Worker === 'undefined') return files.some(isBlobFile) ? Promise.all(files.map(textOf)).then(importFiles) : importFiles(files as ImportFile[]);
  if (chars < WORKER_CHARS && !files.some(isBlobFile)) return importFiles(files as ImportFile[]);
  cancelImport();
  const name = files.map((f) => f.name).join(' + ');
  onProgress({ name, phase: 'starting', done: 0, total: chars, changes: 0 });
  return new Promise<ImportResult>((resolve, reject) => {
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    const me = { worker, reject };
    active = me;
    const end = () => {
      worker.terminate();
      if (active === me) active = null;
    };
    const rows: DatasetRow[] = [];
    worker.onmessage = (e: MessageEvent<ImportMessage>) => {
      if (active !== me) return;
      const m = e.data;
      if (m.type === 'rows') {
        for (const r of m.rows) rows.push(r);
        onProgress({ name, phase: 'reading', done: Math.min(m.bytes, chars), total: chars, changes: rows.length });
      } else if (m.type === 'end') {
        end();
        knownOverview(rows, m.overview);
        resolve({ rows, errors: m.errors, notes: m.notes, formats: m.formats });
      } else {
        end();
        reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      end();
      reject(new Error(e.message || 'The import worker failed.'));
    };
    worker.postMessage({ files: [...files], source: registerImportFiles(files) } satisfies ImportRequest);
  });
}
