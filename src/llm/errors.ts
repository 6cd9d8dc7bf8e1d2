// What went wrong with the in-browser model, in words a person can act on. One place that reads ORT's,
// WebGPU's and transformers.js's messages, for the worker's client and the claims provider.

export type LlmFailure =
  | 'no-webgpu' // WebGPU asked for (or chosen automatically) but the browser offers no adapter
  | 'out-of-memory' // the GPU (or the WASM heap) could not hold the model
  | 'device-lost' // the GPU device was lost mid-run (driver reset, another tab, sleep)
  | 'worker-crashed' // the worker died or was killed mid-call
  | 'load' // a file could not be fetched or read
  | 'other';

export const NO_WEBGPU_MESSAGE =
  'This browser offers no WebGPU, so the model cannot run on the GPU here. Choose "WASM (CPU)" under ' +
  'Run on to run it on the processor instead: slower, and its measured speed is shown after loading.';

export function classifyLlmError(message: string): LlmFailure {
  if (
    /no WebGPU|WebGPU is not (supported|available)|no available adapter|requestAdapter/i.test(
      message,
    )
  )
    return 'no-webgpu';
  if (
    /out of memory|\bOOM\b|GPUOutOfMemoryError|Failed to allocate|allocation failed|Array buffer allocation failed|memory access out of bounds|Maximum call stack|could not allocate/i.test(
      message,
    )
  )
    return 'out-of-memory';
  if (
    /device (was |is )?lost|GPUDeviceLostInfo|Device is destroyed|Instance dropped/i.test(message)
  )
    return 'device-lost';
  if (/worker (crashed|was killed|stopped|was restarted)/i.test(message)) return 'worker-crashed';
  if (
    /Failed to fetch|NetworkError|fetch failed|\b404\b|not found|HTTP \d{3}|no data from|Could not locate file|protobuf parsing failed/i.test(
      message,
    )
  )
    return 'load';
  return 'other';
}

/** The message shown for a failure; `detail` is the underlying error's text (never holds a key: none exists here). */
export function explainLlmError(kind: LlmFailure, detail: string): string {
  switch (kind) {
    case 'no-webgpu':
      return NO_WEBGPU_MESSAGE;
    case 'out-of-memory':
      return (
        'The model did not fit in memory (GPU or browser). Choose the smaller model (Qwen2.5-Coder 0.5B), ' +
        'or fewer max new tokens. Your diff and settings are kept.'
      );
    case 'device-lost':
      return (
        'The GPU stopped answering (WebGPU device lost). Press Retry to load the model again, or choose ' +
        'the smaller model or WASM. Your diff and settings are kept.'
      );
    case 'worker-crashed':
      return `${detail} Press Retry: a new worker loads the model again. Your diff and settings are kept.`;
    case 'load':
      // "Failed to fetch" says nothing a person can act on: the model host was out of reach.
      return unreachable(detail)
        ? 'The model could not be loaded: the model host (the Hugging Face hub) could not be reached — offline, blocked by a firewall or proxy, or down. ' +
            'Try again when it is reachable, or download the model’s files once and choose “A model folder on this computer” under Model.'
        : `The model could not be loaded: ${detail}`;
    default:
      return `The in-browser model failed: ${detail}`;
  }
}

/** A network failure before any answer (the browser's "Failed to fetch", Firefox's NetworkError, Node's fetch failed). */
export function unreachable(detail: string): boolean {
  return /Failed to fetch|NetworkError|fetch failed|ERR_(INTERNET|NAME|CONNECTION)/i.test(detail);
}
