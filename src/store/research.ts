// The research view's store: the imported dataset, the batch run (embedding in its own worker, vectors cached in
// IndexedDB, progress, Cancel and Resume), and the results every view reads. τ changes only re-threshold.
import { create } from 'zustand';
import { DEFAULT_CALIBRATION_SYSTEM } from '../core/dataset';
import { importFiles, type ImportFile, type ImportResult } from '../core/importers/index';
import { lexicalSimilarityMatrix } from '../core/lexical';
import { similarityMatrix } from '../core/similarity';
import { tauGrid } from '../core/sweep';
import type { Calibration, SimilarityMatrix, SplitMode } from '../core/types';
import type { RefMetricId } from '../core/refmetrics/index';
import { Embedder } from '../embed/client';
import type { EngineInfo } from '../embed/types';
import {
  analyse,
  calibrate,
  correlationCurve,
  prepare,
  refMetricValues,
  sweepIndex,
  textsToEmbed,
  type Analysis,
  type CurvePoint,
  type PreparedDataset,
  type SweepIndex,
} from './researchAnalysis';
import { getMeta, getVectors, putMeta, putVectors } from './researchCache';
import { blankSession, toItems, type Session } from './session';
import { useSessions } from './sessions';
import type { PseudoReference } from '../core/types';
import { detectLanguage, languageFromCode } from '../core/diff';
import pkg from '../../package.json';

export type SimilarityKind = 'use-lite' | 'lexical';
export const APP_VERSION: string = (pkg as { version: string }).version;
/** 101 τ values from 0 to 1: the correlation-vs-τ curve. */
export const CURVE_TAUS = tauGrid(0, 1, 101);

export interface RunConfig {
  similarity: SimilarityKind;
  split: SplitMode;
  calibrationSystem: string;
}

export interface RunProgress {
  /** 'interrupted': the page was reloaded (or closed) during a run; Resume continues from the cache. */
  phase:
    | 'idle'
    | 'loading-model'
    | 'reading-cache'
    | 'embedding'
    | 'scoring'
    | 'done'
    | 'cancelled'
    | 'error'
    | 'interrupted';
  /** Texts embedded or found in the cache so far, of `total`. */
  done: number;
  total: number;
  /** Of `done`, how many came from the IndexedDB cache. */
  cached: number;
  message?: string;
  elapsedMs?: number;
}

export interface Results {
  config: RunConfig;
  prepared: PreparedDataset;
  matrices: SimilarityMatrix[];
  index: SweepIndex;
  calibration: Calibration & { system: string };
  refValues: Partial<Record<RefMetricId, (number | null)[]>>;
  engine: {
    model: string;
    dtype: string;
    backend: string;
    pooling: string;
    threads: number;
  } | null;
  runMs: number;
}

export interface ResearchState {
  datasetName: string | null;
  imported: ImportResult | null;
  config: RunConfig;
  progress: RunProgress;
  results: Results | null;
  tau: number;
  tauSource: 'calibrated' | 'manual';
  analysis: Analysis | null;
  /** The correlation-vs-τ curve and how long it took (its own field, so a redraw re-renders only its chart). */
  curve: { points: CurvePoint[]; ms: number } | null;
  /** Texts per embedding call: progress and Cancel act between calls. */
  batchSize: number;
  importFiles(files: ImportFile[]): void;
  /** After a reload: brings back the last imported dataset, and says so when a run was cut off. */
  restore(): Promise<void>;
  setConfig(patch: Partial<RunConfig>): void;
  run(): Promise<void>;
  cancel(): void;
  setTau(tau: number): void;
  useCalibratedTau(): void;
  recalibrate(system: string): void;
  recomputeCurve(): number;
  openInWorkbench(k: number): void;
  reset(): void;
}

/**
 * The research view's own embedding workers, so a batch run never swaps the workbench's model. USE-lite runs
 * single-threaded WASM, so one worker per core (up to 4) embeds batches side by side.
 */
