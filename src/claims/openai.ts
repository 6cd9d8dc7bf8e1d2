// OpenAI-compatible chat completions: OpenAI, OpenRouter, Ollama, LM Studio, vLLM, any base URL.

import { joinUrl, type LlmSettings, type ProviderRequest } from './providers';

export function openAiRequest(settings: LlmSettings, prompt: string): ProviderRequest {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const key = settings.apiKey.trim();
  // Local servers take no key; sending an empty "Bearer " confuses some of them.
  if (key) headers.Authorization = `Bearer ${key}`;
  return {
    url: joinUrl(settings.baseUrl, 'chat/completions'),
    init: {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: settings.model.trim(),
        temperature: settings.temperature,
        ...(settings.topP !== undefined ? { top_p: settings.topP } : {}),
        messages: [...(settings.system !== undefined ? [{ role: 'system', content: settings.system }] : []), { role: 'user', content: prompt }],
      }),
    },
  };
}

/** choices[0].message.content; undefined when the body is not a chat completion. */
export function openAiText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const message = (choices[0] as { message?: { content?: unknown } } | null)?.message;
  const content = message?.content;
  if (typeof content === 'string') return content;
  // Some servers return content parts: [{type:'text', text}].
  if (Array.isArray(content)) {
    const parts = content
      .map((p) =>
        p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
          ? (p as { text: string }).text
          : '',
      )
      .join('');
    return parts || undefined;
  }
  return undefined;
}
