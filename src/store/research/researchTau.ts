// The τ in force in Research's store (research.ts): a τ step re-scores from the run's index at once and is
// remembered per configuration (saved after the step's frame, once per burst of steps); the agreement and the
// correlations follow once the slider rests, one request in flight at a time, in a compute worker (researchStats.ts).
import type { StoreApi } from 'zustand';
import { forgetTau, rememberTau, scoreAll } from '../../core/research/index';
import { remember } from './researchPersist';
import { correlationDelayMs, tauApplies, type ResearchState } from './researchState';
import { correlationsIn, type StatsRun } from './researchStats';

export type TauActions = Pick<ResearchState, 'setTau' | 'useCalibratedTau' | 'flushCorrelations'>;

/** The store's τ actions, over its state and the results on screen as the compute workers know them (`statsOf`). */
export function tauSteps(get: StoreApi<ResearchState>['getState'], set: StoreApi<ResearchState>['setState'], statsOf: () => StatsRun | null) {
  let corrTimer: ReturnType<typeof setTimeout> | undefined;
  /** τ is saved after the step's frame, once per burst of steps (an IndexedDB transaction costs a step's budget). */
  let tauSave: ReturnType<typeof setTimeout> | undefined;
  let corrFlight: Promise<void> | null = null;

  /** Scores at τ now; the agreement and the correlation table once the slider rests (not where τ changes nothing). */
  const scoreAtTau = (tau: number, source: 'calibrated' | 'manual', immediate = false) => {
    const r = get().results;
    const prev = get().analysis;
    if (!r || !prev) return set({ tau, tauSource: source });
    if (!tauApplies(r)) return set({ tau, tauSource: source, analysis: { ...prev, tau } });
    const scores = scoreAll(r.scorer, tau);
    set({ tau, tauSource: source, analysis: { tau, scores, agreement: prev.agreement }, correlationsPending: true });
    clearTimeout(corrTimer);
    if (immediate) void get().flushCorrelations();
    else corrTimer = setTimeout(() => void get().flushCorrelations(), correlationDelayMs(scores.rel.length));
  };

  const actions: TauActions = {
    setTau(tau) {
      const r = get().results;
      if (r) {
        const tauMemory = rememberTau(get().tauMemory, r.key, tau);
        set({ tauMemory });
        clearTimeout(tauSave);
        tauSave = setTimeout(() => remember('tau', get().tauMemory), 50);
      }
      scoreAtTau(tau, 'manual');
    },

    useCalibratedTau() {
      const r = get().results;
      if (!r) return;
      const tauMemory = forgetTau(get().tauMemory, r.key);
      set({ tauMemory });
      remember('tau', tauMemory);
      scoreAtTau(r.calibration.tau, 'calibrated', true);
    },

    async flushCorrelations() {
      clearTimeout(corrTimer);
      // One request in flight at a time: a slider that keeps moving never queues stale ones in the worker.
      while (corrFlight) await corrFlight;
      const { results: r, analysis: a } = get();
      const run = statsOf();
      if (!r || !a || !run || !get().correlationsPending) return;
      corrFlight = correlationsIn(run, a.scores).then(
        (c) => {
          // A newer τ step has its own flush coming; a newer run its own numbers.
          if (get().results !== r || get().analysis?.scores !== a.scores) return;
          set({
            analysis: { ...a, agreement: c.agreement },
            correlations: c.rows,
            languages: c.languages,
            correlationsPending: false,
          });
        },
        () => undefined,
      );
      await corrFlight;
      corrFlight = null;
    },
  };

  /** A new run's correlations came with it: the flush a τ step scheduled is not needed. */
  const dropPendingFlush = () => clearTimeout(corrTimer);

  return { scoreAtTau, dropPendingFlush, actions };
}
