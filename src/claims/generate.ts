// One LLM call: settings + prompt -> the model's text, or a typed ClaimsError.
// The key travels only in request headers; it is never logged, put in a URL or kept in an error.

import { fetchOnOrigin, RedirectRefused, secretMayGoTo } from '../core/onOrigin';
import { anthropicRequest, anthropicText } from './anthropic';
import { localGenerator } from './local';
import { ClaimsError, errorFromResponse, scrubKey, scrubSecret } from './errors';
import { openAiRequest, openAiText } from './openai';
import { PROVIDERS, type LlmSettings, type ProviderRequest } from './providers';

export const DEFAULT_TIMEOUT_MS = 60_000;
/** The largest answer read: a claims, links or grade answer is a few KB; more is a runaway model or a wrong server. */
export const MAX_ANSWER_BYTES = 1 << 20;

export interface GenerateOptions {
  settings: LlmSettings;
  prompt: string;
  /** Cancels the call (the Cancel button). */
  signal?: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Streamed text, where the provider streams (the in-browser model). */
  onToken?: (text: string) => void;
}

export interface GenerateResult {
  /** The model's answer. */
  text: string;
  status: number;
  elapsedMs: number;
  /** In-browser model: generated tokens and their rate. */
  tokens?: number;
  tokensPerSecond?: number;
}

/** Cloud APIs that answer nothing without a key. */
const KEYED_HOSTS = ['api.openai.com', 'openrouter.ai', 'api.anthropic.com'];

