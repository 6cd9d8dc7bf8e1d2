// Connects the workbench to the embedding engine and the model panel's choice (the app is the one
// place that may wire two features together).
import { useShallow } from 'zustand/react/shallow';
import { embedder } from '../embed/client';
import { DEFAULT_MODEL_ID } from '../embed/types';
import { useModelStore } from '../features/model/store';
import type { EmbeddingPort, EngineView } from '../features/workbench/slots';

function chosenLabel(choice: string, hubId: string, folder: string | undefined): string {
  if (choice === 'default') return DEFAULT_MODEL_ID;
  if (choice === 'use-lite') return 'use-lite';
  if (choice === 'local') return folder ?? 'a model folder (none picked)';
  return hubId.trim() || 'a hub model (no id)';
}

export const embeddingPort: EmbeddingPort = {
  useEngine(): EngineView {
    const { status, info, error, progress, choice, hubId, local, backend } = useModelStore(
      useShallow((s) => ({ status: s.status, info: s.info, error: s.error, progress: s.progress, choice: s.choice, hubId: s.hubId, local: s.local, backend: s.backend })),
    );
    let loaded = 0;
    let total = 0;
    for (const p of Object.values(progress)) {
      if (p.total > 0) {
        loaded += p.loaded;
        total += p.total;
      }
    }
    return {
      status,
      model: info?.model ?? null,
      defaultTau: info?.defaultTau ?? null,
      error,
      progress: status === 'loading' && total > 0 ? loaded / total : null,
      notice: info?.fallbackNotice ?? null,
      chosen: info?.model ?? chosenLabel(choice, hubId, local?.name),
      backend: info?.backend ?? backend,
    };
  },
  async ensureLoaded() {
    const st = useModelStore.getState();
    if (st.status === 'ready' && st.info) return st.info.model;
    const info = await st.load();
    if (!info) throw new Error(`The model did not load: ${useModelStore.getState().error ?? 'unknown error'}`);
    return info.model;
  },
  embed: (texts) => embedder.embed(texts),
};
