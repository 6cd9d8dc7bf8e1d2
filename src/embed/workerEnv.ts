// What both model workers (the embedding worker and the claims LLM's) set up in transformers.js before any load:
// ORT's files from this origin, the thread count, no blob: re-serving of ORT's .mjs (the CSP's script-src refuses
// blob:, and the same-origin files are HTTP-cached anyway), and a fetch that serves a folder the user picked from
// memory and cannot hang on a hub that accepts connections and never answers (the facts file's hub trap).
import { env } from '@huggingface/transformers';
import ortWasmUrl from '../../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjsUrl from '../../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.mjs?url';
import { timedFetch } from './fetch.ts';

export type OnnxWasmEnv = { wasmPaths?: unknown; numThreads?: number };

export interface WorkerFiles {
  /** The picked folder's files, by their path inside it. */
  localFiles(): Map<string, Blob>;
  fetchTimeoutMs(): number;
}

/**
 * Sets up transformers.js in this worker; `localDir` is the pseudo-path ("/__local-model__/") under which the
 * picked folder is served. Returns ORT's WASM settings (threads may change before the first session) and the fetch.
 */
export function setUpTransformers(localDir: string, threads: number, files: WorkerFiles): { onnxWasm: OnnxWasmEnv | undefined; fetch: typeof fetch } {
  const onnxWasm = env.backends.onnx.wasm as OnnxWasmEnv | undefined;
  if (onnxWasm) {
    onnxWasm.wasmPaths = {
      mjs: new URL(ortMjsUrl, self.location.href).href,
      wasm: new URL(ortWasmUrl, self.location.href).href,
    };
    onnxWasm.numThreads = threads;
  }
  env.useWasmCache = false;
  const localPrefix = new URL(localDir, self.location.origin).href;
  const networkFetch = timedFetch(self.fetch.bind(self), files.fetchTimeoutMs);
  const workerFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? new URL(input, self.location.href).href : input instanceof URL ? input.href : input.url;
    if (url.startsWith(localPrefix)) {
      // "<folder name>/<path inside>": the files never leave the browser.
      const inside = decodeURIComponent(url.slice(localPrefix.length)).split('/').slice(1).join('/');
      const file = files.localFiles().get(inside);
      return file
        ? new Response(file, { status: 200, headers: { 'content-length': String(file.size) } })
        : new Response('not found', { status: 404 });
    }
    return networkFetch(input, init);
  }) as typeof fetch;
  env.fetch = workerFetch;
  return { onnxWasm, fetch: workerFetch };
}

/** Where a model comes from: the hub, a folder this app serves (/models/…), or a folder the user picked. */
export type ModelSource =
  | { kind: 'hub'; id: string }
  | { kind: 'served'; path: string }
  | { kind: 'local'; name: string; files: readonly { path: string; file: Blob }[] };

/**
 * Points transformers.js at `spec` and returns the id to load it by. Hub models use the browser's cache; served
 * and picked folders never reach the hub nor that cache. A picked folder's files go to `setLocalFiles`.
 */
export function pointAtModel(spec: ModelSource, localDir: string, setLocalFiles: (files: Map<string, Blob>) => void): string {
  if (spec.kind === 'hub') {
    env.allowRemoteModels = true;
    env.allowLocalModels = false;
    env.useBrowserCache = true; // Cache Storage ('transformers-cache'): the next load reads no network
    return spec.id;
  }
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useBrowserCache = false;
  if (spec.kind === 'local') {
    setLocalFiles(new Map(spec.files.map((f) => [f.path.replace(/^\/+/, ''), f.file])));
    env.localModelPath = localDir;
    return spec.name.replace(/[^\w.-]+/g, '_') || 'model';
  }
  env.localModelPath = '/models/'; // relative: transformers.js path-joins it (an absolute URL gets mangled)
  return spec.path.replace(/^\/?models\//, '').replace(/\/+$/, '');
}
