// Research's pull-request reviews: the files a person picked (or a generated sample), the evaluator's settings,
// and the run's rows and leaderboard. It only orchestrates: reading and evaluating are the core's (in a worker),
// exactly what `crscore pr-eval` runs.
import * as Comlink from 'comlink';
import { create } from 'zustand';
import {
  samplePrFiles,
  type EvaluatorName,
  type MatcherName,
  type PrDataset,
  type PrEvalOptions,
  type PrEvalResult,
  type JudgesReport,
  type PrFile,
  type PrFilesOptions,
  type SampleLayout,
} from '../../core/prreview/index';
import type { PrEvalWorkerApi } from './prEval.worker';

/** The matchers the browser offers: those that need no encoder download. */
export const BROWSER_MATCHERS: readonly MatcherName[] = ['bleu', 'lexical', 'plus', 'learned'];

export interface PrSettings {
  evaluator: EvaluatorName;
  /** '' = the harness's own measure (codefuse: BLEU; martian: a judge's published decisions). */
  matcher: MatcherName | '';
  threshold: number | null;
  reference: 'others' | 'all';
  judge: string | null;
  candidatesFrom: string | null;
  tpThreshold: 0.5 | 0.3;
  tau: number | null;
  locationWeight: number;
  lineWindow: number;
  resamples: number;
}

export const DEFAULT_PR_SETTINGS: PrSettings = {
  evaluator: 'codefuse',
  matcher: '',
  threshold: null,
  reference: 'others',
  judge: null,
  candidatesFrom: null,
  tpThreshold: 0.5,
  tau: null,
  locationWeight: 0.2,
  lineWindow: 3,
  resamples: 1000,
};

interface PrReviewState {
  /** What was picked: its label (a folder's name, a sample's layout) and files. */
  source: string | null;
  files: PrFile[];
  /** How the files are read: a GitHub pull request's reference reviewers. */
  read: PrFilesOptions;
  dataset: PrDataset | null;
  settings: PrSettings;
  result: PrEvalResult | null;
  running: boolean;
  error: string | null;
  /** The pull request and system open in the pull request view. */
  open: { pr: string; system: string } | null;
  /** Judging the judges on Martian's folder (every offline matcher against each LLM judge), when asked. */
  judges: { status: 'idle' | 'running' | 'done' | 'error'; report: JudgesReport | null; error: string | null };
  /** crscore, reference-free: the PRs' pseudo-references made in the page (prPseudoRefs.ts), handed to every run. */
  pseudoRefs: PrEvalOptions['pseudoRefs'] | null;
  setPseudoRefs(p: PrEvalOptions['pseudoRefs'] | null): void;
  load(files: PrFile[], source: string, read?: PrFilesOptions): Promise<void>;
  /** A GitHub pull request: who is the reference changes, the files stay. */
  setReferenceSystems(names: string[]): Promise<void>;
  judgeJudges(): Promise<void>;
  loadSample(layout: SampleLayout): Promise<void>;
  set(s: Partial<PrSettings>): void;
  run(): Promise<void>;
  openPr(pr: string, system: string): void;
  closePr(): void;
}

let worker: Comlink.Remote<PrEvalWorkerApi> | null = null;
const api = () => (worker ??= Comlink.wrap<PrEvalWorkerApi>(new Worker(new URL('./prEval.worker.ts', import.meta.url), { type: 'module' })));
/** The store's worker itself (bench/pr-browser.ts times the runs it does). */
export const prEvalWorker = api;

// The files are handed to the worker once (open) and named by their handle afterwards. A handle is its worker's:
// a replaced worker, or other files opened there, answers null, and the files are opened again.
let held: { on: Comlink.Remote<PrEvalWorkerApi>; files: PrFile[]; handle: Promise<number> } | null = null;
// The read (JSON) that the store's dataset came from: a run asks for the dataset back only when its read differs.
let datasetRead: { dataset: PrDataset; key: string } | null = null;

function open(files: PrFile[], read: PrFilesOptions) {
  const on = api();
  const opening = on.open(files, read);
  held = { on, files, handle: opening.then((o) => o.handle) };
  held.handle.catch(() => undefined); // the caller of open sees the error
  return opening;
}

/** A call on the worker's copy of `files`, opening them (again) when the worker does not hold them. */
async function onFiles<T>(files: PrFile[], call: (w: Comlink.Remote<PrEvalWorkerApi>, handle: number) => Promise<T | null>): Promise<T> {
  for (let tries = 0; ; tries++) {
    const on = api();
    const handle = held?.on === on && held.files === files ? await held.handle : (await open(files, {})).handle;
    const out = await call(on, handle);
    if (out !== null) return out;
    if (tries) throw new Error('the worker does not keep the files opened');
    held = null;
  }
}

/** The dataset of `files` as `read` reads them, handing the files over only when the worker lacks them. */
async function readOn(files: PrFile[], read: PrFilesOptions): Promise<PrDataset> {
  const ds = held?.on === api() && held.files === files ? await onFiles(files, (w, h) => w.read(h, read)) : (await open(files, read)).dataset;
  datasetRead = { dataset: ds, key: JSON.stringify(read) };
  return ds;
}

