// A Research dataset file as the page holds, hands to the import worker and saves it: its text (small files), or
// its unread bytes (large ones: a File from the picker, or the Blob IndexedDB gave back), decoded only in the worker.
import type { ImportFile } from '../../core/importers/index';
import { readTextFile } from '../../core/inputRules';
import { HEAD_CHARS, type StreamSource } from '../../core/importers/stream';

/** A file not read yet: its bytes (a File from the picker, or a Blob IndexedDB gave back), decoded as UTF-8. */
export interface BlobFile {
  name: string;
  blob: Blob;
}
/** A dataset file as the Research view holds and saves it: its text, or (large files) its unread bytes. */
export type DatasetFile = ImportFile | BlobFile;

export const isBlobFile = (f: DatasetFile): f is BlobFile => 'blob' in f;
/** Its size: characters of a text, bytes of a Blob (at least its characters once decoded). */
export const sizeOf = (f: DatasetFile): number => (isBlobFile(f) ? f.blob.size : f.text.length);
/** Its text (a Blob's is decoded as File.text() does: UTF-8, a BOM dropped, bad bytes replaced and their lines
 *  listed, so that the import names them as bad rows). */
export const textOf = async (f: DatasetFile): Promise<ImportFile> => (isBlobFile(f) ? decodeBlob(f.name, f.blob) : f);

/** Under the app's input rules (inputRules.ts): UTF-16 or a binary file is refused whole, as the CLI refuses it. */
export const decodeBlob = async (name: string, blob: Blob): Promise<ImportFile> => {
  const r = readTextFile(name, new Uint8Array(await blob.arrayBuffer()));
  return r.file ?? { name, text: '', refused: `${name} ${r.problem}` };
};


/** The file as the streaming import reads it: a Blob's bytes in the stream's chunks; a text read whole. */
export function streamSource(f: DatasetFile): StreamSource {
  if (!isBlobFile(f)) return { name: f.name, head: async () => f.text.slice(0, HEAD_CHARS), text: async () => f };
  return { name: f.name, head: () => f.blob.slice(0, HEAD_CHARS).text(), text: () => decodeBlob(f.name, f.blob), bytes: () => blobChunks(f.blob) };
}

async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  // A reader loop rather than `for await` over the stream: Safari's ReadableStream is not async-iterable.
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}
