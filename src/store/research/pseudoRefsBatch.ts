// Batch pseudo-references in the browser: plans (requests, tokens), runs LLM claims and analyzer issues over the
// research dataset's changes (src/pseudorefs/, the code the CLI runs), with progress, Cancel, Resume (also after a
// reload: answers are in IndexedDB), failed changes retried alone, and hands the result to Research as a dataset
// JSONL with pseudo_refs filled (also the export). Orchestration only; the key stays in the claims settings store.
import { create } from 'zustand';
import type { DatasetRow } from '../../core/dataset';
import { analyzeInWorker, treeClaimsInWorker } from '../shared/analyzersInWorker';
import { settingsProblem } from '../../claims/generate';
import { planClaims, type ChangeClaims, type ClaimsPlan } from '../../pseudorefs/claimsBatch';
import { changeCodeLanguage, type ChangeIssues } from '../../pseudorefs/issuesBatch';
import { makeSources } from '../../pseudorefs/makeSources';
import { changeRows, withPseudoReferences } from '../../core/humanData/bridge';
import {
  mergePseudoRefs,
  usesAnalyzers,
  usesLlm,
  usesLocalModel,
  usesTreeClaims,
  type ChangeReport,
  type PseudoRefsConfig,
  type PseudoRefsStats,
  type PseudoRefSource,
} from '../../pseudorefs/dataset';
import { claimsBatchFor, settingsFor, showLocalProviderFor, useClaimsSettings } from '../shared/claimsSettings';
import { rememberingCache } from '../../llmbatch/cache';
import { idbAnswerCache } from '../shared/answerCacheIdb';
import { rowCode } from '../dataset/rowCode';
import { datasetBlob } from '../dataset/datasetBlob';

/** IndexedDB, with what this page already read kept in memory (the plan and its run read each entry once). */
const answerCache = rememberingCache(idbAnswerCache);
import { useResearch } from './research';

/** Above this many requests the browser asks before sending. */
export const CONFIRM_ABOVE = 50;
const RUN_MARK = 'crscore.pseudorefs.run';
/** Survives a reload like Research's dataset does; holds no key (the configuration never has one). */
const HANDED_MARK = 'crscore.pseudorefs.handed';

export type BatchPhase = 'idle' | 'planning' | 'confirm' | 'running' | 'done' | 'cancelled' | 'interrupted' | 'error';

export interface BatchProgress {
  stage: 'claims' | 'tree-claims' | 'analyzers';
  done: number;
  total: number;
  failed: number;
  cached: number;
  requests: number;
  /** Retries among the requests, and requests whose last try failed (the claims stage; src/llmbatch/run.ts). */
  retries?: number;
  requestsFailed?: number;
  inFlight: number;
  /** LLM answers the answer cache refused to keep (quota, private mode): a Resume pays for them again. */
  cacheWriteFailed?: number;
  cacheWriteError?: string;
  /** When this stage started, and how many were done then (cached ones are instant: time left uses the rest). */
  startedAt: number;
}

export interface BatchResult {
  rows: DatasetRow[];
  stats: PseudoRefsStats;
  reports: ChangeReport[];
  config: PseudoRefsConfig;
}

interface BatchState {
  source: PseudoRefSource;
  /** Generate only for changes without their own pseudo-references, and keep the dataset's own for the rest. */
  keepOwn: boolean;
  concurrency: number;
  phase: BatchPhase;
  /** `kept`: changes that keep their own pseudo-references and are not asked about. */
  plan: (ClaimsPlan & { analyzerChanges: number; kept: number }) | null;
  progress: BatchProgress | null;
  result: BatchResult | null;
  message: string | null;
  /** The dataset JSONL being written (its rows' code read back): rows done, or why it stopped. */
  writing: { done: number; total: number; error?: string } | null;
  setSource(s: PseudoRefSource): void;
  setKeepOwn(keep: boolean): void;
  setConcurrency(n: number): void;
  /** Counts requests and tokens for the current rows (nothing is sent). */
  refreshPlan(): Promise<void>;
  /** Plans, asks for confirmation above CONFIRM_ABOVE requests, then runs. */
  start(): Promise<void>;
  /** Runs (after confirmation); `only` limits it to those change ids (retrying failed changes alone). */
  run(only?: string[]): Promise<void>;
  cancel(): void;
  retryFailed(): Promise<void>;
  /** The dataset JSONL with pseudo_refs filled and the configuration on every line (null: nothing to write, or it stopped). */
  exportJsonl(): Promise<Blob | null>;
  /** Hands the dataset with its generated pseudo-references to Research (its rows replace the imported ones). */
  useInResearch(): Promise<void>;
  /** After a reload: says when a run was cut off (Resume asks only for what is missing). */
  restore(): void;
}

