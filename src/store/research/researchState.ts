// The research store's state and its types, apart from the store's actions (research.ts).
import type { ImportIssue, ImportResult } from '../../core/importers/index';
import type { EvalItem } from '../../core/evaluate';
import type { Analysis, CorrRow, CurvePoint, LanguageRow, OracleSummary, TauMemory } from '../../core/research/index';
import { tauGrid } from '../../core/sweep';
import type { LocalModelFile } from '../../embed/types';
import type { LoadProgress } from '../../embed/progress';
import type { PRESETS, RunConfig } from './researchConfig';
import type { CacheSize } from './researchCache';
import type { Results, RunOutcome } from './researchRun';
import { isUnreachable } from './researchEmbed';
import type { RefValues } from './researchStats';
import type { DatasetFile, ImportProgress } from '../dataset/importRun';
import type { HumanDataset, HumanImport, Mapping } from '../../core/humanData/index';
import type { PseudoRefSource, PseudoRefsConfig } from '../../pseudorefs/dataset';
import { whereDataset, type WhereClause } from '../../core/humanData/slices';
import { keepsEveryReview } from '../../core/humanData/judged';
import type { Table } from '../../core/humanData/table';
import type { SavedHuman } from './researchPersist';

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
  /** The model's download while it loads: bytes when known, else a percentage (src/embed/progress.ts). */
  bytes?: LoadProgress;
  message?: string;
  /** Set when the hub could not be reached: the view offers USE-lite (never switched to silently). */
  offerUseLite?: boolean;
  elapsedMs?: number;
}

/** The reference-based metrics (BLEU, chrF, edit distance…): computed when a view first asks, once per dataset and split. */
export interface RefMetricsState {
  /** The results they belong to. */
  of: Results | null;
  status: 'idle' | 'running' | 'done' | 'error';
  values: RefValues;
  /** Their correlation rows (τ does not change them). */
  rows: CorrRow[];
  error?: string;
}

export const noRefMetrics: RefMetricsState = { of: null, status: 'idle', values: {}, rows: [] };

/** False where τ changes nothing: llm-links (fixed τ) and the learned linker's probabilities as credit. */
export function tauApplies(r: Pick<Results, 'config' | 'scorer'>): boolean {
  return r.config.similarity !== 'llm-links' && !(r.scorer.rule === 'learned' && r.scorer.mode === 'graded');
}

/** A human-scored dataset on screen (src/core/humanData): the dataset, how it was read, and the dimension judged. */
export interface HumanOnScreen {
  dataset: HumanDataset;
  layout: HumanImport['layout'];
  mapping: Mapping | null;
  /** The file as a signature names it: the table's rows and the SHA-256 of its bytes (as `crscore eval` reads them). */
  file: { rows: number; sha256: string | null };
  /** The dimension the run's items carry as their human score (every view judges against it). */
  dimension: string;
  /**
   * Pseudo-references made here (`crscore eval --pseudo-refs SOURCE`: analyzers, tree claims, offline, an LLM's
   * claims) replace each change's own in `dataset`; `read` keeps the dataset as its file was read.
   */
  made?: { source: PseudoRefSource; config: PseudoRefsConfig; read: HumanDataset };
  /** The file's table, for `--where`/`--by` on a column (absent for the human study's own rows). */
  table?: Pick<Table, 'header' | 'rows'>;
  /** `--where EXPR`: only the reviews it holds for are judged (the signature names it). */
  where?: { expr: string; clauses: WhereClause[] };
}

/** The dataset every table judges: the one on screen, with only the reviews `--where` holds for. */
export function judgedDataset(h: Pick<HumanOnScreen, 'dataset' | 'where' | 'table'>): HumanDataset {
  return h.where ? whereDataset(h.dataset, h.where.clauses, h.table) : h.dataset;
}

/** How the bridge reads the dataset on screen: made pseudo-references as each change's own, else its default. */
export const humanBridgeSource = (h: Pick<HumanOnScreen, 'made'>): 'dataset' | undefined => (h.made ? 'dataset' : undefined);

/**
 * The bridge's options for the dataset on screen, as `crscore eval --dataset` reads it: its pseudo-references'
 * source, and whether the reviews without an item are kept (made pseudo-references or the reference review's
 * sentences: the baselines judge every review, CRScore leaves its gaps out and counts them).
 */
export const humanBridgeOptions = (h: Pick<HumanOnScreen, 'made' | 'dataset' | 'where' | 'table'>): { pseudoRefs: 'dataset' | undefined; everyReview: boolean } => ({
  pseudoRefs: humanBridgeSource(h),
  everyReview: keepsEveryReview(judgedDataset(h), { made: !!h.made, source: humanBridgeSource(h) }),
});

