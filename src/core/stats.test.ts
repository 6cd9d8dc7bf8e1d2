import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { erfc, kendallTauB, rankAverage, regIncBeta, spearman, systemRanking } from './stats.ts';

// Worked example with ties in y: x = [1,2,3,4,5], y = [5,6,7,8,7].
// Spearman: ranks(y) = [1,2,3.5,5,3.5]; centred ranks dx = [-2,-1,0,1,2], dy = [-2,-1,.5,2,.5];
//   Σdxdy = 8, Σdx² = 10, Σdy² = 9.5 → ρ = 8/√95 = 0.8207826816681233.
//   t = ρ√(3/(1−ρ²)) = 8√(3/31) = 2.48868, df = 3 → two-sided p = 0.0885870053 (scipy.stats.spearmanr agrees).
// Kendall τ-b: of 10 pairs, 8 concordant, 1 discordant (x4<x5, y4>y5), 1 tied in y only (y3 = y5):
//   τb = (8−1)/√((10−0)(10−1)) = 7/√90 = 0.7378647873726218.
//   var(S) = (n(n−1)(2n+5) − Σt(t−1)(2t+5))/18 = (300 − 18)/18 = 15.667; z = 7/√15.667 = 1.76852;
//   p = 2·(1 − Φ(z)) = 0.0769742 (scipy.stats.kendalltau(method='asymptotic') gives 0.07697417).
describe('spearman', () => {
  it('matches the hand-computed example with ties', () => {
    const { r, p } = spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expect(r).toBeCloseTo(8 / Math.sqrt(95), 12);
    expect(p).toBeCloseTo(0.0885870053, 8);
  });
  it('is ±1 with p = 0 for monotone data, NaN for constant data', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 400])).toEqual({ r: 1, p: 0 });
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1]).r).toBe(-1);
    const c = spearman([1, 2, 3], [5, 5, 5]);
    expect(Number.isNaN(c.r) && Number.isNaN(c.p)).toBe(true);
  });
  it('rejects unpaired input', () => {
    expect(() => spearman([1, 2], [1])).toThrow(/length/);
  });
});

describe('kendallTauB', () => {
  it('matches the hand-computed example with ties', () => {
    const { r, p } = kendallTauB([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expect(r).toBeCloseTo(7 / Math.sqrt(90), 12);
    expect(p).toBeCloseTo(0.0769742, 6);
  });
  it('equals a brute-force pair count on random data with many ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), {
          minLength: 3,
          maxLength: 40,
        }),
        (pairs) => {
          const x = pairs.map((p) => p[0]);
          const y = pairs.map((p) => p[1]);
          let c = 0;
          let d = 0;
          let tx = 0;
          let ty = 0;
          for (let i = 0; i < x.length; i++)
            for (let j = i + 1; j < x.length; j++) {
              const s = Math.sign(x[i] - x[j]) * Math.sign(y[i] - y[j]);
              if (s > 0) c++;
              else if (s < 0) d++;
              if (x[i] === x[j]) tx++;
              if (y[i] === y[j]) ty++;
            }
          const n0 = (x.length * (x.length - 1)) / 2;
          const expected = (c - d) / Math.sqrt((n0 - tx) * (n0 - ty));
          const { r } = kendallTauB(x, y);
          if (tx === n0 || ty === n0) return Number.isNaN(r);
          return Math.abs(r - expected) < 1e-12;
        },
      ),
    );
  });
});

describe('helpers', () => {
  it('ranks ties by their average rank', () => {
    expect(rankAverage([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });
  it('erfc and the incomplete beta hit textbook values', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1)).toBeCloseTo(0.157299207, 7); // Abramowitz & Stegun table 7.1
    expect(erfc(-1)).toBeCloseTo(1.842700793, 7);
    expect(regIncBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12); // symmetric Beta(2,2)
    expect(regIncBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12); // uniform
  });
});

describe('systemRanking', () => {
  it('correlates per-system means and ignores systems missing on one side', () => {
    const res = systemRanking({ a: 0.1, b: 0.5, c: 0.3, d: 0.9 }, { a: 0.2, b: 0.4, c: 0.6 });
    expect(res.systems).toEqual(['a', 'b', 'c']);
    // metric ranks a<c<b, human ranks a<b<c: ρ = 1 − 6·(0+1+1)/(3·8) = 0.5; τ = (2−1)/3
    expect(res.spearman.r).toBeCloseTo(0.5, 12);
    expect(res.kendall.r).toBeCloseTo(1 / 3, 12);
  });
});
