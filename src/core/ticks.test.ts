import { describe, expect, it } from 'vitest';
import { niceTicks, tickDigits, tickLabel } from './ticks.ts';

describe('nice ticks', () => {
  it('uses 1, 2, 2.5 or 5 × 10^k steps that cover the range', () => {
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0.45, 1.02, 6)).toEqual([0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1]);
    // (1.03 / 5 = 0.206 → step 0.25)
    expect(niceTicks(-0.03, 1, 5)).toEqual([-0.25, 0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(-0.03, 1, 6)).toEqual([-0.2, 0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 1, 4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(0, 23, 4)).toEqual([0, 10, 20, 30]);
  });
  it('handles a flat or reversed range and no zero of the wrong sign', () => {
    expect(niceTicks(0.5, 0.5, 2)).toEqual([0.45, 0.5, 0.55]);
    expect(niceTicks(1, 0, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(Object.is(niceTicks(-0.1, 0.1, 2)[1], 0)).toBe(true);
    expect(niceTicks(NaN, 1)).toEqual([]);
  });
  it('labels with the decimals the step needs, never "-0.0"', () => {
    expect(tickDigits([0, 0.25, 0.5])).toBe(2);
    expect(tickDigits([0, 0.2])).toBe(1);
    expect(tickDigits([0, 10])).toBe(0);
    expect(tickLabel(-0.02, 1)).toBe('0.0');
    expect(tickLabel(-0.2, 1)).toBe('-0.2');
  });
});
