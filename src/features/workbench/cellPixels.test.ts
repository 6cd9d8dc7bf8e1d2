// The incremental repaint must leave exactly the pixels a full repaint at the same τ writes.
import { describe, expect, it } from 'vitest';
import { CellPainter, gridHeight, gridWidth, paintAll, type CellGrid } from './cellPixels';
import { scaleDomain } from './palette';
import type { Ramp } from '../../core/plus/score';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Cell boundaries as paint.ts makes them: CSS cell sizes times a device pixel ratio, rounded. */
function grid(rows: number, cols: number, cellW: number, cellH: number, dpr: number): CellGrid {
  const xs = Array.from({ length: cols + 1 }, (_, j) => Math.round((36 + j * cellW) * dpr));
  const ys = Array.from({ length: rows + 1 }, (_, i) => Math.round((22 + i * cellH) * dpr));
  return { rows, cols, xs, ys, t: Math.max(1, Math.round((cellW >= 12 ? 2 : 1) * dpr)) };
}

function matrix(r: () => number, n: number) {
  // Coarse values (many ties), a few negatives and out-of-[0, 1] values, and a NaN.
  const data = new Float32Array(n);
  for (let k = 0; k < n; k++) data[k] = r() < 0.3 ? Math.round(r() * 40) / 40 : Math.fround(-0.2 + 1.4 * r() * r() + 0.1 * r());
  data[(n / 3) | 0] = Number.NaN;
  return data;
}

function full(data: Float32Array, g: CellGrid, tau: number, lo: number, hi: number, ramp?: Ramp) {
  const px = new Uint32Array(gridWidth(g) * gridHeight(g));
  paintAll(px, data, g, tau, lo, hi, ramp);
  return px;
}

function firstDiff(a: Uint32Array, b: Uint32Array) {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return k;
  return -1;
}

describe('CellPainter (incremental τ repaint)', () => {
  for (const [label, withRamp, dpr, cellW, cellH] of [
    ['hard threshold, dpr 1', false, 1, 9, 9],
    ['hard threshold, dpr 1.5 (uneven cells)', false, 1.5, 13, 11],
    ['graded credit, dpr 1.25', true, 1.25, 14, 10],
    ['graded credit, dpr 2', true, 2, 8, 9],
  ] as const) {
    it(`equals a full repaint after every random step: ${label}`, () => {
      const r = rng(withRamp ? 11 : 5 + dpr * 10);
      const rows = 23;
      const cols = 31;
      const data = matrix(r, rows * cols);
      const [lo, hi] = scaleDomain(data);
      const g = grid(rows, cols, cellW, cellH, dpr);
      const W = gridWidth(g);
      const values = Array.from(data).filter((v) => !Number.isNaN(v));
      const rampAt = (tau: number): Ramp | undefined => (withRamp ? { low: tau - 0.05 - 0.1 * r(), high: tau } : undefined);
      const painter = new CellPainter(data, g, lo, hi, withRamp);
      const px = new Uint32Array(W * gridHeight(g));
      let tau = 0.5;
      let ramp = rampAt(tau);
      painter.update(px, tau, ramp);
      expect(firstDiff(px, full(data, g, tau, lo, hi, ramp))).toBe(-1);
      let repainted = 0;
      for (let step = 0; step < 300; step++) {
        const pick = r();
        if (pick < 0.4) tau += (r() < 0.5 ? -1 : 1) * 0.001; // a keyboard step, either way
        else if (pick < 0.6) tau = values[Math.floor(r() * values.length)]; // exactly at a cell's value
        else if (pick < 0.7) tau = r() < 0.5 ? -0.7 - r() : 1.5 + r(); // outside the values' range
        else tau = -0.3 + 1.6 * r(); // a jump
        if (r() < 0.1) tau = Math.round(tau * 1000) / 1000; // the slider's grid
        ramp = rampAt(tau);
        const dirty = painter.update(px, tau, ramp);
        repainted += dirty.cells;
        const want = full(data, g, tau, lo, hi, ramp);
        const at = firstDiff(px, want);
        expect(at, `step ${step}, τ = ${tau}: first differing pixel (${at % W}, ${Math.floor(at / W)})`).toBe(-1);
        expect(painter.countAbove(tau)).toBe(values.filter((v) => v > tau).length);
      }
      // Not a full repaint in disguise: far fewer cells than 300 steps × every cell.
      expect(repainted).toBeLessThan(300 * rows * cols * 0.8);
    });
  }

  it('repaints only the cells a keyboard step changes, and none when τ stays', () => {
    const r = rng(3);
    const rows = 200;
    const cols = 300;
    const data = matrix(r, rows * cols);
    const [lo, hi] = scaleDomain(data);
    const g = grid(rows, cols, 8, 9, 1);
    const px = new Uint32Array(gridWidth(g) * gridHeight(g));
    const painter = new CellPainter(data, g, lo, hi, false);
    expect(painter.update(px, 0.5).cells).toBe(rows * cols);
    expect(painter.update(px, 0.5).cells).toBe(0);
    const step = painter.update(px, 0.501).cells;
    expect(step).toBeGreaterThan(0);
    expect(step).toBeLessThan(rows * cols * 0.5);
    expect(firstDiff(px, full(data, g, 0.501, lo, hi))).toBe(-1);
  });
});
