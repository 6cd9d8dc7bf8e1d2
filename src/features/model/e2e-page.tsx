// Entry of e2e-embed.html: mounts <ModelPanel/> and exposes the embedder to Playwright (tests and benches only).
import { createRoot } from 'react-dom/client';
import { Embedder, embedder } from '../../embed/client.ts';
import { batches, longestFirst } from '../../embed/batching.ts';
import { ModelPanel } from './ModelPanel.tsx';

declare global {
  interface Window {
    __embed?: {
      embedder: typeof embedder;
      useLiteRate: typeof useLiteRate;
      useLiteVectors: typeof useLiteVectors;
    };
  }
}

/**
 * bench/embed.ts's USE-lite rows: `workers` workers embed `texts` (longest first, `batch` per call, each worker
 * taking the next batch, as Research does), through the app's worker (`app`) or the bare loop (useliteRaw.worker.ts).
 * Models load and warm up before the clock starts. Returns the seconds taken and the threads TF.js ran per worker.
 */
async function useLiteRate(how: 'app' | 'raw', workers: number, texts: string[], batch: number, warm: string[]) {
  const chunks = batches(longestFirst(texts), batch);
  let run: ((b: string[]) => Promise<unknown>)[];
  let threads = 1;
  const close: (() => void)[] = [];
  if (how === 'app') {
    const pool = Array.from({ length: workers }, () => new Embedder());
    const infos = await Promise.all(pool.map((e) => e.load({ kind: 'use-lite' }, { fallback: false })));
    threads = infos[0].threads;
    run = pool.map((e) => (b: string[]) => e.embed(b));
    close.push(...pool.map((e) => () => void e.dispose()));
  } else {
    run = Array.from({ length: workers }, () => {
      const w = new Worker(new URL('../../embed/useliteRaw.worker.ts', import.meta.url), { type: 'module', name: 'use-lite-raw' });
      close.push(() => w.terminate());
      return (b: string[]) =>
        new Promise((resolve, reject) => {
          w.onmessage = (ev: MessageEvent<{ ok: boolean; error?: string }>) => (ev.data.ok ? resolve(null) : reject(new Error(ev.data.error)));
          w.onerror = (ev) => reject(new Error(ev.message));
          w.postMessage({ kind: 'run', batch: b });
        });
    });
  }
  await Promise.all(run.map((r) => r(warm)));
  let next = 0;
  const t0 = performance.now();
  await Promise.all(run.map(async (r) => {
    while (next < chunks.length) await r(chunks[next++]);
  }));
  const seconds = (performance.now() - t0) / 1000;
  close.forEach((c) => c());
  return { seconds, threads };
}

/**
 * e2e/uselite-threads.spec.ts: `texts`' vectors (in their order) from `workers` embedding workers sharing the
 * batches as Research shares them; one worker and several must agree.
 */
async function useLiteVectors(workers: number, texts: string[], batch: number): Promise<number[][]> {
  const pool = Array.from({ length: workers }, () => new Embedder());
  try {
    await Promise.all(pool.map((e) => e.load({ kind: 'use-lite' }, { fallback: false })));
    const chunks = batches(longestFirst(texts), batch);
    const got = new Map<string, Float32Array>();
    let next = 0;
    await Promise.all(pool.map(async (e) => {
      while (next < chunks.length) {
        const chunk = chunks[next++];
        (await e.embed(chunk)).forEach((v, j) => got.set(chunk[j], v));
      }
    }));
    return texts.map((t) => Array.from(got.get(t)!));
  } finally {
    await Promise.all(pool.map((e) => e.dispose()));
  }
}

window.__embed = { embedder, useLiteRate, useLiteVectors };
createRoot(document.getElementById('root')!).render(<ModelPanel />);
