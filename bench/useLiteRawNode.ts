// A worker thread of bench/embed-uselite.ts's Node floor: USE-lite loaded as the CLI loads it, then each batch
// straight through the graph (tokenize, run, read back), nothing else.
import { parentPort } from 'node:worker_threads';
import { runUseLiteGraph } from '../src/embed/uselite.ts';
import { loadUseLiteNode } from '../src/embed/useliteNode.ts';

const port = parentPort!;
const { tf, model, tokenizer } = await loadUseLiteNode();

/** One batch through the bare graph; the vectors are read back and dropped. */
export async function rawBatch(batch: string[]): Promise<void> {
  await runUseLiteGraph(tf, model, tokenizer, batch.map((t) => (t.trim() ? t : ' ')));
}

port.on('message', (batch: string[]) => {
  rawBatch(batch).then(
    () => port.postMessage({ ok: true }),
    (e: Error) => port.postMessage({ ok: false, error: e.message }),
  );
});
port.postMessage({ ok: true });
