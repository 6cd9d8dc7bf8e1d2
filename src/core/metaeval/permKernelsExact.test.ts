// The PERM-BOTH kernels after their rewrite (A's and B's orders merged once per pair and filtered per side;
// acc_eq's ranks over both metrics' values, counted with a pointer per human level when levels are few, with a
// Fenwick tree when they are many) against the statistic computed from scratch on every permuted vector: the
// same doubles, for coarse and continuous human scores, ε from 0 to wider than the scores' spread.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { statistic } from './grouped.ts';
import { pooledAccEq, pooledKendall } from './permKernels.ts';
import { permBoth, swapMasks } from './significance.ts';
import { mixed, zScores } from '../../testing/permBoth.ts';

function sample(n: number, levels: number | null, seed: number) {
  const r = mulberry32(seed);
  const q = Array.from({ length: n }, () => r() * 2 - 1);
  return {
    // A continuous with repeats, B on a coarse grid, so values meet across the two metrics.
    a: Float64Array.from(q, (v, i) => (i % 5 === 0 ? Math.round(v * 4) / 4 : v + (r() - 0.5) * 0.6)),
    b: Float64Array.from(q, (v) => Math.round((v + (r() - 0.5) * 0.8) * 3) / 3),
    h: Float64Array.from(q, (v) => (levels === null ? v + (r() - 0.5) * 0.3 : Math.round(((v + 1) / 2) * (levels - 1)))),
    change: Int32Array.from(q, (_, i) => Math.floor(i / 4)),
    system: Int32Array.from(q, (_, i) => i % 4),
  };
}

describe('PERM-BOTH kernels, exact', () => {
  for (const [name, levels] of [['Likert (5 levels)', 5], ['21 levels', 21], ['continuous human scores', null]] as const)
    it(`acc_eq and Kendall of each side equal the direct computation: ${name}`, () => {
      const { a, b, h, change } = sample(160, levels, levels ?? 99);
      const masks = swapMasks(25, change[change.length - 1] + 1, 4);
      for (const [ea, eb] of [[0, 0], [0.05, 0.4], [3, 0.2]]) {
        const acc = pooledAccEq(a, b, h, ea, eb);
        const kendall = pooledKendall(a, b, h);
        for (const mask of masks) {
          const sw = Uint8Array.from(change, (c) => mask[c]);
          for (const side of [0, 1]) {
            const v = mixed(a, b, sw, side);
            expect(acc(sw, side)).toBe(statistic('acc_eq', v, h, side ? eb : ea));
            expect(kendall(sw, side)).toBe(statistic('kendall', v, h));
          }
        }
      }
    });

  it("permBoth's pooled Spearman p equals the count of extreme permutations computed from scratch", () => {
    const { a, b, h, change, system } = sample(120, 5, 7);
    const masks = swapMasks(60, change[change.length - 1] + 1, 3);
    const [A, B] = [zScores(a).z, zScores(b).z];
    const delta = statistic('spearman', A, h) - statistic('spearman', B, h);
    let extreme = 0;
    for (const mask of masks) {
      const sw = Uint8Array.from(change, (c) => mask[c]);
      const d = statistic('spearman', mixed(A, B, sw, 0), h) - statistic('spearman', mixed(A, B, sw, 1), h);
      if (Math.abs(d) >= Math.abs(delta) - 1e-12) extreme++;
    }
    const got = permBoth({ a, b, h, change, system }, 'none', 'spearman', { masks });
    expect(got.delta).toBe(delta);
    expect(got.extreme).toBe(extreme);
    expect(got.p).toBe(extreme / masks.length);
    // A range of the permutations counts its share: the ranges add up to the whole.
    const parts = [[0, 17], [17, 40], [40, 60]].map(([from, to]) => permBoth({ a, b, h, change, system }, 'none', 'spearman', { masks, from, to }).extreme);
    expect(parts.reduce((s, t) => s + t, 0)).toBe(extreme);
  });
});
