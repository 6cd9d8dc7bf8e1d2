import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { accEq, accPlan, weightedAccEq } from './pairwise.ts';
import { calibrateTies, groupedAccEq } from './ties.ts';
import { groupedStatistic, groupsFor, pairwiseAccuracy, statistic } from './grouped.ts';
import { permBoth, significanceClusters, bootstrapP } from './significance.ts';
import { pairP, softPairwiseAccuracy } from './spa.ts';

/** acc_eq by its definition, over every pair. */
function naiveAcc(x: number[], h: number[], eps: number): number {
  let right = 0, all = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      const dm = x[j] - x[i];
      const sm = Math.abs(dm) <= eps + 1e-12 ? 0 : Math.sign(dm);
      if (sm === Math.sign(h[j] - h[i])) right++;
      all++;
    }
  return right / all;
}

const tied = (n: number, seed: number, levels: number) => {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => Math.floor(r() * levels) / levels);
};

describe('acc_eq', () => {
  it('counts pairs as the definition does, by hand', () => {
    // (0,1): metric 0.1 apart, humans tie; (0,2) and (1,2): both ordered as the humans order them.
    const x = [0, 0.1, 1];
    const h = [0, 0, 1];
    expect(accEq(x, h, 0)).toBeCloseTo(2 / 3, 12);
    expect(accEq(x, h, 0.1)).toBe(1);
    expect(accEq(x, h, 0.9)).toBeCloseTo(2 / 3, 12);
    expect(accEq(x, h, 1)).toBeCloseTo(1 / 3, 12);
    expect(accEq([1], [1], 0)).toBeNaN();
  });

  it('equals the O(n²) definition on tie-heavy data for several ε', () => {
    for (const seed of [1, 2, 3]) {
      const x = tied(150, seed, 7);
      const h = tied(150, seed + 10, 5);
      for (const eps of [0, 1 / 7, 0.2, 3 / 7, 1]) expect(accEq(x, h, eps)).toBeCloseTo(naiveAcc(x, h, eps), 12);
    }
  });

  it('weighted by resample counts equals acc_eq of the expanded sample', () => {
    const x = tied(40, 5, 4);
    const h = tied(40, 6, 3);
    const r = mulberry32(9);
    const w = x.map(() => Math.floor(r() * 3));
    const ex: number[] = [], eh: number[] = [];
    w.forEach((k, i) => {
      for (let t = 0; t < k; t++) {
        ex.push(x[i]);
        eh.push(h[i]);
      }
    });
    for (const eps of [0, 0.25, 0.5]) expect(weightedAccEq(accPlan(x, h), w, eps)).toBeCloseTo(naiveAcc(ex, eh, eps), 12);
  });
});

describe('tie calibration', () => {
  it('finds the ε that maximises acc_eq, by hand', () => {
    const t = calibrateTies([{ x: [0, 0.1, 1], h: [0, 0, 1] }]);
    expect(t.eps).toBeCloseTo(0.1, 12);
    expect(t.acc).toBe(1);
    expect(t.accAtZero).toBeCloseTo(2 / 3, 12);
    expect(t.method).toBe('exact');
  });

  it('maximises the mean over groups when grouped by item', () => {
    // Group 1 is best at ε 0.1 (acc 1); group 2 prefers ε 0 (acc 1, falling to 1/3 at 0.1): the mean decides.
    const groups = [{ x: [0, 0.1, 1], h: [0, 0, 1] }, { x: [0, 0.1, 0.2], h: [0, 0.5, 1] }];
    const t = calibrateTies(groups);
    const best = Math.max(...[0, 0.1, 0.2, 0.9, 1].map((e) => groupedAccEq(groups, e)));
    expect(t.acc).toBeCloseTo(best, 12);
    expect(groupedAccEq(groups, t.eps)).toBeCloseTo(t.acc, 12);
  });

  it('the candidate search (for very many pairs) lands near the exact optimum, and its acc_eq is exact', () => {
    const x = tied(600, 11, 40);
    const h = x.map((v, i) => Math.round((v + tied(600, 12, 10)[i]) * 2) / 2);
    const exact = calibrateTies([{ x, h }]);
    const approx = calibrateTies([{ x, h }], { maxExactPairs: 0 });
    expect(approx.method).toBe('candidates');
    expect(approx.acc).toBeCloseTo(accEq(x, h, approx.eps), 12);
    expect(approx.acc).toBeLessThanOrEqual(exact.acc + 1e-12);
    expect(exact.acc - approx.acc).toBeLessThan(0.005);
  });
});

describe('groupings', () => {
  const change = [0, 0, 0, 1, 1, 1, 2, 2, 2];
  const system = [0, 1, 2, 0, 1, 2, 0, 1, 2];
  const h = [0, 0.5, 1, 0, 0.5, 1, 0, 0.5, 1];
  const x = [1, 2, 3, 3, 2, 1, 5, 5, 5];

  it('item: per change, then the mean, skipping a constant change', () => {
    const g = groupsFor('item', x, h, change, system);
    expect(g).toHaveLength(3);
    expect(statistic('spearman', g[2].x, g[2].h)).toBeNaN();
    expect(groupedStatistic('spearman', g)).toBeCloseTo(0, 12); // (1 + −1) / 2
    expect(groupedStatistic('kendall', g)).toBeCloseTo(0, 12);
  });

  it('system: means per system, then one statistic', () => {
    const g = groupsFor('system', x, h, change, system);
    expect(g).toHaveLength(1);
    expect(Array.from(g[0].x)).toEqual([3, 3, 3]); // (1+3+5)/3, (2+2+5)/3, (3+1+5)/3
    expect(groupedStatistic('pearson', g)).toBeNaN();
  });

  it('none: one pooled statistic', () => {
    expect(groupedStatistic('pearson', groupsFor('none', x, h, change, system))).toBeCloseTo(statistic('pearson', x, h), 12);
  });

  it('system-level pairwise accuracy, by hand', () => {
    expect(pairwiseAccuracy([1, 2, 3], [1, 3, 2])).toBeCloseTo(2 / 3, 12);
  });
});

