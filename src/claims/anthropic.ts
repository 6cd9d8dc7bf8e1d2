// Anthropic Messages API, called straight from the browser.

import { joinUrl, type LlmSettings, type ProviderRequest } from './providers';

export const ANTHROPIC_VERSION = '2023-06-01';
/** Messages requires max_tokens; two sections of numbered points fit well within this. */
export const ANTHROPIC_MAX_TOKENS = 1024;

export function anthropicRequest(settings: LlmSettings, prompt: string): ProviderRequest {
  return {
    url: joinUrl(settings.baseUrl, 'messages'),
    init: {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-api-key': settings.apiKey.trim(),
        'anthropic-version': ANTHROPIC_VERSION,
        // Anthropic refuses browser (CORS) calls unless the caller opts in with this header.
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      body: JSON.stringify({
        model: settings.model.trim(),
        max_tokens: ANTHROPIC_MAX_TOKENS,
        temperature: settings.temperature,
        ...(settings.topP !== undefined ? { top_p: settings.topP } : {}),
        ...(settings.system !== undefined ? { system: settings.system } : {}),
        messages: [{ role: 'user', content: prompt }],
      }),
    },
  };
}

/** The text blocks of content[], joined; undefined when the body is not a Messages answer. */
export function anthropicText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const content = (body as { content?: unknown }).content;
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .filter(
      (b): b is { type: 'text'; text: string } =>
        !!b && typeof b === 'object' && b.type === 'text' && typeof b.text === 'string',
    )
    .map((b) => b.text);
  return texts.length > 0 ? texts.join('') : undefined;
}
