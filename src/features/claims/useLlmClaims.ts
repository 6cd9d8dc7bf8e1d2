// The LLM half of the panel: one run at a time, Cancel, Retry, and Retry-After countdowns.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PseudoReference } from '../../core/types';
import { ClaimsError } from '../../claims/errors';
import { claimsFromAnswer, INTERACTIVE_RETRY, requestClaimsText } from '../../claims/retry';
import { buildClaimsPrompt } from '../../claims/prompt';
import { PROVIDERS } from '../../claims/providers';
import { llmSettings, useClaimsSettings } from '../../store/shared/claimsSettings';

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
  /** True while the shared retry loop waits for a Retry-After (Cancel then says so). */
  const waiting = useRef(false);
  // Retries use the diff as it is then; nothing the user typed is captured stale.
  const latest = useRef({ diff, onSuccess });
  useEffect(() => {
    latest.current = { diff, onSuccess };
  });

  const start = useCallback(async (): Promise<PseudoReference[] | ClaimsError> => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    waiting.current = false;
    const state = useClaimsSettings.getState();
    const settings = llmSettings(state);
    let prompt: string | undefined;
    try {
      const p = buildClaimsPrompt(latest.current.diff, state.format);
      prompt = p;
      const timeoutMs = Math.max(1, state.timeoutSec) * 1000;
      // The in-browser model streams from an empty answer; the others answer at once.
      const streams = PROVIDERS[settings.provider].protocol === 'local';
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
      // The shared loop (src/claims/retry.ts) waits for a provider's Retry-After; the panel shows the countdown.
      const result = await requestClaimsText(
        { settings, prompt: p, signal: ctrl.signal, timeoutMs, onToken },
        INTERACTIVE_RETRY,
        {
          onAttempt: () => {
            waiting.current = false;
            buffered = '';
            setRun({
              status: 'running',
              prompt: p,
              startedAt: Date.now(),
              timeoutMs,
              model: settings.model,
              ...(streams ? { partial: '' } : {}),
            });
          },
          onWait: ({ ms, error }) => {
            waiting.current = true;
            setRun({ status: 'failed', prompt: p, error, raw: error.raw, retryAt: Date.now() + ms });
          },
        },
      );
      if (flushTimer) clearTimeout(flushTimer);
      if (controller.current !== ctrl)
        return new ClaimsError('cancelled', 'Superseded by a newer run.');
      const refs = claimsFromAnswer(result.text);
      setRun({
        status: 'done',
        prompt: p,
        text: result.text,
        refs,
        elapsedMs: result.elapsedMs,
        tokensPerSecond: result.tokensPerSecond,
      });
      latest.current.onSuccess(refs);
      return refs;
    } catch (e) {
      let error =
        e instanceof ClaimsError
          ? e
          : new ClaimsError('network', 'Something went wrong while asking the model. Retry.');
      if (controller.current !== ctrl && error.kind === 'cancelled') return error;
      if (error.kind === 'cancelled' && waiting.current)
        error = new ClaimsError('cancelled', 'Automatic retry cancelled. Press Retry when ready.');
      waiting.current = false;
      setRun({ status: 'failed', prompt, error, raw: error.raw });
      return error;
    } finally {
      if (controller.current === ctrl) controller.current = null;
    }
  }, []);

  // An error belongs to the provider that gave it: switching provider clears it (a run in flight, or one waiting for
  // its Retry-After, goes on and reports itself).
  const provider = useClaimsSettings((s) => s.provider);
  const errorFor = useRef(provider);
  useEffect(() => {
    if (errorFor.current === provider) return;
    errorFor.current = provider;
    if (!waiting.current) setRun((r) => (r.status === 'failed' ? { status: 'idle' } : r));
  }, [provider]);

  const cancel = useCallback(() => controller.current?.abort(), []);

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
