// What the workbench borrows from other features. The app shell fills these in, so feature folders
// never import each other (imports go one way: features <- app).
import { createContext, useContext, type ComponentType } from 'react';
import type { PseudoReference } from '../../core/types';

export interface ClaimsSlotProps {
  diff: string;
  language: string;
  oldCode?: string;
  newCode?: string;
  onAdd(refs: PseudoReference[]): void;
}

export interface EngineView {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The model in force (e.g. "use-lite"), when ready. */
  model: string | null;
  defaultTau: number | null;
  error: string | null;
  /** Download progress 0..1 while loading, when the sizes are known. */
  progress: number | null;
  /** Why another model than the one asked for is in force (e.g. the hub unreachable, USE-lite instead). */
  notice: string | null;
  /** The model the panel will load (or the one in force) and the backend, for the folded panel's one-line summary. */
  chosen: string;
  backend: string;
}

export interface EmbeddingPort {
  useEngine(): EngineView;
  /** Loads the model chosen in the model panel if nothing is loaded; resolves to the model's name. */
  ensureLoaded(): Promise<string>;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export interface WorkbenchSlots {
  ModelPanel?: ComponentType;
  ClaimsPanel?: ComponentType<ClaimsSlotProps>;
  embedding?: EmbeddingPort;
}

export const WorkbenchSlotsContext = createContext<WorkbenchSlots>({});
export const useSlots = () => useContext(WorkbenchSlotsContext);
