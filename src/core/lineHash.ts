// A fast 53-bit hash of a byte range: the streaming import keeps one per line whose code it leaves in the file, and
// the code read back later must hash the same (a file rewritten in place at the same size and modification time
// reads back without any error from the browser). Not cryptographic: it catches a changed file, not a forger who
// can also write the file. Two 32-bit lanes over little-endian words (MurmurHash3's mixing in one, FNV-1a's
// multiply in the other), each finished with MurmurHash3's avalanche, so one flipped bit changes both.

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hash of `bytes`, as a whole number below 2^53 (exact in a JSON number and a structured clone). */
export function lineHash(bytes: Uint8Array): number {
  let h1 = 0x9747b28c;
  let h2 = 0x811c9dc5;
  const n = bytes.length;
  const whole = n & ~3;
  let i = 0;
  for (; i < whole; i += 4) {
    const w = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    let k = Math.imul(w, C1);
    k = (k << 15) | (k >>> 17);
    h1 ^= Math.imul(k, C2);
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
    h2 = Math.imul(h2 ^ w, 0x01000193);
    h2 ^= h2 >>> 15;
  }
  let t = 0;
  for (let s = 0; i < n; i++, s += 8) t |= bytes[i] << s;
  h1 ^= Math.imul(((Math.imul(t, C1) << 15) | (Math.imul(t, C1) >>> 17)) | 0, C2);
  h2 = Math.imul(h2 ^ t, 0x01000193);
  const a = fmix(h1 ^ n);
  const b = fmix(h2 ^ n ^ a);
  return a * 0x200000 + (b >>> 11);
}
