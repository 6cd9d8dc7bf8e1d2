// acc_eq's counts with whole weights (a resample's draws) and few human levels, which add up the lower levels per
// metric rank instead of in a Fenwick tree: every count is the exact integer of the expanded sample's pairs, so
// the figures are those of the tree; many levels or fractional weights keep the tree.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { accCounts, accEq, accKernel, accPlan, TIE_SLACK } from './pairwise.ts';

/** Right pairs of the sample where review i appears w[i] times, pair by pair. */
function naiveRight(x: number[], h: number[], w: number[], eps: number): number {
  const ex: number[] = [], eh: number[] = [];
  x.forEach((v, i) => {
    for (let k = 0; k < w[i]; k++) {
      ex.push(v);
      eh.push(h[i]);
    }
  });
  let right = 0;
  for (let i = 0; i < ex.length; i++)
    for (let j = i + 1; j < ex.length; j++) {
      const dx = ex[j] - ex[i], dh = eh[j] - eh[i];
      const tie = Math.abs(dx) <= eps + TIE_SLACK;
      if (dh === 0 ? tie : !tie && dx > 0 === dh > 0) right++;
    }
  return right;
}

describe('acc_eq counts with whole weights', () => {
  for (const [name, levels] of [['5 human levels', 5], ['16 levels', 16], ['40 levels (the tree)', 40]] as const)
    it(`equal the pair-by-pair count of the expanded sample: ${name}`, () => {
      const r = mulberry32(levels);
      const n = 90;
      const x = Array.from({ length: n }, (_, i) => (i % 4 === 0 ? Math.round(r() * 6) / 6 : r()));
      const h = Array.from({ length: n }, () => Math.floor(r() * levels));
      const p = accPlan(x, h);
      for (const eps of [0, 0.05, 1 / 6, 0.7]) {
        const w = Array.from({ length: n }, () => Math.floor(r() * 3));
        const got = accCounts(p, eps, w);
        expect(got.right).toBe(naiveRight(x, h, w, eps));
        expect(accCounts(p, accKernel(p, eps)).right).toBe(naiveRight(x, h, x.map(() => 1), eps));
      }
    });
});

describe('acc_eq of a few reviews, pair by pair', () => {
  it("equals the plan's count, values on a grid that meets ε exactly included", () => {
    const r = mulberry32(11);
    for (let t = 0; t < 3000; t++) {
      const n = 2 + Math.floor(r() * 15);
      const grid = [0.1, 0.25, 1 / 3, 0][t % 4];
      const x = Array.from({ length: n }, () => (grid ? Math.round(r() * 6) * grid : r()));
      const h = Array.from({ length: n }, () => Math.floor(r() * 3) / 2);
      const eps = [0, 0.1, 0.2, 0.25, 1 / 3, 0.3][t % 6];
      const { right, pairs } = accCounts(accPlan(x, h), eps);
      expect(accEq(x, h, eps)).toBe(right / pairs);
    }
    // Where "x below the other minus ε" and "the difference above ε" round apart, the plan's form decides.
    for (const [lo, hi, eps] of [[0.37368407369068457, 0.5736840736916846, 0.2], [0.04028929275799751, 0.2902892927589975, 0.25]]) {
      const { right, pairs } = accCounts(accPlan([lo, hi], [0, 1]), eps);
      expect(accEq([lo, hi], [0, 1], eps)).toBe(right / pairs);
      expect(accEq([hi, lo], [1, 0], eps)).toBe(right / pairs);
    }
    expect(accEq([1], [1])).toBeNaN();
  });
});
