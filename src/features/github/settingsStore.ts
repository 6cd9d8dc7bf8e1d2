// The GitHub import's settings: the API base persists; the token stays in memory unless the user ticks
// "Remember on this device" (the same opt-in rule as the LLM key: src/store/shared/optInSecrets.ts). The token is bound
// to the API host it was entered for (tokenApiBase): after the API base changes it is not sent until the user
// enters it again or confirms that host (importStore asks).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { recordingLocalStorage } from '../../settings/storageWrites';
import { DEFAULT_API_BASE, normaliseApiBase } from '../../github/url';
import { optInSecrets } from '../../store/shared/optInSecrets';

export const GITHUB_SETTINGS_KEY = 'crscore.github.settings';

export interface GithubSettings {
  apiBase: string;
  token: string;
  /** The API base the token was entered (or confirmed) for; '' means api.github.com. */
  tokenApiBase: string;
  rememberToken: boolean;
  /** Replies are listed under the comment they answer; scoring them is a choice. */
  includeReplies: boolean;
}

interface Actions {
  set(patch: Partial<Omit<GithubSettings, 'token' | 'tokenApiBase'>>): void;
  /** A token typed or pasted now: it belongs to the API base as it is now. */
  setToken(token: string): void;
  /** The user confirmed sending the token to the current API base. */
  bindTokenToApiBase(): void;
}

export const DEFAULT_GITHUB_SETTINGS: GithubSettings = { apiBase: DEFAULT_API_BASE, token: '', tokenApiBase: DEFAULT_API_BASE, rememberToken: false, includeReplies: false };

/** The API base as typed, normalised when it parses (a half-typed one is kept as it is). */
function baseOf(apiBase: string): string {
  try {
    return normaliseApiBase(apiBase);
  } catch {
    return apiBase.trim();
  }
}

const secrets = optInSecrets<GithubSettings & Actions>({
  secrets: ['token', 'tokenApiBase'],
  remember: 'rememberToken',
  kept: ({ apiBase, rememberToken, includeReplies }) => ({ apiBase, rememberToken, includeReplies }),
});

export const useGithubSettings = create<GithubSettings & Actions>()(
  persist(
    (set) => ({
      ...DEFAULT_GITHUB_SETTINGS,
      set: (patch) => set(patch),
      setToken: (token) => set((s) => ({ token, tokenApiBase: baseOf(s.apiBase) })),
      bindTokenToApiBase: () => set((s) => ({ tokenApiBase: baseOf(s.apiBase) })),
    }),
    {
      name: GITHUB_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => recordingLocalStorage),
      partialize: (s) => secrets.partialize(s),
      merge: (persisted, current) => secrets.merge(persisted, current),
    },
  ),
);
