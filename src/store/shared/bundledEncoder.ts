// The bundled encoder (USE-lite, served by this app, works offline) for the annotation and teaching views, in
// its own worker so it never swaps the workbench's model; plus lexical similarity as the instant fallback.
// Vectors are cached by text, so editing one sentence embeds one sentence.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { LEXICAL_TAU, lexicalSimilarityMatrix } from '../../core/lexical';
import { similarityMatrix } from '../../core/similarity';
import type { SimilarityMatrix } from '../../core/types';
import { Embedder } from '../../embed/client';
import { USE_LITE_TAU } from '../../embed/models';

export type SimilarityKind = 'use-lite' | 'lexical';

export { LEXICAL_TAU };

export const DEFAULT_TAU: Record<SimilarityKind, number> = { 'use-lite': USE_LITE_TAU, lexical: LEXICAL_TAU };

export const SIMILARITY_LABEL: Record<SimilarityKind, string> = {
  'use-lite': 'Bundled encoder (USE-lite, offline)',
  lexical: 'Lexical (instant)',
};

interface EncoderState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Texts embedded so far in the current request, for a progress bar. */
  progress: { done: number; total: number } | null;
}

export const useBundledEncoder = create<EncoderState>()(() => ({ status: 'idle', error: null, progress: null }));

let embedder: Embedder | null = null;
let loading: Promise<void> | null = null;
const cache = new Map<string, Float32Array>();
const BATCH = 32;

function ensureLoaded(): Promise<void> {
  if (useBundledEncoder.getState().status === 'ready' && embedder?.info()) return Promise.resolve();
  loading ??= (async () => {
    useBundledEncoder.setState({ status: 'loading', error: null });
    try {
      embedder ??= new Embedder();
      await embedder.load({ kind: 'use-lite' }, { fallback: false });
      useBundledEncoder.setState({ status: 'ready' });
    } catch (e) {
      useBundledEncoder.setState({ status: 'error', error: (e as Error).message || String(e) });
      throw e;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Vectors for every distinct non-blank text, embedding only what the cache lacks. */
export async function embedTexts(texts: readonly string[]): Promise<Map<string, Float32Array>> {
  await ensureLoaded();
  const todo = [...new Set(texts.filter((t) => t.trim() !== '' && !cache.has(t)))];
  if (todo.length) useBundledEncoder.setState({ progress: { done: 0, total: todo.length } });
  try {
    for (let k = 0; k < todo.length; k += BATCH) {
      const batch = todo.slice(k, k + BATCH);
      const vecs = await embedder!.embed(batch);
      batch.forEach((t, i) => cache.set(t, vecs[i]));
      useBundledEncoder.setState({ progress: { done: Math.min(todo.length, k + BATCH), total: todo.length } });
    }
  } catch (e) {
    useBundledEncoder.setState({ status: 'error', error: (e as Error).message || String(e) });
    throw e;
  } finally {
    useBundledEncoder.setState({ progress: null });
  }
  return cache;
}

/** The matrix for P × R from cached vectors; a blank text gets similarity 0 with everything. */
function fromCache(p: readonly string[], r: readonly string[]): SimilarityMatrix {
  const dims = cache.values().next().value?.length ?? 1;
  const zero = new Float32Array(dims);
  const get = (t: string) => cache.get(t) ?? zero;
  return similarityMatrix(p.map(get), r.map(get));
}

export interface MatrixJob {
  p: readonly string[];
  r: readonly string[];
}

export interface Matrices {
  /** One per job, in order; null while the encoder works (or failed). */
  matrices: SimilarityMatrix[] | null;
  pending: boolean;
  error: string | null;
  /** The newest finished result with the jobs it belongs to (possibly older texts): shown while typing. */
  last: { jobs: readonly MatrixJob[]; matrices: SimilarityMatrix[] } | null;
  /** Try a failed load or embedding again. */
  retry(): void;
}

const jobsKey = (jobs: readonly MatrixJob[]) => JSON.stringify(jobs.map((j) => [j.p, j.r]));

/**
 * Similarity matrices for a list of (pseudo-references, sentences) jobs. Lexical is computed at once;
 * USE-lite in the worker, `delayMs` after the texts stop changing (typing), from the cache when it can.
 */
export function useMatrices(kind: SimilarityKind, jobs: readonly MatrixJob[], delayMs = 250): Matrices {
  const key = jobsKey(jobs);
  const [state, setState] = useState<{ key: string; jobs: readonly MatrixJob[]; matrices: SimilarityMatrix[] } | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the texts (key), not the job objects
  const lexical = useMemo(() => (kind === 'lexical' ? jobs.map((j) => lexicalSimilarityMatrix(j.p, j.r)) : null), [kind, key]);

  useEffect(() => {
    if (kind !== 'use-lite') return;
    let live = true;
    const texts = jobs.flatMap((j) => [...j.p, ...j.r]);
    const allCached = texts.every((t) => t.trim() === '' || cache.has(t));
    const run = async () => {
      try {
        await embedTexts(texts);
        if (live) setState({ key, jobs, matrices: jobs.map((j) => fromCache(j.p, j.r)) });
      } catch (e) {
        if (live) setError({ key, message: (e as Error).message || String(e) });
      }
    };
    const t = setTimeout(() => void run(), allCached ? 0 : delayMs);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the texts (key), not the job objects
  }, [kind, key, delayMs, attempt]);

  const retry = useCallback(() => {
    if (useBundledEncoder.getState().status === 'error') useBundledEncoder.setState({ status: 'idle', error: null });
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  if (lexical) return { matrices: lexical, last: { jobs, matrices: lexical }, pending: false, error: null, retry };
  const fresh = state && state.key === key ? state.matrices : null;
  const err = error && error.key === key ? error.message : null;
  return { matrices: fresh, last: state, pending: !fresh && !err, error: err, retry };
}

/** A text's USE-lite vector once embedded (for showing its first components), else null. */
export function cachedVector(text: string): Float32Array | null {
  return cache.get(text) ?? null;
}
