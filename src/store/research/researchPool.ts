// Research's compute workers (research.worker.ts): as many as the machine has cores, up to 4, started on first use
// and kept (starting a worker costs more than a τ step). Changes are independent and so are τ values: a job is cut
// into slices, one per worker. Cancel ends the workers (a slice in a worker cannot be interrupted otherwise): every
// call in flight then rejects with CancelledError, and the next call starts fresh workers.
import * as Comlink from 'comlink';
import type { ResearchWorkerApi } from './research.worker';
import type { FlatScorer, ItemsMeta } from './researchCompute';

export const POOL_SIZE = Math.max(1, Math.min(4, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 1));

/** Lets the page paint and take input between stages (a macrotask, not a microtask). */
export const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

interface Slot {
  worker: Worker;
  api: Comlink.Remote<ResearchWorkerApi>;
  /** The run whose statistics this worker holds, and whether with its scorer. */
  run: number | null;
  scorer: boolean;
}

let slots: Slot[] = [];
let stopped: { promise: Promise<never>; reject: (e: Error) => void } = fresh();

function fresh() {
  let reject!: (e: Error) => void;
  const promise = new Promise<never>((_, rej) => (reject = rej));
  promise.catch(() => undefined);
  return { promise, reject };
}

function slot(k: number): Slot {
  while (slots.length <= k) {
    const worker = new Worker(new URL('./research.worker.ts', import.meta.url), { type: 'module' });
    slots.push({ worker, api: Comlink.wrap<ResearchWorkerApi>(worker), run: null, scorer: false });
  }
  return slots[k];
}

/** `fn` on worker k (mod the pool's size); rejects with CancelledError when stopAll ends it. */
export function onWorker<T>(k: number, fn: (api: Comlink.Remote<ResearchWorkerApi>) => Promise<T>): Promise<T> {
  return Promise.race([fn(slot(k % POOL_SIZE).api), stopped.promise]);
}

/** [start, end) of each of `parts` slices of n (as equal as whole numbers allow; never empty unless n is 0). */
export function slices(n: number, parts = POOL_SIZE): [number, number][] {
  const p = Math.max(1, Math.min(parts, n));
  return Array.from({ length: p }, (_, i) => [Math.floor((i * n) / p), Math.floor(((i + 1) * n) / p)]);
}

/** Makes sure worker k holds run `id`'s statistics (sent once per run and worker). */
export async function ensureRun(k: number, id: number, meta: () => ItemsMeta, scorer: (() => FlatScorer) | null): Promise<void> {
  const s = slot(k % POOL_SIZE);
  if (s.run === id && (s.scorer || !scorer)) return;
  s.run = id;
  s.scorer = scorer !== null;
  await onWorker(k, (api) => api.setRun(id, meta(), scorer ? scorer() : null));
}

/** Ends every worker and every call in flight. */
export function stopAll(): void {
  for (const s of slots) {
    s.api[Comlink.releaseProxy]();
    s.worker.terminate();
  }
  slots = [];
  stopped.reject(new CancelledError());
  stopped = fresh();
}
