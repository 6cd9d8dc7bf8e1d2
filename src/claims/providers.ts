// Provider presets and the settings one LLM call needs.

export type ProviderId =
  'openai' | 'openrouter' | 'ollama' | 'lmstudio' | 'openai-compatible' | 'anthropic' | 'browser';
/** 'local': the model runs in this page (src/claims/local.ts); nothing is sent anywhere. */
export type Protocol = 'openai' | 'anthropic' | 'local';

export interface ProviderPreset {
  label: string;
  protocol: Protocol;
  /** Base URL up to and including the API version, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model: string;
  /** Cloud providers need a key; local servers usually do not. */
  needsKey: boolean;
  /** Most requests in flight this provider takes (e.g. 1 for a model running in this page); none = no cap. */
  maxConcurrency?: number;
}

export const PROVIDERS: Record<ProviderId, ProviderPreset> = {
  openai: {
    label: 'OpenAI',
    protocol: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    needsKey: true,
  },
  openrouter: {
    label: 'OpenRouter',
    protocol: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o-mini',
    needsKey: true,
  },
  ollama: {
    label: 'Ollama (local)',
    protocol: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    model: 'llama3.1',
    needsKey: false,
  },
  lmstudio: {
    label: 'LM Studio (local)',
    protocol: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    model: '',
    needsKey: false,
  },
  'openai-compatible': {
    label: 'Other OpenAI-compatible',
    protocol: 'openai',
    baseUrl: '',
    model: '',
    needsKey: false,
  },
  anthropic: {
    label: 'Anthropic',
    protocol: 'anthropic',
    baseUrl: 'https://api.anthropic.com/v1',
    model: 'claude-sonnet-4-5',
    needsKey: true,
  },
  browser: {
    label: 'In this browser (WebGPU)',
    protocol: 'local',
    baseUrl: '',
    model: 'onnx-community/Qwen2.5-Coder-1.5B-Instruct',
    needsKey: false,
    // One model in one worker generates one answer at a time.
    maxConcurrency: 1,
  },
};

export const PROVIDER_IDS = Object.keys(PROVIDERS) as ProviderId[];

export interface LlmSettings {
  provider: ProviderId;
  baseUrl: string;
  model: string;
  apiKey: string;
  /**
   * The base URL the key was entered (or confirmed) for, in the browser: the key goes to that origin only, and a
   * changed host waits for the user's say. Absent (the CLI): the key goes to the base URL it is given.
   */
  keyBaseUrl?: string;
  temperature: number;
  /** Nucleus sampling, sent only when set (AACR-Bench's judge asks for 0.95). */
  topP?: number;
  /** A system message, sent only when set (Martian's judge has one). */
  system?: string;
  /** In-browser provider: the most tokens to generate (the hosted APIs use their own limits). */
  maxNewTokens?: number;
  /** In-browser provider: where the model runs. */
  backend?: 'auto' | 'webgpu' | 'wasm';
}

/** What a provider module hands to fetch. Never logged: headers hold the key. */
export interface ProviderRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

export function joinUrl(base: string, path: string): string {
  return `${base.trim().replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The batch concurrency actually used: the user's limit, capped by the provider's own. */
export function effectiveConcurrency(provider: ProviderId, requested: number): number {
  const n = Number.isFinite(requested) ? Math.max(1, Math.floor(requested)) : 4;
  const cap = PROVIDERS[provider]?.maxConcurrency;
  return cap ? Math.min(cap, n) : n;
}
