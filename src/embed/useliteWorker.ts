// One thread of the Node USE-lite pool (useliteThreads.ts): its own TF.js and model, one batch at a time.
import { parentPort } from 'node:worker_threads';
import { loadUseLiteNode } from './useliteNode.ts';
import type { Pooling } from './types.ts';

export type PoolRequest = { id: number; batch: string[]; pooling: Pooling };
export type PoolReply = { id: number; rows: Float32Array[] } | { id: number; error: string } | { ready: true } | { failed: string };

const port = parentPort!;
const send = (m: PoolReply, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

loadUseLiteNode().then(
  ({ enc }) => {
    port.on('message', (m: PoolRequest) => {
      enc.embed(m.batch, m.pooling).then(
        (rows) => send({ id: m.id, rows }, rows.map((r) => r.buffer as ArrayBuffer)),
        (e: unknown) => send({ id: m.id, error: e instanceof Error ? e.message : String(e) }),
      );
    });
    send({ ready: true });
  },
  (e: unknown) => send({ failed: e instanceof Error ? e.message : String(e) }),
);
