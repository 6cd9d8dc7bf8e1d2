// Vocabulary of the in-browser claims model (a text-generation LLM in its own worker), shared by the worker,
// its client, the size planner and the UI.
import type { LocalModelFile } from '../embed/types.ts';

/** The default: a small instruction-tuned code model published for transformers.js (q4f16 on WebGPU). */
export const DEFAULT_LOCAL_LLM = 'onnx-community/Qwen2.5-Coder-1.5B-Instruct';
/** The smaller choice for slower machines and smaller GPUs. */
export const SMALL_LOCAL_LLM = 'onnx-community/Qwen2.5-Coder-0.5B-Instruct';
/** Prefix of the model field that names a folder picked on this computer (its files stay in memory). */
export const LOCAL_FOLDER_PREFIX = 'folder:';

export type LlmSpec =
  /** A hub id with text-generation ONNX weights. */
  | { kind: 'hub'; id: string }
  /** A model this app serves under /models/ (the generated test models). */
  | { kind: 'served'; path: string }
  /** A folder on this computer, read in the browser, never uploaded. */
  | { kind: 'local'; name: string; files: LocalModelFile[] };

export type LlmBackend = 'auto' | 'webgpu' | 'wasm';

export interface LlmLoadOptions {
  backend: LlmBackend;
  /** Milliseconds of silence before a download is abandoned (the hub can accept and never answer). */
  fetchTimeoutMs?: number;
}

export interface LlmInfo {
  model: string;
  device: 'webgpu' | 'wasm';
  dtype: string;
  /** Tokens per second of a short warm-up generation right after loading: the measured speed. */
  warmupTokensPerSecond: number;
  hasChatTemplate: boolean;
}

export interface LlmProgress {
  file: string;
  loaded: number;
  total: number;
  status: 'initiate' | 'download' | 'progress' | 'done';
}

export interface LlmGenerateOptions {
  maxNewTokens: number;
  /** 0: greedy (the default, so a run can be repeated); above 0: sampling at that temperature. */
  temperature: number;
}

export interface LlmGenerateResult {
  text: string;
  tokens: number;
  elapsedMs: number;
  tokensPerSecond: number;
  /** True when Cancel stopped it before the model finished. */
  interrupted: boolean;
}

/** One file the model needs and its size in bytes (undefined when the server does not say). */
export interface PlannedFile {
  path: string;
  bytes?: number;
}

export interface DownloadPlan {
  dtype: string;
  files: PlannedFile[];
  /** Sum of the known sizes. */
  totalBytes: number;
  /** True when some size was unknown, so totalBytes is a lower bound. */
  partial: boolean;
}

export function llmSpecLabel(spec: LlmSpec): string {
  return spec.kind === 'hub'
    ? spec.id
    : spec.kind === 'served'
      ? spec.path
      : `${spec.name} (local folder)`;
}
