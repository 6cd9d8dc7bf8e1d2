import { describe, expect, it } from 'vitest';
import { addPngText, crc32 } from './pngText';

describe('PNG tEXt chunk', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
  it('inserts a well-formed chunk right after IHDR', () => {
    // Signature + IHDR (13 data bytes) + IEND, enough for the layout check.
    const sig = [137, 80, 78, 71, 13, 10, 26, 10];
    const ihdr = [0, 0, 0, 13, 73, 72, 68, 82, ...new Array(13).fill(1), 0, 0, 0, 0];
    const iend = [0, 0, 0, 0, 73, 69, 78, 68, 0xae, 0x42, 0x60, 0x82];
    const png = Uint8Array.from([...sig, ...ihdr, ...iend]);
    const out = addPngText(png, 'k', 'v');
    const at = sig.length + ihdr.length;
    const view = new DataView(out.buffer);
    expect(view.getUint32(at)).toBe(3);
    expect(new TextDecoder().decode(out.subarray(at + 4, at + 11))).toBe('tEXtk\u0000v');
    expect(view.getUint32(at + 11)).toBe(crc32(out.subarray(at + 4, at + 11)));
    expect(Array.from(out.subarray(at + 15))).toEqual(iend);
  });
});
