// Bootstrap intervals for the research view: the settings (resamples, seed), the run in its worker (started
// 500 ms after the scores settle, so moving τ never waits for it; a newer request cancels the older), and the
// pinned baseline run, kept in IndexedDB so a comparison survives a reload.
import { lazyDb } from '../shared/idbStores';
import { create } from 'zustand';
import {
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type BootstrapReport,
  type ConfigComparison,
  type ReviewRecord,
} from '../../core/bootstrap';
import type { BootstrapMessage, BootstrapRequest } from './bootstrap.worker';
import { packRecords, packedTransferables, type PackedRecords } from './recordsPack';

export interface PinnedRun {
  label: string;
  /** The configuration the run was scored with (as in every export). */
  config: Record<string, unknown>;
  records: ReviewRecord[];
  pinnedAt: string;
}

export interface UncertaintyState {
  resamples: number;
  seed: number;
  status: 'idle' | 'waiting' | 'running' | 'done' | 'error';
  progress: { done: number; total: number };
  /** The records the report and comparison belong to (identity of their getter), so a view can tell they are stale. */
  of: RecordsOf | null;
  report: BootstrapReport | null;
  comparison: ConfigComparison | null;
  ms: number | null;
  error: string | null;
  pinned: PinnedRun | null;
  setOptions(o: { resamples?: number; seed?: number }): void;
  /**
   * Asks for intervals on these records (debounced; cancels a run for older records). The records are built by
   * the getter only when the run starts: a τ step that is followed by another builds none.
   */
  request(records: RecordsOf): void;
  pin(run: PinnedRun): Promise<void>;
  unpin(): Promise<void>;
  restore(): Promise<void>;
}

/** The records of one run at one τ, built on first call (a memoised getter; its identity names them). */
export type RecordsOf = (() => readonly ReviewRecord[]) & {
  /** The same records packed for the worker without building them (packRecords(records()) when absent). */
  packed?: () => PackedRecords;
};

const DEBOUNCE_MS = 500;
let timer: ReturnType<typeof setTimeout> | null = null;
let worker: Worker | null = null;
/** The job whose messages count; older jobs' messages are ignored (and the worker drops them). */
let jobId = 0;
/** Whether the worker has a job it has not finished: only then is a cancel posted (a τ step posts nothing else). */
let busy = false;

function stop() {
  if (timer) clearTimeout(timer);
  timer = null;
  ++jobId;
  if (busy && worker) worker.postMessage({ type: 'cancel', id: jobId } satisfies BootstrapRequest);
  busy = false;
}

const db = lazyDb('crscore-research-baseline', ['pins']);

export const useUncertainty = create<UncertaintyState>()((set, get) => {
  const ensureWorker = () => {
    if (worker) return worker;
    const w = new Worker(new URL('./bootstrap.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<BootstrapMessage>) => {
      const m = e.data;
      if (m.id !== jobId) return;
      if (m.type === 'progress') set({ progress: { done: m.done, total: m.total } });
      else if (m.type === 'report') set({ report: m.report, comparison: null, of: current });
      else if (m.type === 'comparison') set({ comparison: m.comparison });
      else if (m.type === 'done') {
        busy = false;
        set({ status: 'done', ms: m.ms });
      } else {
        busy = false;
        set({ status: 'error', error: m.message });
      }
    };
    w.onerror = (e) => {
      set({ status: 'error', error: e.message || 'The bootstrap worker failed.' });
      w.terminate();
      worker = null;
      busy = false;
    };
    worker = w;
    return w;
  };
  let current: RecordsOf | null = null;
  const start = (records: RecordsOf) => {
    stop();
    const { resamples, seed, pinned } = get();
    set({ status: 'running', progress: { done: 0, total: resamples * (pinned ? 2 : 1) }, error: null });
    current = records;
    const packed = records.packed?.() ?? packRecords(records());
    const base = pinned ? packRecords(pinned.records) : null;
    busy = true;
    ensureWorker().postMessage(
      { type: 'job', id: jobId, records: packed, baseline: base, options: { resamples, seed } } satisfies BootstrapRequest,
      [...packedTransferables(packed), ...(base ? packedTransferables(base) : [])],
    );
  };
  let last: RecordsOf | null = null;
  const schedule = (records: RecordsOf, delay: number) => {
    last = records;
    stop();
    if (get().status !== 'waiting') set({ status: 'waiting' });
    timer = setTimeout(() => start(records), delay);
  };
  return {
    resamples: DEFAULT_RESAMPLES,
    seed: DEFAULT_SEED,
    status: 'idle',
    progress: { done: 0, total: 0 },
    of: null,
    report: null,
    comparison: null,
    ms: null,
    error: null,
    pinned: null,
    setOptions(o) {
      const resamples = o.resamples !== undefined && Number.isInteger(o.resamples) && o.resamples >= 0 ? o.resamples : get().resamples;
      const seed = o.seed !== undefined && Number.isInteger(o.seed) && o.seed >= 0 ? o.seed : get().seed;
      set({ resamples, seed });
      if (last) schedule(last, DEBOUNCE_MS);
    },
    request(records) {
      if (records === last && get().status !== 'idle') return;
      schedule(records, DEBOUNCE_MS);
    },
    async pin(run) {
      set({ pinned: run });
      if (last) schedule(last, 0);
      await (await db()).put('pins', run, 'baseline');
    },
    async unpin() {
      set({ pinned: null, comparison: null });
      await (await db()).delete('pins', 'baseline');
    },
    async restore() {
      if (get().pinned) return;
      try {
        const run = (await (await db()).get('pins', 'baseline')) as PinnedRun | undefined;
        if (run && !get().pinned) {
          set({ pinned: run });
          if (last) schedule(last, 0);
        }
      } catch {
        // No IndexedDB (private mode): pinning still works for this page's life.
      }
    },
  };
});

// Test hook, as the research store's: state only.
(globalThis as { __crscoreUncertainty?: typeof useUncertainty }).__crscoreUncertainty = useUncertainty;
