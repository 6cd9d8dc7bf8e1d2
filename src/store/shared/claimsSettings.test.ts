import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { memoryStorage } from '../../testing/memoryStorage';

// A minimal localStorage for Node, installed before the store module loads.
const { data, storage } = memoryStorage();

type StoreModule = typeof import('./claimsSettings');
let m: StoreModule;
const KEY = 'sk-store-SECRET-1234567890';

beforeAll(async () => {
  vi.stubGlobal('localStorage', storage);
  m = await import('./claimsSettings');
});

beforeEach(() => {
  m.useClaimsSettings.setState({ ...m.DEFAULT_SETTINGS, keys: {} });
  data.clear();
});

const saved = () => data.get(m.SETTINGS_STORAGE_KEY) ?? '';

describe('claims settings store', () => {
  it('persists settings but not the key by default', () => {
    const s = m.useClaimsSettings.getState();
    s.update({ model: 'my-model', temperature: 0.3 });
    s.setKey(KEY);
    expect(saved()).toContain('my-model');
    expect(saved()).not.toContain(KEY);
    expect(m.llmSettings(m.useClaimsSettings.getState()).apiKey).toBe(KEY);
  });

  it('stores the key only while "remember" is on, and deletes it when turned off', () => {
    const s = m.useClaimsSettings.getState();
    s.setKey(KEY);
    s.setRememberKey(true);
    expect(saved()).toContain(KEY);
    s.setRememberKey(false);
    expect(saved()).not.toContain(KEY);
    expect(JSON.stringify([...data.values()])).not.toContain(KEY);
    // Still usable for this session.
    expect(m.useClaimsSettings.getState().keys.openai).toBe(KEY);
  });

  it('keeps one key per provider and applies provider presets', () => {
    const s = m.useClaimsSettings.getState();
    s.setKey('openai-key');
    s.setProvider('anthropic');
    expect(m.useClaimsSettings.getState().baseUrl).toBe('https://api.anthropic.com/v1');
    expect(m.llmSettings(m.useClaimsSettings.getState()).apiKey).toBe('');
    m.useClaimsSettings.getState().setKey('anthropic-key');
    m.useClaimsSettings.getState().setProvider('openai');
    expect(m.llmSettings(m.useClaimsSettings.getState()).apiKey).toBe('openai-key');
    // "Other OpenAI-compatible" keeps what was typed.
    m.useClaimsSettings
      .getState()
      .update({ baseUrl: 'http://10.0.0.5:8000/v1', model: 'vllm-model' });
    m.useClaimsSettings.getState().setProvider('openai-compatible');
    expect(m.useClaimsSettings.getState().baseUrl).toBe('http://10.0.0.5:8000/v1');
    expect(m.useClaimsSettings.getState().model).toBe('vllm-model');
  });
});
