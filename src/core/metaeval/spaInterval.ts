// The bootstrap interval of soft pairwise accuracy: the meta-evaluation's resamples of changes (mulberry32(seed),
// one drawWeights per resample, as every other interval), each resample's SPA on the first
// SPA_INTERVAL_PERMUTATIONS of the point estimate's permutations.
import { drawWeights, mulberry32 } from '../bootstrap.ts';
import { pairPs, resampledPairPs, SPA_INTERVAL_PERMUTATIONS, spaOfPairPs } from './spa.ts';

/**
 * Returns the SPA of a system table (x[s][c] metric, h[s][c] human) and its resampled values. The humans' p-values
 * depend on a metric only through the reviews it covers, so equal human tables share them across metrics.
 */
export function spaResampler(masks: readonly Uint8Array[], seed: number, changes: number, resamples: number) {
  const inner = masks.slice(0, SPA_INTERVAL_PERMUTATIONS);
  const resampledPs = (t: readonly Float64Array[]) => {
    const rng = mulberry32(seed);
    const w = new Uint32Array(changes);
    return Array.from({ length: resamples }, () => {
      drawWeights(changes, rng, w);
      return resampledPairPs(t, w, inner);
    });
  };
  const humanPs = new Map<string, { point: Float64Array; boot: Float64Array[] }>();
  return (x: readonly Float64Array[], h: readonly Float64Array[]): { value: number; boot: Float64Array } => {
    const key = h.map((v) => v.join(',')).join(';');
    if (!humanPs.has(key)) humanPs.set(key, { point: pairPs(h, masks), boot: resampledPs(h) });
    const ph = humanPs.get(key)!;
    const pm = resampledPs(x);
    // The point SPA on all the permutations (softPairwiseAccuracy's figure, the humans' p-values computed once).
    return { value: spaOfPairPs(pairPs(x, masks), ph.point), boot: Float64Array.from({ length: resamples }, (_, b) => spaOfPairPs(pm[b], ph.boot[b])) };
  };
}