export interface ResearchState {
  datasetName: string | null;
  imported: ImportResult | null;
  /** Set when the dataset on screen is a human-scored one (imported, its rows bridged), else null. */
  human: HumanOnScreen | null;
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
  /** CRScore's rows of the correlation table at the τ of the agreement. */
  correlations: CorrRow[];
  /** The oracle's τ-free rows and system ranking (researchOracle.ts), for the items `of`; summary null without links. */
  oracle: { of: readonly EvalItem[]; summary: OracleSummary | null; pending: boolean } | null;
  refMetrics: RefMetricsState;
  /** Per language: correlations and mean Rel at the τ of the agreement. */
  languages: LanguageRow[];
  correlationsPending: boolean;
  /** The correlation-vs-τ curve and how long it took (its own field, so a redraw re-renders only its chart). */
  curve: { points: CurvePoint[]; ms: number } | null;
  /** τ values of the curve computed so far, while it is computed. */
  curveProgress: { done: number; total: number } | null;
  cache: CacheSize | null;
  /** Texts per embedding call: progress and Cancel act between calls. */
  batchSize: number;
  /** A large import in flight (parsed in a worker): its phase and the changes received so far. */
  importing: ImportProgress | null;
  /** Opens files as the dataset; false (and importRejected set, nothing else changed) when no row is usable. */
  importFiles(files: DatasetFile[]): Promise<boolean>;
  /** Opens a human-scored dataset (its rows bridged, its reference review's sentences as pseudo-references). */
  /** `keep`: its file and how it was read, saved for a reload (`restored`: read back from that save, not saved again). */
  openHuman(name: string, x: Omit<HumanOnScreen, 'dimension'>, keep?: { file: DatasetFile; from: SavedHuman['from']; dimension?: string; restored?: boolean }): void;
  /** Replaces the human dataset's pseudo-references by made ones (null: back to the dataset as read); results go. */
  setHumanPseudoRefs(made: { source: PseudoRefSource; config: PseudoRefsConfig; dataset: HumanDataset } | null): void;
  /** `--where EXPR` on the human dataset ('' clears it); the reason it cannot be applied, or null. */
  setHumanWhere(expr: string): string | null;
  /** Judges against another of the human dataset's dimensions (the run is redone; its similarities are cached). */
  setHumanDimension(name: string): void;
  /** Stops a large import in flight; the dataset on screen stays. */
  cancelImport(): void;
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
  /** Recomputes the correlations at the τ on screen now (exports await it, so a file never carries stale ones). */
  flushCorrelations(): Promise<void>;
  /** Computes the reference-based metrics for the results on screen, once (views that show them call it). */
  ensureRefMetrics(): Promise<void>;
  recalibrate(system: string): void;
  recomputeCurve(): Promise<number>;
  refreshCacheSize(): Promise<void>;
  clearCache(): Promise<void>;
  /** Opens review k in the workbench, its code read back first (a large file's rows left it in the file). */
  openInWorkbench(k: number): Promise<void>;
  reset(): void;
}

/** Why an import is refused (no usable row), or null: what importRejected shows. */
export function rejectedImport(name: string, files: readonly { name: string }[], imported: ImportResult): ResearchState['importRejected'] {
  if (imported.rows.length > 0) return null;
  const issues = imported.errors.length ? imported.errors : files.map((f) => ({ file: f.name, line: 1, reason: 'no row in this file' }));
  return { name, issues: issues.slice(0, 50), total: issues.length };
}

/** An import whose worker failed, as importRejected shows it. */
export const failedImport = (name: string, e: unknown): ResearchState['importRejected'] => ({ name, issues: [{ file: name, line: 1, reason: (e as Error).message }], total: 1 });

export const RESUME_HINT = 'Embedded sentences and LLM answers are cached: Resume continues from here.';

/** The progress line of a batch run the page was reloaded in the middle of (Resume continues it). */
export const reloadedProgress = (run: { done: number; total: number }): RunProgress => ({
  phase: 'interrupted',
  done: run.done,
  total: run.total,
  cached: 0,
  message: `The page was reloaded during a batch run (${run.done} of ${run.total} texts embedded). ${RESUME_HINT}`,
});

/** The progress line of a run that gave no results: cut off, cancelled, failed, or (after a reload) not all cached. */
export function unfinishedProgress(
  prev: RunProgress,
  out: Exclude<RunOutcome, { kind: 'results' }>,
  config: RunConfig,
  cacheOnly: boolean,
  elapsedMs: number,
): RunProgress {
  const msg = out.error ? out.error.message.replace(/\.?$/, '.') : '';
  // The hub unreachable before anything was embedded: offer the bundled encoder (never switched to silently).
  const hub = (config.similarity === 'paper' || config.similarity === 'hub') && out.kind === 'error' && out.done === 0 && isUnreachable(msg);
  return {
    ...prev,
    phase: cacheOnly ? 'interrupted' : out.kind,
    done: out.done,
    total: out.total,
    elapsedMs,
    offerUseLite: hub,
    message: cacheOnly
      ? `The last run's results need ${out.total - out.done} of ${out.total} texts embedded again (the vector cache does not hold them). Resume embeds only those.`
      : hub
        ? `${msg} The paper's model and other hub models need the Hugging Face hub. The bundled USE-lite encoder works offline.`
        : out.kind === 'cancelled'
          ? `Cancelled. ${RESUME_HINT}`
          : `${msg} ${out.done} of ${out.total} texts are embedded. ${RESUME_HINT}`,
  };
}
