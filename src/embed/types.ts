// Vocabulary of the embedding engine, shared by the worker, its client, the Node encoders and the UI.

/** A file of a model folder the user picked: the path inside the folder ("onnx/model.onnx") and its bytes. */
export interface LocalModelFile {
  path: string;
  file: Blob;
}

/** Which model to load. */
export type ModelSpec =
  /** A Hugging Face hub id with feature-extraction ONNX weights, e.g. 'mixedbread-ai/mxbai-embed-large-v1'. */
  | { kind: 'hub'; id: string }
  /** The bundled Universal Sentence Encoder lite (TF.js), served from the app's own origin. */
  | { kind: 'use-lite' }
  /** A folder on the user's disk, read in the browser and never uploaded. `name` is the folder's name. */
  | { kind: 'local'; name: string; files: LocalModelFile[] }
  /** A model served by this app under /models/ (e.g. 'tiny-bert'), or a folder path in Node. */
  | { kind: 'served'; path: string };

/**
 * 'crscore': the reference code's pooling, averaging token vectors that are not NLTK stopwords, "." or ",".
 * 'model': the model card's own pooling (CLS or mean).
 */
export type Pooling = 'crscore' | 'model';

/** 'auto' picks WebGPU when an adapter exists, else WASM. */
export type Backend = 'webgpu' | 'wasm' | 'auto';

/** What the engine is actually running, for the UI and reports. */
export interface EngineInfo {
  backend: 'webgpu' | 'wasm' | 'tfjs-wasm' | 'onnxruntime-node';
  /** 'fp32' | 'fp16' | 'q8' for ONNX models; 'fp32' for USE-lite. */
  dtype: string;
  /** The model's id as the user knows it. */
  model: string;
  dimensions: number;
  crossOriginIsolated: boolean;
  threads: number;
  pooling: Pooling;
  /** The model's default τ, or null when none is known for it. */
  defaultTau: number | null;
  /** Why that τ (or why none). */
  tauReason: string;
  /** Set when the requested model could not load and the engine fell back to USE-lite. */
  fallbackNotice?: string;
}

/** One file's download progress. `loaded` and `total` are bytes (0 when unknown: `total` when the server did not say). */
export interface ProgressEvent {
  file: string;
  loaded: number;
  total: number;
  /** 0–100, the share loaded, where a loader reports no bytes (TF.js for USE-lite); summed up by progress.ts. */
  progress?: number;
  status: 'initiate' | 'download' | 'progress' | 'done' | 'ready' | 'error';
}

export interface LoadOptions {
  pooling?: Pooling;
  backend?: Backend;
  /** Milliseconds before a model-file request is abandoned (the hub can hang forever). */
  fetchTimeoutMs?: number;
  /** Fall back to USE-lite when the requested model cannot load (default true). */
  fallback?: boolean;
  /**
   * WASM threads (default: all cores when cross-origin isolated, else 1). ORT reads it once, when its
   * first session starts, so it only takes effect on a fresh worker (benches compare 1 and 2 threads).
   */
  threads?: number;
}

export const DEFAULT_MODEL_ID = 'mixedbread-ai/mxbai-embed-large-v1';

/** A display name for a spec. */
export function specLabel(spec: ModelSpec): string {
  switch (spec.kind) {
    case 'hub':
      return spec.id;
    case 'use-lite':
      return 'use-lite';
    case 'local':
      return `local:${spec.name}`;
    case 'served':
      return spec.path;
  }
}
