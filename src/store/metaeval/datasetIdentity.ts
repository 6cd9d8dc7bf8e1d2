// The dataset a signature names: its file name, its rows and the SHA-256 of the file's bytes, as
// `crscore eval` computes them from the file (a small file the page read as text hashes its UTF-8, the same bytes
// for a UTF-8 file; a human-scored table, its table's rows and the bytes hashed when it was read). Hashed once
// per dataset, off the signature's path: computing it reads a large file in slices, and hashes them 256 kB at a
// time with a yield to the page between (20,000 reviews are 7 MB: one piece held the page's thread for 0.3–0.4 s).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { DatasetIdentity } from '../../core/metaeval/signature';
import { isBlobFile, type DatasetFile } from '../dataset/datasetFile';
import { researchDatasetFiles, useResearch } from '../research/research';

const SLICE = 8 << 20;
const PIECE = 256 << 10;
let memo: { files: readonly DatasetFile[]; hash: Promise<string> } | null = null;

const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

async function hashFiles(files: readonly DatasetFile[]): Promise<string> {
  const h = sha256.create();
  const update = async (bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length; at += PIECE) {
      h.update(bytes.subarray(at, at + PIECE));
      await breathe();
    }
  };
  for (const f of files) {
    if (!isBlobFile(f)) await update(utf8ToBytes(f.text));
    else for (let at = 0; at < f.blob.size; at += SLICE) await update(new Uint8Array(await f.blob.slice(at, at + SLICE).arrayBuffer()));
  }
  return bytesToHex(h.digest());
}

/** The dataset on screen (null before one is imported); its hash is null where the files cannot be read. */
export async function datasetIdentity(): Promise<DatasetIdentity | null> {
  const st = useResearch.getState();
  const files = researchDatasetFiles();
  if (!st.datasetName || !st.imported) return null;
  // A human-scored table: its own rows and the file's hash, taken when it was read (the bridged rows are reviews).
  if (st.human) return { name: st.datasetName, rows: st.human.file.rows, sha256: st.human.file.sha256 };
  if (memo?.files !== files) memo = { files, hash: hashFiles(files) };
  const hash = await memo.hash.catch(() => null);
  return { name: st.datasetName, rows: st.imported.rows.length, sha256: files.length ? hash : null };
}
