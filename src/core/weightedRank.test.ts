import { describe, expect, it } from 'vitest';
import { mulberry32 } from './bootstrap.ts';
import { kendallTauB, spearman } from './stats.ts';
import { corrPlan, corrScratch, rankPlan, resampleCorrelations, reviewRuns, weightedKendall, weightedSpearman } from './weightedRank.ts';

/** The sample where index i appears w[i] times, built out in full. */
function expand(x: number[], y: number[], w: number[]) {
  const ex: number[] = [];
  const ey: number[] = [];
  w.forEach((c, i) => {
    for (let t = 0; t < c; t++) {
      ex.push(x[i]);
      ey.push(y[i]);
    }
  });
  return { ex, ey };
}

describe('weighted rank correlations equal the expanded sample', () => {
  it('on random data with many ties and random repeat counts', () => {
    const rng = mulberry32(99);
    for (let trial = 0; trial < 200; trial++) {
      const n = 2 + Math.floor(rng() * 40);
      const x = Array.from({ length: n }, () => Math.floor(rng() * 6) / 5);
      const y = Array.from({ length: n }, () => (rng() < 0.5 ? Math.floor(rng() * 5) / 4 : rng()));
      const w = Array.from({ length: n }, () => Math.floor(rng() * 3));
      const { ex, ey } = expand(x, y, w);
      const p = rankPlan(x, y);
      const s = weightedSpearman(p, w);
      const k = weightedKendall(p, w);
      const rs = ex.length >= 2 ? spearman(ex, ey).r : NaN;
      const rk = ex.length >= 2 ? kendallTauB(ex, ey).r : NaN;
      if (Number.isNaN(rs)) expect(s).toBeNaN();
      else expect(s).toBeCloseTo(rs, 12);
      if (Number.isNaN(rk)) expect(k).toBeNaN();
      else expect(k).toBeCloseTo(rk, 12);
    }
  });

  it('with every count 1, the plain correlations; a known case by hand', () => {
    const x = [1, 2, 3, 4, 5];
    const y = [2, 1, 4, 3, 5];
    // d = [1, 1, 1, 1, 0] → ρ = 1 − 6·4 / (5·24) = 0.8; Kendall: 8 concordant, 2 discordant → 0.6.
    const p = rankPlan(x, y);
    expect(weightedSpearman(p, [1, 1, 1, 1, 1])).toBeCloseTo(0.8, 12);
    expect(weightedKendall(p, [1, 1, 1, 1, 1])).toBeCloseTo(0.6, 12);
    // Dropping the two swapped pairs' first members leaves a perfectly ordered sample.
    expect(weightedKendall(p, [0, 1, 0, 1, 1])).toBeCloseTo(1, 12);
    expect(weightedSpearman(p, [0, 0, 0, 0, 3])).toBeNaN();
  });
});

describe('resampleCorrelations (the bootstrap fast path)', () => {
  it('gives weightedSpearman and weightedKendall bit for bit, with ties, zero weights and constant samples', () => {
    const rng = mulberry32(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(rng() * 300);
      const kinds = Math.floor(rng() * 4);
      const x = Array.from({ length: n }, () => (kinds === 0 ? rng() : Math.floor(rng() * (2 + kinds * 3)) / 7));
      const y = Array.from({ length: n }, () => (trial % 17 === 0 ? 0.5 : Math.floor(rng() * 5) / 4));
      const p = rankPlan(x, y);
      const c = corrPlan(x, y);
      const s = corrScratch(c);
      const out = new Float64Array(2);
      for (let r = 0; r < 5; r++) {
        const w = Array.from({ length: n }, () => Math.floor(rng() * rng() * 4));
        resampleCorrelations(c, w, s, out, 0);
        expect(Object.is(out[0], weightedSpearman(p, w)) || out[0] === weightedSpearman(p, w)).toBe(true);
        expect(Object.is(out[1], weightedKendall(p, w)) || out[1] === weightedKendall(p, w)).toBe(true);
      }
    }
  });

  it('with runs of one cluster, per-cluster weights give the per-review path bit for bit (contiguous or not)', () => {
    const rng = mulberry32(11);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rng() * 300);
      const clusters = 1 + Math.floor(rng() * 40);
      // Contiguous changes in order, as a dataset's rows, or reviews scattered over the changes.
      const clusterOf = Int32Array.from({ length: n }, (_, i) => (trial % 2 ? Math.floor((i * clusters) / n) : Math.floor(rng() * clusters)));
      const x = Array.from({ length: n }, () => (trial % 3 ? rng() : Math.floor(rng() * 5) / 4));
      const y = Array.from({ length: n }, () => Math.floor(rng() * 5) / 4);
      const c = corrPlan(x, y);
      const runs = reviewRuns(clusterOf);
      expect(runs.start[runs.start.length - 1]).toBe(n);
      if (trial % 2) expect(runs.cluster.length).toBeLessThanOrEqual(clusters);
      const perCluster = new Float64Array(2);
      const perReview = new Float64Array(2);
      for (let r = 0; r < 5; r++) {
        const wc = Uint16Array.from({ length: clusters }, () => Math.floor(rng() * rng() * 4));
        resampleCorrelations(c, wc, corrScratch(c), perCluster, 0, runs);
        resampleCorrelations(c, Array.from(clusterOf, (k) => wc[k]), corrScratch(c), perReview, 0);
        expect(Object.is(perCluster[0], perReview[0])).toBe(true);
        expect(Object.is(perCluster[1], perReview[1])).toBe(true);
      }
    }
  });
});
