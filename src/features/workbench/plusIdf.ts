// The workbench's hook on the plus preset's background IDF (loaded once by src/store/shared/plusIdf.ts).
import { useEffect, useState } from 'react';
import type { Idf } from '../../core/plus/idf';
import { loadPlusIdf } from '../../store/shared/plusIdf';

export type PlusIdfState = { idf: Idf | null; error: string | null };

export function usePlusIdf(enabled: boolean): PlusIdfState {
  const [state, setState] = useState<PlusIdfState>({ idf: null, error: null });
  useEffect(() => {
    if (!enabled || state.idf) return;
    let live = true;
    loadPlusIdf().then(
      (idf) => live && setState({ idf, error: null }),
      (e: unknown) => live && setState({ idf: null, error: `Could not load the plus preset's word frequencies: ${e instanceof Error ? e.message : String(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [enabled, state.idf]);
  return state;
}
