// The oracle's rows of the agreement table (Con, Comp and Rel from the annotators' links) and its system ranking.
// They do not depend on τ, so a run computes them once, after its results are on screen, in a compute worker: at
// 80,000 reviews they were over a second of the page's thread, twice (the run, then the table's first render).
// A newer run wins, so a slow oracle never lands on results it was not computed for.
import type { StoreApi } from 'zustand';
import type { CorrRow } from './researchAnalysis';
import type { ResearchState } from './researchState';
import type { Results } from './researchRun';
import { oracleIn, type StatsRun } from './researchStats';
import { CancelledError } from './researchPool';

let token = 0;

export function runOracle(r: Results, run: StatsRun, get: StoreApi<ResearchState>['getState'], set: StoreApi<ResearchState>['setState']): Promise<void> {
  const mine = ++token;
  const items = r.prepared.items;
  const live = () => mine === token && get().results?.prepared.items === items;
  set({ oracle: { of: items, summary: null, pending: true } });
  return oracleIn(run, () => !live()).then(
    (summary) => void (live() && set({ oracle: { of: items, summary, pending: false } })),
    // Cancel ends the workers: the oracle stays pending, and the store starts it again (as it does the curve).
    (e: unknown) => void (live() && !(e instanceof CancelledError) && set({ oracle: { of: items, summary: null, pending: false } })),
  );
}

/** The oracle's state for these results: its rows (none while pending or without links), the summary, pending. */
export function oracleOf(s: Pick<ResearchState, 'oracle' | 'results'>): { rows: CorrRow[]; summary: NonNullable<ResearchState['oracle']>['summary']; pending: boolean } {
  const o = s.oracle && s.results && s.oracle.of === s.results.prepared.items ? s.oracle : null;
  return { rows: o?.summary?.rows ?? [], summary: o?.summary ?? null, pending: o?.pending ?? false };
}
