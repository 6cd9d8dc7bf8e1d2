// The metric lab's store: it orchestrates the LLM metrics' runs (src/llmbatch/labBatch.ts on the one batch runner:
// provider layer, retries, IndexedDB answer cache, concurrency cap, plan, Cancel, Resume) and the statistics (the
// core's lab agreement, spread over Research's compute workers by labStats) over the columns labColumns builds from
// the Research run. It holds no key: the view passes the LLM settings in for each plan or run.
import { create } from 'zustand';
import type { GradeOutcome, JudgeOutcome, LabAgreement, LabMetric } from '../../core/lab/index';
import { DEFAULT_GRADE_PROMPT, DEFAULT_JUDGE_PROMPT } from '../../core/lab/index';
import type { LlmSettings } from '../../claims/providers';
import { rememberingCache } from '../../llmbatch/cache';
import {
  planLlmGrades,
  planLlmJudge,
  runLlmGrades,
  runLlmJudge,
  type LabPlan,
} from '../../llmbatch/labBatch';
import type { BatchProgress } from '../../llmbatch/run';
import { useLlmMetrics } from '../../settings/llmMetrics';
import { idbAnswerCache } from '../shared/answerCacheIdb';
import { labColumns, labRowsOf, type LlmMetricConfig } from './labColumns';
import { flatLabMetric, flatLabRecords } from '../research/labFlat';
import { CancelledError, labStats } from './labStats';
import { useLabRefs, type LabRefName } from './labRefs';
import type { NltkVersion } from '../../core/nltk/wordTokenize';
import { refColumnsPending } from './labPending';
import { useResearch } from '../research/research';

/** Above this many requests the browser asks before sending (as batch pseudo-references do). */
export const LAB_CONFIRM_ABOVE = 50;
const RUN_MARK = 'crscore.lab.run';
const answerCache = rememberingCache(idbAnswerCache);

export type LabPhase =
  'idle' | 'planning' | 'confirm' | 'running' | 'done' | 'cancelled' | 'interrupted' | 'error';

export interface LabRunArgs {
  settings: LlmSettings;
  timeoutMs: number;
}

export interface LabProgress extends BatchProgress {
  stage: 'grade' | 'judge';
  startedAt: number;
}

export interface LabFailure {
  id: string;
  metric: 'llm-grade' | 'llm-judge';
  status: string;
  reason: string;
}

interface LabState {
  phase: LabPhase;
  plan: { grade: LabPlan | null; judge: LabPlan | null } | null;
  progress: LabProgress | null;
  grades: GradeOutcome[] | null;
  judges: JudgeOutcome[] | null;
  gradeConfig: LlmMetricConfig | null;
  judgeConfig: LlmMetricConfig | null;
  /** Requests sent by the last run (retries and re-asks included); 0 when every answer came from the cache. */
  requestsSent: number;
  /** The last run's answers the browser refused to store, and the first reason: a Resume asks for them again. */
  unsaved: { count: number; error?: string };
  message: string | null;
  /** One value per review of the Research run, in its items' order (results.prepared.items). */
  columns: LabMetric[];
  agreement: LabAgreement | null;
  stats: {
    status: 'idle' | 'running' | 'done' | 'error';
    done: number;
    total: number;
    error: string | null;
    ms: number | null;
    baseline: string | null;
  };
  refreshPlan(a: LabRunArgs): Promise<void>;
  /**
   * After a reload: when every answer the ticked LLM metrics need is cached, reads them back (no request), so a
   * finished run's grades come back without asking.
   */
  fromCache(a: LabRunArgs): Promise<void>;
  /** Plans, asks above LAB_CONFIRM_ABOVE requests, then runs. */
  start(a: LabRunArgs): Promise<void>;
  run(a: LabRunArgs): Promise<void>;
  cancel(): void;
  /** Columns and statistics for the Research run and τ in force. */
  compute(): void;
  /** METEOR's word tokenizer (NLTK 3.9's rules or 3.10's): its column is computed again. */
  setMeteorTokenizer(v: NltkVersion): void;
  restore(): void;
}

let controller: AbortController | null = null;
let jobId = 0;

const mark = (v: object | null) => {
  try {
    if (v) localStorage.setItem(RUN_MARK, JSON.stringify(v));
    else localStorage.removeItem(RUN_MARK);
  } catch {
    // storage refused: only the after-reload notice is lost
  }
};

function llmConfig(
  a: LabRunArgs,
  prompt: string,
  extra: Partial<LlmMetricConfig>,
): LlmMetricConfig {
  // Never the key: the configuration goes into every export.
  return {
    provider: a.settings.provider,
    baseUrl: a.settings.baseUrl,
    model: a.settings.model,
    temperature: a.settings.temperature,
    prompt,
    ...extra,
  };
}

function inputs() {
  const results = useResearch.getState().results;
  return results ? labRowsOf(results).reviews : null;
}

