// Research's link agreement: the run's links (its similarity under its scoring rule at the τ in force) against the
// annotators' links, with the same resamples and seed as the other intervals. Recomputed when the correlations are
// (once the slider rests), in a compute worker (researchStats.ts), so moving τ never waits for it. The numbers come from the core
// stage `crscore eval` runs (src/core/research/links.ts).
import { create } from 'zustand';
import { linkRuleOfScorer, type LinkStage } from '../../core/research/links';
import type { Results } from './researchRun';
import { shownStatsRun, useResearch } from './research';
import { linkStageIn } from './researchStats';
import { useUncertainty } from './uncertainty';

export interface LinksState {
  stage: LinkStage | null;
  /** The results and τ the stage belongs to (a view dims it while they differ from those on screen). */
  of: Results | null;
  tau: number | null;
  resamples: number;
  seed: number;
  ms: number | null;
  /** Recomputes now (exports await it so a file never carries a stale table). */
  flush(): Promise<void>;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useLinks = create<LinksState>()((set, get) => ({
  stage: null,
  of: null,
  tau: null,
  resamples: 0,
  seed: 0,
  ms: null,
  async flush() {
    clearTimeout(timer);
    const { results: r, analysis, correlationsPending } = useResearch.getState();
    if (!r || !analysis) return set({ stage: null, of: null, tau: null });
    if (correlationsPending) await useResearch.getState().flushCorrelations();
    const tau = useResearch.getState().tau;
    const { resamples, seed } = useUncertainty.getState();
    const s = get();
    if (s.of === r && s.tau === tau && s.resamples === resamples && s.seed === seed && s.stage) return;
    const run = shownStatsRun();
    if (!run || run.results !== r) return;
    const t0 = performance.now();
    try {
      const stage = await linkStageIn(run, linkRuleOfScorer(r.scorer, tau), { resamples, seed, worst: 20 });
      // A newer run or τ has its own request coming.
      if (useResearch.getState().results !== r || useResearch.getState().tau !== tau) return;
      set({ stage, of: r, tau, resamples, seed, ms: performance.now() - t0 });
    } catch {
      // Cancelled with the workers (a new run): the next settle asks again.
    }
  },
}));

const schedule = () => {
  clearTimeout(timer);
  timer = setTimeout(() => void useLinks.getState().flush(), 0);
};

// Follow the research store: a new run, or correlations that settled at a new τ; and the interval settings.
useResearch.subscribe((s, prev) => {
  if (s.results !== prev.results && !s.results) {
    clearTimeout(timer);
    useLinks.setState({ stage: null, of: null, tau: null });
  } else if (s.results && !s.correlationsPending && (s.analysis !== prev.analysis || s.results !== prev.results)) schedule();
});
useUncertainty.subscribe((s, prev) => {
  if (s.resamples !== prev.resamples || s.seed !== prev.seed) schedule();
});

// Test hook, as the research store's: state only.
(globalThis as { __crscoreLinks?: typeof useLinks }).__crscoreLinks = useLinks;
