// transformers.js encoder: token vectors from an ONNX BERT-style model, pooled by pooling.ts.
// Runs in the browser worker (onnxruntime-web) and in Node (onnxruntime-node): no DOM, no Node APIs here.
import {
  AutoModel,
  AutoTokenizer,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import {
  clsMask,
  crscoreMask,
  meanMask,
  poolSentence,
  type ModelPooling,
  type PoolToken,
} from './pooling.ts';
import type { Pooling, ProgressEvent } from './types.ts';
import { fromTransformers, type RawProgress } from './progress.ts';

export interface HfLoadOptions {
  /** transformers.js device: 'webgpu' | 'wasm' (browser) | 'cpu' (Node). */
  device: 'webgpu' | 'wasm' | 'cpu';
  /** dtypes to try in order; the first whose weights exist wins (e.g. ['q8', 'fp32']). */
  dtypes: string[];
  onProgress?: (p: ProgressEvent) => void;
}

export interface HfEncoder {
  dtype: string;
  dimensions: number;
  embed(sentences: string[], pooling: Pooling, modelPooling: ModelPooling): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

function progressAdapter(onProgress?: (p: ProgressEvent) => void) {
  if (!onProgress) return undefined;
  return (raw: RawProgress) => {
    const p = fromTransformers(raw);
    if (p) onProgress(p);
  };
}

/** True when the error says the weights for that dtype are missing, so the next dtype is worth a try. */
function isMissingFile(e: unknown): boolean {
  const m = String((e as Error)?.message ?? e);
  return /not found|404|Could not locate file|missing/i.test(m);
}

export async function loadHfEncoder(modelId: string, opts: HfLoadOptions): Promise<HfEncoder> {
  const progress_callback = progressAdapter(opts.onProgress);
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(modelId, {
    progress_callback,
  });
  let model: PreTrainedModel | null = null;
  let dtype = '';
  let lastError: unknown;
  for (const d of opts.dtypes) {
    try {
      model = await AutoModel.from_pretrained(modelId, {
        device: opts.device,
        dtype: d as 'fp32',
        progress_callback,
      });
      dtype = d;
      break;
    } catch (e) {
      lastError = e;
      if (!isMissingFile(e)) throw e;
    }
  }
  if (!model) throw lastError ?? new Error(`no weights found for ${modelId}`);
  const m = model;

  const special = new Set<number>(
    (tokenizer as unknown as { all_special_ids: number[] }).all_special_ids ?? [],
  );
  const textOf = new Map<number, string>();
  const decodeOne = (id: number): string => {
    let t = textOf.get(id);
    if (t === undefined) {
      t = tokenizer.decode([id], { skip_special_tokens: false });
      textOf.set(id, t);
    }
    return t;
  };
  let dimensions = 0;

  async function embed(
    sentences: string[],
    pooling: Pooling,
    modelPooling: ModelPooling,
  ): Promise<Float32Array[]> {
    const enc = tokenizer(sentences, { padding: true, truncation: true }) as Record<string, Tensor>;
    const out = (await m(enc)) as Record<string, Tensor>;
    let hidden = out.last_hidden_state ?? out.token_embeddings ?? Object.values(out)[0];
    if (hidden.type !== 'float32') hidden = hidden.to('float32');
    const [batch, seq, dim] = hidden.dims;
    dimensions = dim;
    const data = hidden.data as Float32Array;
    const ids = enc.input_ids.data as BigInt64Array;
    const att = enc.attention_mask.data as BigInt64Array;
    const rows: Float32Array[] = [];
    for (let b = 0; b < batch; b++) {
      const tokens: PoolToken[] = [];
      for (let t = 0; t < seq; t++) {
        const id = Number(ids[b * seq + t]);
        const attended = Number(att[b * seq + t]) === 1;
        tokens.push({ text: attended ? decodeOne(id) : '', special: special.has(id), attended });
      }
      const mask =
        pooling === 'crscore'
          ? crscoreMask(tokens)
          : modelPooling === 'cls'
            ? clsMask(tokens)
            : meanMask(tokens);
      rows.push(poolSentence(data, b, seq, dim, mask));
    }
    hidden.dispose?.();
    return rows;
  }

  // One probe sentence gives the width (and compiles WebGPU shaders before the first real batch).
  await embed(['hello'], 'model', 'mean');

  return {
    dtype,
    get dimensions() {
      return dimensions;
    },
    embed,
    dispose: async () => {
      await m.dispose();
    },
  };
}