export const useLab = create<LabState>()((set, get) => ({
  phase: 'idle',
  plan: null,
  progress: null,
  grades: null,
  judges: null,
  gradeConfig: null,
  judgeConfig: null,
  requestsSent: 0,
  unsaved: { count: 0 },
  message: null,
  columns: [],
  agreement: null,
  stats: { status: 'idle', done: 0, total: 0, error: null, ms: null, baseline: null },

  async refreshPlan(a) {
    const reviews = inputs();
    const s = useLlmMetrics.getState();
    if (!reviews) return set({ plan: null });
    try {
      const base = { settings: a.settings, cache: answerCache };
      const grade = s.metrics.includes('llm-grade')
        ? await planLlmGrades(reviews, { ...base, template: s.gradePrompt ?? DEFAULT_GRADE_PROMPT })
        : null;
      const judge = s.metrics.includes('llm-judge')
        ? await planLlmJudge(reviews, {
            ...base,
            template: s.judgePrompt ?? DEFAULT_JUDGE_PROMPT,
            withPseudoRefs: s.judgeWithPseudoRefs,
          })
        : null;
      set({ plan: grade || judge ? { grade, judge } : null });
    } catch (e) {
      set({ plan: null, message: (e as Error).message });
    }
  },

  async fromCache(a) {
    const st = get();
    if (st.phase !== 'idle' || st.grades || st.judges) return;
    await get().refreshPlan(a);
    const p = get().plan;
    if (!p || get().phase !== 'idle') return;
    const tasks = (p.grade?.tasks ?? 0) + (p.judge?.tasks ?? 0);
    if (tasks > 0 && (p.grade?.requests ?? 0) + (p.judge?.requests ?? 0) === 0) await get().run(a);
  },

  async start(a) {
    if (get().phase === 'running') return;
    set({ phase: 'planning', message: null });
    await get().refreshPlan(a);
    const p = get().plan;
    const requests = (p?.grade?.requests ?? 0) + (p?.judge?.requests ?? 0);
    if (requests > LAB_CONFIRM_ABOVE) return set({ phase: 'confirm' });
    await get().run(a);
  },

  async run(a) {
    const reviews = inputs();
    if (!reviews)
      return set({
        phase: 'error',
        message: 'Score the dataset in Research first: the lab measures its reviews.',
      });
    const s = useLlmMetrics.getState();
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    set({ phase: 'running', message: null, requestsSent: 0, unsaved: { count: 0 } });
    mark({ state: 'running', reviews: reviews.length });
    const common = {
      settings: a.settings,
      cache: answerCache,
      concurrency: s.concurrency,
      timeoutMs: a.timeoutMs,
      signal: ctrl.signal,
    };
    let sent = 0;
    let shownAt = 0;
    let unsavedBefore = 0;
    const progress = (stage: LabProgress['stage'], startedAt: number) => (p: BatchProgress) => {
      if (controller !== ctrl) return;
      if (p.cacheWriteFailed)
        set({ unsaved: { count: unsavedBefore + p.cacheWriteFailed, error: get().unsaved.error ?? p.cacheWriteError } });
      const now = performance.now();
      // At most ~10 repaints a second; the last one always shows.
      if (now - shownAt < 100 && p.done < p.total && p.done > 0) return;
      shownAt = now;
      set({ progress: { ...p, stage, startedAt }, requestsSent: sent + p.requests });
    };
    try {
      if (s.metrics.includes('llm-grade')) {
        const template = s.gradePrompt ?? DEFAULT_GRADE_PROMPT;
        let last = 0;
        const on = progress('grade', performance.now());
        const grades = await runLlmGrades(reviews, {
          ...common,
          template,
          onProgress: (p) => ((last = p.requests), on(p)),
        });
        sent += last;
        unsavedBefore = get().unsaved.count;
        set({ grades, gradeConfig: llmConfig(a, template, { samples: 3 }), requestsSent: sent });
      }
      if (s.metrics.includes('llm-judge') && !ctrl.signal.aborted) {
        const template = s.judgePrompt ?? DEFAULT_JUDGE_PROMPT;
        let last = 0;
        const on = progress('judge', performance.now());
        const judges = await runLlmJudge(reviews, {
          ...common,
          template,
          withPseudoRefs: s.judgeWithPseudoRefs,
          onProgress: (p) => ((last = p.requests), on(p)),
        });
        sent += last;
        set({
          judges,
          judgeConfig: llmConfig(a, template, {
            withPseudoRefs: s.judgeWithPseudoRefs,
            samples: 1,
          }),
          requestsSent: sent,
        });
      }
    } catch (e) {
      mark(null);
      if (controller === ctrl) controller = null;
      return set({ phase: 'error', message: (e as Error).message });
    }
    if (controller !== ctrl) return;
    controller = null;
    const cancelled = ctrl.signal.aborted;
    mark(cancelled ? { state: 'cancelled', reviews: reviews.length } : null);
    set({
      phase: cancelled ? 'cancelled' : 'done',
      message: cancelled
        ? 'Cancelled. Every answer received is cached: Resume asks only for what is missing.'
        : null,
    });
    get().compute();
    void get().refreshPlan(a);
  },

  cancel() {
    controller?.abort();
    if (get().phase === 'confirm') set({ phase: 'idle' });
  },

  setMeteorTokenizer(v) {
    useLabRefs.getState().setTokenizer(v);
    get().compute();
  },

  compute() {
    const r = useResearch.getState();
    if (!r.results || !r.analysis) return;
    const s = useLlmMetrics.getState();
    const { grades, judges, gradeConfig, judgeConfig } = get();
    // BLEU and chrF are computed (in the workers) when the lab first asks for them; the lab recomputes then.
    const refs = r.refMetrics;
    if (s.metrics.some((m) => m === 'bleu' || m === 'chrf') && (refs.of !== r.results || refs.status === 'idle'))
      void useResearch.getState().ensureRefMetrics().then(() => get().compute());
    // ROUGE-L and METEOR likewise, in labRefs (METEOR's WordNet is fetched then, and only then).
    const extra = s.metrics.filter((m): m is LabRefName => m === 'rouge-l' || m === 'meteor');
    if (extra.length) void useLabRefs.getState().ensure(r.results.prepared, extra).then((landed) => landed && get().compute());
    const labRefs = useLabRefs.getState();
    const columns = labColumns({
      refColumns: labRefs.of === r.results.prepared ? labRefs.columns : {},
      results: r.results,
      refValues: refs.of === r.results ? refs.values : {},
      scores: r.analysis.scores,
      tau: r.tau,
      metrics: s.metrics,
      grades,
      judges,
      gradeConfig,
      judgeConfig,
    });
    // A baseline that is not measured falls back to the first column, and the table says which one it used.
    const baseline = columns.some((c) => c.id === s.baseline)
      ? s.baseline
      : (columns[0]?.id ?? null);
    set({ columns });
    if (!columns.length)
      return set({
        agreement: null,
        stats: { status: 'idle', done: 0, total: 0, error: null, ms: null, baseline },
      });
    const id = ++jobId;
    set({
      stats: { status: 'running', done: 0, total: s.resamples, error: null, ms: null, baseline },
    });
    // BLEU and chrF on their way: the statistics run once, with them (ensureRefMetrics computes again).
    if (refColumnsPending()) return;
    // Typed columns only (a few loops here); the workers build the records and run the resamples.
    const inputs = {
      ...flatLabRecords(r.results.prepared.items),
      metrics: columns.map(flatLabMetric),
      options: { baseline: baseline ?? undefined, resamples: s.resamples, seed: s.seed },
    };
    const t0 = performance.now();
    let shownAt = 0;
    labStats(id, inputs, (done, total) => {
      const now = performance.now();
      // At most ~10 repaints a second.
      if (id !== jobId || now - shownAt < 100) return;
      shownAt = now;
      set({ stats: { ...get().stats, done, total } });
    }).then(
      (agreement) => {
        if (id !== jobId || !agreement) return;
        const st = get().stats;
        set({ agreement, stats: { ...st, status: 'done', done: st.total, ms: performance.now() - t0 } });
      },
      (e: unknown) => {
        if (id !== jobId) return;
        // Research's Cancel ended the workers: the statistics are simply not there (the next compute asks again).
        const cancelled = e instanceof CancelledError;
        set({
          stats: {
            ...get().stats,
            status: cancelled ? 'idle' : 'error',
            error: cancelled ? null : (e as Error).message || 'The statistics worker failed.',
          },
        });
      },
    );
  },

  restore() {
    try {
      const m = JSON.parse(localStorage.getItem(RUN_MARK) ?? 'null') as {
        state: string;
        reviews: number;
      } | null;
      if (m && get().phase === 'idle')
        set({
          phase: 'interrupted',
          message:
            m.state === 'running'
              ? `The page was reloaded while the LLM metrics ran (${m.reviews} reviews). Every answer received is cached: Resume asks only for what is missing.`
              : 'An LLM-metric run was cancelled. Every answer received is cached: Resume asks only for what is missing.',
        });
    } catch {
      // nothing to restore
    }
  },
}));

/** Every review an LLM metric left without a grade, with the reason (failed, no grade, cancelled). */
export function labFailures(
  grades: readonly GradeOutcome[] | null,
  judges: readonly JudgeOutcome[] | null,
): LabFailure[] {
  const out: LabFailure[] = [];
  const bad = new Set(['failed', 'no-grade', 'cancelled']);
  for (const g of grades ?? [])
    if (bad.has(g.status))
      out.push({ id: g.id, metric: 'llm-grade', status: g.status, reason: g.reason ?? g.status });
  for (const j of judges ?? [])
    if (bad.has(j.status))
      out.push({ id: j.id, metric: 'llm-judge', status: j.status, reason: j.reason ?? j.status });
  return out;
}
