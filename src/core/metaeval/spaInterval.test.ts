// Soft pairwise accuracy on a bootstrap resample of changes, and its interval in the meta-evaluation table.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { metaEvaluate, type MetaRecord } from './report.ts';
import { resampledSoftPairwiseAccuracy, softPairwiseAccuracy, weightedPairP } from './spa.ts';
import { swapMasks } from './significance.ts';

const all4 = [[0, 0], [1, 0], [0, 1], [1, 1]].map((m) => Uint8Array.from(m));

describe('SPA on a resample', () => {
  it('hand-computed: a change drawn twice swaps as one unit, an undrawn one is left out', () => {
    // d = a − b = [1, 2]; change 0 drawn twice, change 1 not: observed 2·1 = 2; the four sign patterns give
    // +2, −2, +2, −2, so p = 2/4.
    const a = Float64Array.from([3, 5]);
    const b = Float64Array.from([2, 3]);
    expect(weightedPairP(a, b, [2, 0], all4)).toBe(0.5);
    // Both drawn once: sums +3, +1 (flip 0), −1 (flip 1), −3: only the unflipped reaches 3: p = 1/4.
    expect(weightedPairP(a, b, [1, 1], all4)).toBe(0.25);
    expect(weightedPairP(a, b, [0, 0], all4)).toBeNaN();
  });

  it('with every change drawn once it is the SPA of the data (complete and incomplete systems alike)', () => {
    const r = mulberry32(4);
    const C = 30;
    const table = (missing: boolean) =>
      Array.from({ length: 5 }, (_, s) => Float64Array.from({ length: C }, (_, c) => (missing && s === 2 && c % 7 === 0 ? NaN : Math.round((s / 5 + r()) * 4) / 4)));
    const masks = swapMasks(200, C, 9);
    for (const missing of [false, true]) {
      const [x, h] = [table(missing), table(false)];
      const ones = new Uint32Array(C).fill(1);
      expect(resampledSoftPairwiseAccuracy(x, h, ones, masks)).toBeCloseTo(softPairwiseAccuracy(x, h, { masks }), 12);
    }
  });

  it('the system-level table carries an SPA interval around the SPA, from the same resamples', () => {
    const r = mulberry32(2);
    const records: MetaRecord[] = [];
    const good: number[] = [];
    const noisy: number[] = [];
    for (let c = 0; c < 25; c++)
      for (let s = 0; s < 5; s++) {
        const q = s / 5 + r() * 0.6;
        const hs = Math.round(q * 4) / 4;
        records.push({ changeId: `c${c}`, system: `s${s}`, human: { con: hs, comp: hs, rel: hs } });
        good.push(q + (r() - 0.5) * 0.1);
        noisy.push(r());
      }
    const rep = metaEvaluate(records, [{ id: 'good', label: 'good', values: good }, { id: 'noisy', label: 'noisy', values: noisy }], { grouping: 'system', statistic: 'spa', resamples: 200, seed: 3 });
    for (const row of rep.rows) {
      const spa = row.spa!;
      expect(spa.lo).toBeLessThanOrEqual(spa.hi);
      expect(spa.value).toBeGreaterThanOrEqual(spa.lo - 0.05);
      expect(spa.value).toBeLessThanOrEqual(spa.hi + 0.05);
    }
    const [g, n] = ['good', 'noisy'].map((id) => rep.rows.find((x) => x.id === id)!.spa!);
    expect(g.lo).toBeGreaterThan(n.hi); // a metric that tracks the systems beats noise, interval and all
    expect(g.hi - g.lo).toBeGreaterThan(0);
  });
});
