// Node encoders for the command line and the benches: the same engine as the browser worker
// (hf.ts on onnxruntime-node, uselite.ts on TF.js's WASM backend), behind the core's Encoder interface.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Encoder } from '../core/types.ts';
import { cacheKeyPrefix, embedCached, serialQueue } from './batching.ts';
import { timedFetch } from './fetch.ts';
import { loadHfEncoder } from './hf.ts';
import { modelCard, USE_LITE_DEFAULT_POOLING } from './models.ts';
import { poolingFromConfig } from './pooling.ts';
import { loadUseLiteNode } from './useliteNode.ts';
import { startUseLitePool } from './useliteThreads.ts';
import type { Pooling, ProgressEvent } from './types.ts';

export interface NodeEncoderOptions {
  pooling?: Pooling;
  onProgress?: (p: ProgressEvent) => void;
  /** Milliseconds before a silent hub request is abandoned (default 30 s). */
  fetchTimeoutMs?: number;
  /** USE-lite: worker threads, each with its own model (default: every core, at most 8; 1 runs in this thread). */
  threads?: number;
}

/** Threads by default at most: each holds a model (~30 MB of weights plus TF.js's heap). */
const MAX_USE_LITE_THREADS = 8;

/** USE-lite says how many threads embed for it (onnxruntime-node picks its own). */
export type NodeEncoder = Encoder & { readonly threads?: number };

/** 'use-lite' | a Hugging Face hub id | a local model folder (config.json, tokenizer.json, onnx/model.onnx). */
export async function createNodeEncoder(
  spec: string,
  opts: NodeEncoderOptions = {},
): Promise<NodeEncoder> {
  const queue = serialQueue();
  const cache = new Map<string, Float32Array>();
  if (spec === 'use-lite') {
    const pooling = opts.pooling ?? USE_LITE_DEFAULT_POOLING;
    const prefix = cacheKeyPrefix('use-lite', pooling);
    const id = pooling === USE_LITE_DEFAULT_POOLING ? 'use-lite' : `use-lite (${pooling})`;
    const threads = Math.max(1, Math.floor(opts.threads ?? Math.min(MAX_USE_LITE_THREADS, os.availableParallelism())));
    if (threads > 1) {
      // One model per thread, batches handed out from one queue (useliteThreads.ts).
      const pool = await startUseLitePool(threads);
      return {
        id,
        threads: pool.threads,
        embed: (sentences) => embedCached(sentences, prefix, cache, (b) => pool.embed(b, pooling), pool.threads),
        dispose: async () => {
          cache.clear();
          await pool.dispose();
        },
      };
    }
    const { enc, dispose } = await loadUseLiteNode();
    return {
      id,
      threads: 1,
      embed: (sentences) =>
        queue(() => embedCached(sentences, prefix, cache, (b) => enc.embed(b, pooling))),
      dispose: () => {
        dispose();
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
