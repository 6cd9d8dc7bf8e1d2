// A worker thread of bench/embed-uselite.ts's Node floor: USE-lite loaded as the CLI loads it, then each batch
// straight through the graph (tokenize, run, read back), nothing else.
import { parentPort } from 'node:worker_threads';
import { loadUseLiteNode } from '../src/embed/useliteNode.ts';

const port = parentPort!;
const { tf, model, tokenizer } = await loadUseLiteNode();

/** One batch through the bare graph; the vectors are read back and dropped. */
export async function rawBatch(batch: string[]): Promise<void> {
  const ids = batch.map((t) => tokenizer.encode(t.trim() ? t : ' '));
  const pairs: number[] = [];
  ids.forEach((row, i) => row.forEach((_, j) => pairs.push(i, j)));
  const indices = tf.tensor2d(pairs, [pairs.length / 2, 2], 'int32');
  const values = tf.tensor1d(ids.flat(), 'int32');
  const out = await model.executeAsync({ indices, values });
  indices.dispose();
  values.dispose();
  const t = Array.isArray(out) ? out[0] : out;
  await t.data();
  t.dispose();
}

port.on('message', (batch: string[]) => {
  rawBatch(batch).then(
    () => port.postMessage({ ok: true }),
    (e: Error) => port.postMessage({ ok: false, error: e.message }),
  );
});
port.postMessage({ ok: true });
