// The research view's store: it orchestrates the pipeline's stages (src/core/research, run by researchRun.ts) and
// keeps their state: the imported dataset, the run's progress (Cancel and Resume), the results and the τ in force
// (its steps and the correlations that follow them: researchTau.ts). The correlation-vs-τ curve and, when a view
// asks for them, the reference-based metrics run in a compute worker (researchStats.ts): no statistic runs on the
// page's thread.
import { create } from 'zustand';
import type { ImportResult } from '../../core/importers/index';
import { sampleJsonl, SAMPLE_FILE_NAME } from '../../core/importers/sample';
import { ruleAfter, scoreAll, SHIPPED_CALIBRATION, tauFor, usesEncoder } from '../../core/research/index';
import { DEFAULT_CALIBRATION_SYSTEM } from '../../core/dataset';
import { noRefMetrics, failedImport, humanBridgeOptions, humanBridgeSource, judgedDataset, type ResearchState, rejectedImport, reloadedProgress, RESUME_HINT, unfinishedProgress, type RunProgress } from './researchState';
import { cancelImport, ImportCancelledError, importDataset, type DatasetFile } from '../dataset/importRun';
import { openInWorkbench } from './researchOpen';
import { DEFAULT_CONFIG, keyOf, PRESETS, type RunConfig } from './researchConfig';
import { useLinker } from '../shared/linker';
import { embedStats, type RunEngine } from './researchEmbed';
import { MAX_BATCH } from '../../embed/batching';
import { checkSaved, markLatest, recall, remember, reopenHuman, type SavedDataset, type SavedRun } from './researchPersist';
import { recalibrated, runStages, type Results } from './researchRun';
import { cachedRefMetrics, correlationsIn, refRowsIn, statsRun, type StatsRun } from './researchStats';
import { runCurve } from './researchCurve';
import { tauSteps } from './researchTau';
import { oracleOf, runOracle } from './researchOracle';
import { overviewOf } from '../dataset/datasetOverview';
import { humanRows } from '../../core/humanData/bridge';
import { humanEdits } from './researchHumanEdits';
import { CancelledError, stopAll } from './researchPool';
import { cacheSize, clearVectors } from './researchCache';
import pkg from '../../../package.json';

export type { RunConfig } from './researchConfig';
export type { Results } from './researchRun';
export type SimilarityKind = RunConfig['similarity'];
export const APP_VERSION: string = (pkg as { version: string }).version;
export { CURVE_TAUS, correlationDelayMs, noRefMetrics, tauApplies } from './researchState';
export type { RefMetricsState, ResearchState, RunProgress } from './researchState';

let cancelRequested = false;
let runToken = 0;
let restored = false;
/** The results on screen as the compute workers know them. */
let stats: StatsRun | null = null;
/** The engine each encoder similarity last ran with (see EmbedHooks.known). */
let engines: Record<string, RunEngine> = {};
/** The files of the dataset on screen and its generation (see researchPersist's LatestDataset). */
let currentFiles: DatasetFile[] = [];
/** The saved marker of the results on screen: a run that fails or is cancelled puts it back, so a reload brings those results back. */
let shownRun: SavedRun | null = null;
let generation = 0;
/** The saved record of the human-scored dataset on screen (its dimension is saved again when another is chosen). */
let humanSaved: SavedDataset | null = null;
/** The files of the dataset on screen (Reset sets them aside rather than deleting them). */
export const researchDatasetFiles = (): readonly DatasetFile[] => currentFiles;

const initialProgress: RunProgress = { phase: 'idle', done: 0, total: 0, cached: 0 };

