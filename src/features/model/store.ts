// The model panel's own state: which encoder to load, how, and what is running.
import { create } from 'zustand';
import { embedder } from '../../embed/client.ts';
import {
  DEFAULT_MODEL_ID,
  type Backend,
  type EngineInfo,
  type LocalModelFile,
  type ModelSpec,
  type Pooling,
  type ProgressEvent,
} from '../../embed/types.ts';
import { withEarlier } from '../../embed/progress.ts';

export type ModelChoice = 'default' | 'hub' | 'local' | 'use-lite';

export interface ModelState {
  choice: ModelChoice;
  /** Hub id for 'hub'; a path under /models/ (e.g. /models/tiny-bert) loads a model this app serves. */
  hubId: string;
  local: { name: string; files: LocalModelFile[] } | null;
  backend: Backend;
  /** null: the model's own default (crscore for transformers, raw text for USE-lite). */
  pooling: Pooling | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  progress: Record<string, ProgressEvent>;
  info: EngineInfo | null;
  error: string | null;
  set(patch: Partial<Pick<ModelState, 'choice' | 'hubId' | 'local' | 'backend' | 'pooling'>>): void;
  load(): Promise<EngineInfo | null>;
}

export function specFor(s: Pick<ModelState, 'choice' | 'hubId' | 'local'>): ModelSpec {
  switch (s.choice) {
    case 'default':
      return { kind: 'hub', id: DEFAULT_MODEL_ID };
    case 'use-lite':
      return { kind: 'use-lite' };
    case 'local':
      if (!s.local) throw new Error('Pick a model folder first.');
      return { kind: 'local', name: s.local.name, files: s.local.files };
    case 'hub': {
      const id = s.hubId.trim();
      if (!id) throw new Error('Type a model id, e.g. Xenova/all-MiniLM-L6-v2.');
      return id.startsWith('/models/') ? { kind: 'served', path: id } : { kind: 'hub', id };
    }
  }
}

/** A folder from <input webkitdirectory>: paths inside the folder, the folder's name. */
export function filesFromFolder(list: FileList): { name: string; files: LocalModelFile[] } {
  const files: LocalModelFile[] = [];
  let name = 'model';
  for (const file of Array.from(list)) {
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
    const parts = rel.split('/');
    if (parts.length > 1) name = parts[0];
    files.push({ path: parts.length > 1 ? parts.slice(1).join('/') : rel, file });
  }
  return { name, files };
}

export const useModelStore = create<ModelState>((set, get) => ({
  choice: 'default',
  hubId: 'Xenova/all-MiniLM-L6-v2',
  local: null,
  backend: 'auto',
  pooling: null,
  status: 'idle',
  progress: {},
  info: null,
  error: null,
  set: (patch) => set(patch),
  async load() {
    let spec: ModelSpec;
    try {
      spec = specFor(get());
    } catch (e) {
      set({ status: 'error', error: (e as Error).message });
      return null;
    }
    set({ status: 'loading', progress: {}, error: null, info: null });
    try {
      const { backend, pooling } = get();
      const info = await embedder.load(spec, { backend, ...(pooling ? { pooling } : {}) }, (p) =>
        set((s) => ({ progress: { ...s.progress, [p.file]: withEarlier(s.progress[p.file], p) } })),
      );
      set({ status: 'ready', info });
      return info;
    } catch (e) {
      set({ status: 'error', error: (e as Error).message });
      return null;
    }
  },
}));

// A crashed worker is replaced by the client; say so, and show that the next call reloads the model.
embedder.onRestart = (reason) =>
  useModelStore.setState((s) => ({
    status: s.status === 'ready' ? 'ready' : s.status,
    error: `${reason} The model reloads on the next use.`,
  }));
