// Runs the encoder (in its worker) when the texts change and the session asks for embedding similarity;
// the finished matrix is stored in the session, so τ moves and reloads never embed again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { similarityMatrix } from '../../core/similarity';
import type { Session } from '../../store/session/session';
import { useSessions } from '../../store/session/sessions';
import { metricOf } from './metric';
import { sameTexts } from './useScoring';
import type { EmbeddingPort } from './slots';

export interface EmbedRun {
  state: 'idle' | 'loading' | 'embedding' | 'error';
  message?: string;
}

const sentence = (t: string) => (/[.!?]$/.test(t.trim()) ? t.trim() : `${t.trim()}.`);

function zero(dims: number) {
  return new Float32Array(dims);
}

/** `needSelf`: graded credit is on, so a matrix stored before P×P similarities were kept is embedded again. */
export function useEmbedding(session: Session, pTexts: string[], sentences: string[], port: EmbeddingPort | undefined, needSelf = false) {
  const [run, setRun] = useState<EmbedRun>({ state: 'idle' });
  const engine = port?.useEngine();
  const runId = useRef(0);
  const emb = session.embedding;
  const fresh = !!emb && sameTexts(emb.pTexts, pTexts) && sameTexts(emb.rTexts, sentences) && (!needSelf || !!emb.selfData);
  const stale = metricOf(session).similarity === 'embedding' && !fresh && pTexts.length > 0;

  const start = useCallback(async () => {
    if (!port) return;
    const id = ++runId.current;
    const sid = session.id;
    const p = pTexts;
    const r = sentences;
    try {
      setRun({ state: 'loading', message: 'Loading the model…' });
      const model = await port.ensureLoaded();
      if (id !== runId.current) return;
      // Embed each distinct non-blank text once; a blank sentence gets a zero vector (similarity 0).
      const unique = [...new Set([...p, ...r].filter((t) => t.trim() !== ''))];
      setRun({ state: 'embedding', message: `Embedding ${unique.length} sentence${unique.length === 1 ? '' : 's'} in the worker…` });
      const vecs = await port.embed(unique);
      if (id !== runId.current) return;
      const dims = vecs[0]?.length ?? 1;
      const byText = new Map(unique.map((t, k) => [t, vecs[k]]));
      const get = (t: string) => byText.get(t) ?? zero(dims);
      const pv = p.map(get);
      const m = similarityMatrix(pv, r.map(get));
      const self = similarityMatrix(pv, pv);
      useSessions.getState().update(sid, (s) => ({
        ...s,
        embedding: { encoderId: model, pTexts: p, rTexts: r, rows: m.rows, cols: m.cols, data: Array.from(m.data), selfData: Array.from(self.data) },
      }));
      setRun({ state: 'idle' });
    } catch (e) {
      if (id !== runId.current) return;
      setRun({
        state: 'error',
        message: `${sentence((e as Error).message || String(e))} Try again, pick another model in the model panel (USE-lite works offline), or switch to lexical similarity.`,
      });
    }
  }, [port, session.id, pTexts, sentences]);

  // Once a model is ready, keep the matrix in step with the texts (debounced while typing).
  useEffect(() => {
    if (!stale || engine?.status !== 'ready' || run.state !== 'idle') return;
    const t = setTimeout(() => void start(), 400);
    return () => clearTimeout(t);
  }, [stale, engine?.status, start, run.state]);

  return { run, stale, engine, start };
}
