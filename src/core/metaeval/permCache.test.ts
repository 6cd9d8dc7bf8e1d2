// PERM-BOTH with a cache kept across pairs (a worker's session) gives permBoth's figures without one: the same
// extreme counts for every pair, grouping and statistic, and a side's array passed with other reviews (other
// human scores) is not taken from the cache.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { permBoth, permCache, swapMasks, type PairInput } from './significance.ts';
import type { Grouping, Statistic } from './grouped.ts';

function data(n: number, metrics: number, seed: number) {
  const r = mulberry32(seed);
  const change = Int32Array.from({ length: n }, (_, i) => Math.floor(i / 4));
  const system = Int32Array.from({ length: n }, (_, i) => i % 4);
  const h = Float64Array.from({ length: n }, () => 1 + Math.floor(r() * 5));
  // Rounded values, so each metric has ties (the kernels' runs of equal values).
  const xs = Array.from({ length: metrics }, (_, m) => Float64Array.from({ length: n }, (_, i) => Math.round((h[i] * (m % 2 ? 1 : -0.3) + r() * 4) * 4) / 4));
  return { change, system, h, xs };
}

describe('permBoth with a PermCache', () => {
  const { change, system, h, xs } = data(160, 4, 3);
  const masks = swapMasks(120, 40, 7);
  const cases: [Grouping, Statistic][] = [
    ['none', 'spearman'],
    ['none', 'kendall'],
    ['none', 'acc_eq'],
    ['none', 'pearson'],
    ['item', 'spearman'],
    ['item', 'acc_eq'],
    ['system', 'pearson'],
    ['system', 'spearman'],
  ];
  for (const [grouping, stat] of cases)
    it(`every pair's count and Δ equal those computed afresh: ${grouping} ${stat}`, () => {
      const cache = permCache();
      let checked = 0;
      // Each pair twice, in both orders and in two ranges (as a pool's workers ask), ε per metric.
      for (let round = 0; round < 2; round++)
        for (let a = 0; a < xs.length; a++)
          for (let b = 0; b < xs.length; b++) {
            if (a === b) continue;
            const input: PairInput = { a: xs[a], b: xs[b], h, change, system, epsA: 0.1 * a, epsB: 0.1 * b };
            const want = permBoth(input, grouping, stat, { masks, from: round * 30, to: 90 + round * 30 });
            const got = permBoth(input, grouping, stat, { masks, from: round * 30, to: 90 + round * 30, cache });
            expect(got).toEqual(want);
            checked++;
          }
      expect(checked).toBe(24);
    });

  it('a side passed with other human scores, changes or systems is computed afresh', () => {
    const cache = permCache();
    const other = Float64Array.from(h, (v, i) => (i % 7 === 0 ? 6 - v : v));
    const shifted = Int32Array.from(change, (c, i) => (i % 2 ? c : (c + 1) % 40));
    for (const [grouping, stat] of cases) {
      const base: PairInput = { a: xs[0], b: xs[1], h, change, system, epsA: 0.2, epsB: 0.1 };
      permBoth(base, grouping, stat, { masks, cache });
      for (const input of [{ ...base, h: other }, { ...base, change: shifted }, { ...base, system: Int32Array.from(system, (s) => s % 2) }, { ...base, h: Float64Array.from(h) }])
        expect(permBoth(input, grouping, stat, { masks, cache })).toEqual(permBoth(input, grouping, stat, { masks }));
    }
  });
});