/** The core's options for these settings (null fields left to the core's defaults, as the CLI leaves its flags). */
export function evalOptions(s: PrSettings): Omit<PrEvalOptions, 'ctx'> {
  return {
    evaluator: s.evaluator,
    reference: s.reference,
    ...(s.matcher ? { matcher: s.matcher } : {}),
    ...(s.threshold !== null ? { threshold: s.threshold } : {}),
    ...(s.evaluator === 'codefuse' ? { tpThreshold: s.tpThreshold } : {}),
    ...(s.judge ? { judge: s.judge } : {}),
    ...(s.candidatesFrom ? { candidatesFrom: s.candidatesFrom } : {}),
    ...(s.evaluator === 'crscore' ? { locationWeight: s.locationWeight, lineWindow: s.lineWindow, ...(s.tau !== null ? { tau: s.tau } : {}) } : {}),
    resamples: s.resamples,
    seed: 1,
  };
}

/** Settings that fit a dataset: Martian's judges replayed when published, else a matcher where the harness asks an LLM. */
function fitted(s: PrSettings, ds: PrDataset): PrSettings {
  const judge = s.judge && ds.judges.includes(s.judge) ? s.judge : (ds.judges[0] ?? null);
  const evaluator = ds.layout === 'martian' ? 'martian' : ds.layout === 'aacr' ? (s.evaluator === 'aacr' || s.evaluator === 'aacr-fixed' || s.evaluator === 'crscore' ? s.evaluator : 'aacr-fixed') : s.evaluator === 'martian' ? 'codefuse' : s.evaluator;
  const published = ds.prs.some((p) => p.judged && Object.keys(p.judged).length);
  const needsMatcher = (evaluator === 'aacr' || evaluator === 'aacr-fixed' || (evaluator === 'martian' && !published)) && !s.matcher;
  return { ...s, evaluator, judge, candidatesFrom: s.candidatesFrom && ds.judges.includes(s.candidatesFrom) ? s.candidatesFrom : null, matcher: needsMatcher ? 'lexical' : s.matcher };
}

export const usePrReview = create<PrReviewState>((set, get) => ({
  source: null,
  files: [],
  read: {},
  dataset: null,
  settings: DEFAULT_PR_SETTINGS,
  result: null,
  running: false,
  error: null,
  open: null,
  judges: { status: 'idle', report: null, error: null },
  pseudoRefs: null,
  setPseudoRefs(pseudoRefs) {
    set({ pseudoRefs });
    if (get().dataset) void get().run();
  },
  async load(files, source, read = {}) {
    set({ source, files, read, dataset: null, result: null, error: null, open: null, running: true, judges: { status: 'idle', report: null, error: null }, pseudoRefs: null });
    try {
      const dataset = await readOn(files, read);
      set({ dataset, settings: fitted(get().settings, dataset), running: false });
      await get().run();
    } catch (e) {
      set({ running: false, error: (e as Error).message });
    }
  },
  setReferenceSystems(names) {
    const { files, source, read } = get();
    return get().load(files, source ?? '', { ...read, referenceSystems: names });
  },
  async judgeJudges() {
    const { files, read } = get();
    set({ judges: { status: 'running', report: null, error: null } });
    try {
      const report = await onFiles(files, (w, h) => w.judges(h, read, [...BROWSER_MATCHERS]));
      if (get().files !== files) return;
      set({ judges: { status: 'done', report, error: null } });
    } catch (e) {
      set({ judges: { status: 'error', report: null, error: (e as Error).message } });
    }
  },
  loadSample(layout) {
    return get().load(samplePrFiles(layout), `generated sample (${layout})`);
  },
  set(s) {
    const ds = get().dataset;
    const next = { ...get().settings, ...s };
    set({ settings: ds ? fitted(next, ds) : next });
    if (ds) void get().run();
  },
  async run() {
    const { files, settings, read, pseudoRefs, dataset: had } = get();
    if (!files.length) return;
    set({ running: true, error: null });
    try {
      const r = { ...read, candidatesFrom: settings.candidatesFrom ?? undefined };
      const key = JSON.stringify(r);
      const fresh = !(datasetRead && had && datasetRead.dataset === had && datasetRead.key === key);
      const opts = { ...evalOptions(settings), ...(pseudoRefs ? { pseudoRefs } : {}) };
      const out = await onFiles(files, (w, h) => w.evaluate(h, r, opts, fresh));
      // A later change of settings (or of pseudo-references) may have started another run: keep only the latest's figures.
      if (get().settings !== settings || get().pseudoRefs !== pseudoRefs) return;
      const dataset = out.dataset ?? had;
      if (out.dataset) datasetRead = { dataset: out.dataset, key };
      set({ dataset, result: out.result, running: false });
    } catch (e) {
      set({ running: false, error: (e as Error).message });
    }
  },
  openPr(pr, system) {
    set({ open: { pr, system } });
  },
  closePr() {
    set({ open: null });
  },
}));

// Test hook: the store's state (it never holds a key).
(globalThis as { __crscorePrReview?: typeof usePrReview }).__crscorePrReview = usePrReview;
