import { describe, expect, it } from 'vitest';
import { calibrate, calibrateTau } from './calibrate.ts';
import { matrixFromRows } from './similarity.ts';

describe('calibrateTau', () => {
  it('is the mean over all sentences of each sentence best similarity (paper §3)', () => {
    const a = matrixFromRows([
      [0.5, 0.25],
      [0.75, 0.125],
    ]); // sentence bests 0.75, 0.25
    const b = matrixFromRows([[0.5]]); // 0.5
    const none = { rows: 0, cols: 1, data: new Float32Array(0) }; // no pseudo-references: contributes nothing
    expect(calibrateTau([a, b, none])).toBeCloseTo((0.75 + 0.25 + 0.5) / 3, 7);
    const c = calibrate([a, b, none]);
    expect(c.values).toEqual([0.75, 0.25, 0.5]);
    // population sd: deviations 0.25, −0.25, 0 → √(0.125/3)
    expect(c.sd).toBeCloseTo(Math.sqrt(0.125 / 3), 7);
  });

  it('leaves blank sentences (an empty review) out', () => {
    const m = matrixFromRows([[0.9, 0.4]]);
    expect(calibrate([m], [['', 'text']]).values).toEqual([Math.fround(0.4)]);
  });

  it('is 0 with nothing to calibrate on', () => {
    expect(calibrate([])).toEqual({ tau: 0, sd: 0, values: [] });
  });
});
