// Reads a dataset's files off the page's thread and posts the rows back in chunks of a few megabytes as they are
// parsed: the page unpacks one chunk per task, so a 100,000-review file never freezes it. Large files come as
// Blobs and are streamed here line by line (core/importers/stream.ts): no one holds the file's text, and their
// rows leave the code (old and new file) in the file, to be read back when a view needs it (rowCode.ts).
import { importStreamed } from '../../core/importers/stream';
import type { ImportResult } from '../../core/importers/index';
import { overviewCounter, type DatasetOverview, type DatasetRow } from '../../core/dataset';
import { streamSource, type DatasetFile } from './datasetFile';

/** `source`: the page's number for these files, which the rows' codeAt carry (rowCode.ts reads the code back). */
export type ImportRequest = { files: DatasetFile[]; source: number };
export type ImportMessage =
  | { type: 'rows'; rows: DatasetRow[]; bytes: number }
  | { type: 'end'; errors: ImportResult['errors']; notes: string[]; formats: ImportResult['formats']; overview: DatasetOverview }
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
    // Counted here, so the page does not walk every review of a large file when it opens it.
    const overview = overviewCounter();
    let chunk: DatasetRow[] = [];
    let chars = 0;
    let bytes = 0;
    const flush = () => {
      if (chunk.length) post({ type: 'rows', rows: chunk, bytes });
      chunk = [];
      chars = 0;
    };
    const rest = await importStreamed(
      e.data.files.map(streamSource),
      (rows) => {
        overview.add(rows);
        for (const row of rows) {
          chunk.push(row);
          chars += rowChars(row);
          if (chars >= CHUNK_CHARS || chunk.length >= CHUNK_ROWS) flush();
        }
      },
      { onBytes: (b) => void (bytes = b), source: e.data.source },
    );
    flush();
    post({ type: 'end', ...rest, overview: overview.result() });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
