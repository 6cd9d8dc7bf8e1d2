// SHA-256 of a string's UTF-8 bytes, synchronous: the reproducibility signature hashes the claims prompt the same
// way in the browser (where crypto.subtle is asynchronous) and in the CLI. @noble/hashes is audited and pure JS.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of a file's bytes (a human-scored table as read, as `crscore eval --dataset` hashes the file). */
export function sha256BytesHex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}
