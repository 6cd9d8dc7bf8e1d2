// The pooled Spearman kernel of PERM-BOTH (sums per run of tied values) against Spearman computed from scratch on
// every permuted vector: the same doubles, with ties within and across the two metrics and in the humans' scores.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { mean, rankAverage } from '../stats.ts';
import { statistic } from './grouped.ts';
import { pooledSpearmanDiff } from './permSpearman.ts';
import { swapMasks } from './significance.ts';
import { mixed } from '../../testing/permBoth.ts';

function sample(n: number, grid: number | null, seed: number) {
  const r = mulberry32(seed);
  const q = Array.from({ length: n }, () => r() * 2 - 1);
  const coarse = (v: number) => (grid === null ? v : Math.round(v * grid) / grid);
  return {
    a: Float64Array.from(q, (v, i) => (i % 3 === 0 ? Math.round(v * 2) / 2 : coarse(v + (r() - 0.5) * 0.6))),
    b: Float64Array.from(q, (v) => coarse(v + (r() - 0.5) * 0.8)),
    h: Float64Array.from(q, (v) => Math.round(((v + 1) / 2) * 4)),
    change: Int32Array.from(q, (_, i) => Math.floor(i / 4)),
  };
}

describe('pooled Spearman of PERM-BOTH, per run of ties', () => {
  for (const [name, grid, n] of [['continuous scores', null, 203], ['scores on a coarse grid (long runs of ties)', 3, 160], ['a finer grid', 20, 97], ['two reviews', null, 2]] as const)
    it(`each permutation's difference equals the direct computation: ${name}`, () => {
      const { a, b, h, change } = sample(n, grid, n);
      const rh = Float64Array.from(rankAverage(Array.from(h)));
      const diff = pooledSpearmanDiff(a, b, rh, mean(Array.from(rh)), change);
      expect(diff).not.toBeNull();
      for (const mask of swapMasks(40, change[change.length - 1] + 1, 5)) {
        const sw = Uint8Array.from(change, (c) => mask[c]);
        const direct = statistic('spearman', mixed(a, b, sw, 0), h) - statistic('spearman', mixed(a, b, sw, 1), h);
        expect(Object.is(diff!(mask), direct) || (Number.isNaN(direct) && Number.isNaN(diff!(mask)))).toBe(true);
      }
    });

  it('declines (null) where the mean human rank is not (n + 1)/2, so the sums would not be the ranks', () => {
    const { a, b, h, change } = sample(20, null, 3);
    expect(pooledSpearmanDiff(a, b, Float64Array.from(h), mean(Array.from(h)), change)).toBeNull();
  });
});
