// The research view's store: it orchestrates the pipeline's stages (src/core/research, run by researchRun.ts) and
// keeps their state: the imported dataset, the run's progress (Cancel and Resume), the results and the τ in force.
// A τ step re-scores from the run's index at once; the correlations follow once the slider rests.
import { create } from 'zustand';
import { importFiles, type ImportFile, type ImportIssue, type ImportResult } from '../core/importers/index';
import { sampleJsonl, SAMPLE_FILE_NAME } from '../core/importers/sample';
import { agreement } from '../core/evaluate';
import {
  byLanguage,
  correlationCurve,
  crscoreRows,
  forgetTau,
  rememberTau,
  scoreAll,
  tauFor,
  usesEncoder,
  type Analysis,
  type CorrRow,
  type CurvePoint,
  type LanguageRow,
  type TauMemory,
} from '../core/research/index';
import { tauGrid } from '../core/sweep';
import type { LocalModelFile } from '../embed/types';
import { openInWorkbench } from './researchOpen';
import { DEFAULT_CONFIG, keyOf, PRESETS, type RunConfig } from './researchConfig';
import { useLinker } from './linker';
import { embedStats, isUnreachable, type RunEngine } from './researchEmbed';
import { checkSaved, markLatest, recall, remember, type SavedRun } from './researchPersist';
import { curveInSlices, recalibrated, runStages, type Results } from './researchRun';
import { cacheSize, clearVectors, type CacheSize } from './researchCache';
import pkg from '../../package.json';

export type { RunConfig } from './researchConfig';
export type { Results } from './researchRun';
export type SimilarityKind = RunConfig['similarity'];
export const APP_VERSION: string = (pkg as { version: string }).version;
/** 101 τ values from 0 to 1: the correlation-vs-τ curve. */
export const CURVE_TAUS = tauGrid(0, 1, 101);
/**
 * How long the slider rests before the correlations are recomputed (they need not run on every step): 120 ms on
 * the dev split, longer on large datasets, where one recomputation takes longer than a keyboard step.
 */
export const correlationDelayMs = (reviews: number) => Math.round(Math.max(120, Math.min(1500, reviews / 80)));

export interface RunProgress {
  /** 'interrupted': the page was reloaded (or closed) during a run; Resume continues from the cache. */
  phase: 'idle' | 'loading-model' | 'reading-cache' | 'embedding' | 'scoring' | 'done' | 'cancelled' | 'error' | 'interrupted';
  /** Texts embedded or found in the cache so far, of `total`. */
  done: number;
  total: number;
  /** Of `done`, how many came from the IndexedDB cache. */
  cached: number;
  /** Model files' bytes while the model downloads (total 0 when the server did not say). */
  bytes?: { loaded: number; total: number };
  message?: string;
  /** Set when the hub could not be reached: the view offers USE-lite (never switched to silently). */
  offerUseLite?: boolean;
  elapsedMs?: number;
}

export interface ResearchState {
  datasetName: string | null;
  imported: ImportResult | null;
  /** The last file(s) that gave no usable row: said, and the dataset on screen (and its results) kept. */
  importRejected: { name: string; issues: ImportIssue[]; total: number } | null;
  /** After a reload: why the dataset shown is not the last one opened (its save failed), or null. */
  restoreNote: string | null;
  config: RunConfig;
  /** The model folder picked for similarity 'local' (kept in memory only). */
  localModel: { name: string; files: LocalModelFile[] } | null;
  progress: RunProgress;
  results: Results | null;
  /** True while a re-score runs: the results on screen are the previous configuration's. */
  stale: boolean;
  tau: number;
  tauSource: 'calibrated' | 'manual';
  /** τ set by hand, per similarity key: a τ belongs to the similarity it was set for. */
  tauMemory: TauMemory;
  /** Scores at `tau` (every step); its agreement is recomputed once the slider rests (see correlationsPending). */
  analysis: Analysis | null;
  /** CRScore's rows and the reference-based metrics' rows of the correlation table. */
  correlations: CorrRow[];
  /** Per language: correlations and mean Rel at the τ of the agreement. */
  languages: LanguageRow[];
  correlationsPending: boolean;
  /** The correlation-vs-τ curve and how long it took (its own field, so a redraw re-renders only its chart). */
  curve: { points: CurvePoint[]; ms: number } | null;
  cache: CacheSize | null;
  /** Texts per embedding call: progress and Cancel act between calls. */
  batchSize: number;
  /** Opens files as the dataset; false (and importRejected set, nothing else changed) when no row is usable. */
  importFiles(files: ImportFile[]): boolean;
  loadSample(): void;
  /** After a reload: brings back the last dataset, its results (from the cache), and says so when a run was cut off. */
  restore(): Promise<void>;
  setConfig(patch: Partial<RunConfig>): void;
  applyPreset(name: keyof typeof PRESETS): void;
  setLocalModel(m: { name: string; files: LocalModelFile[] } | null): void;
  run(opts?: { cacheOnly?: boolean }): Promise<void>;
  cancel(): void;
  setTau(tau: number): void;
  useCalibratedTau(): void;
  flushCorrelations(): void;
  recalibrate(system: string): void;
  recomputeCurve(): number;
  refreshCacheSize(): Promise<void>;
  clearCache(): Promise<void>;
  openInWorkbench(k: number): void;
  reset(): void;
}

