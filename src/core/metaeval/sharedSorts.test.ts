// The pooled fast paths (one sort of the pair events for every fold's tie calibration; PERM-BOTH's Spearman by
// merging presorted scores) must give exactly the figures of the direct computation.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { statistic } from './grouped.ts';
import { permBoth, swapMasks } from './significance.ts';
import { calibrateFolds, calibrateTies } from './ties.ts';

function tieHeavy(n: number, seed: number) {
  const r = mulberry32(seed);
  const q = Array.from({ length: n }, () => r());
  return {
    x: q.map((v) => Math.round((v + (r() - 0.5) * 0.5) * 6) / 6),
    y: q.map((v) => v + (r() - 0.5) * 0.45),
    h: q.map((v) => Math.round(v * 4) / 4),
    change: q.map((_, i) => Math.floor(i / 7)),
  };
}

describe('shared sorts', () => {
  it('every fold calibration and the in-sample one from one sort equal calibrating each on its own', () => {
    const { x, h, change } = tieHeavy(300, 4);
    const fold = change.map((c) => (c * 7) % 5);
    const shared = calibrateFolds(x, h, fold, 5)!;
    expect(shared).toHaveLength(6);
    expect(shared[5]).toEqual(calibrateTies([{ x, h }])); // in-sample, last
    for (let f = 0; f < 5; f++) {
      const keep = x.map((_, i) => i).filter((i) => fold[i] !== f);
      const own = calibrateTies([{ x: keep.map((i) => x[i]), h: keep.map((i) => h[i]) }]);
      expect(shared[f]).toEqual(own);
    }
    expect(calibrateFolds(x, h, fold, 5, { maxExactPairs: 10 })).toBeNull();
  });

  it('a fold that leaves fewer than two reviews calibrates to ε 0, as calibrateTies does', () => {
    const r = calibrateFolds([0, 1], [0, 1], [0, 1], 2)!;
    expect(r.map((t) => t.eps)).toEqual([0, 0, 0]);
    expect(r[2]).toEqual(calibrateTies([{ x: [0, 1], h: [0, 1] }]));
    expect(r[0]).toEqual(calibrateTies([{ x: [1], h: [1] }]));
  });

  it("pooled PERM-BOTH on Spearman equals re-ranking every permutation's scores", () => {
    const { x, y, h, change } = tieHeavy(250, 9);
    const C = change[change.length - 1] + 1;
    const masks = swapMasks(200, C, 5);
    const got = permBoth({ a: x, b: y, h, change, system: change }, 'none', 'spearman', { masks });
    const z = (v: number[]) => {
      const m = v.reduce((s, t) => s + t, 0) / v.length;
      const sd = Math.sqrt(v.reduce((s, t) => s + (t - m) ** 2, 0) / v.length) || 1;
      return v.map((t) => (t - m) / sd);
    };
    const [za, zb] = [z(x), z(y)];
    const delta = statistic('spearman', za, h) - statistic('spearman', zb, h);
    let extreme = 0;
    for (const mask of masks) {
      const xa = za.map((v, i) => (mask[change[i]] ? zb[i] : v));
      const xb = zb.map((v, i) => (mask[change[i]] ? za[i] : v));
      if (Math.abs(statistic('spearman', xa, h) - statistic('spearman', xb, h)) >= Math.abs(delta) - 1e-12) extreme++;
    }
    expect(got.delta).toBe(delta);
    expect(got.p).toBe(extreme / masks.length);
    expect(got.p).toBeGreaterThan(0.01); // a test where some permutations are extreme and some are not
    expect(got.p).toBeLessThan(0.99);
  });
});
