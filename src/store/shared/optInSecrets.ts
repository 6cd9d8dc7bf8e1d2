// The one rule for settings that hold a secret (an LLM key, a GitHub token): it lives in memory, and is written to
// localStorage only while the user has opted in ("Remember on this device"); opting out rewrites the entry without
// it. Used as zustand persist's partialize and merge by the claims settings and the GitHub import settings.

export interface OptInSecrets<S> {
  /** What persist writes: `kept(s)`, plus the secret fields while `s[remember]` is true. */
  partialize(s: S): Partial<S>;
  /** Stored values over the defaults; the secret fields come from storage only when the stored choice says remember. */
  merge(persisted: unknown, current: S): S;
}

export function optInSecrets<S extends object>(opts: { secrets: readonly (keyof S)[]; remember: keyof S; kept: (s: S) => Partial<S> }): OptInSecrets<S> {
  return {
    partialize(s) {
      const out = opts.kept(s);
      if (!s[opts.remember]) return out;
      for (const k of opts.secrets) out[k] = s[k];
      return out;
    },
    merge(persisted, current) {
      const p = (persisted && typeof persisted === 'object' ? persisted : {}) as Partial<S>;
      const merged = { ...current, ...p };
      if (!merged[opts.remember]) for (const k of opts.secrets) merged[k] = current[k];
      return merged;
    },
  };
}
