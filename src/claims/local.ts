// The in-browser provider's seam. generateClaimsText stays the one entry point for every provider; for
// protocol 'local' it calls the generator registered here: the browser's (src/features/claims/localLlmStore.ts,
// a model in its worker) or the CLI's (src/cli/pseudorefs/localModel.ts, a model in Node for `--pseudo-refs
// local`). This folder keeps no worker, DOM or Node code; a process that registers none says so plainly.
import type { LlmSettings } from './providers';

export interface LocalGenerateRequest {
  settings: LlmSettings;
  prompt: string;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Each piece of text as the model writes it (the raw-answer box streams it). */
  onToken?: (text: string) => void;
}

export interface LocalGenerateResult {
  text: string;
  elapsedMs: number;
  tokens: number;
  tokensPerSecond: number;
  /** Stopped by the signal before the model finished. */
  interrupted: boolean;
}

/** Throws ClaimsError for every failure (kind 'model' for the model's own). */
export type LocalGenerator = (req: LocalGenerateRequest) => Promise<LocalGenerateResult>;

let generator: LocalGenerator | null = null;

export function setLocalGenerator(g: LocalGenerator | null): void {
  generator = g;
}

export function localGenerator(): LocalGenerator | null {
  return generator;
}

/** How long one answer may take: the request's timeout plus a second per token it may write (a slow CPU's pace). */
export function localTimeoutMs(req: Pick<LocalGenerateRequest, 'settings' | 'timeoutMs'>): number {
  return req.timeoutMs + (req.settings.maxNewTokens ?? 512) * 1000;
}
