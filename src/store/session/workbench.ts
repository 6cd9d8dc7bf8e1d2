// Transient workbench state shared across panels (not persisted): the pinned/hovered pair, a request
// to reveal a line in the code view, and the embedding run's progress.
import { create } from 'zustand';

export interface Cell {
  row: number;
  col: number;
}

export interface EmbedStatus {
  state: 'idle' | 'loading' | 'embedding' | 'ready' | 'error';
  /** 0..1 when known. */
  progress?: number;
  message?: string;
  /** The encoder that produced the current embedding (e.g. "use-lite"). */
  encoder?: string;
  defaultTau?: number | null;
}

interface WorkbenchState {
  pinned: Cell | null;
  hover: Cell | null;
  reveal: { line: number; nonce: number } | null;
  embed: EmbedStatus;
  setPinned(c: Cell | null): void;
  setHover(c: Cell | null): void;
  revealLine(line: number): void;
  setEmbed(e: EmbedStatus): void;
}

export const useWorkbench = create<WorkbenchState>()((set) => ({
  pinned: null,
  hover: null,
  reveal: null,
  embed: { state: 'idle' },
  setPinned: (pinned) => set({ pinned }),
  setHover: (hover) => set((st) => (st.hover?.row === hover?.row && st.hover?.col === hover?.col ? st : { hover })),
  revealLine: (line) => set({ reveal: { line, nonce: Date.now() + Math.random() } }),
  setEmbed: (embed) => set({ embed }),
}));
