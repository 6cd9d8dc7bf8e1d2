// The τ study's 101-point curve, computed in the compute workers; a newer run (or a newer curve) wins, so a slow
// curve never lands on results it was not computed for.
import type { StoreApi } from 'zustand';
import { CURVE_TAUS, type ResearchState } from './researchState';
import type { Results } from './researchRun';
import { curveIn, type StatsRun } from './researchStats';

let curveToken = 0;

/** The curve for `r`, with progress; resolves to its milliseconds, or 0 when it was superseded or failed. */
export function runCurve(r: Results, run: StatsRun, get: StoreApi<ResearchState>['getState'], set: StoreApi<ResearchState>['setState']): Promise<number> {
  const token = ++curveToken;
  const c0 = performance.now();
  const total = CURVE_TAUS.length;
  set({ curveProgress: { done: 0, total } });
  return curveIn(run, CURVE_TAUS, (done) => token === curveToken && set({ curveProgress: { done, total } })).then(
    (points) => {
      if (token !== curveToken || get().results !== r) return 0;
      const ms = performance.now() - c0;
      set({ curve: { points, ms }, curveProgress: null });
      return ms;
    },
    () => {
      if (token === curveToken) set({ curveProgress: null });
      return 0;
    },
  );
}