let controller: AbortController | null = null;
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));
// The latest answer per change, kept across runs so retrying a few changes merges with the rest.
const lastClaims = new Map<string, ChangeClaims>();
const lastIssues = new Map<string, ChangeIssues>();
let lastRowsKey: DatasetRow[] | null = null;
let lastSource: PseudoRefSource | null = null;
/** The dataset name handed to Research with its pseudo-references' configuration, for Research's exports. */
let handed: { name: string; config: PseudoRefsConfig } | null = null;

/** The configuration of the generated pseudo-references when Research holds the dataset they were handed in. */
export function pseudoRefsProvenance(datasetName: string | null): PseudoRefsConfig | null {
  if (!handed) {
    try {
      handed = JSON.parse(localStorage.getItem(HANDED_MARK) ?? 'null') as typeof handed;
    } catch {
      handed = null;
    }
  }
  return handed && handed.name === datasetName ? handed.config : null;
}

/** The changes to generate for: Research's rows, or a human-scored dataset's changes as it was read. */
function sourceRows(): DatasetRow[] {
  const { imported, human } = useResearch.getState();
  if (human) {
    const read = human.made?.read ?? human.dataset;
    if (humanRowsOf?.read !== read) humanRowsOf = { read, rows: changeRows(read) };
    return humanRowsOf.rows;
  }
  return imported?.rows ?? [];
}
let humanRowsOf: { read: unknown; rows: DatasetRow[] } | null = null;

/**
 * The changes that keep their own pseudo-references: with keepOwn, those that carry some, when others lack them
 * (a dataset where every change carries its own is generated in full only when a person picks a generating source).
 */
export function keptIds(rows: readonly DatasetRow[], keepOwn: boolean): Set<string> {
  const own = rows.filter((r) => r.pseudoRefs.length > 0);
  return new Set(keepOwn && own.length < rows.length ? own.map((r) => r.id) : []);
}

function configFor(source: PseudoRefSource): PseudoRefsConfig {
  const s = useClaimsSettings.getState();
  const c: PseudoRefsConfig = { source, generatedAt: new Date().toISOString() };
  const llm = settingsFor(source, s);
  // `local` records the provider as the CLI's `--pseudo-refs local` does: a model run on this machine.
  if (usesLlm(source)) c.llm = { provider: usesLocalModel(source) ? 'local' : llm.provider, baseUrl: llm.baseUrl, model: llm.model, format: s.format, temperature: s.temperature };
  if (usesAnalyzers(source)) c.analyzers = { filter: s.analyzerFilter, options: s.analyzerOptions };
  return c;
}

const mark = (v: object | null) => {
  try {
    if (v) localStorage.setItem(RUN_MARK, JSON.stringify(v));
    else localStorage.removeItem(RUN_MARK);
  } catch {
    // storage refused: only the after-reload notice is lost
  }
};

