import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { memoryStorage } from '../../testing/memoryStorage';

// A minimal localStorage for Node, installed before the store module loads.
const { data, storage } = memoryStorage();

type StoreModule = typeof import('./settingsStore');
let m: StoreModule;
const TOKEN = 'ghp_store0SECRET0abcdef';

beforeAll(async () => {
  vi.stubGlobal('localStorage', storage);
  m = await import('./settingsStore');
});
beforeEach(() => {
  m.useGithubSettings.setState({ ...m.DEFAULT_GITHUB_SETTINGS });
  data.clear();
});
const saved = () => data.get(m.GITHUB_SETTINGS_KEY) ?? '';

describe('GitHub settings store', () => {
  it('persists the API base but keeps the token in memory unless remembered', async () => {
    const s = m.useGithubSettings.getState();
    s.set({ apiBase: 'https://ghe.example/api/v3' });
    s.setToken(TOKEN);
    expect(saved()).toContain('ghe.example');
    expect(saved()).not.toContain(TOKEN);
    s.set({ rememberToken: true });
    expect(saved()).toContain(TOKEN);
    s.set({ rememberToken: false });
    expect(JSON.stringify([...data.values()])).not.toContain(TOKEN);
    expect(m.useGithubSettings.getState().token).toBe(TOKEN);
  });

  it('reads a stored token back only when the stored choice says remember', async () => {
    data.set(m.GITHUB_SETTINGS_KEY, JSON.stringify({ state: { apiBase: 'https://x/api/v3', token: 'ghp_planted', rememberToken: false }, version: 1 }));
    await m.useGithubSettings.persist.rehydrate();
    expect(m.useGithubSettings.getState().apiBase).toBe('https://x/api/v3');
    expect(m.useGithubSettings.getState().token).toBe('');
    data.set(m.GITHUB_SETTINGS_KEY, JSON.stringify({ state: { token: TOKEN, rememberToken: true }, version: 1 }));
    await m.useGithubSettings.persist.rehydrate();
    expect(m.useGithubSettings.getState().token).toBe(TOKEN);
  });

  it('binds the token to the API base it was entered for; changing the base never moves it', async () => {
    const { tokenMayGoTo } = await import('../../github/url');
    const s = m.useGithubSettings.getState();
    s.setToken(TOKEN);
    expect(m.useGithubSettings.getState().tokenApiBase).toBe('https://api.github.com');
    s.set({ apiBase: 'https://ghe.example/api/v3/' });
    const after = m.useGithubSettings.getState();
    expect(after.tokenApiBase).toBe('https://api.github.com');
    expect(tokenMayGoTo(after.tokenApiBase, after.apiBase)).toBe(false);
    m.useGithubSettings.getState().bindTokenToApiBase();
    expect(m.useGithubSettings.getState().tokenApiBase).toBe('https://ghe.example/api/v3');
    // The binding is stored with the token only (remembered), never on its own.
    expect(saved()).not.toContain('tokenApiBase');
    m.useGithubSettings.getState().set({ rememberToken: true });
    expect(JSON.parse(saved()).state).toMatchObject({ token: TOKEN, tokenApiBase: 'https://ghe.example/api/v3' });
  });
});
