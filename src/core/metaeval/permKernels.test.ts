// PERM-BOTH's merge kernels must give, for every permutation, exactly the statistic computed from scratch on the
// permuted scores (sorting them again): the same integer counts, the same doubles.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { groupedStatistic, groupsFor, statistic, type Statistic } from './grouped.ts';
import { pooledAccEq, pooledKendall, systemDiff, systemSides } from './permKernels.ts';
import { permBoth, swapMasks } from './significance.ts';
import { mixed, zScores } from '../../testing/permBoth.ts';

// Coarse scores on a shared grid, so A and B share values and the merges meet ties across the two sides.
function tieHeavy(n: number, seed: number) {
  const r = mulberry32(seed);
  const q = Array.from({ length: n }, () => r());
  return {
    a: Float64Array.from(q, (v) => Math.round((v + (r() - 0.5) * 0.5) * 6) / 6),
    b: Float64Array.from(q, (v) => Math.round((v + (r() - 0.5) * 0.7) * 4) / 4),
    h: Float64Array.from(q, (v) => Math.round(v * 4) / 4),
    change: Int32Array.from(q, (_, i) => Math.floor(i / 7)),
    system: Int32Array.from(q, (_, i) => (i * 5) % 6),
  };
}

describe('PERM-BOTH kernels', () => {
  it('a hand-made case: Kendall and acc_eq of each side of one permutation', () => {
    const a = Float64Array.from([1, 2, 3, 4]);
    const b = Float64Array.from([4, 3, 2, 1]);
    const h = Float64Array.from([0, 1, 1, 2]);
    const sw = Uint8Array.from([0, 0, 1, 1]); // side 0: [1, 2, 2, 1]; side 1: [4, 3, 3, 4]
    // Side 0 vs h [0, 1, 1, 2]: pairs (0,1) +, (0,2) +, (0,3) x-tie, (1,2) both tied, (1,3) −, (2,3) −.
    // τ-b: S = 2 − 2 = 0; acc_eq at ε 0: (0,1), (0,2), (1,2) right of 6 = 0.5.
    expect(pooledKendall(a, b, h)(sw, 0)).toBe(0);
    expect(pooledAccEq(a, b, h, 0, 0)(sw, 0)).toBe(0.5);
    // Side 1 [4, 3, 3, 4]: (0,1) −, (0,2) −, (0,3) x-tie vs h differ: wrong, (1,2) both tied, (1,3) +, (2,3) +:
    // acc_eq 3/6; with ε 1 every metric difference is a tie: only the human tie (1,2) is right: 1/6.
    expect(pooledAccEq(a, b, h, 0, 0)(sw, 1)).toBe(0.5);
    expect(pooledAccEq(a, b, h, 0, 1)(sw, 1)).toBeCloseTo(1 / 6, 15);
  });

  it('pooled Kendall and acc_eq, and every system-level statistic, equal the direct computation on each permutation', () => {
    const { a, b, h, change, system } = tieHeavy(300, 11);
    const masks = swapMasks(40, change[change.length - 1] + 1, 2);
    const kinds: [string, (sw: Uint8Array, side: number) => number, (v: number[], side: number) => number][] = [
      ['kendall', pooledKendall(a, b, h), (v) => statistic('kendall', v, h)],
      ['acc_eq', pooledAccEq(a, b, h, 0.2, 0.25), (v, side) => statistic('acc_eq', v, h, side ? 0.25 : 0.2)],
    ];
    for (const s of ['pearson', 'spearman', 'kendall', 'acc_eq'] as Statistic[])
      kinds.push([`system ${s}`, systemSides(a, b, h, system, s, 0.01, 0.02), (v, side) => groupedStatistic(s, groupsFor('system', v, h, change, system), side ? 0.02 : 0.01)]);
    for (const [name, fast, direct] of kinds)
      for (const mask of masks) {
        const sw = Uint8Array.from(change, (c) => mask[c]);
        for (const side of [0, 1]) expect([name, fast(sw, side)]).toEqual([name, direct(mixed(a, b, sw, side), side)]);
      }
    // Both sides in one pass: the difference of the sides computed from scratch.
    for (const s of ['pearson', 'spearman', 'kendall', 'acc_eq'] as Statistic[]) {
      const diff = systemDiff(a, b, h, system, change, s, 0.01, 0.02);
      const direct = (v: number[], side: number) => groupedStatistic(s, groupsFor('system', v, h, change, system), side ? 0.02 : 0.01);
      for (const mask of masks) {
        const sw = Uint8Array.from(change, (c) => mask[c]);
        expect([s, diff(mask)]).toEqual([s, direct(mixed(a, b, sw, 0), 0) - direct(mixed(a, b, sw, 1), 1)]);
      }
    }
  });

  it("permBoth's p on pooled Kendall and acc_eq equals the count of extreme permutations computed from scratch", () => {
    const { a, b, h, change, system } = tieHeavy(250, 5);
    const masks = swapMasks(150, change[change.length - 1] + 1, 8);
    const [A, B] = [zScores(a), zScores(b)];
    for (const stat of ['kendall', 'acc_eq'] as Statistic[]) {
      const [ea, eb] = stat === 'acc_eq' ? [0.1 / A.sd, 0.3 / B.sd] : [0, 0];
      const delta = statistic(stat, A.z, h, ea) - statistic(stat, B.z, h, eb);
      let extreme = 0;
      for (const mask of masks) {
        const sw = Uint8Array.from(change, (c) => mask[c]);
        const d = statistic(stat, mixed(A.z, B.z, sw, 0), h, ea) - statistic(stat, mixed(A.z, B.z, sw, 1), h, eb);
        if (Math.abs(d) >= Math.abs(delta) - 1e-12) extreme++;
      }
      const got = permBoth({ a, b, h, change, system, epsA: 0.1, epsB: 0.3 }, 'none', stat, { masks });
      expect(got.delta).toBe(delta);
      expect(got.p).toBe(extreme / masks.length);
    }
  });
});
