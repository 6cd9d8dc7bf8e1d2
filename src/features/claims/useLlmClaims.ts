// The LLM half of the panel: one run at a time, Cancel, Retry, and Retry-After countdowns.

import { useCallback, useEffect, useRef, useState } from 'react';
import { parseClaims } from '../../core/claims';
import type { PseudoReference } from '../../core/types';
import { ClaimsError } from '../../claims/errors';
import { generateClaimsText } from '../../claims/generate';
import { buildClaimsPrompt } from '../../claims/prompt';
import { PROVIDERS } from '../../claims/providers';
import { llmSettings, useClaimsSettings } from './settingsStore';

/** Retry-After waits longer than this are shown but not retried automatically. */
const MAX_AUTO_WAIT_MS = 5 * 60_000;
/** Automatic retries in a row after 429s, before the user must press Retry. */
const MAX_AUTO_RETRIES = 3;

export type LlmRun =
  | { status: 'idle' }
  | {
      status: 'running';
      prompt: string;
      startedAt: number;
      timeoutMs: number;
      model: string;
      /** Text streamed so far (the in-browser model streams; others answer at once). */
      partial?: string;
      streamedAt?: number;
    }
  | {
      status: 'done';
      prompt: string;
      text: string;
      refs: PseudoReference[];
      elapsedMs: number;
      tokensPerSecond?: number;
    }
  | { status: 'failed'; prompt?: string; error: ClaimsError; raw?: string; retryAt?: number };

export function useLlmClaims(diff: string, onSuccess: (refs: PseudoReference[]) => void) {
  const [run, setRun] = useState<LlmRun>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const autoRetries = useRef(0);
  // Retries (manual or timed) use the diff as it is then; nothing the user typed is captured stale.
  const latest = useRef({ diff, onSuccess });
  useEffect(() => {
    latest.current = { diff, onSuccess };
  });

  const start = useCallback(async (auto = false): Promise<PseudoReference[] | ClaimsError> => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    if (!auto) autoRetries.current = 0;
    const state = useClaimsSettings.getState();
    const settings = llmSettings(state);
    let prompt: string | undefined;
    try {
      prompt = buildClaimsPrompt(latest.current.diff, state.format);
      const timeoutMs = Math.max(1, state.timeoutSec) * 1000;
      setRun({
        status: 'running',
        prompt,
        startedAt: Date.now(),
        timeoutMs,
        model: settings.model,
        // The in-browser model streams from an empty answer; the others answer at once.
        ...(PROVIDERS[settings.provider].protocol === 'local' ? { partial: '' } : {}),
      });
      // Streamed text reaches the screen at most every 50 ms: a fast model must not re-render per token.
      let buffered = '';
      let flushTimer: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        flushTimer = undefined;
        const piece = buffered;
        buffered = '';
        setRun((r) =>
          r.status === 'running' && controller.current === ctrl
            ? { ...r, partial: (r.partial ?? '') + piece, streamedAt: Date.now() }
            : r,
        );
      };
      const onToken = (piece: string) => {
        buffered += piece;
        flushTimer ??= setTimeout(flush, 50);
      };
      const result = await generateClaimsText({
        settings,
        prompt,
        signal: ctrl.signal,
        timeoutMs,
        onToken,
      });
      if (controller.current !== ctrl)
        return new ClaimsError('cancelled', 'Superseded by a newer run.');
      const refs = parseClaims(result.text, 'LLM');
      if (refs.length === 0) {
        throw new ClaimsError(
          'malformed',
          'The model answered, but no claims or implications could be read from it, so nothing was added. ' +
            'The raw answer is shown below; retry, or try the other output format.',
          { raw: result.text },
        );
      }
      autoRetries.current = 0;
      setRun({
        status: 'done',
        prompt,
        text: result.text,
        refs,
        elapsedMs: result.elapsedMs,
        tokensPerSecond: result.tokensPerSecond,
      });
      latest.current.onSuccess(refs);
      return refs;
    } catch (e) {
      const error =
        e instanceof ClaimsError
          ? e
          : new ClaimsError('network', 'Something went wrong while asking the model. Retry.');
      if (controller.current !== ctrl && error.kind === 'cancelled') return error;
      let retryAt: number | undefined;
      if (
        (error.kind === 'rate-limit' || error.kind === 'server') &&
        error.retryAfterMs !== undefined &&
        error.retryAfterMs <= MAX_AUTO_WAIT_MS &&
        autoRetries.current < MAX_AUTO_RETRIES
      ) {
        retryAt = Date.now() + error.retryAfterMs;
      }
      setRun({ status: 'failed', prompt, error, raw: error.raw, retryAt });
      return error;
    } finally {
      if (controller.current === ctrl) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    // A pending timed retry is cancelled too.
    setRun((r) =>
      r.status === 'failed' && r.retryAt !== undefined
        ? {
            ...r,
            retryAt: undefined,
            error: new ClaimsError(
              'cancelled',
              'Automatic retry cancelled. Press Retry when ready.',
            ),
          }
        : r,
    );
  }, []);

  // Honour Retry-After (429, or 503 with the header): retry by itself when the wait is over.
  const retryAt = run.status === 'failed' ? run.retryAt : undefined;
  useEffect(() => {
    if (retryAt === undefined) return;
    const id = setTimeout(
      () => {
        autoRetries.current += 1;
        void start(true);
      },
      Math.max(0, retryAt - Date.now()),
    );
    return () => clearTimeout(id);
  }, [retryAt, start]);

  useEffect(() => () => controller.current?.abort(), []);

  return { run, start, cancel };
}

/** "5 claims, 3 implications" */
export function describeRefs(refs: PseudoReference[]): string {
  const claims = refs.filter((r) => r.kind === 'claim').length;
  const implications = refs.filter((r) => r.kind === 'implication').length;
  const other = refs.length - claims - implications;
  const parts = [plural(claims, 'claim'), plural(implications, 'implication')];
  if (other > 0) parts.push(plural(other, 'other'));
  return parts.join(', ');
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
