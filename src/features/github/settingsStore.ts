// The GitHub import's settings: the API base persists; the token stays in memory unless the user ticks
// "Remember on this device" (the same opt-in rule as the LLM key: src/store/optInSecrets.ts).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_API_BASE } from '../../github/url';
import { optInSecrets } from '../../store/optInSecrets';

export const GITHUB_SETTINGS_KEY = 'crscore.github.settings';

export interface GithubSettings {
  apiBase: string;
  token: string;
  rememberToken: boolean;
  /** Replies are listed under the comment they answer; scoring them is a choice. */
  includeReplies: boolean;
}

interface Actions {
  set(patch: Partial<GithubSettings>): void;
}

export const DEFAULT_GITHUB_SETTINGS: GithubSettings = { apiBase: DEFAULT_API_BASE, token: '', rememberToken: false, includeReplies: false };

const secrets = optInSecrets<GithubSettings & Actions>({
  secrets: ['token'],
  remember: 'rememberToken',
  kept: ({ apiBase, rememberToken, includeReplies }) => ({ apiBase, rememberToken, includeReplies }),
});

export const useGithubSettings = create<GithubSettings & Actions>()(
  persist(
    (set) => ({
      ...DEFAULT_GITHUB_SETTINGS,
      set: (patch) => set(patch),
    }),
    {
      name: GITHUB_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => secrets.partialize(s),
      merge: (persisted, current) => secrets.merge(persisted, current),
    },
  ),
);
