import { describe, expect, it } from 'vitest';
import { niceAxis, tickLabel } from './ticks';

describe('niceAxis', () => {
  it('covers the data on a 0.1 grid with round ticks', () => {
    expect(niceAxis(0, 1)).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(niceAxis(-0.05, 1)).toEqual({ domain: [-0.1, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(niceAxis(-0.23, 1.02).ticks).toEqual([-0.2, 0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceAxis(0.31, 0.78)).toEqual({ domain: [0.3, 0.8], ticks: [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] });
  });
  it('never labels a tick "-0.0"', () => {
    for (const t of niceAxis(-0.05, 1).ticks) expect(tickLabel(t)).not.toBe('-0.0');
    expect(tickLabel(-0)).toBe('0');
    expect(tickLabel(-1e-12)).toBe('0');
  });
});