let cancelRequested = false;
let runToken = 0;
let restored = false;
let corrTimer: ReturnType<typeof setTimeout> | undefined;
let curveToken = 0;
/** The engine each encoder similarity last ran with (see EmbedHooks.known). */
let engines: Record<string, RunEngine> = {};
/** The files of the dataset on screen and its generation (see researchPersist's LatestDataset). */
let currentFiles: ImportFile[] = [];
let generation = 0;
/** The files of the dataset on screen (Reset sets them aside rather than deleting them). */
export const researchDatasetFiles = (): readonly ImportFile[] => currentFiles;

const RESUME_HINT = 'Embedded sentences and LLM answers are cached: Resume continues from here.';
const initialProgress: RunProgress = { phase: 'idle', done: 0, total: 0, cached: 0 };

export const useResearch = create<ResearchState>()((set, get) => {
  /** Scores at τ now; the agreement and the correlation table once the slider rests. */
  const scoreAtTau = (tau: number, source: 'calibrated' | 'manual', immediate = false) => {
    const r = get().results;
    if (!r) return set({ tau, tauSource: source });
    const scores = scoreAll(r.scorer, tau);
    const prev = get().analysis;
    set({
      tau,
      tauSource: source,
      analysis: { tau, scores, agreement: prev?.agreement ?? agreement(r.prepared.items, scores) },
      correlationsPending: true,
    });
    clearTimeout(corrTimer);
    if (immediate) get().flushCorrelations();
    else corrTimer = setTimeout(() => get().flushCorrelations(), correlationDelayMs(scores.length));
  };

  /** The 101-point curve, in slices (see curveInSlices), kept only if the run is still the one on screen. */
  const curveOf = (r: Results) => {
    const token = ++curveToken;
    curveInSlices(r, CURVE_TAUS, () => token === curveToken && get().results === r, (curve) => set({ curve }));
  };

  const loadDataset = (files: ImportFile[], imported: ImportResult = importFiles(files)) => {
    currentFiles = files;
    const systems = new Set(imported.rows.flatMap((r) => r.reviews.map((x) => x.system)));
    const cal = get().config.calibrationSystem;
    runToken++;
    set({
      imported,
      importRejected: null,
      datasetName: files.map((f) => f.name).join(' + '),
      results: null,
      analysis: null,
      correlations: [],
      curve: null,
      stale: false,
      progress: initialProgress,
      config: {
        ...get().config,
        calibrationSystem: systems.has(cal) ? cal : ([...systems].filter((s) => s !== 'msg').sort()[0] ?? cal),
      },
    });
  };

  return {
    datasetName: null,
    imported: null,
    importRejected: null,
    restoreNote: null,
    config: DEFAULT_CONFIG,
    localModel: null,
    progress: initialProgress,
    results: null,
    stale: false,
    tau: 0,
    tauSource: 'calibrated',
    tauMemory: {},
    analysis: null,
    correlations: [],
    languages: [],
    correlationsPending: false,
    curve: null,
    cache: null,
    batchSize: 64,

    importFiles(files) {
      // Validated before anything is replaced or saved: a file with no usable row (empty, binary, other columns)
      // leaves the dataset on screen, its results and its saved copy as they were.
      const imported = importFiles(files);
      const name = files.map((f) => f.name).join(' + ');
      if (imported.rows.length === 0) {
        const issues = imported.errors.length ? imported.errors : files.map((f) => ({ file: f.name, line: 1, reason: 'no row in this file' }));
        set({ importRejected: { name, issues: issues.slice(0, 50), total: issues.length } });
        return false;
      }
      generation = markLatest(name, generation);
      remember('dataset', { files, generation, savedAt: Date.now() });
      remember('run', null);
      loadDataset(files, imported);
      set({ restoreNote: null });
      return true;
    },

    loadSample() {
      get().importFiles([{ name: SAMPLE_FILE_NAME, text: sampleJsonl() }]);
    },

    async restore() {
      if (restored || get().imported) return;
      restored = true;
      const saved = await recall();
      if (saved.tau) set({ tauMemory: saved.tau });
      if (saved.engines) engines = saved.engines;
      const check = checkSaved(saved);
      generation = check.generation;
      if (check.note) set({ restoreNote: check.note });
      const run = check.run;
      if (!check.files || get().imported) return;
      loadDataset(check.files);
      if (!run?.config) return;
      set({ config: { ...DEFAULT_CONFIG, ...run.config } });
      if (run.state === 'finished') return get().run({ cacheOnly: true });
      remember('run', run);
      set({
        progress: {
          phase: 'interrupted',
          done: run.done,
          total: run.total,
          cached: 0,
          message: `The page was reloaded during a batch run (${run.done} of ${run.total} texts embedded). ${RESUME_HINT}`,
        },
      });
    },

    setConfig(patch) {
      set({ config: { ...get().config, ...patch } });
    },

    applyPreset(name) {
      // The learned preset takes the rule its linker was shipped or trained with (chosen by its cross-validation).
      get().setConfig(name === 'learned' ? { ...PRESETS.learned, scoring: useLinker.getState().weights.scoring } : PRESETS[name]);
    },

    setLocalModel(m) {
      set({ localModel: m, config: { ...get().config, similarity: 'local', localName: m?.name ?? null } });
    },

    async run(opts = {}) {
      const { imported, config } = get();
      if (!imported || imported.rows.length === 0) return;
      const token = ++runToken;
      cancelRequested = false;
      const t0 = performance.now();
      const live = () => token === runToken;
      const key = keyOf(config);
      // The engine a similarity ran with depends on the backend asked for (WebGPU fp16/fp32 or WASM q8).
      const engineKey = usesEncoder(config.similarity) && config.similarity !== 'use-lite' ? `${key}\u0000${config.backend}` : key;
      const gen = generation;
      const marker = (done: number, total: number, state: SavedRun['state'] = 'running', engine?: RunEngine | null): SavedRun => ({ state, config, done, total, engine, generation: gen });
      const progress = (p: Partial<RunProgress>) => live() && set({ progress: { ...get().progress, ...p, elapsedMs: performance.now() - t0 } });
      set({ stale: get().results !== null, progress: { phase: 'scoring', done: 0, total: 0, cached: 0 } });
      try {
        const out = await runStages({
          rows: imported.rows,
          config,
          local: get().localModel,
          known: engines[engineKey] ?? null,
          cacheOnly: opts.cacheOnly,
          hooks: {
            batchSize: get().batchSize,
            onLoading: (loaded, total) =>
              progress({ phase: 'loading-model', bytes: { loaded, total }, message: `Loading ${config.similarity === 'use-lite' ? 'the bundled USE-lite encoder' : 'the model'}…` }),
            onCacheRead: (total) => progress({ phase: 'reading-cache', done: 0, total, cached: 0, message: undefined }),
            onEmbedded: (done, total, cached) => {
              progress({ phase: 'embedding', done, total, cached });
              if (!opts.cacheOnly) remember('run', marker(done, total));
            },
            cancelled: () => cancelRequested,
            live,
          },
        });
        if (!live()) return;
        if (out.kind !== 'results') {
          const msg = out.error ? out.error.message.replace(/\.?$/, '.') : '';
          const hub = (config.similarity === 'paper' || config.similarity === 'hub') && out.kind === 'error' && out.done === 0 && isUnreachable(msg);
          if (!opts.cacheOnly) remember('run', { ...marker(out.done, out.total), state: 'finished' });
          set({
            stale: get().results !== null,
            progress: {
              ...get().progress,
              phase: opts.cacheOnly ? 'interrupted' : out.kind,
              done: out.done,
              total: out.total,
              elapsedMs: performance.now() - t0,
              offerUseLite: hub,
              message: opts.cacheOnly
                ? `The last run's results need ${out.total - out.done} of ${out.total} texts embedded again (the vector cache does not hold them). Resume embeds only those.`
                : hub
                  ? `${msg} The paper's model and other hub models need the Hugging Face hub. The bundled USE-lite encoder works offline.`
                  : out.kind === 'cancelled'
                    ? `Cancelled. ${RESUME_HINT}`
                    : `${msg} ${out.done} of ${out.total} texts are embedded. ${RESUME_HINT}`,
            },
          });
          return;
        }
        progress({ phase: 'scoring' });
        const r: Results = { ...out.results, runMs: performance.now() - t0 };
        if (r.engine) {
          engines = { ...engines, [engineKey]: r.engine };
          remember('engines', engines);
        }
        remember('run', marker(out.total, out.total, 'finished', r.engine));
        const t = tauFor(get().tauMemory, key, r.calibration.tau);
        set({ results: r, stale: false, curve: null });
        scoreAtTau(t.tau, t.source, true);
        curveOf(r);
        set({
          progress: {
            phase: 'done',
            done: out.total,
            total: out.total,
            cached: out.cached,
            elapsedMs: r.runMs,
            message: out.cacheFailure
              ? `The embeddings could not be cached in this browser (${out.cacheFailure.message}): a later run embeds them again.`
              : opts.cacheOnly
                ? 'The last run’s results, brought back after the reload (nothing was embedded again).'
                : undefined,
          },
        });
        void get().refreshCacheSize();
      } catch (e) {
        if (live()) set({ stale: get().results !== null, progress: { ...get().progress, phase: 'error', message: (e as Error).message } });
      }
    },

    cancel() {
      cancelRequested = true;
    },

    setTau(tau) {
      const r = get().results;
      if (r) {
        const tauMemory = rememberTau(get().tauMemory, r.key, tau);
        set({ tauMemory });
        remember('tau', tauMemory);
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

    flushCorrelations() {
      clearTimeout(corrTimer);
      const { results: r, analysis: a } = get();
      if (!r || !a || !get().correlationsPending) return;
      const items = r.prepared.items;
      set({
        analysis: { ...a, agreement: agreement(items, a.scores) },
        correlations: [...crscoreRows(items, a.scores), ...r.refRows],
        languages: byLanguage(items, a.scores),
        correlationsPending: false,
      });
    },

    recalibrate(system) {
      const r = get().results;
      set({ config: { ...get().config, calibrationSystem: system } });
      if (!r) return;
      const next = recalibrated(r, system);
      set({ results: next });
      const t = tauFor(get().tauMemory, next.key, next.calibration.tau);
      scoreAtTau(t.tau, t.source, true);
      curveOf(next);
    },

    recomputeCurve() {
      const r = get().results;
      if (!r) return 0;
      const c0 = performance.now();
      const points = correlationCurve(r.prepared.items, (tau) => scoreAll(r.scorer, tau), CURVE_TAUS);
      const ms = performance.now() - c0;
      set({ curve: { points, ms } });
      return ms;
    },

    async refreshCacheSize() {
      set({ cache: await cacheSize().catch(() => null) });
    },

    async clearCache() {
      await clearVectors().catch(() => undefined);
      await get().refreshCacheSize();
    },

    openInWorkbench(k) {
      const { results: r, tau, datasetName } = get();
      if (r) openInWorkbench(r, k, tau, datasetName);
    },

    reset() {
      runToken++;
      currentFiles = [];
      generation = markLatest(null, generation);
      remember('dataset', null);
      remember('run', null);
      set({ imported: null, importRejected: null, restoreNote: null, datasetName: null, results: null, analysis: null, correlations: [], curve: null, stale: false, progress: initialProgress });
    },
  };
});

/** Embedding calls the research workers received (tests: a resume or a reload embeds nothing it already has). */
export const researchEmbedStats = embedStats;
export { usesEncoder };
