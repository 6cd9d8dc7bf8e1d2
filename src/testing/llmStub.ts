// The LLM stub (e2e/stubs/llmStub.ts) on 127.0.0.1 in OpenAI's shape, with the settings that point at it: the
// set-up of every batch test (runner, claims, links, the lab's metrics).
import { startLlmStub, type LlmStub } from '../../e2e/stubs/llmStub';
import { ClaimsError } from '../claims/errors';
import type { LlmSettings } from '../claims/providers';

export async function openAiStub({ model = 'stub', apiKey = '' } = {}): Promise<{ stub: LlmStub; settings: LlmSettings }> {
  const stub = await startLlmStub('openai');
  return { stub, settings: { provider: 'openai-compatible', baseUrl: stub.baseUrl, model, apiKey, temperature: 0 } };
}

/** A batch test's parser: the first number in the answer, else the runner's "malformed" error (it asks again). */
export function firstNumber(text: string): number {
  const m = /\d+/.exec(text);
  if (!m) throw new ClaimsError('malformed', 'no number in the answer', { raw: text });
  return Number(m[0]);
}
