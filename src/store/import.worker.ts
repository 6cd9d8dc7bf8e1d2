// Parses a dataset's files off the page's thread (the same importFiles as everywhere) and posts the rows back in
// chunks of a few megabytes: the page then unpacks one chunk per task, so a 100,000-review file never freezes it.
// Large files come as Blobs and are decoded here, so the page neither decodes nor clones their text.
import { importFiles, type ImportResult } from '../core/importers/index';
import { datasetOverview, type DatasetOverview, type DatasetRow } from '../core/dataset';
import { textOf, type DatasetFile } from './datasetFile';

export type ImportRequest = { files: DatasetFile[] };
export type ImportMessage =
  | { type: 'head'; total: number; errors: ImportResult['errors']; notes: string[]; formats: ImportResult['formats']; overview: DatasetOverview }
  | { type: 'rows'; rows: DatasetRow[] }
  | { type: 'end' }
  | { type: 'error'; message: string };

/** Characters per chunk: unpacking about 2 MB of strings takes the page a few milliseconds. */
const CHUNK_CHARS = 1_000_000;
const CHUNK_ROWS = 1000;

function rowChars(r: DatasetRow): number {
  let n = r.diff.length + (r.oldCode?.length ?? 0) + (r.newCode?.length ?? 0) + (r.referenceAnalyzerOutput?.length ?? 0);
  for (const p of r.pseudoRefs) n += p.text.length + 32;
  for (const v of r.reviews) n += (v.review?.length ?? 0) + (v.claimsAddressed?.length ?? 0) + 64;
  return n;
}

const post = (m: ImportMessage) => postMessage(m);

onmessage = async (e: MessageEvent<ImportRequest>) => {
  try {
    const r = importFiles(await Promise.all(e.data.files.map(textOf)));
    // Counted here, so the page does not walk every review of a large file when it opens it.
    post({ type: 'head', total: r.rows.length, errors: r.errors, notes: r.notes, formats: r.formats, overview: datasetOverview(r.rows) });
    let chunk: DatasetRow[] = [];
    let chars = 0;
    for (const row of r.rows) {
      chunk.push(row);
      chars += rowChars(row);
      if (chars >= CHUNK_CHARS || chunk.length >= CHUNK_ROWS) {
        post({ type: 'rows', rows: chunk });
        chunk = [];
        chars = 0;
      }
    }
    if (chunk.length) post({ type: 'rows', rows: chunk });
    post({ type: 'end' });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