const POOL_SIZE = Math.max(
  1,
  Math.min(4, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 1),
);
const researchEmbedders: Embedder[] = [];
async function loadPool(): Promise<EngineInfo> {
  while (researchEmbedders.length < POOL_SIZE) researchEmbedders.push(new Embedder());
  const infos = await Promise.all(
    researchEmbedders.map((e) =>
      e.info()?.model === 'use-lite'
        ? e.info()!
        : e.load({ kind: 'use-lite' }, { fallback: false }),
    ),
  );
  return infos[0];
}

let cancelRequested = false;
let runToken = 0;
let restored = false;

/** What survives a reload (in the research IndexedDB's meta store): the files, and how far a run got. */
interface SavedDataset {
  files: ImportFile[];
}
interface SavedRun {
  state: 'running' | 'finished';
  config: RunConfig;
  done: number;
  total: number;
}
// Best effort: if these cannot be written, only the after-reload restore is lost, never the run.
const remember = (key: 'dataset' | 'run', value: SavedDataset | SavedRun | null) =>
  void putMeta(key, value).catch(() => undefined);
const RESUME_HINT = 'Embedded sentences are cached: Resume continues from here.';

const initialProgress: RunProgress = { phase: 'idle', done: 0, total: 0, cached: 0 };

export const useResearch = create<ResearchState>()((set, get) => ({
  datasetName: null,
  imported: null,
  config: {
    similarity: 'use-lite',
    split: 'reference',
    calibrationSystem: DEFAULT_CALIBRATION_SYSTEM,
  },
  progress: initialProgress,
  results: null,
  tau: 0,
  tauSource: 'calibrated',
  analysis: null,
  curve: null,
  batchSize: 64,

  importFiles(files) {
    remember('dataset', { files });
    remember('run', null);
    const imported = importFiles(files);
    const systems = new Set(imported.rows.flatMap((r) => r.reviews.map((x) => x.system)));
    const cal = get().config.calibrationSystem;
    set({
      imported,
      datasetName: files.map((f) => f.name).join(' + '),
      results: null,
      analysis: null,
      curve: null,
      progress: initialProgress,
      config: {
        ...get().config,
        calibrationSystem: systems.has(cal)
          ? cal
          : ([...systems].filter((s) => s !== 'msg').sort()[0] ?? cal),
      },
    });
  },

  async restore() {
    if (restored || get().imported) return;
    restored = true;
    const [dataset, run] = await Promise.all([
      getMeta<SavedDataset>('dataset').catch(() => undefined),
      getMeta<SavedRun>('run').catch(() => undefined),
    ]);
    if (!dataset?.files?.length || get().imported) return;
    get().importFiles(dataset.files);
    if (run?.state !== 'running') return;
    remember('run', run);
    set({
      config: run.config,
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

  async run() {
    const { imported, config } = get();
    if (!imported || imported.rows.length === 0) return;
    const token = ++runToken;
    cancelRequested = false;
    const t0 = performance.now();
    const live = () => token === runToken;
    try {
      const prepared = prepare(imported.rows, config.split);
      if (prepared.items.length === 0)
        throw new Error(
          'No review can be scored: no change in this dataset has pseudo-references.',
        );
      let matrices: SimilarityMatrix[];
      let engine: Results['engine'] = null;
      let embedCos: ((a: string, b: string) => number) | undefined;
      let cacheNote: string | undefined;
      if (config.similarity === 'lexical') {
        set({ progress: { phase: 'scoring', done: 0, total: 0, cached: 0 } });
        matrices = prepared.items.map((it) =>
          lexicalSimilarityMatrix(it.pseudoReferences, it.sentences),
        );
      } else {
        set({
          progress: {
            phase: 'loading-model',
            done: 0,
            total: 0,
            cached: 0,
            message: 'Loading the bundled USE-lite encoder…',
          },
        });
        const info: EngineInfo = await loadPool();
        if (!live()) return;
        engine = {
          model: info.model,
          dtype: info.dtype,
          backend: info.backend,
          pooling: info.pooling,
          threads: info.threads,
        };
        const texts = textsToEmbed(prepared, prepared.hasReference);
        set({ progress: { phase: 'reading-cache', done: 0, total: texts.length, cached: 0 } });
        const vectors = await getVectors(info.model, info.pooling, texts);
        const cached = vectors.size;
        const missing = texts.filter((t) => !vectors.has(t));
        set({ progress: { phase: 'embedding', done: cached, total: texts.length, cached } });
        const marker = (done: number): SavedRun => ({
          state: 'running',
          config,
          done,
          total: texts.length,
        });
        remember('run', marker(cached));
        const BATCH = Math.max(1, get().batchSize);
        let next = 0;
        let embedded = 0;
        let failure: Error | null = null;
        let cacheFailure: Error | null = null;
        // Each worker takes the next batch until none is left, Cancel is pressed or a worker fails; a batch in
        // flight finishes and is cached, so nothing embedded is lost (a failed batch is embedded again on Resume).
        const worker = async (e: Embedder) => {
          try {
            while (next < missing.length && !cancelRequested && !failure && live()) {
              const batch = missing.slice(next, next + BATCH);
              next += batch.length;
              const vecs = await e.embed(batch);
              const entries = batch.map((t, j) => [t, vecs[j]] as [string, Float32Array]);
              // A full disk must not stop the run: the vectors stay in memory, and the end of the run says so.
              await putVectors(info.model, info.pooling, entries).catch(
                (err: Error) => void (cacheFailure ??= err),
              );
              for (const [t, v] of entries) vectors.set(t, v);
              embedded += batch.length;
              remember('run', marker(cached + embedded));
              if (live() && !failure)
                set({
                  progress: {
                    phase: 'embedding',
                    done: cached + embedded,
                    total: texts.length,
                    cached,
                    elapsedMs: performance.now() - t0,
                  },
                });
            }
          } catch (err) {
            failure ??= err instanceof Error ? err : new Error(String(err));
          }
        };
        await Promise.all(researchEmbedders.map(worker));
        if (failure && live()) {
          const why = (failure as Error).message.replace(/\.?$/, '.');
          set({
            progress: {
              ...get().progress,
              phase: 'error',
              done: cached + embedded,
              elapsedMs: performance.now() - t0,
              message: `${why} ${cached + embedded} of ${texts.length} texts are embedded. ${RESUME_HINT}`,
            },
          });
          remember('run', { ...marker(cached + embedded), state: 'finished' });
          return;
        }
        if (cancelRequested && live() && embedded + cached < texts.length) {
          set({
            progress: {
              ...get().progress,
              phase: 'cancelled',
              elapsedMs: performance.now() - t0,
              message: `Cancelled. ${RESUME_HINT}`,
            },
          });
          remember('run', { ...marker(cached + embedded), state: 'finished' });
          return;
        }
        remember('run', { ...marker(texts.length), state: 'finished' });
        if (cacheFailure)
          cacheNote = `The embeddings could not be cached in this browser (${(cacheFailure as Error).message}): a later run embeds them again.`;
        if (!live()) return;
        const dims = vectors.values().next().value?.length ?? 1;
        const zero = new Float32Array(dims);
        // Blank texts are never embedded: a zero vector has similarity 0 with everything (as `crscore eval`).
        const vec = (t: string) => vectors.get(t) ?? zero;
        set({ progress: { ...get().progress, phase: 'scoring' } });
        matrices = prepared.items.map((it) =>
          similarityMatrix(it.pseudoReferences.map(vec), it.sentences.map(vec)),
        );
        embedCos = (a, b) => similarityMatrix([vec(a)], [vec(b)]).data[0];
      }
      const index = sweepIndex(prepared.items, matrices);
      const system = prepared.systems.includes(config.calibrationSystem)
        ? config.calibrationSystem
        : prepared.systems[0];
      const calibration = { ...calibrate(prepared.items, matrices, system), system };
      const c0 = performance.now();
      const curve = correlationCurve(prepared.items, index, CURVE_TAUS);
      const curveMs = performance.now() - c0;
      const results: Results = {
        config: { ...config, calibrationSystem: system },
        prepared,
        matrices,
        index,
        calibration,
        refValues: prepared.hasReference ? refMetricValues(prepared, embedCos) : {},
        engine,
        runMs: performance.now() - t0,
      };
      const tau = get().tauSource === 'manual' && get().results ? get().tau : calibration.tau;
      set({
        results,
        curve: { points: curve, ms: curveMs },
        tau,
        tauSource: get().tauSource === 'manual' && get().results ? 'manual' : 'calibrated',
        analysis: analyse(prepared.items, matrices, tau),
        progress: {
          phase: 'done',
          done: get().progress.total,
          total: get().progress.total,
          cached: get().progress.cached,
          elapsedMs: results.runMs,
          message: cacheNote,
        },
      });
    } catch (e) {
      if (live())
        set({ progress: { ...get().progress, phase: 'error', message: (e as Error).message } });
    }
  },

  cancel() {
    cancelRequested = true;
  },

  setTau(tau) {
    const r = get().results;
    set({
      tau,
      tauSource: 'manual',
      analysis: r ? analyse(r.prepared.items, r.matrices, tau) : null,
    });
  },

  useCalibratedTau() {
    const r = get().results;
    if (!r) return;
    set({
      tau: r.calibration.tau,
      tauSource: 'calibrated',
      analysis: analyse(r.prepared.items, r.matrices, r.calibration.tau),
    });
  },

  recalibrate(system) {
    const r = get().results;
    set({ config: { ...get().config, calibrationSystem: system } });
    if (!r) return;
    const calibration = { ...calibrate(r.prepared.items, r.matrices, system), system };
    set({
      results: { ...r, calibration, config: { ...r.config, calibrationSystem: system } },
      tau: calibration.tau,
      tauSource: 'calibrated',
      analysis: analyse(r.prepared.items, r.matrices, calibration.tau),
    });
  },

  recomputeCurve() {
    const r = get().results;
    if (!r) return 0;
    const c0 = performance.now();
    const curve = correlationCurve(r.prepared.items, r.index, CURVE_TAUS);
    const curveMs = performance.now() - c0;
    set({ curve: { points: curve, ms: curveMs } });
    return curveMs;
  },

  openInWorkbench(k) {
    const r = get().results;
    if (!r) return;
    const { row, review } = r.prepared.reviews[k];
    const lang = row.newFile ? detectLanguage(row.newFile) : languageFromCode(row.lang);
    const base = blankSession(`${row.id} · ${review.system}`);
    const refs: PseudoReference[] = row.pseudoRefs.map((p) => ({
      text: p.text,
      kind: p.type === 'issue' ? 'issue' : 'claim',
      source: 'dataset',
    }));
    const s: Session = {
      ...base,
      input: {
        ...base.input,
        diff: row.diff,
        oldCode: row.oldCode ?? '',
        newCode: row.newCode ?? '',
        fileName: row.newFile ?? '',
        language: lang,
        languageAuto: false,
      },
      review: review.review ?? '',
      pseudoReferences: toItems(refs),
      tau: get().tau,
      similarity: r.config.similarity === 'lexical' ? 'lexical' : 'embedding',
      splitMode: r.config.split,
      note: `From the research dataset ${get().datasetName ?? ''}: ${row.id}, review by ${review.system}.`,
    };
    useSessions.getState().add(s);
    if (typeof location !== 'undefined') location.hash = '#workbench';
  },

  reset() {
    runToken++;
    remember('dataset', null);
    remember('run', null);
    set({
      imported: null,
      datasetName: null,
      results: null,
      analysis: null,
      curve: null,
      progress: initialProgress,
    });
  },
}));
