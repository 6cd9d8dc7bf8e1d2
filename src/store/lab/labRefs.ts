// The metric lab's ROUGE-L (stemmed) and METEOR columns, computed when the lab first asks for them, in Research's
// compute workers (research/labRefApi.ts) with the core's scorers, the reviews split over the workers. METEOR's
// WordNet is fetched by the workers only then (never by the page, never before): while it loads the view shows
// its progress; when it cannot be fetched METEOR runs its exact and stem stages and its column is labelled so.
import * as Comlink from 'comlink';
import { create } from 'zustand';
import { meteorColumn, rougeLColumn, type LabMetric } from '../../core/lab/index';
import type { PreparedDataset } from '../../core/research/index';
import { WORDNET_ASSET } from '../../core/refmetrics/wordnet';
import type { LabRefName } from '../research/labRefApi';
import { DEFAULT_NLTK_VERSION, type NltkVersion } from '../../core/nltk/wordTokenize';
import type { RefPair } from '../research/researchCompute';
import { CancelledError, nextTask, onWorker, POOL_SIZE, slices } from '../research/researchPool';

export type { LabRefName } from '../research/labRefApi';

export interface WordNetLoad {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Bytes read so far, and the file's size when the server gave it. */
  loaded: number;
  total: number | null;
  version: string | null;
  error: string | null;
}

interface LabRefsState {
  /** The prepared dataset the columns belong to. */
  of: PreparedDataset | null;
  columns: Partial<Record<LabRefName, LabMetric>>;
  running: LabRefName[];
  /** Why a column could not be computed (cleared by retry). */
  failed: Partial<Record<LabRefName, string>>;
  wordnet: WordNetLoad;
  /** METEOR's word-tokenizer rules (NLTK 3.9 by default, as the CLI's --tokenizer). */
  tokenizer: NltkVersion;
  /** Another tokenizer: METEOR's column is computed again when next asked for. */
  setTokenizer(v: NltkVersion): void;
  /** Starts what `names` need on `p` that is neither there nor under way; true once a column landed. */
  ensure(p: PreparedDataset, names: readonly LabRefName[]): Promise<boolean>;
  /** Forgets a failed WordNet load and METEOR's column: the next ensure fetches WordNet again. */
  retryWordNet(): void;
}

const IDLE: WordNetLoad = { status: 'idle', loaded: 0, total: null, version: null, error: null };
/** Reviews per message to a worker (as Research's reference metrics). */
const REF_SLICE = 5000;

const wordnetUrl = () => new URL(`${import.meta.env.BASE_URL}${WORDNET_ASSET}`, location.href).href;

export const useLabRefs = create<LabRefsState>()((set, get) => {
  /** Makes sure workers 0…n−1 hold WordNet (worker 0 first, with progress; the others then read it from the cache). */
  async function loadWordNet(n: number): Promise<boolean> {
    const url = wordnetUrl();
    if (get().wordnet.status !== 'ready') set({ wordnet: { ...IDLE, status: 'loading' } });
    try {
      const version = await onWorker(0, (api) =>
        api.labWordNet(
          url,
          Comlink.proxy((loaded: number, total: number | null) => {
            if (get().wordnet.status === 'loading') set({ wordnet: { ...get().wordnet, loaded, total } });
          }),
        ),
      );
      await Promise.all(Array.from({ length: n - 1 }, (_, k) => onWorker(k + 1, (api) => api.labWordNet(url, Comlink.proxy(() => undefined)))));
      set({ wordnet: { ...get().wordnet, status: 'ready', version, error: null } });
      return true;
    } catch (e) {
      if (e instanceof CancelledError) {
        set({ wordnet: IDLE });
        throw e;
      }
      set({ wordnet: { ...IDLE, status: 'error', error: (e as Error).message } });
      return false;
    }
  }

  async function compute(p: PreparedDataset, name: LabRefName): Promise<LabMetric> {
    const pairs: RefPair[] = p.reviews.map((r) => [r.review.review ?? '', r.reference]);
    const tokenizer = get().tokenizer;
    const parts = slices(pairs.length, Math.max(POOL_SIZE, Math.ceil(pairs.length / REF_SLICE)));
    // As the CLI: WordNet only where some review has a reference, and only when METEOR is asked for.
    const withWordNet = name === 'meteor' && p.hasReference && get().wordnet.status !== 'error' && (await loadWordNet(Math.min(POOL_SIZE, parts.length)));
    const pending: Promise<Float64Array>[] = [];
    for (const [k, [a, b]] of parts.entries()) {
      if (k > 0) await nextTask();
      const part = pairs.slice(a, b);
      pending.push(onWorker(k, (api) => api.labRefValues(part, name, withWordNet, tokenizer)));
    }
    const values: (number | null)[] = [];
    for (const v of await Promise.all(pending)) for (const x of v) values.push(Number.isNaN(x) ? null : x);
    return name === 'rouge-l' ? rougeLColumn(values) : meteorColumn(values, withWordNet ? { version: get().wordnet.version ?? 'WordNet' } : null, tokenizer);
  }

  return {
    of: null,
    columns: {},
    running: [],
    failed: {},
    wordnet: IDLE,
    tokenizer: DEFAULT_NLTK_VERSION,

    setTokenizer(v) {
      if (v === get().tokenizer) return;
      const columns = { ...get().columns };
      delete columns.meteor;
      set({ tokenizer: v, columns });
    },

    async ensure(p, names) {
      if (get().of !== p) set({ of: p, columns: {}, running: [], failed: {} });
      const st = get();
      const todo = names.filter((n) => !st.columns[n] && !st.running.includes(n) && !st.failed[n]);
      if (!todo.length) return false;
      set({ running: [...st.running, ...todo] });
      const done = await Promise.all(
        todo.map(async (name) => {
          const drop = () => get().running.filter((n) => n !== name);
          try {
            const col = await compute(p, name);
            if (get().of !== p) return false;
            set({ columns: { ...get().columns, [name]: col }, running: drop() });
            return true;
          } catch (e) {
            if (get().of !== p) return false;
            // Research's Cancel ended the workers: nothing is kept, the next ensure starts again.
            if (e instanceof CancelledError) set({ running: drop() });
            else set({ running: drop(), failed: { ...get().failed, [name]: (e as Error).message } });
            return false;
          }
        }),
      );
      return done.some(Boolean);
    },

    retryWordNet() {
      const columns = { ...get().columns };
      const failed = { ...get().failed };
      delete columns.meteor;
      delete failed.meteor;
      set({ wordnet: IDLE, columns, failed });
    },
  };
});
