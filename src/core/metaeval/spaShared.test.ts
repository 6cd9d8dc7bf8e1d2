// SPA with the humans' pair p-values computed once for all metrics (metaPlan.ts completeUnits) is
// softPairwiseAccuracy's figure to the bit, with missing cells and with fewer than two systems.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { swapMasks } from './significance.ts';
import { pairPs, softPairwiseAccuracy, spaOfPairPs } from './spa.ts';

function table(S: number, C: number, seed: number, missing: number): Float64Array[] {
  const r = mulberry32(seed);
  return Array.from({ length: S }, (_, s) => Float64Array.from({ length: C }, () => (r() < missing ? NaN : Math.round((s / S + r()) * 4) / 4)));
}

describe('SPA from shared pair p-values', () => {
  const masks = swapMasks(300, 23, 4);
  for (const [S, missing, seed] of [[9, 0, 1], [6, 0.2, 2], [4, 0.6, 3], [2, 0, 4], [3, 1, 5]] as const)
    it(`equals softPairwiseAccuracy: ${S} systems, ${missing} missing`, () => {
      const x = table(S, 23, seed, missing), h = table(S, 23, seed + 10, missing);
      expect(Object.is(spaOfPairPs(pairPs(x, masks), pairPs(h, masks)), softPairwiseAccuracy(x, h, { masks }))).toBe(true);
    });
});
