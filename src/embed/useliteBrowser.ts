// USE-lite in a browser worker: TF.js's WASM backend from this origin and the model by URL (the Vite plugin
// scripts/vite-use-lite.ts serves both). The embedding worker runs it; bench/embed.ts's bare loop loads it the
// same way (useliteRaw.worker.ts), so the two differ only in what runs around the graph.
import tfWasmUrl from '../../node_modules/@energetic-ai/core/dist/tfjs-backend-wasm.wasm?url';
import tfSimdUrl from '../../node_modules/@energetic-ai/core/dist/tfjs-backend-wasm-simd.wasm?url';
import tfThreadedUrl from '../../node_modules/@energetic-ai/core/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { interop, type GraphModelLike, type SentencePieceTokenizer, type TfLike } from './uselite.ts';
import type { ProgressEvent } from './types.ts';

type EmbeddingsCtor = new (data: { model: unknown; vocabulary: unknown }) => { tokenizer: SentencePieceTokenizer };

/** Where the Vite plugin (scripts/vite-use-lite.ts) serves USE-lite's files. */
const USE_LITE_BASE = new URL('/models/use-lite/', self.location.origin).href;

export interface BrowserUseLite {
  tf: TfLike;
  model: GraphModelLike;
  tokenizer: SentencePieceTokenizer;
}

/** TF.js reads a weight file's body whatever the status (a 404 page became "byte length … multiple of 4"). */
const checkedFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.ok) {
    const name = String(input instanceof Request ? input.url : input).replace(/^.*\//, '');
    throw new Error(`HTTP ${res.status} for ${name}`);
  }
  return res;
};

/**
 * Loads TF.js and USE-lite in this worker. `threads`: TF.js's WASM thread pool, used only from unbundled sources
 * (the dev server): TF.js stringifies its factory into each pthread worker's source, and in a production bundle
 * that factory refers to the bundler's renamed helpers, which do not exist there ("e is not defined"), so the
 * production build runs one thread per worker and uses several workers instead (src/store/research/researchEmbed.ts).
 */
export async function loadBrowserUseLite(threads: number, onProgress?: (p: ProgressEvent) => void): Promise<BrowserUseLite> {
  // Order matters: Vite's dev server can give @energetic-ai/embeddings its own copy of TF.js, and TF.js keeps
  // one global engine where the last copy to register 'wasm' wins. Importing ours last makes it that copy.
  const { EmbeddingsModel } = interop<{ EmbeddingsModel: EmbeddingsCtor }>(await import('@energetic-ai/embeddings'), 'EmbeddingsModel');
  const tf = interop<TfLike>(await import('@energetic-ai/core'), 'setBackend');
  try {
    tf.setWasmPaths({
      'tfjs-backend-wasm.wasm': tfWasmUrl,
      'tfjs-backend-wasm-simd.wasm': tfSimdUrl,
      'tfjs-backend-wasm-threaded-simd.wasm': tfThreadedUrl,
    });
  } catch {
    // An earlier, failed attempt in this worker already set them (TF.js then refuses a second call).
  }
  // The package as published starts the WASM backend on import, from default paths that a bundle does not
  // serve; that start raced the paths above and, when its 404 came back first, locked them out
  // (patches/@energetic-ai+core+*.patch removes it, so this is the only start).
  // Threaded + SIMD build when the page is cross-origin isolated (its pthreads start from blob: URLs, which
  // the worker's CSP allows on the dev server: scripts/vite-csp.ts). The backend caps the count.
  if (import.meta.env.DEV) tf.setThreadsCount?.(threads);
  else tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js could not start its WASM backend for USE-lite.');
  await tf.ready();
  const file = 'use-lite/model.json + 7 weight files';
  // TF.js says only the share of the weights loaded (0–1), never bytes: a percentage, not bytes (progress.ts).
  onProgress?.({ file, loaded: 0, total: 0, progress: 0, status: 'initiate' });
  const [model, vocabulary] = await Promise.all([
    tf.loadGraphModel(`${USE_LITE_BASE}model.json`, {
      onProgress: (f: number) => onProgress?.({ file, loaded: 0, total: 0, progress: f * 100, status: 'progress' }),
      fetchFunc: checkedFetch,
    }),
    fetch(`${USE_LITE_BASE}vocab.json`).then((r) => {
      if (!r.ok) throw new Error(`USE-lite vocabulary: HTTP ${r.status}`);
      return r.json() as Promise<unknown>;
    }),
  ]);
  onProgress?.({ file, loaded: 0, total: 0, progress: 100, status: 'done' });
  // The package's class only for its SentencePiece tokenizer; the graph runs on our TF.js instance.
  const { tokenizer } = new EmbeddingsModel({ model, vocabulary });
  return { tf, model, tokenizer };
}

/**
 * The threads the WASM backend in use really runs: asked of the backend the engine holds (in Vite's dev server
 * that may be another copy of TF.js than ours), else of our copy. tfjs-backend-wasm caps its pool at half the
 * logical cores (it assumes two per physical core) and at 8.
 */
export function wasmThreads(tf: TfLike): number {
  const active = tf.backend?.() as { wasm?: { tfjs?: { getThreadsCount?(): number } } } | undefined;
  const n = active?.wasm?.tfjs?.getThreadsCount?.() ?? tf.getThreadsCount?.() ?? 1;
  return Math.max(1, n);
}
