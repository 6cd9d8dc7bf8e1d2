// USE-lite on every core in Node: TF.js runs no WASM threads in Node, so N worker threads each load their own
// TF.js and model (~30 MB) and take whole batches from one queue. Batches are cut before they are handed out
// (batching.ts), so a text's vector does not depend on the number of threads.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Pooling } from './types.ts';
import type { PoolReply, PoolRequest } from './useliteWorker.ts';

const require = createRequire(import.meta.url);

/**
 * The thread's entry is TypeScript: a two-line CommonJS bootstrap registers tsx's loader in the thread (the CLI
 * registers it in-process, which threads do not inherit), then imports the entry.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((m) => { m.register(); return import(workerData.entry); });
`;

/** A worker thread running the TypeScript module `entry` (also bench/embed.ts's bare loop). */
export function startTsWorker(entry: URL, workerData: Record<string, unknown> = {}): Worker {
  // tsx's ESM entry (its exports map's "import" target): the CommonJS one resolves its loader wrongly in a thread.
  const tsx = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  return new Worker(BOOTSTRAP, { eval: true, workerData: { ...workerData, tsx, entry: entry.href }, execArgv: [] });
}

export interface UseLitePool {
  readonly threads: number;
  embed(batch: string[], pooling: Pooling): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

interface Job {
  req: PoolRequest;
  resolve(rows: Float32Array[]): void;
  reject(e: Error): void;
}

/** Starts `threads` workers and resolves once every one has loaded the model (a load error rejects). */
export async function startUseLitePool(threads: number): Promise<UseLitePool> {
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let nextId = 0;
  let closed = false;

  const dispatch = () => {
    while (idle.length && queue.length) {
      const w = idle.pop()!;
      const job = queue.shift()!;
      busy.set(w, job);
      w.ref(); // a batch in flight keeps the process alive; an idle pool does not
      w.postMessage(job.req);
    }
  };
  const fail = (e: Error) => {
    for (const job of [...busy.values(), ...queue.splice(0)]) job.reject(e);
    busy.clear();
  };

  const entry = new URL('./useliteWorker.ts', import.meta.url);
  const workers = Array.from({ length: Math.max(1, threads) }, () => startTsWorker(entry));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((ready, failed) => {
          w.on('message', (m: PoolReply) => {
            if ('ready' in m) {
              w.unref();
              idle.push(w);
              ready();
              return;
            }
            if ('failed' in m) return failed(new Error(m.failed));
            const job = busy.get(w);
            busy.delete(w);
            idle.push(w);
            w.unref();
            if (job && 'error' in m) job.reject(new Error(m.error));
            else if (job && 'rows' in m) job.resolve(m.rows);
            dispatch();
          });
          w.on('error', (e: Error) => {
            failed(e);
            if (!closed) fail(new Error(`a USE-lite thread failed: ${e.message}`));
          });
        }),
    ),
  ).catch(async (e: unknown) => {
    closed = true;
    await Promise.all(workers.map((w) => w.terminate()));
    throw e;
  });

  return {
    threads: workers.length,
    embed(batch, pooling) {
      if (closed) return Promise.reject(new Error('the USE-lite pool was disposed'));
      return new Promise((resolve, reject) => {
        queue.push({ req: { id: nextId++, batch, pooling }, resolve, reject });
        dispatch();
      });
    },
    async dispose() {
      closed = true;
      fail(new Error('the USE-lite pool was disposed'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
