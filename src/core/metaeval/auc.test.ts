import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentileInterval } from '../bootstrap.ts';
import { drawWeights, mulberry32 } from '../resampling.ts';
import { rocAuc, rocAucInterval } from './auc.ts';

/** The definition: over every positive–negative pair, 1 when the positive scores higher, ½ on a tie. */
function pairs(scores: number[], labels: number[]): number | null {
  let u = 0;
  let n = 0;
  for (let i = 0; i < scores.length; i++)
    for (let j = 0; j < scores.length; j++)
      if (labels[i] === 1 && labels[j] === 0) {
        n++;
        u += scores[i] > scores[j] ? 1 : scores[i] === scores[j] ? 0.5 : 0;
      }
  return n ? u / n : null;
}

describe('ROC AUC', () => {
  it('hand-computed, with ties', () => {
    // positives 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9>0.5) 1, (0.9>0.1) 1, (0.5=0.5) ½, (0.5>0.1) 1 → 3.5/4.
    expect(rocAuc([0.9, 0.5, 0.5, 0.1], [1, 1, 0, 0])).toBe(0.875);
    expect(rocAuc([1, 1, 1], [1, 0, 1])).toBe(0.5); // every pair tied
    expect(rocAuc([0.1, 0.9], [1, 0])).toBe(0);
    expect(rocAuc([0.3, 0.4], [1, 1])).toBeNull();
    expect(rocAuc([0.3, null, 0.4], [1, 0, null])).toBeNull(); // unscored and unlabelled reviews are left out
  });

  it('equals the pair count on any data', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 1 })), { maxLength: 40 }), (rows) => {
        const s = rows.map((r) => r[0] / 4);
        const l = rows.map((r) => r[1]);
        const want = pairs(s, l);
        const got = rocAuc(s, l);
        if (want === null) expect(got).toBeNull();
        else expect(got).toBeCloseTo(want, 12);
      }),
    );
  });

  it('the interval resamples changes: each resample equals the AUC of the reviews drawn, repeated', () => {
    const scores = [0.9, 0.2, 0.4, 0.4, 0.7, 0.1, 0.8, 0.3];
    const labels = [1, 0, 1, 0, 1, 0, 0, 1];
    const clusterOf = [0, 0, 1, 1, 2, 2, 3, 3];
    const r = rocAucInterval(scores, labels, clusterOf, { resamples: 200, seed: 5 });
    const rng = mulberry32(5);
    const values: number[] = [];
    for (let b = 0; b < 200; b++) {
      const w = drawWeights(4, rng);
      const s: number[] = [];
      const l: number[] = [];
      scores.forEach((x, i) => {
        for (let k = 0; k < w[clusterOf[i]]; k++) {
          s.push(x);
          l.push(labels[i]);
        }
      });
      const v = pairs(s, l);
      if (v !== null) values.push(v);
    }
    const [lo, hi] = percentileInterval(values, 0.95);
    expect(r.auc).toBeCloseTo(pairs(scores, labels)!, 12);
    expect(r.lo).toBeCloseTo(lo, 12);
    expect(r.hi).toBeCloseTo(hi, 12);
    expect(r.positives).toBe(4);
    expect(r.negatives).toBe(4);
  });

  it('says why it is undefined', () => {
    expect(rocAucInterval([0.1, 0.2], [1, 1], [0, 1], { resamples: 10, seed: 1 })).toMatchObject({ auc: null, undefinedWhy: 'no review is labelled 0' });
  });
});
