// `--by FIELD` in Research: the field the meta-evaluation's table is repeated for on a human-scored dataset (lang,
// system, a human dimension, a column of its file), or null. Its own store so the signature can name it without
// importing the slices' computation (humanSlices.ts).
import { create } from 'zustand';

export const useSliceBy = create<{ by: string | null; setBy(by: string | null): void }>()((set) => ({
  by: null,
  setBy: (by) => set({ by: by || null }),
}));
