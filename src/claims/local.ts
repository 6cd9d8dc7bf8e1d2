// The in-browser provider's seam. generateClaimsText stays the one entry point for every provider; for
// protocol 'local' it calls the generator registered here by the browser (src/features/claims/localLlmStore.ts),
// so this folder keeps no worker or DOM code and the Node CLI, which registers none, says so plainly.
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
