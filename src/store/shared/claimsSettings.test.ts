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

describe('a key belongs to the base URL it was typed for', () => {
  it('after the base URL moves to another host the key is not sent until the user confirms that host or types it again', async () => {
    const { generateClaimsText, settingsProblem } = await import('../../claims/generate');
    const s = () => m.useClaimsSettings.getState();
    s().setKey(KEY); // OpenAI, at https://api.openai.com/v1
    expect(settingsProblem(m.llmSettings(s()))).toBeNull();
    s().update({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect(settingsProblem(m.llmSettings(s()))).toBe(
      'The API key was entered for api.openai.com, and the base URL is now 127.0.0.1:9. A key is never sent to another host without your say: press "Send my key to 127.0.0.1:9" in the LLM settings, or enter the key again.',
    );
    expect(m.keyHeld(s())).toEqual({ from: 'api.openai.com', to: '127.0.0.1:9' });
    const fetchImpl = vi.fn(async () => new Response('{}'));
    await expect(generateClaimsText({ settings: m.llmSettings(s()), prompt: 'p', fetchImpl })).rejects.toMatchObject({ kind: 'config' });
    expect(fetchImpl).not.toHaveBeenCalled();

    // Another path on the same origin is the same host; back on the first host, the key goes again.
    s().update({ baseUrl: 'https://api.openai.com/v2/' });
    expect(settingsProblem(m.llmSettings(s()))).toBeNull();
    s().update({ baseUrl: 'http://127.0.0.1:9/v1' });
    s().bindKeyToBaseUrl();
    expect(settingsProblem(m.llmSettings(s()))).toBeNull();
    expect(m.keyHeld(s())).toBeNull();
    s().update({ baseUrl: 'http://127.0.0.1:10/v1' }); // another port is another host
    expect(m.keyHeld(s())).toEqual({ from: '127.0.0.1:9', to: '127.0.0.1:10' });
    s().setKey(KEY); // typed again: for the host as it is now
    expect(m.keyHeld(s())).toBeNull();
  });

  it('the binding is kept with a remembered key, and a key remembered before bindings existed belongs to its saved base URL', async () => {
    const s = () => m.useClaimsSettings.getState();
    s().update({ baseUrl: 'http://127.0.0.1:9/v1' });
    s().setKey(KEY);
    s().setRememberKey(true);
    expect(JSON.parse(saved()).state.keyBases).toEqual({ openai: 'http://127.0.0.1:9/v1' });
    s().setRememberKey(false);
    expect(saved()).not.toContain('keyBases');

    m.useClaimsSettings.setState({ ...m.DEFAULT_SETTINGS }); // a fresh page
    data.set(m.SETTINGS_STORAGE_KEY, JSON.stringify({ state: { provider: 'openai', baseUrl: 'http://127.0.0.1:7/v1', rememberKey: true, keys: { openai: KEY, anthropic: 'sk-ant-x' } }, version: 1 }));
    await m.useClaimsSettings.persist.rehydrate();
    expect(s().keyBases).toEqual({ openai: 'http://127.0.0.1:7/v1', anthropic: 'https://api.anthropic.com/v1' });
    expect(m.keyHeld(s())).toBeNull();
  });
});
