// Research's llm-links stage in the browser: the editable prompt (kept in localStorage), the plan, the run through
// the shared batch runner with the claims settings and the IndexedDB answer cache (Cancel, Resume, reload: answers
// received are kept), and the reviews that failed. The research run calls linkStage; researchLinks.ts plans and
// asks first. Orchestration only: prompt, parser and batch are src/core/links and src/llmbatch/linksBatch.ts, the
// code `crscore eval --similarity llm-links` runs. The key stays in claimsSettings.
import { create } from 'zustand';
import { settingsProblem } from '../../claims/generate';
import { effectiveConcurrency, PROVIDERS } from '../../claims/providers';
import type { EvalItem } from '../../core/evaluate';
import { DEFAULT_LINKS_PROMPT } from '../../core/links/llmLinks';
import type { ItemMatrices } from '../../core/research/index';
import { rememberingCache, sha256Hex } from '../../llmbatch/cache';
import { linksForItems, planLinks, type ReviewLinks } from '../../llmbatch/linksBatch';
import type { BatchPlan, BatchProgress } from '../../llmbatch/run';
import { idbAnswerCache } from '../shared/answerCacheIdb';
import { writeLocal } from '../../settings/storageWrites';
import { llmSettings, useClaimsSettings } from '../shared/claimsSettings';

const PROMPT_KEY = 'crscore.links.prompt';
export const LINKS_PROMPT_KEY = PROMPT_KEY;
const answerCache = rememberingCache(idbAnswerCache);

/** What the LLM settings in force lack before any request (no key), or null: checked before anything is planned. */
export function linksSettingsProblem(): string | null {
  return settingsProblem(llmSettings(useClaimsSettings.getState()));
}

/** Plans for `its` with the settings and prompt in force (nothing is sent). */
export function planFor(its: readonly EvalItem[]): Promise<BatchPlan> {
  return planLinks(its, { settings: llmSettings(useClaimsSettings.getState()), cache: answerCache, template: useLinksRun.getState().template });
}

export interface LinksProvenance {
  provider: string;
  baseUrl: string;
  model: string;
  temperature: number;
  prompt: 'default' | 'edited';
  promptSha256: string;
  template: string;
  requests: number;
  cached: number;
  failedReviews: number;
  droppedNumbers: number;
}

export type LinksPhase = 'idle' | 'planning' | 'confirm' | 'running' | 'done' | 'cancelled' | 'error';

/** The runner's progress (src/llmbatch/run.ts): `failed` counts reviews, one that shared another's request failing with it. */
export type LinksProgress = BatchProgress;

interface LinksState {
  template: string;
  concurrency: number;
  phase: LinksPhase;
  plan: BatchPlan | null;
  /** The plan's requests the user agreed to send (asked above CONFIRM_ABOVE). */
  confirmed: number | null;
  progress: LinksProgress | null;
  /** The last run's reviews that failed, with their reason, and how many numbers the answers named that do not exist. */
  failures: ReviewLinks[];
  warnings: number;
  message: string | null;
  /** How the last finished run's links were made (for exports; never the key). */
  provenance: LinksProvenance | null;
  setTemplate(t: string): void;
  resetTemplate(): void;
  setConcurrency(n: number): void;
}

function savedTemplate(): string {
  try {
    return localStorage.getItem(PROMPT_KEY) ?? DEFAULT_LINKS_PROMPT;
  } catch {
    return DEFAULT_LINKS_PROMPT;
  }
}

export const useLinksRun = create<LinksState>()((set, get) => ({
  template: savedTemplate(),
  concurrency: 4,
  phase: 'idle',
  plan: null,
  confirmed: null,
  progress: null,
  failures: [],
  warnings: 0,
  message: null,
  provenance: null,

  setTemplate(template) {
    set({ template, plan: null });
    // A refusal (storage full) is recorded under LINKS_PROMPT_KEY: the panel says the prompt lasts this tab only.
    writeLocal(PROMPT_KEY, template === DEFAULT_LINKS_PROMPT ? null : template);
  },
  resetTemplate() {
    get().setTemplate(DEFAULT_LINKS_PROMPT);
  },
  setConcurrency(n) {
    set({ concurrency: Math.max(1, Math.min(64, Math.floor(n) || 1)) });
  },
}));

