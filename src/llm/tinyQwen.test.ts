// The generated Qwen2-architecture test model (scripts/make-qwen2-onnx.py) through transformers.js on onnxruntime-node:
// its KV cache is right (one token at a time with the cache gives the logits of a full pass without it), its chat
// template applies, and the scripted variant writes an answer the claims parser reads.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AutoModelForCausalLM,
  AutoTokenizer,
  env,
  Tensor,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { parseClaims } from '../core/claims.ts';

env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = path.resolve(import.meta.dirname, '../../public/models') + path.sep;

async function load(id: string): Promise<[PreTrainedTokenizer, PreTrainedModel]> {
  const tok = await AutoTokenizer.from_pretrained(id);
  const model = await AutoModelForCausalLM.from_pretrained(id, { dtype: 'fp32', device: 'cpu' });
  return [tok, model];
}

const positions = (from: number, to: number) =>
  new Tensor(
    'int64',
    BigInt64Array.from({ length: to - from }, (_, i) => BigInt(from + i)),
    [1, to - from],
  );

type Out = { logits: Tensor } & Record<string, Tensor>;

describe('tiny-qwen2 (generated test model)', () => {
  it('gives the same logits with the KV cache as without it', async () => {
    const [tok, model] = await load('tiny-qwen2');
    const ids = tok.encode('def add(a, b):\n    return a + b\n');
    const n = ids.length;
    const full = (await model({
      input_ids: new Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, n]),
      attention_mask: new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
      position_ids: positions(0, n),
    })) as Out;
    const V = full.logits.dims[2];
    // Prefix pass, then the last token alone with the prefix's cache.
    const pre = (await model({
      input_ids: new Tensor('int64', BigInt64Array.from(ids.slice(0, -1).map(BigInt)), [1, n - 1]),
      attention_mask: new Tensor('int64', new BigInt64Array(n - 1).fill(1n), [1, n - 1]),
      position_ids: positions(0, n - 1),
    })) as Out;
    const feeds: Record<string, Tensor> = {
      input_ids: new Tensor('int64', BigInt64Array.from([BigInt(ids[n - 1])]), [1, 1]),
      attention_mask: new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
      position_ids: positions(n - 1, n),
    };
    const past: Record<string, Tensor> = {};
    for (const [k, v] of Object.entries(pre)) {
      if (k.startsWith('present.')) past[k.replace('present.', 'past_key_values.')] = v;
    }
    expect(Object.keys(past)).toHaveLength(4);
    const step = (await model({ ...feeds, past_key_values: past })) as Out;
    const a = (full.logits.data as Float32Array).slice((n - 1) * V, n * V);
    const b = step.logits.data as Float32Array;
    let maxDiff = 0;
    for (let i = 0; i < V; i++) maxDiff = Math.max(maxDiff, Math.abs(a[i] - b[i]));
    expect(maxDiff).toBeLessThan(1e-4);
    // The logits are spread out (greedy is stable across backends), not flat.
    const spread = Math.max(...a) - Math.min(...a);
    expect(spread).toBeGreaterThan(5);
    // And the cache grew by one position.
    expect(step['present.0.key'].dims).toEqual([1, 2, n, 16]);
  });

  it('applies its chat template and generates greedily the same text twice', async () => {
    const [tok, model] = await load('tiny-qwen2');
    const text = tok.apply_chat_template([{ role: 'user', content: 'Summarize.' }], {
      tokenize: false,
      add_generation_prompt: true,
    }) as string;
    expect(text).toBe(
      '<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nSummarize.<|im_end|>\n<|im_start|>assistant\n',
    );
    const input = tok(text);
    const run = async () => {
      const out = (await model.generate({
        ...input,
        max_new_tokens: 20,
        do_sample: false,
      })) as Tensor;
      return Array.from(out.data as BigInt64Array, Number);
    };
    const first = await run();
    expect(first.length).toBeGreaterThan(input.input_ids.dims[1]);
    expect(await run()).toEqual(first);
  });

  it('scripted variant: greedy decoding writes an answer the claims parser reads', async () => {
    const [tok, model] = await load('tiny-qwen2-claims');
    const text = tok.apply_chat_template([{ role: 'user', content: 'GIT DIFF:\n-a\n+b\n' }], {
      tokenize: false,
      add_generation_prompt: true,
    }) as string;
    const input = tok(text);
    const out = (await model.generate({
      ...input,
      max_new_tokens: 40,
      do_sample: false,
    })) as Tensor;
    const ids = Array.from(out.data as BigInt64Array, Number).slice(input.input_ids.dims[1]);
    const answer = tok.decode(ids, { skip_special_tokens: true });
    expect(answer).toMatch(/^Sure! Here is a summary/);
    const refs = parseClaims(answer);
    expect(refs.map((r) => r.kind)).toEqual(['claim', 'claim', 'implication']);
  });
});
