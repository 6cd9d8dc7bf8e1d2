// The linker in use by the learned preset (workbench and Research): the shipped weights, or weights a person
// trained (Research's "Train a linker") or picked from a file. Weights are a few KB of numbers and describe no
// person, so the chosen ones are kept in localStorage and survive a reload.
import { create } from 'zustand';
import { parseWeights, shippedWeights, WeightsError, type LinkerWeights } from '../../core/learned/index';
import { setAside } from './quarantine';

export type LinkerSource = 'shipped' | 'file' | 'trained';

interface LinkerState {
  weights: LinkerWeights;
  name: string;
  source: LinkerSource;
  /** The last file that could not be used (or the saved choice that could not be restored), and why. */
  error: string | null;
  /** Set when the choice could not be saved: it lasts for this page only. */
  saveError: string | null;
  use(weights: LinkerWeights, name: string, source: LinkerSource): void;
  /** Validate a file's text; on success use it, else keep the current weights and set `error`. */
  loadFile(text: string, name: string): boolean;
  reset(): void;
}

const KEY = 'crscore.linker.v1';
const SHIPPED_NAME = 'shipped (trained on the human study’s dev half)';

const shipped = (): Pick<LinkerState, 'weights' | 'name' | 'source'> => ({ weights: shippedWeights(), name: SHIPPED_NAME, source: 'shipped' });

/**
 * The saved choice, validated like a file. One this build cannot use is set aside (downloadable, never deleted
 * silently) and the shipped weights are used, with a message: a bad saved file must not break every reload.
 */
function restore(): Pick<LinkerState, 'weights' | 'name' | 'source' | 'error'> {
  let raw: string | null | undefined;
  try {
    raw = globalThis.localStorage?.getItem(KEY);
  } catch {
    return { ...shipped(), error: null };
  }
  if (!raw) return { ...shipped(), error: null };
  try {
    const o = JSON.parse(raw) as unknown;
    if (!o || typeof o !== 'object' || Array.isArray(o)) throw new WeightsError('the saved choice is not an object');
    const { name, source, weights } = o as Record<string, unknown>;
    if (typeof name !== 'string' || (source !== 'file' && source !== 'trained')) throw new WeightsError('the saved choice has no name or source');
    return { weights: parseWeights(weights, name), name, source, error: null };
  } catch (e) {
    const reason = (e as Error).message;
    const item = setAside('the saved linker weights', reason, raw, 'crscore-linker-weights-set-aside.json');
    try {
      globalThis.localStorage?.removeItem(KEY);
    } catch {
      // nothing more to do where localStorage is unavailable
    }
    return {
      ...shipped(),
      error: `The saved linker weights could not be used (${reason}). They were set aside${item.kept ? '' : ' for this page'} (download them below); the shipped weights are in use.`,
    };
  }
}

/** Saves the choice; returns why it could not be saved, or null. */
function save(s: Pick<LinkerState, 'weights' | 'name' | 'source'>): string | null {
  try {
    if (s.source === 'shipped') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify({ weights: s.weights, name: s.name, source: s.source }));
    return null;
  } catch (e) {
    return `These weights could not be saved in this browser (${(e as Error).name}: ${(e as Error).message}); they are in use until the page is closed or reloaded.`;
  }
}

export const useLinker = create<LinkerState>()((set) => ({
  ...restore(),
  saveError: null,
  use(weights, name, source) {
    set({ weights, name, source, error: null, saveError: save({ weights, name, source }) });
  },
  loadFile(text, name) {
    try {
      const weights = parseWeights(text, name);
      set({ weights, name, source: 'file', error: null, saveError: save({ weights, name, source: 'file' }) });
      return true;
    } catch (e) {
      set({ error: e instanceof WeightsError ? e.message : `${name}: ${(e as Error).message}` });
      return false;
    }
  },
  reset() {
    set({ ...shipped(), error: null, saveError: save(shipped()) });
  },
}));
