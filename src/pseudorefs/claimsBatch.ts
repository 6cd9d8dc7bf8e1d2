// LLM claims for many changes: the workbench's prompt, provider, parser and retry loop (src/claims/), run with a
// concurrency limit, every answer cached (cache.ts), progress per answer, Cancel by signal. Browser and CLI share it.
import { ClaimsError } from '../claims/errors';
import { DEFAULT_TIMEOUT_MS } from '../claims/generate';
import { buildClaimsPrompt, type OutputFormat } from '../claims/prompt';
import { effectiveConcurrency, type LlmSettings } from '../claims/providers';
import { BATCH_RETRY, claimsFromAnswer, requestClaimsText, type RetryPolicy } from '../claims/retry';
import type { PseudoReference } from '../core/types';
import { answerIdentity, answerKey, type AnswerCache } from './cache';

export interface ChangeInput {
  id: string;
  diff: string;
}

export interface ClaimsBatchOptions {
  settings: LlmSettings;
  format: OutputFormat;
  cache: AnswerCache;
  /** Requests in flight at most (default 4), capped by the provider's own limit. */
  concurrency?: number;
  timeoutMs?: number;
  policy?: RetryPolicy;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  onProgress?: (p: ClaimsProgress) => void;
}

export interface ClaimsProgress {
  total: number;
  /** Changes finished (answered, cached or failed). */
  done: number;
  cached: number;
  failed: number;
  /** Requests sent (retries included). */
  requests: number;
  inFlight: number;
}

export interface ChangeFailure {
  id: string;
  kind: string;
  reason: string;
}

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

function promptFor(c: ChangeInput, format: OutputFormat): string | ChangeFailure {
  try {
    return buildClaimsPrompt(c.diff, format);
  } catch (e) {
    return { id: c.id, kind: e instanceof ClaimsError ? e.kind : 'config', reason: (e as Error).message };
  }
}

/** How many requests a run will send and roughly how many input tokens, before it starts. */
export async function planClaims(
  changes: readonly ChangeInput[],
  opts: Pick<ClaimsBatchOptions, 'settings' | 'format' | 'cache'>,
): Promise<ClaimsPlan> {
  const plan: ClaimsPlan = { changes: changes.length, requests: 0, cached: 0, inputTokens: 0, unaskable: [] };
  for (const c of changes) {
    const prompt = promptFor(c, opts.format);
    if (typeof prompt !== 'string') {
      plan.unaskable.push(prompt);
      continue;
    }
    const { key } = await answerKey(opts.settings, prompt);
    if (await opts.cache.get(key).catch(() => undefined)) plan.cached++;
    else {
      plan.requests++;
      plan.inputTokens += Math.ceil(prompt.length / 4);
    }
  }
  return plan;
}

/** Claims for every change; a change that fails carries its reason and never stops the others. */
export async function claimsForChanges(
  changes: readonly ChangeInput[],
  opts: ClaimsBatchOptions,
): Promise<ChangeClaims[]> {
  const limit = effectiveConcurrency(opts.settings.provider, opts.concurrency ?? 4);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = opts.policy ?? BATCH_RETRY;
  const p: ClaimsProgress = { total: changes.length, done: 0, cached: 0, failed: 0, requests: 0, inFlight: 0 };
  const report = () => opts.onProgress?.({ ...p });
  const out: ChangeClaims[] = new Array<ChangeClaims>(changes.length);
  const fail = (c: ChangeInput, e: unknown): ChangeClaims => {
    const err = e instanceof ClaimsError ? e : new ClaimsError('network', (e as Error)?.message ?? String(e));
    const detail = err.detail ? ` Provider said: ${err.detail}` : '';
    return { id: c.id, refs: [], cached: false, failure: { id: c.id, kind: err.kind, reason: `${err.message}${detail}` } };
  };

  const one = async (c: ChangeInput): Promise<ChangeClaims> => {
    const prompt = promptFor(c, opts.format);
    if (typeof prompt !== 'string') return { id: c.id, refs: [], cached: false, failure: prompt };
    const { key, promptSha256 } = await answerKey(opts.settings, prompt);
    const hit = await opts.cache.get(key).catch(() => undefined);
    if (hit) {
      try {
        return { id: c.id, refs: claimsFromAnswer(hit.text), cached: true };
      } catch {
        // an unreadable entry is asked again below
      }
    }
    if (opts.signal?.aborted) return fail(c, new ClaimsError('cancelled', 'Cancelled before it was asked.'));
    let active = false;
    try {
      const result = await requestClaimsText(
        { settings: opts.settings, prompt, signal: opts.signal, timeoutMs, fetchImpl: opts.fetchImpl },
        policy,
        {
          onAttempt: () => {
            p.requests++;
            if (!active) p.inFlight++;
            active = true;
            report();
          },
          onWait: () => {
            if (active) p.inFlight--;
            active = false;
            report();
          },
        },
      ).finally(() => {
        if (active) p.inFlight--;
        active = false;
      });
      const refs = claimsFromAnswer(result.text);
      // Only answers that parse are kept, so retrying a garbled answer asks the model again.
      await opts.cache
        .put(key, { ...answerIdentity(opts.settings, promptSha256), text: result.text, at: new Date().toISOString() })
        .catch(() => undefined);
      return { id: c.id, refs, cached: false };
    } catch (e) {
      return fail(c, e);
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < changes.length && !opts.signal?.aborted) {
      const k = next++;
      const r = await one(changes[k]);
      out[k] = r;
      // A change cut off by Cancel is not done and not failed: Resume asks it again.
      if (r.failure?.kind === 'cancelled') continue;
      p.done++;
      if (r.cached) p.cached++;
      if (r.failure) p.failed++;
      report();
    }
  };
  report();
  await Promise.all(Array.from({ length: Math.min(limit, Math.max(1, changes.length)) }, worker));
  for (let k = 0; k < changes.length; k++)
    out[k] ??= fail(changes[k], new ClaimsError('cancelled', 'Cancelled before it was asked.'));
  return out;
}
