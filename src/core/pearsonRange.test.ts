// Issue 38: Pearson's sums overflowed on extreme scores (one value of 1e200 gave r = 0; a column of ±1e308, NaN).
import { describe, expect, it } from 'vitest';
import { pearson, pearsonScaled } from './stats.ts';
import { permBoth } from './metaeval/significance.ts';
import { metaEvaluate, type MetaRecord } from './metaeval/report.ts';

const human = [3, 4, 2, 5, 1, 3, 4, 2, 5, 4];
const metric = [0.31, 0.52, 0.2, 0.71, 0.15, 0.33, 0.6, 0.22, 0.69, 0.5];

describe('Pearson on extreme values', () => {
  it('one score of 1e200 among ordinary ones: the true r, not 0', () => {
    const x = [...metric];
    x[3] = 1e200;
    // Beside 1e200 the other scores are nothing: the true r is that of the column that is 1 there, 0 elsewhere.
    const want = pearson(x.map((_, i) => (i === 3 ? 1 : 0)), human);
    expect(want).toBeGreaterThan(0.3);
    expect(pearson(x, human)).toBeCloseTo(want, 12);
  });

  it('a column of ±1e308 (its mean overflows): the same r as the column of ±1', () => {
    const sign = [1, -1, 1, 1, -1, -1, 1, -1, 1, 1];
    expect(pearson(sign.map((s) => s * 1e308), human)).toBeCloseTo(pearson(sign, human), 12);
    expect(pearson(sign.map((s) => s * 1e-308), human)).toBeCloseTo(pearson(sign, human), 12);
  });

  it('ordinary data: the very same bits as before (no rescaling below 2^64)', () => {
    expect(pearsonScaled(metric)).toBe(metric);
    expect(pearson(metric, human)).toBe(0.9736407415154188); // what the code before this fix gave
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it('the permutation test standardises ±1e308 as it does ±1', () => {
    const sign = [1, -1, 1, 1, -1, -1, 1, -1, 1, 1];
    const change = human.map((_, i) => i);
    const a = permBoth({ a: sign.map((s) => s * 1e308), b: metric, h: human, change, system: change.map(() => 0) }, 'none', 'pearson', { resamples: 50 });
    const b = permBoth({ a: sign, b: metric, h: human, change, system: change.map(() => 0) }, 'none', 'pearson', { resamples: 50 });
    expect(a.delta).toBeCloseTo(b.delta, 12);
    expect(a.p).toBe(b.p);
  });

  it('meta-evaluation: a metric of ±1e308 has the point and interval of the same metric at ±1 (before: "— [0.000, 0.000]")', () => {
    const records: MetaRecord[] = [];
    const v: number[] = [];
    for (let c = 0; c < 12; c++)
      for (let s = 0; s < 3; s++) {
        const h = ((c * 7 + s * 3) % 5) / 4;
        records.push({ changeId: `c${c}`, system: `s${s}`, human: { con: h, comp: h, rel: h } });
        v.push((c + s) % 3 === 0 ? -1 : 1);
      }
    const rep = (scale: number) =>
      metaEvaluate(records, [{ id: 'm', label: 'M', values: v.map((x) => x * scale) }], { resamples: 100, seed: 3, statistic: 'pearson', grouping: 'none' }).rows[0].stats.pearson;
    const big = rep(1e308);
    const unit = rep(1);
    expect(Number.isFinite(unit.lo) && unit.lo < unit.hi).toBe(true);
    expect(big.value).toBeCloseTo(unit.value, 12);
    expect(big.lo).toBeCloseTo(unit.lo, 12);
    expect(big.hi).toBeCloseTo(unit.hi, 12);
  });
});
