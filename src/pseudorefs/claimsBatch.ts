// LLM claims for many changes: the workbench's prompt and parser, run by the one batch runner (src/llmbatch: the
// shared provider layer and retry loop, concurrency, answer cache, progress, Cancel). Browser and CLI share it.
import { ClaimsError } from '../claims/errors';
import { buildClaimsPrompt, type OutputFormat } from '../claims/prompt';
import { claimsFromAnswer } from '../claims/retry';
import type { PseudoReference } from '../core/types';
import {
  planBatch,
  runBatch,
  type BatchProgress,
  type LlmBatchOptions,
  type LlmTask,
  type TaskFailure,
} from '../llmbatch/run';

export { semaphore } from '../llmbatch/run';

export interface ChangeInput {
  id: string;
  diff: string;
}

export interface ClaimsBatchOptions extends Omit<LlmBatchOptions<PseudoReference[]>, 'reask'> {
  format: OutputFormat;
}

export type ClaimsProgress = BatchProgress;
export type ChangeFailure = TaskFailure;

export interface ChangeClaims {
  id: string;
  refs: PseudoReference[];
  /** Read from the cache (no request). */
  cached: boolean;
  failure?: ChangeFailure;
}

export interface ClaimsPlan {
  changes: number;
  /** Changes whose answer is not cached: each needs one request (more on retries). */
  requests: number;
  cached: number;
  /** Input tokens of those requests, estimated as characters / 4. */
  inputTokens: number;
  /** Changes that cannot be asked (no added or removed lines). */
  unaskable: ChangeFailure[];
}

/** The prompt of each change, or why it cannot be asked. */
function tasksFor(changes: readonly ChangeInput[], format: OutputFormat) {
  const tasks: LlmTask[] = [];
  const unaskable: ChangeFailure[] = [];
  for (const c of changes) {
    try {
      tasks.push({ id: c.id, prompt: buildClaimsPrompt(c.diff, format) });
    } catch (e) {
      unaskable.push({ id: c.id, kind: e instanceof ClaimsError ? e.kind : 'config', reason: (e as Error).message });
    }
  }
  return { tasks, unaskable };
}

/** How many requests a run will send and roughly how many input tokens, before it starts. */
export async function planClaims(
  changes: readonly ChangeInput[],
  opts: Pick<ClaimsBatchOptions, 'settings' | 'format' | 'cache'>,
): Promise<ClaimsPlan> {
  const { tasks, unaskable } = tasksFor(changes, opts.format);
  const p = await planBatch(tasks, opts);
  return { changes: changes.length, requests: p.requests, cached: p.cached, inputTokens: p.inputTokens, unaskable };
}

/** Claims for every change; a change that fails carries its reason and never stops the others. */
export async function claimsForChanges(
  changes: readonly ChangeInput[],
  opts: ClaimsBatchOptions,
): Promise<ChangeClaims[]> {
  const { tasks, unaskable } = tasksFor(changes, opts.format);
  const results = await runBatch(tasks, (text) => claimsFromAnswer(text), {
    ...opts,
    onProgress: opts.onProgress && ((p) => opts.onProgress!({ ...p, total: changes.length, done: p.done + unaskable.length, failed: p.failed + unaskable.length })),
  });
  const byId = new Map(results.map((r, k) => [tasks[k].id, r]));
  const failed = new Map(unaskable.map((f) => [f.id, f]));
  return changes.map((c) => {
    const f = failed.get(c.id);
    if (f) return { id: c.id, refs: [], cached: false, failure: f };
    const r = byId.get(c.id)!;
    return { id: c.id, refs: r.value ?? [], cached: r.cached, ...(r.failure ? { failure: r.failure } : {}) };
  });
}
