// The linker in use by the learned preset (workbench and Research): the shipped weights, or weights a person
// trained (Research's "Train a linker") or picked from a file. Weights are a few KB of numbers and describe no
// person, so the chosen ones are kept in localStorage and survive a reload.
import { create } from 'zustand';
import { parseWeights, shippedWeights, WeightsError, type LinkerWeights } from '../core/learned/index';

export type LinkerSource = 'shipped' | 'file' | 'trained';

interface LinkerState {
  weights: LinkerWeights;
  name: string;
  source: LinkerSource;
  /** The last file that could not be used, and why. */
  error: string | null;
  use(weights: LinkerWeights, name: string, source: LinkerSource): void;
  /** Validate a file's text; on success use it, else keep the current weights and set `error`. */
  loadFile(text: string, name: string): boolean;
  reset(): void;
}

const KEY = 'crscore.linker.v1';
const SHIPPED_NAME = 'shipped (trained on the human study’s dev half)';

function restore(): Pick<LinkerState, 'weights' | 'name' | 'source'> {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (raw) {
      const o = JSON.parse(raw) as { name: string; source: LinkerSource; weights: unknown };
      return { weights: parseWeights(o.weights, o.name), name: o.name, source: o.source };
    }
  } catch {
    // A stored file this build cannot read: fall back to the shipped weights.
  }
  return { weights: shippedWeights(), name: SHIPPED_NAME, source: 'shipped' };
}

function save(s: Pick<LinkerState, 'weights' | 'name' | 'source'>) {
  try {
    if (s.source === 'shipped') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

export const useLinker = create<LinkerState>()((set) => ({
  ...restore(),
  error: null,
  use(weights, name, source) {
    save({ weights, name, source });
    set({ weights, name, source, error: null });
  },
  loadFile(text, name) {
    try {
      const weights = parseWeights(text, name);
      save({ weights, name, source: 'file' });
      set({ weights, name, source: 'file', error: null });
      return true;
    } catch (e) {
      set({ error: e instanceof WeightsError ? e.message : `${name}: ${(e as Error).message}` });
      return false;
    }
  },
  reset() {
    save({ weights: shippedWeights(), name: SHIPPED_NAME, source: 'shipped' });
    set({ weights: shippedWeights(), name: SHIPPED_NAME, source: 'shipped', error: null });
  },
}));
