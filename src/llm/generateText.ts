// One answer from a loaded transformers.js causal LM: the model's chat template (a base model gets the prompt as
// it is), greedy unless a temperature is set, the new tokens decoded without special tokens. The browser's model
// worker (worker.ts) and the CLI's Node generator (src/cli/pseudorefs/localModel.ts) both call it, so a prompt
// gets the same answer from the same weights in either.
import {
  AutoModelForCausalLM,
  AutoTokenizer,
  TextStreamer,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type StoppingCriteria,
  type Tensor,
} from '@huggingface/transformers';
import type { LlmGenerateOptions, LlmGenerateResult } from './types.ts';

export interface TextModel {
  model: PreTrainedModel;
  tokenizer: PreTrainedTokenizer;
}

type RawProgress = { status: string; file?: string; loaded?: number; total?: number };

/** The tokenizer and the weights of `dtype`, by the id transformers.js was pointed at (hub id or folder). */
export async function loadTextModel(
  id: string,
  opts: { device: 'webgpu' | 'wasm' | 'cpu'; dtype: string; progress_callback?: (p: RawProgress) => void },
): Promise<TextModel> {
  const tokenizer = await AutoTokenizer.from_pretrained(id, { progress_callback: opts.progress_callback });
  const model = await AutoModelForCausalLM.from_pretrained(id, {
    device: opts.device,
    dtype: opts.dtype as 'fp32',
    progress_callback: opts.progress_callback,
  });
  return { model, tokenizer };
}

function prepare(tok: PreTrainedTokenizer, prompt: string): { input_ids: Tensor; attention_mask: Tensor } {
  if (tok.chat_template) {
    return tok.apply_chat_template([{ role: 'user', content: prompt }], {
      add_generation_prompt: true,
      return_dict: true,
    }) as unknown as { input_ids: Tensor; attention_mask: Tensor };
  }
  return tok(prompt) as { input_ids: Tensor; attention_mask: Tensor };
}

/** `interrupted` is the caller's to say: it owns the stopping criteria. */
export async function generateText(
  { model, tokenizer }: TextModel,
  prompt: string,
  opts: LlmGenerateOptions,
  run: { stopping: StoppingCriteria | StoppingCriteria[]; onText?: (text: string) => void },
): Promise<Omit<LlmGenerateResult, 'interrupted'>> {
  const inputs = prepare(tokenizer, prompt);
  const promptLength = inputs.input_ids.dims[1];
  const streamer = run.onText
    ? new TextStreamer(tokenizer, { skip_prompt: true, skip_special_tokens: true, callback_function: run.onText })
    : undefined;
  const sampling = opts.temperature > 0;
  const started = performance.now();
  const out = (await model.generate({
    ...inputs,
    max_new_tokens: Math.max(1, Math.floor(opts.maxNewTokens)),
    // Explicit: the real models' generation_config.json turns sampling on; greedy is our default.
    do_sample: sampling,
    ...(sampling ? { temperature: opts.temperature } : {}),
    streamer,
    stopping_criteria: run.stopping,
  })) as Tensor;
  const elapsedMs = performance.now() - started;
  const ids = Array.from(out.data as BigInt64Array).slice(promptLength);
  const text = tokenizer.decode(ids, { skip_special_tokens: true });
  const tokens = ids.length;
  return { text, tokens, elapsedMs, tokensPerSecond: tokens / Math.max(1e-3, elapsedMs / 1000) };
}