export const useResearch = create<ResearchState>()((set, get) => {
  const { scoreAtTau, dropPendingFlush, actions: tauActions } = tauSteps(get, set, () => stats);
  const curveOf = (r: Results, run: StatsRun) => runCurve(r, run, get, set);

  const loadDataset = (files: DatasetFile[], imported: ImportResult, human: ResearchState['human'] = null) => {
    currentFiles = files;
    shownRun = null;
    const systems = new Set(overviewOf(imported.rows).systems);
    const cal = get().config.calibrationSystem;
    runToken++;
    stats = null;
    set({
      imported,
      human,
      importRejected: null,
      refMetrics: noRefMetrics,
      datasetName: files.map((f) => f.name).join(' + '),
      results: null,
      analysis: null,
      correlations: [],
      curve: null,
      stale: false,
      progress: initialProgress,
      config: {
        ...get().config,
        // A human-scored dataset has no gpt3.5_pred reviews: the shipped calibration, as `crscore eval --dataset`.
        calibrationSystem: human
          ? SHIPPED_CALIBRATION
          : systems.has(cal)
            ? cal
            : systems.has(DEFAULT_CALIBRATION_SYSTEM)
              ? DEFAULT_CALIBRATION_SYSTEM
              : ([...systems].filter((s) => s !== 'msg').sort()[0] ?? cal),
      },
    });
  };

  return {
    datasetName: null,
    imported: null,
    human: null,
    importing: null,
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
    oracle: null,
    refMetrics: noRefMetrics,
    languages: [],
    correlationsPending: false,
    curve: null,
    curveProgress: null,
    cache: null,
    batchSize: MAX_BATCH,

    importFiles(files) {
      // Validated before anything is replaced or saved: a file with no usable row (empty, binary, other columns)
      // leaves the dataset on screen, its results and its saved copy as they were.
      const name = files.map((f) => f.name).join(' + ');
      const open = (imported: ImportResult) => {
        const rejected = rejectedImport(name, files, imported);
        if (rejected) return set({ importRejected: rejected, importing: null }), false;
        generation = markLatest(name, generation);
        humanSaved = null;
        remember('dataset', { files, generation, savedAt: Date.now() });
        remember('run', null);
        loadDataset(files, imported);
        set({ restoreNote: null, importing: null });
        return true;
      };
      const out = importDataset(files, (p) => set({ importing: p }));
      if (!(out instanceof Promise)) return Promise.resolve(open(out));
      // Cancelled: nothing changes; failed: said as a refused import.
      return out.then(open, (e: unknown) => {
        set({ importing: null, importRejected: e instanceof ImportCancelledError ? null : failedImport(name, e) });
        return false;
      });
    },

    openHuman(name, x, keep) {
      // Saved with its file, mapping and dimension, so a reload reads it again (restore); one opened without its
      // file (keep absent) is not saved, and a reload opens none.
      const dimension = x.dataset.dimensions.find((d) => d.name === keep?.dimension)?.name ?? x.dataset.dimensions[0].name;
      if (!keep?.restored) {
        generation = markLatest(name, generation);
        humanSaved = keep ? { files: [keep.file], generation, savedAt: Date.now(), human: { mapping: x.mapping, from: keep.from, dimension } } : null;
        remember('dataset', humanSaved);
        remember('run', null);
      }
      const rows = humanRows(x.dataset, x.dataset.dimensions[0], { pseudoRefs: humanBridgeSource(x) }).rows;
      loadDataset([], { rows, errors: x.dataset.errors, notes: x.dataset.notes, formats: [] }, { ...x, dimension });
      // Scored as `crscore eval --dataset` scores it: lexical similarity, the paper's hard rule, the reference split.
      set({ datasetName: name, restoreNote: null, importing: null, config: { ...get().config, similarity: 'lexical', scoring: 'hard', split: 'reference' } });
    },

    ...humanEdits(get, set, loadDataset, () => currentFiles),

    setHumanDimension(name) {
      const h = get().human;
      if (!h || h.dimension === name || !h.dataset.dimensions.some((d) => d.name === name)) return;
      set({ human: { ...h, dimension: name } });
      if (humanSaved?.human) remember('dataset', (humanSaved = { ...humanSaved, human: { ...humanSaved.human, dimension: name } }));
      if (get().results) void get().run();
    },

    cancelImport: () => void (cancelImport() && set({ importing: null })),

    loadSample: () => void get().importFiles([{ name: SAMPLE_FILE_NAME, text: sampleJsonl() }]),

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
      const files = check.files;
      if (check.human) {
        // Read again as its import read it; one that cannot be says so, and the saved copy stays for a later try.
        const note = await reopenHuman(files[0], check.human, saved.dataset?.savedAt);
        if (note) return void (get().imported || set({ restoreNote: note }));
        humanSaved = saved.dataset ?? null;
      } else {
        const again = await Promise.resolve(importDataset(files, (p) => set({ importing: p }))).catch(() => null);
        set({ importing: null });
        if (!again || get().imported) return;
        loadDataset(files, again);
      }
      if (!run?.config) return;
      set({ config: { ...DEFAULT_CONFIG, ...run.config } });
      if (run.state === 'finished') return get().run({ cacheOnly: true });
      remember('run', run);
      set({ progress: reloadedProgress(run) });
    },

    setConfig(patch) {
      const was = get().config;
      // A similarity chosen alone takes the rule core's ruleAfter gives it (the Workbench asks the same).
      const scoring = patch.scoring ?? (patch.similarity ? ruleAfter(was, patch.similarity, useLinker.getState().weights.scoring) : was.scoring);
      set({ config: { ...was, ...patch, scoring } });
    },

    applyPreset(name) {
      // The learned preset takes the rule its linker was shipped or trained with (chosen by its cross-validation).
      get().setConfig(name === 'learned' ? { ...PRESETS.learned, scoring: useLinker.getState().weights.scoring } : PRESETS[name]);
    },

    setLocalModel(m) {
      get().setConfig({ similarity: 'local', localName: m?.name ?? null });
      set({ localModel: m });
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
        const human = get().human;
        const out = await runStages({
          rows: imported.rows,
          human: human && { dataset: judgedDataset(human), dimension: human.dataset.dimensions.find((d) => d.name === human.dimension)!, ...humanBridgeOptions(human) },
          config,
          local: get().localModel,
          known: engines[engineKey] ?? null,
          cacheOnly: opts.cacheOnly,
          hooks: {
            batchSize: get().batchSize,
            onLoading: (bytes) =>
              progress({ phase: 'loading-model', bytes, message: `Loading ${config.similarity === 'use-lite' ? 'the bundled USE-lite encoder' : 'the model'}…` }),
            onCacheRead: (total) => progress({ phase: 'reading-cache', done: 0, total, cached: 0, message: undefined }),
            onEmbedded: (done, total, cached) => {
              // The marker first: a reload that the progress update triggers finds it already on its way.
              if (!opts.cacheOnly) remember('run', marker(done, total));
              progress({ phase: 'embedding', done, total, cached });
            },
            cancelled: () => cancelRequested,
            live,
          },
        });
        if (!live()) return;
        if (out.kind !== 'results') {
          // A failed or cancelled run changes nothing: the last good results stay, and so does their saved marker.
          if (!opts.cacheOnly) remember('run', shownRun ?? { ...marker(out.done, out.total), state: 'finished' });
          set({ stale: false, progress: unfinishedProgress(get().progress, out, config, !!opts.cacheOnly, performance.now() - t0) });
          return;
        }
        progress({ phase: 'scoring' });
        const r0: Results = { ...out.results, runMs: 0 };
        const run = statsRun(r0);
        const t = tauFor(get().tauMemory, key, r0.calibration.tau);
        const scores = scoreAll(r0.scorer, t.tau);
        const c = await correlationsIn(run, scores);
        if (!live()) return;
        const r: Results = Object.assign(r0, { runMs: performance.now() - t0 });
        if (r.engine) {
          engines = { ...engines, [engineKey]: r.engine };
          remember('engines', engines);
        }
        shownRun = marker(out.total, out.total, 'finished', r.engine);
        remember('run', shownRun);
        stats = run;
        dropPendingFlush();
        set({
          results: r,
          stale: false,
          curve: null,
          tau: t.tau,
          tauSource: t.source,
          analysis: { tau: t.tau, scores, agreement: c.agreement },
          correlations: c.rows,
          languages: c.languages,
          correlationsPending: false,
          refMetrics: noRefMetrics,
        });
        void curveOf(r, run);
        void runOracle(r, run, get, set);
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
        if (!live()) return;
        if (e instanceof CancelledError) {
          if (shownRun) remember('run', shownRun);
          set({ stale: false, progress: { ...get().progress, phase: 'cancelled', elapsedMs: performance.now() - t0, message: `Cancelled. ${RESUME_HINT}` } });
          // Cancel ended the workers: what the results on screen were computing starts again.
          const { results: shown } = get();
          if (shown && stats) {
            if (!get().curve) void curveOf(shown, stats);
            if (oracleOf(get()).pending) void runOracle(shown, stats, get, set);
            if (get().refMetrics.status === 'running') set({ refMetrics: noRefMetrics });
            if (get().correlationsPending) void get().flushCorrelations();
          }
          return;
        }
        if (shownRun) remember('run', shownRun);
        set({ stale: false, progress: { ...get().progress, phase: 'error', message: (e as Error).message } });
      }
    },

    cancel() {
      cancelRequested = true;
      // Only a run in flight uses the workers for long; ending them stops its slices at once.
      if (get().progress.phase === 'scoring') stopAll();
    },

    ...tauActions,

    async ensureRefMetrics() {
      const { results: r, imported } = get();
      if (!r || !imported || !stats) return;
      const cur = get().refMetrics;
      if (cur.of === r && (cur.status === 'running' || cur.status === 'done')) return;
      if (!r.prepared.hasReference) return set({ refMetrics: { of: r, status: 'done', values: {}, rows: [] } });
      const run = stats;
      set({ refMetrics: { of: r, status: 'running', values: {}, rows: [] } });
      try {
        const out = await refRowsIn(run, await cachedRefMetrics(imported.rows, r.config.split, r.prepared));
        if (get().results === r) set({ refMetrics: { of: r, status: 'done', ...out } });
      } catch (e) {
        if (get().results !== r) return;
        set({ refMetrics: e instanceof CancelledError ? noRefMetrics : { of: r, status: 'error', values: {}, rows: [], error: (e as Error).message } });
      }
    },

    recalibrate(system) {
      const r = get().results;
      set({ config: { ...get().config, calibrationSystem: system } });
      if (!r) return;
      const next = recalibrated(r, system);
      // The same items, another scorer (graded credit's ramp): the workers get the run afresh.
      stats = statsRun(next);
      const refs = get().refMetrics;
      set({ results: next, refMetrics: refs.of === r ? { ...refs, of: next } : refs });
      const t = tauFor(get().tauMemory, next.key, next.calibration.tau);
      scoreAtTau(t.tau, t.source, true);
      void curveOf(next, stats);
    },

    async recomputeCurve() {
      const r = get().results;
      if (!r || !stats) return 0;
      return curveOf(r, stats);
    },

    async refreshCacheSize() {
      set({ cache: await cacheSize().catch(() => null) });
    },

    async clearCache() {
      await clearVectors().catch(() => undefined);
      await get().refreshCacheSize();
    },

    async openInWorkbench(k) {
      const { results: r, tau, datasetName } = get();
      if (r) await openInWorkbench(r, k, tau, datasetName);
    },

    reset() {
      runToken++;
      stats = null;
      currentFiles = [];
      shownRun = null;
      humanSaved = null;
      generation = markLatest(null, generation);
      remember('dataset', null);
      remember('run', null);
      set({ imported: null, human: null, importRejected: null, restoreNote: null, datasetName: null, results: null, analysis: null, correlations: [], refMetrics: noRefMetrics, curve: null, stale: false, progress: initialProgress });
    },
  };
});

/** The results on screen as the compute workers know them (the link agreement runs there too). */
export const shownStatsRun = (): StatsRun | null => stats;

/** Embedding calls the research workers received (tests: a resume or a reload embeds nothing it already has). */
export const researchEmbedStats = embedStats;
export { usesEncoder };
