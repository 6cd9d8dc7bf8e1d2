// The linker in use by the learned preset (workbench and Research): the shipped weights, or weights a person
// trained (Research's "Train a linker") or picked from a file. Weights are a few KB of numbers and describe no
// person, so the chosen ones are kept in localStorage and survive a reload.
import { create } from 'zustand';
import { parseWeights, shippedWeights, WeightsError, type LinkerWeights } from '../../core/learned/index';
import { sha256Hex } from '../../core/sha256';
import { setAside } from './quarantine';

export type LinkerSource = 'shipped' | 'file' | 'trained';

interface LinkerState {
  weights: LinkerWeights;
  name: string;
  source: LinkerSource;
  /**
   * The weights' SHA-256 as `crscore eval --linker FILE` signs them: the file's text as read, the shipped weights'
   * JSON, and for weights trained here the file the linker panel downloads.
   */
  hash: string;
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

const shipped = (): Pick<LinkerState, 'weights' | 'name' | 'source' | 'hash'> => ({ weights: shippedWeights(), name: SHIPPED_NAME, source: 'shipped', hash: sha256Hex(JSON.stringify(shippedWeights())) });
/** The text the linker panel downloads for trained weights (and `crscore train-linker --out` writes). */
const weightsFile = (w: LinkerWeights) => `${JSON.stringify(w, null, 2)}\n`;

/**
 * The saved choice, validated like a file. One this build cannot use is set aside (downloadable, never deleted
 * silently) and the shipped weights are used, with a message: a bad saved file must not break every reload.
 */
function restore(): Pick<LinkerState, 'weights' | 'name' | 'source' | 'hash' | 'error'> {
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
    const { name, source, weights, hash } = o as Record<string, unknown>;
    if (typeof name !== 'string' || (source !== 'file' && source !== 'trained')) throw new WeightsError('the saved choice has no name or source');
    const w = parseWeights(weights, name);
    return { weights: w, name, source, hash: typeof hash === 'string' ? hash : sha256Hex(weightsFile(w)), error: null };
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
function save(s: Pick<LinkerState, 'weights' | 'name' | 'source' | 'hash'>): string | null {
  try {
    if (s.source === 'shipped') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify({ weights: s.weights, name: s.name, source: s.source, hash: s.hash }));
    return null;
  } catch (e) {
    return `These weights could not be saved in this browser (${(e as Error).name}: ${(e as Error).message}); they are in use until the page is closed or reloaded.`;
  }
}

export const useLinker = create<LinkerState>()((set) => ({
  ...restore(),
  saveError: null,
  use(weights, name, source) {
    const hash = source === 'shipped' ? shipped().hash : sha256Hex(weightsFile(weights));
    set({ weights, name, source, hash, error: null, saveError: save({ weights, name, source, hash }) });
  },
  loadFile(text, name) {
    try {
      const weights = parseWeights(text, name);
      const hash = sha256Hex(text);
      set({ weights, name, source: 'file', hash, error: null, saveError: save({ weights, name, source: 'file', hash }) });
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
