// One runner for every batch of LLM calls (claims, links, grades, judgements): the shared provider layer and retry
// loop (src/claims), a concurrency limit capped by the provider's own, every answer cached (cache.ts) so a second
// run or a Resume asks nothing already paid for, progress per answer, a plan (requests, input tokens) before it
// starts, and Cancel by signal. Each use brings only its prompt and its parser. Browser and CLI share it.
// A request is paid for once: identical requests in flight in this process share one answer, and the cache's lock
// (Web Locks in the browser, a lock file in the CLI) makes a second tab or process wait, then read the first's answer.
import { ClaimsError, scrubKey } from '../claims/errors';
import { DEFAULT_TIMEOUT_MS, settingsProblem } from '../claims/generate';
import { effectiveConcurrency, type LlmSettings } from '../claims/providers';
import { BATCH_RETRY, requestClaimsText, type RetryPolicy } from '../claims/retry';
import { answerIdentity, answerKey, type AnswerCache, type CachedAnswer } from './cache';

/** One call to make: its prompt, and which sample it is when the same prompt is asked several times. */
export interface LlmTask {
  id: string;
  prompt: string;
  /** 0 (default) for the first answer to this prompt; 1, 2… for independent repeats (each cached on its own). */
  sample?: number;
}

export interface LlmBatchOptions<T> {
  settings: LlmSettings;
  cache: AnswerCache;
  /** Requests in flight at most (default 4), capped by the provider's own limit. */
  concurrency?: number;
  timeoutMs?: number;
  policy?: RetryPolicy;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  onProgress?: (p: BatchProgress) => void;
  /**
   * Ask again when an answer parses but is not acceptable (a grade outside 1–5, say), at most `times` more times.
   * The last answer is kept and cached whatever it is, so a run never pays twice for the same refusal.
   */
  reask?: { times: number; accept: (value: T) => boolean };
}

export interface BatchProgress {
  total: number;
  /** Tasks finished (answered, cached or failed). */
  done: number;
  cached: number;
  failed: number;
  /** Requests sent (retries and re-asks included); a request the settings forbid (no key) is never counted. */
  requests: number;
  /** Of those, tries after a 429, a 5xx or a network error. */
  retries: number;
  /**
   * Requests of this run whose last try failed. A task that shared an identical task's request fails with it
   * without a request of its own, so `failed` (tasks) can exceed it.
   */
  requestsFailed: number;
  inFlight: number;
  /** Answers that could not be written to the cache (quota, private mode, a read-only folder): Resume asks again. */
  cacheWriteFailed: number;
  /** The first write failure's reason. */
  cacheWriteError?: string;
}

export interface TaskFailure {
  id: string;
  kind: string;
  reason: string;
}

export interface TaskResult<T> {
  id: string;
  /** The parsed answer; absent on failure. */
  value?: T;
  /** The model's raw answer, when there is one (shown beside the parsed value, kept in exports). */
  text?: string;
  /** Read from the cache (no request). */
  cached: boolean;
  failure?: TaskFailure;
}

export interface BatchPlan {
  tasks: number;
  /** Tasks whose answer is not cached: each needs one request (more on retries or re-asks). */
  requests: number;
  cached: number;
  /** Input tokens of those requests, estimated as characters / 4. */
  inputTokens: number;
}

/**
 * The prompt as the cache sees it. Sample 0 is the prompt itself, so answers cached before samples existed are
 * still found; a repeat adds a marker the model never sees.
 */
function cachePrompt(t: LlmTask): string {
  return t.sample ? `${t.prompt}\u0000sample:${t.sample}` : t.prompt;
}