/** Checks settings before any network use; throws ClaimsError('config'). */
export function validateSettings(settings: LlmSettings): void {
  const preset = PROVIDERS[settings.provider];
  if (!preset) throw new ClaimsError('config', `Unknown provider "${String(settings.provider)}".`);
  if (preset.protocol === 'local') {
    if (!settings.model.trim())
      throw new ClaimsError('config', 'Choose a model to run in this browser.');
    const n = settings.maxNewTokens ?? 512;
    if (!Number.isInteger(n) || n < 1 || n > 8192)
      throw new ClaimsError('config', 'Max new tokens must be a whole number from 1 to 8192.');
    if (
      !Number.isFinite(settings.temperature) ||
      settings.temperature < 0 ||
      settings.temperature > 2
    )
      throw new ClaimsError('config', 'Temperature must be between 0 and 2.');
    return;
  }
  let url: URL;
  try {
    url = new URL(settings.baseUrl.trim());
  } catch {
    throw new ClaimsError(
      'config',
      'Set a base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ClaimsError('config', 'The base URL must start with http:// or https://.');
  }
  if (url.username || url.password || url.search) {
    // Keys belong in the key field, never in a URL (URLs end up in logs and history).
    throw new ClaimsError('config', 'Put the key in the API key field, not in the base URL.');
  }
  if (!settings.model.trim()) throw new ClaimsError('config', 'Set a model name.');
  const held = keyHeld(settings);
  if (held) {
    throw new ClaimsError(
      'config',
      `The API key was entered for ${held.from}, and the base URL is now ${held.to}. A key is never sent to another host without your say: press "Send my key to ${held.to}" in the LLM settings, or enter the key again.`,
    );
  }
  // A cloud API needs a key, also when it is typed as the base URL of "Other OpenAI-compatible" (as the CLI does).
  if (!settings.apiKey.trim() && (preset.needsKey || KEYED_HOSTS.includes(url.hostname))) {
    throw new ClaimsError('config', `${preset.needsKey ? preset.label : url.hostname} needs an API key.`);
  }
  if (
    !Number.isFinite(settings.temperature) ||
    settings.temperature < 0 ||
    settings.temperature > 2
  ) {
    throw new ClaimsError('config', 'Temperature must be between 0 and 2.');
  }
}

/**
 * The key's host and the base URL's, when the key was entered for another origin than the base URL's now (the
 * GitHub token's rule, core/onOrigin.ts secretMayGoTo); null when the key may go (or there is no key or binding).
 */
export function keyHeld(settings: Pick<LlmSettings, 'apiKey' | 'baseUrl' | 'keyBaseUrl'>): { from: string; to: string } | null {
  if (settings.keyBaseUrl === undefined || !settings.apiKey.trim()) return null;
  if (secretMayGoTo(settings.keyBaseUrl, settings.baseUrl)) return null;
  return { from: hostOf(settings.keyBaseUrl) ?? 'another base URL', to: hostOf(settings.baseUrl) ?? settings.baseUrl.trim() };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url.trim()).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * What is missing before any request can succeed, in words (null when the settings are complete): the one check
 * every LLM path (batch runner, Research's links, the lab, pseudo-references, the CLI) makes before it plans.
 */
export function settingsProblem(settings: LlmSettings): string | null {
  try {
    validateSettings(settings);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

export function buildRequest(settings: LlmSettings, prompt: string): ProviderRequest {
  return PROVIDERS[settings.provider].protocol === 'anthropic'
    ? anthropicRequest(settings, prompt)
    : openAiRequest(settings, prompt);
}

export function extractText(settings: LlmSettings, body: unknown): string | undefined {
  return PROVIDERS[settings.provider].protocol === 'anthropic'
    ? anthropicText(body)
    : openAiText(body);
}

export async function generateClaimsText(opts: GenerateOptions): Promise<GenerateResult> {
  const { settings, prompt, signal } = opts;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = opts.fetchImpl ?? globalThis.fetch.bind(globalThis);
  validateSettings(settings);
  if (signal?.aborted) throw cancelled();
  if (PROVIDERS[settings.provider].protocol === 'local') {
    const local = localGenerator();
    if (!local)
      throw new ClaimsError('config', 'The in-browser model runs only in the browser app.');
    const r = await local({ settings, prompt, signal, timeoutMs, onToken: opts.onToken });
    if (r.interrupted && signal?.aborted) throw cancelled(r.text);
    const { text, elapsedMs, tokens, tokensPerSecond } = r;
    if (!text.trim())
      throw new ClaimsError(
        'malformed',
        'The model wrote nothing. Retry, or raise max new tokens.',
        { raw: text },
      );
    return { text, status: 200, elapsedMs, tokens, tokensPerSecond };
  }

  const request = buildRequest(settings, prompt);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const started = Date.now();
  const key = settings.apiKey;

  const failure = (e: unknown): ClaimsError => {
    if (e instanceof ClaimsError) return e;
    if (e instanceof RedirectRefused) return redirectRefused(settings.baseUrl, e);
    if (timedOut) {
      return new ClaimsError(
        'timeout',
        `No answer within ${Math.round(timeoutMs / 1000)} s. The model may be slow or the server stuck: retry, or raise the timeout.`,
      );
    }
    if (signal?.aborted) return cancelled();
    let origin = settings.baseUrl;
    try {
      origin = new URL(settings.baseUrl).origin;
    } catch {
      // validated above
    }
    return new ClaimsError(
      'network',
      `Could not reach ${origin}. Check the base URL, your connection, and that the server is running. ` +
        'Local servers must also allow calls from this page (CORS), e.g. OLLAMA_ORIGINS for Ollama.',
      { detail: e instanceof Error ? scrubSecret(e.message, key) : undefined },
    );
  };

  try {
    let response: Response;
    let bodyText: string;
    try {
      // The key and the prompt go to the base URL's origin only: a redirect elsewhere is refused before it is asked.
      response = await fetchOnOrigin(
        (url, init) => doFetch(url, init),
        request.url,
        { ...request.init, signal: controller.signal },
        { hidden: 'refuse' },
      );
      bodyText = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (e) {
      throw failure(e);
    }
    if (!response.ok) {
      throw errorFromResponse(response.status, bodyText, response.headers.get('retry-after'), key);
    }
    let json: unknown;
    try {
      json = JSON.parse(bodyText);
    } catch {
      throw new ClaimsError(
        'malformed',
        'The provider answered, but not with JSON. Nothing was parsed; the raw answer is shown below.',
        {
          status: response.status,
          raw: scrubSecret(bodyText, key),
        },
      );
    }
    const text = extractText(settings, json);
    if (text === undefined || !text.trim()) {
      throw new ClaimsError(
        'malformed',
        'The provider answered, but the answer holds no model text. Nothing was parsed; the raw answer is shown below.',
        { status: response.status, raw: scrubSecret(bodyText, key) },
      );
    }
    // The one point where remote answers enter: an answer that echoes the key is stored and shown without it.
    return { text: scrubKey(text, key), status: response.status, elapsedMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function tooLarge(bytes: number, limit: number): ClaimsError {
  const mb = (n: number) => `${(n / (1 << 20)).toFixed(1)} MB`;
  return new ClaimsError(
    'malformed',
    `The provider's answer is larger than ${mb(limit)}${bytes > limit ? ` (${mb(bytes)})` : ''}: it was refused, not read or cached. ` +
      'Check the base URL points at the LLM API, or lower the model\'s output length.',
  );
}

/** The body as text, refused once it passes `limit` bytes (by Content-Length first, then as it streams in). */
export async function readCapped(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(declared, limit);
  }
  if (!response.body) {
    const text = await response.text();
    if (text.length > limit) throw tooLarge(text.length, limit);
    return text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(size, limit);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function redirectRefused(baseUrl: string, e: RedirectRefused): ClaimsError {
  const host = new URL(baseUrl).host;
  const where =
    e.reason === 'too-many'
      ? 'redirect after redirect'
      : e.to
        ? `a redirect to another host (${e.to})`
        : 'a redirect (the browser does not say to where)';
  return new ClaimsError(
    'config',
    `${host} answered with ${where}; it was not followed, so neither the key nor the prompt went there. ` +
      'Set the base URL to the address the API answers on.',
  );
}

function cancelled(raw?: string): ClaimsError {
  return new ClaimsError(
    'cancelled',
    'Cancelled. Your settings and diff are kept; press Retry to send it again.',
    raw ? { raw } : {},
  );
}
