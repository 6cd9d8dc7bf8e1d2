// chrF's character n-grams are code points, as Python slices a str: counted from one scan of the text (code-point
// offsets), they are those of Array.from's code points. Checked against that definition on texts with surrogate
// pairs, lone surrogates and whitespace, through chrf, chrfPlusPlus and chrfBoth.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { chrf, chrfBoth, chrfPlusPlus, chrfSide } from './chrf.ts';

/** Character n-gram counts by definition: Array.from's code points, whitespace removed. */
function grams(text: string, n: number): Map<string, number> {
  const cs = Array.from(text.split(/\s+/).join(''));
  const m = new Map<string, number>();
  for (let i = 0; i + n <= cs.length; i++) {
    const g = cs.slice(i, i + n).join('');
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

const PIECES = ['a', 'b', 'ab', ' ', '  ', '\t', 'é', '😀', '𝒳', '\ud800', '\udc00', 'x\ud83d', '.', ',', 'Zz', '\n'];

function text(r: () => number): string {
  let t = '';
  const n = Math.floor(r() * 30);
  for (let i = 0; i < n; i++) t += PIECES[Math.floor(r() * PIECES.length)];
  return t;
}

describe('chrF character n-grams', () => {
  it("are Array.from's code-point n-grams, every order", () => {
    const r = mulberry32(11);
    for (let k = 0; k < 300; k++) {
      const t = text(r);
      const side = chrfSide(t, 6, 0);
      for (let n = 1; n <= 6; n++) {
        expect([...side.chars[n - 1]].sort()).toEqual([...grams(t, n)].sort());
        expect(side.charTotals[n - 1]).toBe([...grams(t, n).values()].reduce((a, b) => a + b, 0));
      }
    }
  });

  it('chrf, chrfPlusPlus and chrfBoth agree on such texts', () => {
    const r = mulberry32(12);
    for (let k = 0; k < 200; k++) {
      const [ref, cand] = [text(r), text(r)];
      const both = chrfBoth(chrfSide(ref, 6, 2), cand);
      expect(both.chrf).toBe(chrf(ref, cand));
      expect(both.chrfpp).toBe(chrfPlusPlus(ref, cand));
    }
  });
});