/**
 * Stage 4 for llm-links, called by the research run: every review's links (cached answers first), progress and
 * Cancel through the research run's hooks. `cacheOnly` (bringing results back after a reload) sends nothing: it
 * gives up when any answer is missing.
 */
export async function linkStage(
  its: readonly EvalItem[],
  hooks: { onProgress(done: number, total: number, cached: number): void; cancelled(): boolean; cacheOnly?: boolean },
): Promise<
  | { kind: 'done'; m: ItemMatrices; kept: number[]; cached: number; total: number }
  | { kind: 'cancelled' | 'error'; done: number; total: number; error?: Error }
> {
  const st = useLinksRun.getState();
  const s = useClaimsSettings.getState();
  const settings = llmSettings(s);
  // Settings that cannot succeed plan and send nothing (bringing results back from the cache needs no key).
  const problem = hooks.cacheOnly ? null : settingsProblem(settings);
  if (problem) {
    useLinksRun.setState({ phase: 'idle', plan: null });
    return { kind: 'error', done: 0, total: its.length, error: new Error(`Before any request: ${problem}`) };
  }
  const opts = { settings, cache: answerCache, template: st.template };
  const plan = await planLinks(its, opts);
  useLinksRun.setState({ plan });
  if (hooks.cacheOnly && plan.requests > 0) return { kind: 'cancelled', done: plan.cached, total: plan.tasks };
  const ctrl = new AbortController();
  const poll = setInterval(() => hooks.cancelled() && ctrl.abort(), 100);
  useLinksRun.setState({ phase: 'running', message: null, progress: null });
  try {
    const out = await linksForItems(its, {
      ...opts,
      concurrency: effectiveConcurrency(settings.provider, st.concurrency),
      timeoutMs: Math.max(1, s.timeoutSec) * 1000,
      signal: ctrl.signal,
      onProgress: (p) => {
        // A copy: the runner updates its progress object in place.
        useLinksRun.setState({ progress: { ...p } });
        hooks.onProgress(p.done, p.total, p.cached);
      },
    });
    const failures = out.reviews.filter((r) => r.failure && r.failure.kind !== 'cancelled');
    const done = out.reviews.filter((r) => !r.failure || r.failure.kind !== 'cancelled').length;
    const cancelled = ctrl.signal.aborted;
    const provenance: LinksProvenance = {
      provider: settings.provider,
      baseUrl: PROVIDERS[settings.provider].protocol === 'local' ? '' : settings.baseUrl,
      model: settings.model,
      temperature: settings.temperature,
      prompt: st.template === DEFAULT_LINKS_PROMPT ? 'default' : 'edited',
      promptSha256: await sha256Hex(st.template),
      template: st.template,
      requests: useLinksRun.getState().progress?.requests ?? 0,
      cached: out.cached,
      failedReviews: failures.length,
      droppedNumbers: out.warnings,
    };
    useLinksRun.setState({
      provenance,
      phase: cancelled ? 'cancelled' : 'done',
      failures,
      warnings: out.warnings,
      confirmed: null,
      message: cancelled ? 'Cancelled. The answers received are cached: Resume asks only for what is missing.' : null,
    });
    void planLinks(its, opts).then((plan) => useLinksRun.setState({ plan }));
    if (cancelled) return { kind: 'cancelled', done, total: its.length };
    if (!out.reviews.some((r) => r.matrix)) {
      const message = `Every review's request failed, so nothing was scored. The first reason: ${failures[0]?.failure?.reason ?? 'unknown'}`;
      useLinksRun.setState({ phase: 'error', message });
      return { kind: 'error', done, total: its.length, error: new Error(message) };
    }
    return { kind: 'done', m: out.m, kept: out.kept, cached: out.cached, total: its.length };
  } catch (e) {
    useLinksRun.setState({ phase: 'error', message: (e as Error).message });
    return { kind: 'error', done: 0, total: its.length, error: e as Error };
  } finally {
    clearInterval(poll);
  }
}
