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
  // Hashing and cache reads in chunks side by side: a 10,000-change plan takes seconds, not a minute.
  const CHUNK = 256;
  for (let i = 0; i < changes.length; i += CHUNK) {
    await Promise.all(
      changes.slice(i, i + CHUNK).map(async (c) => {
        const prompt = promptFor(c, opts.format);
        if (typeof prompt !== 'string') return void plan.unaskable.push(prompt);
        const { key } = await answerKey(opts.settings, prompt);
        if (await opts.cache.get(key).catch(() => undefined)) plan.cached++;
        else {
          plan.requests++;
          plan.inputTokens += Math.ceil(prompt.length / 4);
        }
      }),
    );
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
  const writes: Promise<void>[] = [];
  const fail = (c: ChangeInput, e: unknown): ChangeClaims => {
    const err = e instanceof ClaimsError ? e : new ClaimsError('network', (e as Error)?.message ?? String(e));
    const detail = err.detail ? ` Provider said: ${err.detail}` : '';
    // The one-diff panel shows the raw answer "below"; a batch lists reasons only.
    const message = err.message.replace(/\s*[^.]*\bshown below[^.]*\./g, '');
    return { id: c.id, refs: [], cached: false, failure: { id: c.id, kind: err.kind, reason: `${message}${detail}` } };
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
    let active = false;
    try {
      // The limit is on requests in flight; cache reads and hashing for the next changes go on meanwhile.
      const result = await slot(() => {
        if (opts.signal?.aborted) throw new ClaimsError('cancelled', 'Cancelled before it was asked.');
        return requestClaimsText(
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
      });
      const refs = claimsFromAnswer(result.text);
      // Only answers that parse are kept, so retrying a garbled answer asks the model again. The write is not
      // waited for here (the next request goes out at once); the run waits for all writes before it returns.
      writes.push(
        opts.cache
          .put(key, { ...answerIdentity(opts.settings, promptSha256), text: result.text, at: new Date().toISOString() })
          .catch(() => undefined),
      );
      return { id: c.id, refs, cached: false };
    } catch (e) {
      return fail(c, e);
    }
  };

  const slot = semaphore(limit);
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
  const workers = Math.min(Math.max(16, limit * 2), Math.max(1, changes.length));
  await Promise.all(Array.from({ length: workers }, worker));
  await Promise.all(writes);
  for (let k = 0; k < changes.length; k++)
    out[k] ??= fail(changes[k], new ClaimsError('cancelled', 'Cancelled before it was asked.'));
  return out;
}

/** At most `n` of the functions run at once; the others wait their turn in order. */
export function semaphore(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (fn) => {
    while (active >= n) await new Promise<void>((r) => queue.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
