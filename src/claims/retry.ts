// The one retry loop for LLM calls, shared by the workbench's one-diff path and the batch path (browser and CLI).
// A 429 waits for its Retry-After; with `backoff`, a 429 without one, a 5xx, a network error or a timeout waits
// base·2^(try-1) (capped, with jitter). Tries are bounded; Cancel (the signal) ends a wait at once.
import { ClaimsError } from './errors';
import { generateClaimsText, type GenerateOptions, type GenerateResult } from './generate';
import { parseClaims } from '../core/claims';
import type { PseudoReference } from '../core/types';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  tries: number;
  /** Back off on failures that carry no Retry-After (429, 5xx, network, timeout). */
  backoff: boolean;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the failure is reported instead. */
  maxRetryAfterMs: number;
}

/** The workbench: only a provider's own Retry-After is waited for (the user sees a countdown); up to 3 retries. */
export const INTERACTIVE_RETRY: RetryPolicy = {
  tries: 4,
  backoff: false,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 5 * 60_000,
};

/** Batch runs: nobody watches each request, so transient failures back off by themselves. */
export const BATCH_RETRY: RetryPolicy = {
  tries: 4,
  backoff: true,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 5 * 60_000,
};

const TRANSIENT = new Set(['rate-limit', 'server', 'network', 'timeout']);

/** How long to wait before try `attempt + 1` after `error`, or undefined when it must not be retried. */
export function retryDelay(
  error: unknown,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (!(error instanceof ClaimsError) || !TRANSIENT.has(error.kind)) return undefined;
  if (attempt >= policy.tries) return undefined;
  if (error.retryAfterMs !== undefined)
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  if (!policy.backoff) return undefined;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  // Full jitter on the upper half, so parallel requests that failed together do not come back together.
  return Math.round(exp / 2 + (random() * exp) / 2);
}

export interface RetryHooks {
  signal?: AbortSignal;
  /** Called before each wait (the workbench shows a countdown). */
  onWait?: (wait: { ms: number; error: ClaimsError; attempt: number }) => void;
  /** Called when a try starts (1-based). */
  onAttempt?: (attempt: number) => void;
}

export function cancelledError(message = 'Cancelled.'): ClaimsError {
  return new ClaimsError('cancelled', message);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks = {},
): Promise<T> {
  for (let n = 1; ; n++) {
    if (hooks.signal?.aborted) throw cancelledError();
    hooks.onAttempt?.(n);
    try {
      return await attempt();
    } catch (e) {
      const ms = retryDelay(e, n, policy);
      if (ms === undefined || hooks.signal?.aborted) throw e;
      hooks.onWait?.({ ms, error: e as ClaimsError, attempt: n });
      await sleep(ms, hooks.signal);
    }
  }
}

/** One LLM call through the shared retry loop: what both paths send. */
export function requestClaimsText(
  opts: GenerateOptions,
  policy: RetryPolicy,
  hooks: Omit<RetryHooks, 'signal'> = {},
): Promise<GenerateResult> {
  return withRetry(() => generateClaimsText(opts), policy, { ...hooks, signal: opts.signal });
}

/** The model's answer → pseudo-references; an answer with none is a 'malformed' failure (both paths). */
export function claimsFromAnswer(text: string): PseudoReference[] {
  const refs = parseClaims(text, 'LLM');
  if (refs.length === 0)
    throw new ClaimsError(
      'malformed',
      'The model answered, but no claims or implications could be read from it, so nothing was added. ' +
        'The raw answer is shown below; retry, or try the other output format.',
      { raw: text },
    );
  return refs;
}