export const usePseudoRefsBatch = create<BatchState>()((set, get) => ({
  source: 'generate',
  keepOwn: true,
  concurrency: 4,
  phase: 'idle',
  plan: null,
  progress: null,
  result: null,
  message: null,
  writing: null,

  setSource(source) {
    showLocalProviderFor(source);
    set({ source, plan: null });
    void get().refreshPlan();
  },
  setKeepOwn(keepOwn) {
    set({ keepOwn, plan: null });
    void get().refreshPlan();
  },
  setConcurrency(n) {
    set({ concurrency: Math.max(1, Math.min(64, Math.floor(n) || 1)) });
  },

  async refreshPlan() {
    const all = sourceRows();
    const { source, keepOwn } = get();
    if (!all.length || source === 'dataset') return set({ plan: null });
    const keep = keptIds(all, keepOwn && !useResearch.getState().human);
    const rows = all.filter((r) => !keep.has(r.id));
    const kept = keep.size;
    // Every language with a grammar has analyzers (docs/analyzers.md): its lang, else its file name, else its code.
    const analyzerChanges = usesAnalyzers(source) || usesTreeClaims(source) ? rows.filter((r) => changeCodeLanguage(r) !== null).length : 0;
    if (!usesLlm(source)) return set({ plan: { changes: rows.length, requests: 0, cached: 0, inputTokens: 0, unaskable: [], analyzerChanges, kept } });
    const s = useClaimsSettings.getState();
    // Without a key nothing is planned: the panel says what is missing instead.
    if (settingsProblem(settingsFor(source, s))) return set({ plan: null });
    const plan = await planClaims(
      rows.map((r) => ({ id: r.id, diff: r.diff })),
      claimsBatchFor(source, s, answerCache),
    );
    set({ plan: { ...plan, analyzerChanges, kept } });
  },

  async start() {
    if (get().phase === 'running') return;
    if (usesLlm(get().source) && settingsProblem(settingsFor(get().source, useClaimsSettings.getState()))) return;
    set({ phase: 'planning', message: null });
    await get().refreshPlan();
    const plan = get().plan;
    if (plan && plan.requests > CONFIRM_ABOVE) return set({ phase: 'confirm' });
    await get().run();
  },

  async run(only) {
    const all = sourceRows();
    const { source, concurrency, keepOwn } = get();
    if (!all.length) return;
    const keep = keptIds(all, keepOwn && !useResearch.getState().human);
    // Another dataset or another source: nothing of the last run's answers is merged into this one.
    if (lastRowsKey !== all || lastSource !== source) {
      lastClaims.clear();
      lastIssues.clear();
      lastRowsKey = all;
      lastSource = source;
    }
    const wanted = only ? new Set(only) : null;
    const rows = all.filter((r) => !keep.has(r.id) && (!wanted || wanted.has(r.id)));
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    const s = useClaimsSettings.getState();
    set({ phase: 'running', message: null, writing: null });
    mark({ state: 'running', source, total: rows.length });
    let requests = 0;
    // Answers the cache refused to keep stay said after the claims stage, while the analyzers run and after.
    let unsaved: Pick<BatchProgress, 'cacheWriteFailed' | 'cacheWriteError'> = {};
    // At most ~10 repaints a second: a 10,000-change run from the cache reports 10,000 times in a few seconds.
    let shownAt = 0;
    let latest: BatchProgress | null = null;
    const showProgress = (progress: BatchProgress) => {
      latest = progress;
      const now = performance.now();
      if (now - shownAt < 100 && progress.done < progress.total && progress.done > 0) return;
      shownAt = now;
      set({ progress });
    };
    try {
      const startedAt = { claims: 0, 'tree-claims': 0, analyzers: 0 };
      const made = await makeSources({
        source,
        claimRows: rows,
        issueRows: rows,
        llm: claimsBatchFor(source, s, answerCache, concurrency),
        treeClaims: treeClaimsInWorker,
        analyze: analyzeInWorker,
        // A large file's rows left their code in the file: read back one change at a time, never all at once.
        analyzers: { filter: s.analyzerFilter, options: s.analyzerOptions, codeOf: rowCode },
        signal: ctrl.signal,
        onStage: (stage) => void (startedAt[stage] = performance.now()),
        onProgress: (p) => {
          const at = startedAt[p.stage];
          if (p.stage === 'claims') {
            requests = p.requests;
            unsaved = { cacheWriteFailed: p.cacheWriteFailed, cacheWriteError: p.cacheWriteError };
          }
          if (controller !== ctrl) return;
          if (p.stage === 'claims') showProgress({ ...p, startedAt: at });
          else if (p.stage === 'tree-claims') showProgress({ ...p, failed: 0, cached: 0, requests, inFlight: 0, startedAt: at });
          else showProgress({ ...p, cached: 0, requests, inFlight: 0, ...unsaved, startedAt: at });
        },
      });
      // An LLM answer cancelled this time keeps the one a previous run got; tree claims and issues replace theirs.
      for (const c of made.claims ?? []) if (made.claimsFrom === 'tree' || c.failure?.kind !== 'cancelled' || !lastClaims.has(c.id)) lastClaims.set(c.id, c);
      for (const i of made.issues ?? []) lastIssues.set(i.id, i);
    } catch (e) {
      mark(null);
      return set({ phase: 'error', message: (e as Error).message });
    }
    if (controller !== ctrl) return;
    controller = null;
    await nextTask();
    const merged = mergePseudoRefs(
      all,
      source,
      usesLlm(source) || usesTreeClaims(source) ? all.map((r) => lastClaims.get(r.id) ?? { id: r.id, refs: [], cached: false, failure: { id: r.id, kind: 'cancelled', reason: 'not asked yet' } }) : null,
      usesAnalyzers(source) ? [...lastIssues.values()] : null,
      { requests },
      keep,
    );
    const cancelled = ctrl.signal.aborted;
    mark(cancelled ? { state: 'cancelled', source, total: rows.length } : null);
    // A human-scored dataset takes them at once, its dimensions kept (as `crscore eval --dataset … --pseudo-refs`).
    // Each step in a task of its own, so the page stays responsive on a large table (bench/treelang-browser.ts).
    const human = useResearch.getState().human;
    if (human && !cancelled) {
      await nextTask();
      const dataset = withPseudoReferences(human.made?.read ?? human.dataset, new Map(merged.rows.map((r) => [r.id, r.pseudoRefs])));
      await nextTask();
      if (controller !== null || useResearch.getState().human?.dataset !== human.dataset) return;
      useResearch.getState().setHumanPseudoRefs({ source, config: configFor(source), dataset });
      await nextTask();
    }
    set({
      progress: latest ?? get().progress,
      phase: cancelled ? 'cancelled' : 'done',
      result: { ...merged, config: configFor(source) },
      message: cancelled ? 'Cancelled. The answers received are cached: Resume asks only for what is missing.' : null,
    });
    void get().refreshPlan();
  },

  cancel() {
    controller?.abort();
    if (get().phase === 'confirm') set({ phase: 'idle' });
  },

  async retryFailed() {
    const ids = (get().result?.reports ?? []).filter((r) => r.failures.some((f) => f.kind !== 'cancelled')).map((r) => r.id);
    if (ids.length) await get().run(ids);
  },

  async exportJsonl() {
    const r = get().result;
    const w = get().writing;
    if (!r || (w && !w.error)) return null;
    set({ writing: { done: 0, total: r.rows.length } });
    try {
      const blob = await datasetBlob(r.rows, r.config, { onProgress: (done, total) => set({ writing: { done, total } }) });
      set({ writing: null });
      return blob;
    } catch (e) {
      set({ writing: { done: 0, total: r.rows.length, error: `The dataset JSONL was not written: ${(e as Error).message}` } });
      return null;
    }
  },

  async useInResearch() {
    const blob = await get().exportJsonl();
    const result = get().result;
    if (!blob || !result) return;
    const name = `${(useResearch.getState().datasetName ?? 'dataset').replace(/(\.with-pseudo-refs)?\.jsonl?$/i, '')}.with-pseudo-refs.jsonl`;
    // As a Blob: Research imports it as it does a large file (streamed, the code left in the Blob), never as one string.
    const opened = await useResearch.getState().importFiles([{ name, blob }]);
    if (!opened) return set({ message: 'Research did not take the dataset with the generated pseudo-references (see its import notice).' });
    handed = { name, config: result.config };
    try {
      localStorage.setItem(HANDED_MARK, JSON.stringify(handed));
    } catch {
      // storage refused: the exports of this page still record it
    }
    // Research now holds these rows; the answers stay cached, so a later run needs no request.
    lastRowsKey = sourceRows();
    set({ message: 'Research now scores this dataset with the generated pseudo-references.' });
  },

  restore() {
    try {
      const m = JSON.parse(localStorage.getItem(RUN_MARK) ?? 'null') as { state: string; source: PseudoRefSource; total: number } | null;
      if (m && get().phase === 'idle')
        set({
          source: m.source,
          phase: 'interrupted',
          message:
            m.state === 'running'
              ? `The page was reloaded while pseudo-references were being generated (${m.total} changes). Answers received are cached: Resume asks only for what is missing.`
              : 'A run was cancelled. Answers received are cached: Resume asks only for what is missing.',
        });
    } catch {
      // nothing to restore
    }
  },
}));
