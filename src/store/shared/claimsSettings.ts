// LLM settings for every LLM use (claims, pseudo-references, llm-links), below both the stores and the features that
// read them. Everything but the key persists in localStorage;
// the key stays in memory unless the user ticks "Remember on this device".

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { recordingLocalStorage } from '../../settings/storageWrites';
import { DEFAULT_TIMEOUT_MS, keyHeld as keyHeldFor } from '../../claims/generate';
import type { OutputFormat } from '../../claims/prompt';
import { PROVIDERS, type LlmSettings, type ProviderId } from '../../claims/providers';
import { usesLocalModel, type PseudoRefSource } from '../../pseudorefs/dataset';
import type { ClaimsBatchOptions } from '../../pseudorefs/claimsBatch';
import type { AnswerCache } from '../../llmbatch/cache';
import { optInSecrets } from './optInSecrets';

/** Which analyzer warnings count: the paper's text match on +/- lines, or warnings on added lines. */
export type AnalyzerFilter = 'added' | 'paper';
/** JSHint options: the paper's defaults (ES5) or modern JavaScript. */
export type AnalyzerOptionSet = 'paper' | 'modern';

export const SETTINGS_STORAGE_KEY = 'crscore.claims.settings';

export interface ClaimsSettings {
  provider: ProviderId;
  baseUrl: string;
  model: string;
  temperature: number;
  format: OutputFormat;
  timeoutSec: number;
  /** One key per provider, so switching providers does not lose a key. */
  keys: Partial<Record<ProviderId, string>>;
  /** The base URL each key was entered (or confirmed) for: it is sent to that origin only (llmSettings). */
  keyBases: Partial<Record<ProviderId, string>>;
  rememberKey: boolean;
  /** Which analyzer warnings count: the paper's text match on +/- lines, or warnings on added lines. */
  analyzerFilter: AnalyzerFilter;
  /** JSHint options: the paper's defaults (ES5) or modern JavaScript. */
  analyzerOptions: AnalyzerOptionSet;
  /** In-browser model: most tokens per answer, and where it runs. */
  maxNewTokens: number;
  backend: 'auto' | 'webgpu' | 'wasm';
}

interface ClaimsSettingsActions {
  setProvider(provider: ProviderId): void;
  update(patch: Partial<Omit<ClaimsSettings, 'keys' | 'keyBases' | 'provider' | 'rememberKey'>>): void;
  /** A key typed or pasted now: it belongs to the base URL as it is now. */
  setKey(key: string): void;
  /** The user confirmed sending the key to the current base URL's host. */
  bindKeyToBaseUrl(): void;
  setRememberKey(remember: boolean): void;
}

export type ClaimsSettingsState = ClaimsSettings & ClaimsSettingsActions;

export const DEFAULT_SETTINGS: ClaimsSettings = {
  provider: 'openai',
  baseUrl: PROVIDERS.openai.baseUrl,
  model: PROVIDERS.openai.model,
  temperature: 0,
  format: 'paper',
  timeoutSec: DEFAULT_TIMEOUT_MS / 1000,
  keys: {},
  keyBases: {},
  rememberKey: false,
  analyzerFilter: 'paper',
  analyzerOptions: 'paper',
  maxNewTokens: 512,
  backend: 'auto',
};

const secrets = optInSecrets<ClaimsSettingsState>({
  secrets: ['keys', 'keyBases'],
  remember: 'rememberKey',
  kept: ({ provider, baseUrl, model, temperature, format, timeoutSec, analyzerFilter, analyzerOptions, rememberKey, maxNewTokens, backend }) => ({
    maxNewTokens,
    backend,
    provider,
    baseUrl,
    model,
    temperature,
    format,
    timeoutSec,
    analyzerFilter,
    analyzerOptions,
    rememberKey,
  }),
});

