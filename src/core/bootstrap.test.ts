import { describe, expect, it } from 'vitest';
import {
  bootstrap,
  compareConfigurations,
  createBootstrap,
  drawWeights,
  mulberry32,
  percentileInterval,
  quantileSorted,
  type ReviewRecord,
} from './bootstrap.ts';
import { kendallTauB, spearman } from './stats.ts';

const rec = (changeId: string, system: string, rel: number, human?: number, con = rel, comp = rel): ReviewRecord => ({
  changeId,
  system,
  con,
  comp,
  rel,
  human: human === undefined ? null : { con: human, comp: human, rel: human },
});

describe('mulberry32', () => {
  it('matches the reference algorithm (values from an independent Python implementation)', () => {
    const r = mulberry32(1);
    expect([r(), r(), r()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    const s = mulberry32(42);
    expect([s(), s(), s()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });
});

describe('percentiles', () => {
  it('interpolates linearly like numpy.percentile', () => {
    // numpy.percentile([1, 2, 3, 4], 25) = 1.75; ([1..10], 2.5) = 1.225; 97.5 → 9.775
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(percentileInterval(ten)).toEqual([expect.closeTo(1.225, 12), expect.closeTo(9.775, 12)]);
  });
  it('ignores NaN resamples', () => {
    expect(percentileInterval([NaN, 1, 1, NaN])).toEqual([1, 1]);
  });
});

describe('bootstrap over changes', () => {
  it('a constant sample gives a zero-width interval', () => {
    const rs = Array.from({ length: 20 }, (_, i) => rec(`c${i}`, 'A', 0.4, 0.5));
    const r = bootstrap(rs, { resamples: 200, seed: 3 });
    const { rel } = r.systems[0];
    expect(rel.mean).toBeCloseTo(0.4, 12);
    expect(rel.hi - rel.lo).toBeLessThan(1e-12);
    expect(rel.lo).toBeCloseTo(0.4, 12);
    expect(r.systems[0].human!.rel).toEqual({ mean: 0.5, lo: 0.5, hi: 0.5 });
  });

  it('two changes scored 0 and 1: resample means are 0, ½, 1 with ¼, ½, ¼, so the 95% interval is [0, 1]', () => {
    const r = bootstrap([rec('a', 'S', 0), rec('b', 'S', 1)], { resamples: 2000, seed: 9 });
    expect(r.systems[0].rel).toEqual({ mean: 0.5, lo: 0, hi: 1 });
  });

  it('keeps the reviews of a change together', () => {
    // Every change holds one review scoring 0 and one scoring 1 of the same system: any resample of changes
    // has mean exactly ½. Resampling reviews instead would spread it.
    const rs = Array.from({ length: 10 }, (_, i) => [rec(`c${i}`, 'S', 0), rec(`c${i}`, 'S', 1)]).flat();
    const r = bootstrap(rs, { resamples: 300 });
    expect(r.systems[0].rel).toEqual({ mean: 0.5, lo: 0.5, hi: 0.5 });
    expect(r.changes).toBe(10);
  });

  it('is deterministic for a seed, independent of record order, and moves with the seed', () => {
    const rng = mulberry32(77);
    const rs = Array.from({ length: 40 }, (_, i) =>
      ['A', 'B'].map((s) => rec(`c${i}`, s, rng(), Math.round(rng() * 4) / 4)),
    ).flat();
    const a = bootstrap(rs, { resamples: 300, seed: 5 });
    expect(bootstrap([...rs].reverse(), { resamples: 300, seed: 5 })).toEqual(a);
    const c = bootstrap(rs, { resamples: 300, seed: 6 });
    expect(c.systems[0].rel.lo).not.toBe(a.systems[0].rel.lo);
    expect(c.systems[0].rel.mean).toBe(a.systems[0].rel.mean);
  });

  it('steps give the same report as one call', () => {
    const rng = mulberry32(11);
    const rs = Array.from({ length: 30 }, (_, i) => rec(`c${i % 12}`, i % 2 ? 'A' : 'B', rng(), rng()));
    const s = createBootstrap(rs, { resamples: 250, seed: 2 });
    let steps = 0;
    while (!s.step(17)) steps++;
    expect(steps).toBe(14);
    expect(s.done()).toBe(250);
    expect(s.result()).toEqual(bootstrap(rs, { resamples: 250, seed: 2 }));
  });

  it('equals a brute-force computation that expands every resample review by review', () => {
    const rng = mulberry32(123);
    const rs: ReviewRecord[] = [];
    for (let c = 0; c < 25; c++)
      for (const s of ['A', 'B', 'C']) rs.push(rec(`ch${c}`, s, rng() * (s === 'A' ? 1 : 0.6), Math.floor(rng() * 5) / 4, rng(), rng()));
    const B = 400;
    const report = bootstrap(rs, { resamples: B, seed: 31 });
    // Independent path: same weight stream, but a naive expansion and plain means / stats calls.
    const ids = [...new Set(rs.map((r) => r.changeId))].sort();
    const draw = mulberry32(31);
    const meanA: number[] = [];
    const diffAB: number[] = [];
    const rho: number[] = [];
    const tau: number[] = [];
    for (let b = 0; b < B; b++) {
      const w = drawWeights(ids.length, draw);
      const sample: ReviewRecord[] = [];
      ids.forEach((id, k) => {
        for (let t = 0; t < w[k]; t++) sample.push(...rs.filter((r) => r.changeId === id));
      });
      const m = (s: string) => {
        const xs = sample.filter((r) => r.system === s).map((r) => r.rel);
        return xs.reduce((x, y) => x + y, 0) / xs.length;
      };
      meanA.push(m('A'));
      diffAB.push(m('A') - m('B'));
      rho.push(spearman(sample.map((r) => r.rel), sample.map((r) => r.human!.rel)).r);
      tau.push(kendallTauB(sample.map((r) => r.con), sample.map((r) => r.human!.con)).r);
    }
    const sort = (x: number[]) => [...x].sort((p, q) => p - q);
    // Percentiles by hand: (B − 1)·0.025 = 9.975 → between the 10th and 11th smallest.
    const pct = (x: number[], q: number) => {
      const s = sort(x);
      const h = (B - 1) * q;
      const i = Math.floor(h);
      return s[i] + (h - i) * (s[i + 1] - s[i]);
    };
    const A = report.systems.find((s) => s.system === 'A')!;
    expect(A.rel.lo).toBeCloseTo(pct(meanA, 0.025), 12);
    expect(A.rel.hi).toBeCloseTo(pct(meanA, 0.975), 12);
    const ab = report.pairs.find((p) => p.a === 'A' && p.b === 'B')!;
    expect(ab.lo).toBeCloseTo(pct(diffAB, 0.025), 12);
    expect(ab.hi).toBeCloseTo(pct(diffAB, 0.975), 12);
    expect(ab.significant).toBe(ab.lo > 0 || ab.hi < 0);
    expect(report.correlations.rel.spearmanCi[0]).toBeCloseTo(pct(rho, 0.025), 12);
    expect(report.correlations.rel.spearmanCi[1]).toBeCloseTo(pct(rho, 0.975), 12);
    expect(report.correlations.con.kendallCi[0]).toBeCloseTo(pct(tau, 0.025), 12);
    expect(report.correlations.con.kendallCi[1]).toBeCloseTo(pct(tau, 0.975), 12);
    expect(report.correlations.n).toBe(75);
  });

  it('pairs: a constant gap is significant with a zero-width interval, equal systems are not', () => {
    const rng = mulberry32(4);
    const rs = Array.from({ length: 30 }, (_, i) => {
      const v = rng() * 0.8;
      return [rec(`c${i}`, 'A', v + 0.1), rec(`c${i}`, 'B', v), rec(`c${i}`, 'C', v)];
    }).flat();
    const r = bootstrap(rs, { resamples: 200 });
    const p = (a: string, b: string) => r.pairs.find((x) => x.a === a && x.b === b)!;
    expect(p('A', 'B').diff).toBeCloseTo(0.1, 12);
    expect(p('A', 'B').lo).toBeCloseTo(0.1, 12);
    expect(p('A', 'B').hi).toBeCloseTo(0.1, 12);
    expect(p('A', 'B').significant).toBe(true);
    expect(p('B', 'A').diff).toBeCloseTo(-0.1, 12);
    expect(p('B', 'A').significant).toBe(true);
    expect(p('B', 'C')).toMatchObject({ diff: 0, lo: 0, hi: 0, significant: false });
    expect(r.pairs).toHaveLength(6);
  });

  it('a perfectly monotone metric has Spearman and Kendall intervals [1, 1]', () => {
    const rs = Array.from({ length: 15 }, (_, i) => rec(`c${i}`, 'S', i / 15, i / 15));
    const r = bootstrap(rs, { resamples: 100 });
    expect(r.correlations.rel.spearman).toBeCloseTo(1, 12);
    expect(r.correlations.rel.spearmanCi).toEqual([expect.closeTo(1, 12), expect.closeTo(1, 12)]);
    expect(r.correlations.rel.kendallCi).toEqual([expect.closeTo(1, 12), expect.closeTo(1, 12)]);
  });

  it('0 resamples gives point estimates and no intervals', () => {
    const r = bootstrap([rec('a', 'S', 0.2, 0.5), rec('b', 'S', 0.4, 0.75), rec('c', 'S', 0.9, 1)], { resamples: 0 });
    expect(r.resamples).toBe(0);
    expect(r.systems[0].rel.mean).toBeCloseTo(0.5, 12);
    expect(Number.isNaN(r.systems[0].rel.lo)).toBe(true);
    expect(r.correlations.rel.spearman).toBeCloseTo(1, 12);
  });
});

describe('paired comparison of two configurations', () => {
  const rng = mulberry32(8);
  const base = Array.from({ length: 40 }, (_, i) => {
    const h = Math.floor(rng() * 5) / 4;
    return ['A', 'B'].map((s) => rec(`c${i}`, s, h + (rng() - 0.5) * 0.5, h));
  }).flat();

  it('the same configuration differs from itself by exactly 0, not significant', () => {
    const c = compareConfigurations(base, base, { resamples: 200 });
    expect(c.n).toBe(80);
    expect(c.spearman.rel).toMatchObject({ diff: 0, lo: 0, hi: 0, significant: false });
  });

  it('a noisier configuration correlates worse, significantly, and the difference is paired', () => {
    const noisy = base.map((r) => ({ ...r, rel: r.rel + (rng() - 0.5) * 3 }));
    const c = compareConfigurations(base, noisy, { resamples: 500, seed: 2 });
    const single = (rs: ReviewRecord[]) => spearman(rs.map((r) => r.rel), rs.map((r) => r.human!.rel)).r;
    expect(c.spearman.rel.a).toBeCloseTo(single(base), 12);
    expect(c.spearman.rel.b).toBeCloseTo(single(noisy), 12);
    expect(c.spearman.rel.diff).toBeGreaterThan(0.2);
    expect(c.spearman.rel.significant).toBe(true);
    expect(c.spearman.rel.lo).toBeGreaterThan(0);
    // Reviews match by change and system whatever their order; unmatched ones are left out.
    const shuffled = [...noisy].reverse().slice(2);
    expect(compareConfigurations(base, shuffled, { resamples: 50 }).n).toBe(78);
  });
});