describe('PERM-BOTH', () => {
  // Two changes of three reviews. Kendall per change: A = (1, 1), B = (−1, 1/3). Over the four swap masks the
  // difference of the mean is 4/3, −2/3, 2/3, −4/3: two of four reach the observed 4/3.
  const input = {
    a: [1, 2, 3, 1, 2, 3],
    b: [3, 2, 1, 1, 3, 2],
    h: [0, 0.5, 1, 0, 0.5, 1],
    change: [0, 0, 0, 1, 1, 1],
    system: [0, 1, 2, 0, 1, 2],
  };
  const masks = [[0, 0], [1, 0], [0, 1], [1, 1]].map((m) => Uint8Array.from(m));

  it('gives the hand-computed p over every mask (item grouping)', () => {
    const r = permBoth(input, 'item', 'kendall', { masks });
    expect(r.delta).toBeCloseTo(4 / 3, 12);
    expect(r.p).toBe(0.5);
  });

  it('the same through the general path (pooled statistic of the swapped vectors)', () => {
    const r = permBoth(input, 'none', 'kendall', { masks });
    const swapped = (m: number[]) => {
      const xa = input.a.map((v, i) => (m[input.change[i]] ? input.b[i] : v));
      const xb = input.b.map((v, i) => (m[input.change[i]] ? input.a[i] : v));
      return statistic('kendall', xa, input.h) - statistic('kendall', xb, input.h);
    };
    const obs = swapped([0, 0]);
    const k = [[0, 0], [1, 0], [0, 1], [1, 1]].filter((m) => Math.abs(swapped(m)) >= Math.abs(obs) - 1e-12).length;
    expect(r.delta).toBeCloseTo(obs, 12);
    expect(r.p).toBe(k / 4);
  });

  it('a metric against itself differs by 0, p = 1', () => {
    const r = permBoth({ ...input, b: input.a }, 'none', 'spearman', { resamples: 50, seed: 3 });
    expect(r.delta).toBe(0);
    expect(r.p).toBe(1);
  });

  it('bootstrap p: centred differences at least as far as the observed one', () => {
    expect(bootstrapP(0.1, [0.1, 0.2, 0.0, 0.3, 0.1])).toBe(3 / 5); // |d − 0.1| ≥ 0.1 for 0.2, 0.0, 0.3
  });
});

describe('significance clusters', () => {
  it('opens a cluster where the next metric is worse than every metric of the current one', () => {
    const sig = new Set(['0,2', '1,2', '0,3', '1,3', '2,3']);
    expect(significanceClusters(4, (a, b) => sig.has(`${a},${b}`))).toEqual([1, 1, 2, 3]);
    sig.delete('2,3');
    expect(significanceClusters(4, (a, b) => sig.has(`${a},${b}`))).toEqual([1, 1, 2, 2]);
    sig.delete('1,2');
    expect(significanceClusters(4, (a, b) => sig.has(`${a},${b}`))).toEqual([1, 1, 1, 1]); // 3 ties with 2, so it stays
  });
});

describe('soft pairwise accuracy', () => {
  const masks = [[0, 0], [1, 0], [0, 1], [1, 1]].map((m) => Uint8Array.from(m));
  it('one-sided permutation p, by hand', () => {
    expect(pairP(Float64Array.of(1, 1), Float64Array.of(0, 0), masks)).toBe(0.25);
    expect(pairP(Float64Array.of(0, 0), Float64Array.of(1, 1), masks)).toBe(1);
  });
  it('1 when the metric is as sure as the humans, 1 − |p_m − p_h| otherwise', () => {
    const xa = Float64Array.of(1, 1), xb = Float64Array.of(0, 0);
    expect(softPairwiseAccuracy([xa, xb], [xa, xb], { masks })).toBe(1);
    expect(softPairwiseAccuracy([xa, xb], [xb, xa], { masks })).toBe(0.25);
  });
});

describe('radix sort of the pair differences', () => {
  it('sorts non-negative doubles as the comparison sort does', async () => {
    const { radixSortNonNegative } = await import('./ties.ts');
    const r = mulberry32(4);
    const a = Float64Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? 0 : i % 5 === 0 ? 1 / 3 : r() * 10 ** Math.floor(r() * 6 - 3)));
    expect(Array.from(radixSortNonNegative(a.slice()))).toEqual(Array.from(a.slice().sort()));
  });
});

describe('cross-validated acc_eq', () => {
  it('fits ε on the other folds and judges the held-out one: a perfect metric stays perfect', async () => {
    const { crossValidated } = await import('./crossval.ts');
    const h = Float64Array.from({ length: 40 }, (_, i) => (i % 5) / 4);
    const change = Int32Array.from({ length: 40 }, (_, i) => Math.floor(i / 4));
    const system = Int32Array.from({ length: 40 }, (_, i) => i % 4);
    const r = crossValidated({ x: h, h, change, system }, 'item', 5, 1);
    expect(r.epsCv).toEqual([0, 0, 0, 0, 0]);
    expect(r.accCv).toBe(1);
    // A metric that only ever ties scores the held-out folds' share of human ties.
    const flat = crossValidated({ x: new Float64Array(40), h, change, system }, 'none', 5, 1);
    expect(flat.accCv).toBeGreaterThan(0);
    expect(flat.accCv).toBeLessThan(0.5);
  });
});
