import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tauSweep, tauGrid } from './sweep.ts';
import { scoreAt } from './score.ts';
import { matrixFrom } from './similarity.ts';

describe('tauSweep', () => {
  it('equals scoreAt at every τ of the grid (property)', () => {
    // Similarities on a coarse lattice so that exact ties with grid values happen often.
    const cell = fc.integer({ min: 0, max: 20 }).map((k) => Math.fround(k / 20));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(cell, { minLength: 25, maxLength: 25 }),
        fc.array(cell, { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (rows, cols, cells, taus, blank) => {
          const m = matrixFrom(rows, cols, (i, j) => cells[i * 5 + j]);
          const sentences = Array.from({ length: cols }, (_, j) => (blank[j] ? '' : `s${j}`));
          const sweep = tauSweep(m, taus, { sentences });
          return taus.every((tau, k) => {
            const s = scoreAt(m, tau, { sentences });
            const p = sweep[k];
            return p.tau === tau && p.con === s.con && p.comp === s.comp && p.rel === s.rel;
          });
        },
      ),
    );
  });

  it('keeps the input order of an unsorted grid', () => {
    const m = matrixFrom(1, 2, (_, j) => [0.3, 0.6][j]);
    expect(tauSweep(m, [0.7, 0.1, 0.5]).map((p) => p.con)).toEqual([0, 1, 0.5]);
  });
});

describe('tauGrid', () => {
  it('spans both ends', () => {
    expect(tauGrid(0, 1, 5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
