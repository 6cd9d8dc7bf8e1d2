import { describe, expect, it } from 'vitest';
import { cohenKappa, krippendorffAlpha } from './agreement.ts';

/** Two coders' yes/no codes from a 2×2 table: a = both yes, b = A yes B no, c = A no B yes, d = both no. */
function fromTable(a: number, b: number, c: number, d: number): [string[], string[]] {
  const x: string[] = [];
  const y: string[] = [];
  const put = (k: number, p: string, q: string) => {
    for (let i = 0; i < k; i++) {
      x.push(p);
      y.push(q);
    }
  };
  put(a, 'yes', 'yes');
  put(b, 'yes', 'no');
  put(c, 'no', 'yes');
  put(d, 'no', 'no');
  return [x, y];
}

describe("Cohen's κ", () => {
  it('matches the textbook 2×2 examples', () => {
    // Wikipedia "Cohen's kappa", worked example: 50 grant proposals, κ = 0.4.
    const k = cohenKappa(...fromTable(20, 5, 10, 15));
    expect(k.po).toBeCloseTo(0.7, 12);
    expect(k.pe).toBeCloseTo(0.5, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
    // Same article, "same percentages but different numbers": κ = 0.1304 and 0.2593.
    expect(cohenKappa(...fromTable(45, 15, 25, 15)).kappa).toBeCloseTo(0.1304, 4);
    expect(cohenKappa(...fromTable(25, 35, 5, 35)).kappa).toBeCloseTo(0.2593, 4);
  });

  it('works on more than two codes and leaves out pairs with a missing code', () => {
    const a = [1, 1, 0, -1, 2, 1, null, 0];
    const b = [1, 0, 0, -1, 2, 1, 1, null];
    const k = cohenKappa(a, b);
    expect(k.n).toBe(6);
    // po = 5/6; A: 1×3, 0×1, −1×1, 2×1; B: 1×2, 0×2, −1×1, 2×1 → pe = (6 + 2 + 1 + 1)/36.
    const pe = 10 / 36;
    expect(k.kappa).toBeCloseTo((5 / 6 - pe) / (1 - pe), 12);
  });

  it('is 1 for perfect agreement, NaN when chance agreement is certain or nothing is paired', () => {
    expect(cohenKappa(['a', 'b', 'a'], ['a', 'b', 'a']).kappa).toBe(1);
    expect(cohenKappa(['a', 'a'], ['a', 'a']).kappa).toBeNaN();
    expect(cohenKappa([null], ['a']).n).toBe(0);
    expect(() => cohenKappa(['a'], [])).toThrow();
  });
});

describe("Krippendorff's α", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 coders, 12 units,
  // missing values. Published: nominal 0.743, ordinal 0.815, interval 0.849.
  const n = null;
  const A = [1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n];
  const B = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, 3];
  const C = [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, n];
  const D = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n];
  const units = A.map((_, u) => [A[u], B[u], C[u], D[u]]);

  it('matches the published values for the 4-coder example', () => {
    expect(krippendorffAlpha(units, 'nominal').alpha).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(units, 'ordinal').alpha).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(units, 'interval').alpha).toBeCloseTo(0.849, 3);
    const r = krippendorffAlpha(units, 'ordinal');
    expect(r.units).toBe(11); // unit 12 has a single value
    expect(r.n).toBe(40);
  });

  it('matches the published two-coder binary example (α = 0.095)', () => {
    // Same paper, section A: 2 coders, 10 units, binary.
    const a = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0];
    const b = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0];
    expect(krippendorffAlpha(a.map((x, i) => [x, b[i]]), 'nominal').alpha).toBeCloseTo(0.095, 3);
  });

  it('ordinal α depends on the ranks only, not on the spacing of the values', () => {
    const squash = (v: number | null) => (v === null ? null : v === 5 ? 50 : v);
    const moved = units.map((u) => u.map(squash));
    expect(krippendorffAlpha(moved, 'ordinal').alpha).toBeCloseTo(krippendorffAlpha(units, 'ordinal').alpha, 12);
    expect(krippendorffAlpha(moved, 'interval').alpha).not.toBeCloseTo(krippendorffAlpha(units, 'interval').alpha, 3);
  });

  it('is 1 for perfect agreement and NaN when undefined', () => {
    expect(krippendorffAlpha([[1, 1], [2, 2], [3, 3]], 'ordinal').alpha).toBe(1);
    expect(krippendorffAlpha([[2, 2], [2, 2]], 'ordinal').alpha).toBeNaN(); // no variation at all
    expect(krippendorffAlpha([[1, null], [null, 2]], 'ordinal').alpha).toBeNaN(); // nothing pairable
  });
});