/** How many requests a run will send and roughly how many input tokens, before it starts. */
export async function planBatch(
  tasks: readonly LlmTask[],
  opts: Pick<LlmBatchOptions<unknown>, 'settings' | 'cache'>,
): Promise<BatchPlan> {
  const plan: BatchPlan = { tasks: tasks.length, requests: 0, cached: 0, inputTokens: 0 };
  // The same prompt twice (two systems wrote the same review) is one request.
  const asked = new Set<string>();
  // Hashing and cache reads in chunks side by side: a 10,000-task plan takes seconds, not a minute.
  const CHUNK = 256;
  for (let i = 0; i < tasks.length; i += CHUNK) {
    await Promise.all(
      tasks.slice(i, i + CHUNK).map(async (t) => {
        const { key } = await answerKey(opts.settings, cachePrompt(t));
        if (await opts.cache.get(key).catch(() => undefined)) plan.cached++;
        else if (!asked.has(key)) {
          asked.add(key);
          plan.requests++;
          plan.inputTokens += Math.ceil(t.prompt.length / 4);
        }
      }),
    );
  }
  return plan;
}

/**
 * The requests of a run in words, in one unit: "5 requests sent, 1 failed", "7 requests sent (2 retries), 1
 * failed". Tasks (reviews, changes) are counted apart: tasks sharing one request fail with it.
 */
export function requestCounts(p: Pick<BatchProgress, 'requests' | 'retries' | 'requestsFailed'>): string {
  const retries = p.retries ? ` (${p.retries} ${p.retries === 1 ? 'retry' : 'retries'})` : '';
  return `${p.requests} request${p.requests === 1 ? '' : 's'} sent${retries}, ${p.requestsFailed} failed`;
}

export function taskFailure(id: string, e: unknown): TaskFailure {
  const err = e instanceof ClaimsError ? e : new ClaimsError('network', (e as Error)?.message ?? String(e));
  const detail = err.detail ? ` Provider said: ${err.detail}` : '';
  // The one-diff panel shows the raw answer "below"; a batch lists reasons only.
  const message = err.message.replace(/\s*[^.]*\bshown below[^.]*\./g, '');
  return { id, kind: err.kind, reason: `${message}${detail}` };
}

/**
 * Every task's parsed answer; a task that fails carries its reason and never stops the others. `parse` throws a
 * ClaimsError('malformed') for an answer it cannot read: such an answer is not cached, so Resume asks again.
 */
