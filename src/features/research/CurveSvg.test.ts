import { describe, expect, it } from 'vitest';
import { CURVE_HEIGHT, linePath, plotArea } from './CurveSvg';

describe('the curve SVG', () => {
  it('draws a line through the finite points and breaks it where a value is missing', () => {
    const pts = [
      { x: 0, y: 10 },
      { x: 1.234567, y: 9 },
      { x: 2, y: NaN },
      { x: 3, y: 7 },
      { x: 4, y: 6 },
      { x: 5, y: Infinity },
    ];
    expect(linePath(pts)).toBe('M0,10L1.23,9M3,7L4,6');
    expect(linePath([])).toBe('');
    expect(linePath([{ x: NaN, y: NaN }])).toBe('');
  });

  it('keeps the plot area of the recharts chart it replaced (axis 44 px left, 20 px right, x axis and legend below)', () => {
    expect(plotArea(958)).toEqual({ x: 44, y: 18, w: 894, h: 187 });
    expect(plotArea(10).w).toBe(0);
    expect(CURVE_HEIGHT).toBe(260);
  });
});
