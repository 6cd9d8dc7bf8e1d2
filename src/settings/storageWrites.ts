// Writes to localStorage that never throw and never pass silently: the browser refuses a write when this site's
// storage is full (QuotaExceededError) or unavailable (private mode). The refusal is recorded under its key, so the
// view that promised to keep something ("Remember on this device", an edited prompt) can say it was not kept.
// Before it, zustand's persist threw three uncaught QuotaExceededErrors while the form said the key was saved.
import { create } from 'zustand';
import type { StateStorage } from 'zustand/middleware';

/** Why the browser refused the last write of each key; a key is absent once a write of it succeeds. */
export const useStorageRefusals = create<Record<string, string>>(() => ({}));

/** The refusal in words (the browser's own name and message; never the value that was written). */
export function refusalText(e: unknown): string {
  const err = (e ?? {}) as { name?: string; message?: string };
  if (err.name === 'QuotaExceededError' || /quota/i.test(err.message ?? '')) return "the browser says this site's storage is full";
  return `the browser refused it (${err.name ?? 'Error'}: ${err.message ?? String(e)})`;
}

function note(key: string, why: string | null): void {
  const all = useStorageRefusals.getState();
  if ((all[key] ?? null) === why) return;
  const next = { ...all };
  if (why === null) delete next[key];
  else next[key] = why;
  useStorageRefusals.setState(next, true);
}

/** Writes (or, given null, removes) one entry. Returns why the browser refused, or null; never throws. */
export function writeLocal(key: string, value: string | null): string | null {
  let why: string | null = null;
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch (e) {
    why = refusalText(e);
  }
  note(key, why);
  return why;
}

/**
 * localStorage for zustand's persist. A refused write is recorded, not thrown into the store's setState, and the
 * entry's older value is removed (removing needs no space): an unticked "Remember" never leaves a key behind.
 */
export const recordingLocalStorage: StateStorage = {
  getItem(key) {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    if (writeLocal(key, value) === null) return;
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // unavailable altogether: there is nothing stored to leave behind
    }
  },
  removeItem(key) {
    writeLocal(key, null);
  },
};
