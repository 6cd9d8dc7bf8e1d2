import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineHash } from './lineHash';

describe('lineHash', () => {
  it('is a whole number below 2^53, the same for the same bytes wherever they sit in a buffer', () => {
    const bytes = new TextEncoder().encode('{"old_code": "# Public API"}');
    const h = lineHash(bytes);
    expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
    for (let off = 0; off < 4; off++) {
      const buf = new Uint8Array(bytes.length + 8);
      buf.set(bytes, off);
      expect(lineHash(buf.subarray(off, off + bytes.length))).toBe(h);
    }
  });

  it('changes when any one byte changes, or a byte is added', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 300 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (b, at, flip) => {
        const h = lineHash(b);
        expect(lineHash(Uint8Array.from([...b, 0]))).not.toBe(h);
        if (!b.length) return;
        const c = Uint8Array.from(b);
        c[at % b.length] ^= flip;
        expect(lineHash(c)).not.toBe(h);
      }),
      { numRuns: 2000 },
    );
  });
});