export async function runBatch<T>(
  tasks: readonly LlmTask[],
  parse: (text: string, task: LlmTask) => T,
  opts: LlmBatchOptions<T>,
): Promise<TaskResult<T>[]> {
  const limit = effectiveConcurrency(opts.settings.provider, opts.concurrency ?? 4);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = opts.policy ?? BATCH_RETRY;
  const p: BatchProgress = { total: tasks.length, done: 0, cached: 0, failed: 0, requests: 0, retries: 0, requestsFailed: 0, inFlight: 0, cacheWriteFailed: 0 };
  const report = () => opts.onProgress?.({ ...p });
  const out: TaskResult<T>[] = new Array<TaskResult<T>>(tasks.length);
  const slot = semaphore(limit);
  const apiKey = opts.settings.apiKey;
  // Callers check before they plan; here settings that cannot succeed (no key) send, and count, nothing.
  const problem = settingsProblem(opts.settings);

  const ask = async (t: LlmTask): Promise<string> => {
    let active = false;
    // The limit is on requests in flight; cache reads and hashing for the next tasks go on meanwhile.
    const result = await slot(() => {
      if (opts.signal?.aborted) throw new ClaimsError('cancelled', 'Cancelled before it was asked.');
      if (problem) throw new ClaimsError('config', problem);
      return requestClaimsText(
        { settings: opts.settings, prompt: t.prompt, signal: opts.signal, timeoutMs, fetchImpl: opts.fetchImpl },
        policy,
        {
          onAttempt: (n) => {
            p.requests++;
            if (n > 1) p.retries++;
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
    return result.text;
  };

  /** A cached entry's text when `parse` reads it (entries written before answers were scrubbed are scrubbed here). */
  const readable = (hit: CachedAnswer | undefined, t: LlmTask): string | undefined => {
    if (!hit) return undefined;
    const text = scrubKey(hit.text, apiKey);
    try {
      parse(text, t);
      return text;
    } catch {
      return undefined; // an unreadable entry is asked again
    }
  };

  /** Asks (with the re-asks) and caches the answer; under the cache's lock, reads first what another run wrote. */
  const produce = (t: LlmTask, key: string, promptSha256: string): Promise<Answer> => {
    const work = async (): Promise<Answer> => {
      if (opts.cache.lock) {
        const text = readable(await opts.cache.get(key).catch(() => undefined), t);
        if (text !== undefined) return { text, cached: true };
      }
      let text = await ask(t);
      let value = parse(text, t);
      for (let k = 0; opts.reask && k < opts.reask.times && !opts.reask.accept(value); k++) {
        text = await ask(t);
        value = parse(text, t);
      }
      // Only answers that parse are kept, so retrying a garbled answer asks the model again. The write ends before
      // the lock is let go, so a run waiting on it finds the answer; a failed write is counted and said.
      await opts.cache
        .put(key, { ...answerIdentity(opts.settings, promptSha256), text, at: new Date().toISOString() })
        .catch((e: unknown) => {
          p.cacheWriteFailed++;
          p.cacheWriteError ??= (e as Error)?.message || String(e);
          report();
        });
      return { text, cached: false };
    };
    return opts.cache.lock ? opts.cache.lock(key, work, opts.signal) : work();
  };

  /** The answer for `key`: shared with an identical request in flight in this process, else produced. */
  const obtain = async (t: LlmTask, key: string, promptSha256: string): Promise<Answer> => {
    for (;;) {
      const running = pending.get(key);
      if (!running) break;
      try {
        return { text: (await running).text, cached: true };
      } catch (e) {
        // Another run's Cancel is not this run's: ask for it here.
        if (!(e instanceof ClaimsError && e.kind === 'cancelled') || opts.signal?.aborted) throw e;
      }
    }
    const mine = produce(t, key, promptSha256);
    pending.set(key, mine);
    try {
      return await mine;
    } catch (e) {
      // This task's own request failed (a task waiting on it fails too, without a request of its own).
      if (!(e instanceof ClaimsError && (e.kind === 'cancelled' || e.kind === 'config'))) p.requestsFailed++;
      throw e;
    } finally {
      if (pending.get(key) === mine) pending.delete(key);
    }
  };

  const one = async (t: LlmTask): Promise<TaskResult<T>> => {
    const { key, promptSha256 } = await answerKey(opts.settings, cachePrompt(t));
    const hit = readable(await opts.cache.get(key).catch(() => undefined), t);
    if (hit !== undefined) return { id: t.id, value: parse(hit, t), text: hit, cached: true };
    try {
      const { text, cached } = await obtain(t, key, promptSha256);
      return { id: t.id, value: parse(text, t), text, cached };
    } catch (e) {
      const raw = e instanceof ClaimsError && typeof e.raw === 'string' ? e.raw : undefined;
      return { id: t.id, cached: false, text: raw, failure: taskFailure(t.id, e) };
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !opts.signal?.aborted) {
      const k = next++;
      const r = await one(tasks[k]);
      out[k] = r;
      // A task cut off by Cancel is not done and not failed: Resume asks it again.
      if (r.failure?.kind === 'cancelled') continue;
      p.done++;
      if (r.cached) p.cached++;
      if (r.failure) p.failed++;
      report();
    }
  };
  report();
  const workers = Math.min(Math.max(16, limit * 2), Math.max(1, tasks.length));
  await Promise.all(Array.from({ length: workers }, worker));
  report();
  for (let k = 0; k < tasks.length; k++)
    out[k] ??= {
      id: tasks[k].id,
      cached: false,
      failure: taskFailure(tasks[k].id, new ClaimsError('cancelled', 'Cancelled before it was asked.')),
    };
  return out;
}

interface Answer {
  text: string;
  /** No request of this task's own: read from the cache after waiting, or shared with one in flight. */
  cached: boolean;
}

/** Answers being asked for in this process, by cache key: a second identical task waits for the first's. */
const pending = new Map<string, Promise<Answer>>();

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
