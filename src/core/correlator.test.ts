// The reused-buffer correlator gives spearman's and kendallTauB's numbers exactly, ties and all, call after call.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correlator } from './correlator.ts';
import { kendallTauB, spearman } from './stats.ts';

describe('correlator', () => {
  it('equals spearman and kendallTauB on many x against one y (heavy ties, repeated calls)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }).chain((n) =>
          fc.tuple(
            fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }),
            fc.array(fc.array(fc.constantFrom(0, 0.25, 1 / 3, 0.5, 2 / 3, 1, 0.1 + 0.2), { minLength: n, maxLength: n }), { minLength: 1, maxLength: 4 }),
          ),
        ),
        ([y, xs]) => {
          const c = correlator(y);
          for (const x of xs) {
            expect(c.spearman(Float64Array.from(x))).toEqual(spearman(x, y));
            expect(c.kendall(Float64Array.from(x))).toEqual(kendallTauB(x, y));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses an x of another length', () => {
    expect(() => correlator([1, 2, 3]).spearman(new Float64Array(2))).toThrow(/differ in length/);
  });
});
