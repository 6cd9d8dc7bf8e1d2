// The entries of a ZIP archive (an XLSX workbook is one), each read under a cap on its uncompressed size: the size
// its central directory declares is checked before a byte is inflated, and the bytes that come out are counted as
// they come (a header may lie), so a 2.7 KB bomb cannot fill the memory of the tab or the CLI. The central directory
// is read here; fflate's streaming Inflate decompresses, fed small chunks so that no single step yields more than
// about a megabyte per KB of input. Pure.
import { Inflate } from 'fflate';

/** No entry of a workbook this app reads is larger uncompressed (a sheet of 100,000 reviews with their code is ~60 MB). */
export const MAX_ENTRY_BYTES = 96 * 1024 * 1024;
/** All the entries read from one archive together. */
export const MAX_ARCHIVE_BYTES = 160 * 1024 * 1024;

export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** As the central directory declares it. */
  size: number;
  localOffset: number;
}

const mib = (n: number) => `${Math.round(n / 1048576)} MB`;

/** The archive's entries by name, from its central directory; throws ZipError when it is not a ZIP this reads. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw new ZipError('no ZIP central directory (not an XLSX file, or a truncated one)');
  const count = view.getUint16(end + 10, true);
  const cdSize = view.getUint32(end + 12, true);
  const cdOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError('a ZIP64 archive (over 4 GB or 65,535 entries): not a workbook this app reads');
  if (cdOffset + cdSize > end) throw new ZipError('the ZIP central directory lies outside the file');
  const out = new Map<string, ZipEntry>();
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > end || view.getUint32(p, true) !== 0x02014b50) throw new ZipError('a damaged ZIP central directory');
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (flags & 1) throw new ZipError(`${name} is encrypted: save the workbook without a password`);
    out.set(name, { name, method, compressedSize, size, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** A reader of the archive's entries that stops any entry past `maxEntry` and all of them past `maxTotal`. */
export function zipReader(bytes: Uint8Array, maxEntry = MAX_ENTRY_BYTES, maxTotal = MAX_ARCHIVE_BYTES) {
  const entries = zipEntries(bytes);
  let total = 0;
  const read = (name: string): Uint8Array | null => {
    const e = entries.get(name);
    if (!e) return null;
    if (e.size > maxEntry) throw new ZipError(`${name} declares ${mib(e.size)} uncompressed, more than the ${mib(maxEntry)} this app reads from one part of a workbook`);
    if (total + e.size > maxTotal) throw new ZipError(`the workbook's parts declare more than the ${mib(maxTotal)} this app reads from one workbook`);
    const data = entryData(bytes, e);
    const cap = Math.min(e.size, maxEntry, maxTotal - total);
    const out = e.method === 0 ? stored(data, e, cap) : e.method === 8 ? inflate(data, e, cap, maxEntry) : null;
    if (!out) throw new ZipError(`${name} uses ZIP compression method ${e.method}, which this app does not read`);
    if (out.length !== e.size) throw new ZipError(`${name} holds ${out.length} bytes, but its header says ${e.size}: a damaged archive`);
    total += out.length;
    return out;
  };
  return { names: [...entries.keys()], read };
}

function entryData(bytes: Uint8Array, e: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const p = e.localOffset;
  if (p + 30 > bytes.length || view.getUint32(p, true) !== 0x04034b50) throw new ZipError(`${e.name}: a damaged ZIP entry`);
  const start = p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
  if (start + e.compressedSize > bytes.length) throw new ZipError(`${e.name}: the ZIP entry runs past the end of the file`);
  return bytes.subarray(start, start + e.compressedSize);
}

function stored(data: Uint8Array, e: ZipEntry, cap: number): Uint8Array {
  if (data.length > cap) throw tooBig(e, cap);
  return data.slice();
}

const tooBig = (e: ZipEntry, cap: number) =>
  new ZipError(`${e.name} inflates past ${cap < e.size ? mib(cap) : `the ${e.size} bytes its header declares`}: a ZIP bomb or a damaged workbook, not read`);

/** Inflated 16 KB of input at a time, the output counted as it comes, stopped past `cap`. */
function inflate(data: Uint8Array, e: ZipEntry, cap: number, maxEntry: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inf = new Inflate((chunk) => {
    size += chunk.length;
    if (size > cap) throw tooBig(e, Math.min(cap, maxEntry));
    chunks.push(chunk);
  });
  try {
    const step = 16 * 1024;
    for (let i = 0; i < data.length || i === 0; i += step) inf.push(data.subarray(i, i + step), i + step >= data.length);
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError(`${e.name}: not valid DEFLATE data (${(err as Error).message})`);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