export const useClaimsSettings = create<ClaimsSettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      setProvider: (provider) =>
        set((s) => {
          const preset = PROVIDERS[provider];
          // "Other OpenAI-compatible" has no defaults: keep what the user typed.
          return { provider, baseUrl: preset.baseUrl || s.baseUrl, model: preset.model || s.model };
        }),
      update: (patch) => set(patch),
      setKey: (key) =>
        set((s) => ({ keys: { ...s.keys, [s.provider]: key }, keyBases: { ...s.keyBases, [s.provider]: s.baseUrl.trim() } })),
      bindKeyToBaseUrl: () => set((s) => ({ keyBases: { ...s.keyBases, [s.provider]: s.baseUrl.trim() } })),
      setRememberKey: (rememberKey) => set({ rememberKey }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => recordingLocalStorage),
      // Keys are written only while the user opts in; un-ticking rewrites the entry without them.
      partialize: (s) => secrets.partialize(s),
      merge: (persisted, current) => {
        const merged = secrets.merge(persisted, current);
        if (!PROVIDERS[merged.provider]) merged.provider = DEFAULT_SETTINGS.provider;
        // A key remembered before keys were bound belongs to the base URL it was saved with (its provider's preset
        // for the other providers' keys).
        const bases: Partial<Record<ProviderId, string>> = { ...(merged.keyBases ?? {}) };
        for (const p of Object.keys(merged.keys ?? {}) as ProviderId[])
          if (PROVIDERS[p] && bases[p] === undefined) bases[p] = p === merged.provider ? merged.baseUrl : PROVIDERS[p].baseUrl || merged.baseUrl;
        merged.keyBases = bases;
        return merged;
      },
    },
  ),
);

/** Where the chosen provider's key was entered and where the base URL points now, when they differ (null: it may go). */
export function keyHeld(s: ClaimsSettings): { from: string; to: string } | null {
  return keyHeldFor(llmSettings(s));
}

/** The settings one call needs, with the key of the chosen provider. */
export function llmSettings(s: ClaimsSettings): LlmSettings {
  return {
    provider: s.provider,
    baseUrl: s.baseUrl,
    model: s.model,
    apiKey: s.keys[s.provider] ?? '',
    // No binding (state set by hand) counts as another host: the key waits.
    keyBaseUrl: s.keyBases[s.provider] ?? '',
    temperature: s.temperature,
    maxNewTokens: s.maxNewTokens,
    backend: s.backend,
  };
}

/**
 * The in-page model's settings whatever provider is chosen (Research's `local` source): no key, no URL; its model
 * is the one chosen under the in-browser provider, else that preset's.
 */
export function localLlmSettings(s: ClaimsSettings): LlmSettings {
  return {
    provider: 'browser',
    baseUrl: '',
    model: s.provider === 'browser' ? s.model : PROVIDERS.browser.model,
    apiKey: '',
    temperature: s.temperature,
    maxNewTokens: s.maxNewTokens,
    backend: s.backend,
  };
}

/** The LLM settings a source's claims use: the in-page model's for `local`, else those chosen (and their key). */
export function settingsFor(source: PseudoRefSource, s: ClaimsSettings): LlmSettings {
  return usesLocalModel(source) ? localLlmSettings(s) : llmSettings(s);
}

/** A source's claims batch as both of Research's batches send it (the runner caps `concurrency` per provider). */
export function claimsBatchFor(source: PseudoRefSource, s: ClaimsSettings, cache: AnswerCache, concurrency = 4): Omit<ClaimsBatchOptions, 'signal' | 'onProgress'> {
  return { settings: settingsFor(source, s), format: s.format, cache, concurrency, timeoutMs: Math.max(1, s.timeoutSec) * 1000 };
}

/** `local` chosen: the form shows the in-browser provider's settings (the workbench's too), as its claims use them. */
export function showLocalProviderFor(source: PseudoRefSource): void {
  const st = useClaimsSettings.getState();
  if (usesLocalModel(source) && st.provider !== 'browser') st.setProvider('browser');
}
