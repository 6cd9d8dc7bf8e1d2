/// <reference lib="webworker" />
// The bare loop behind bench/embed.ts's browser floor: USE-lite loaded as the embedding worker loads it
// (useliteBrowser.ts), then batches run straight through the graph (tokenize, run, read back): no cache, no
// stopwords, no normalisation, no Comlink. Reached from the test page only (src/features/model/e2e-page.tsx).
import { loadBrowserUseLite } from './useliteBrowser.ts';

export type RawRequest = { kind: 'load' } | { kind: 'run'; batch: string[] };

const loaded = loadBrowserUseLite(1);

self.onmessage = async (ev: MessageEvent<RawRequest>) => {
  try {
    const { tf, model, tokenizer } = await loaded;
    if (ev.data.kind === 'run') {
      const ids = ev.data.batch.map((t) => tokenizer.encode(t.trim() ? t : ' '));
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
    self.postMessage({ ok: true });
  } catch (e) {
    self.postMessage({ ok: false, error: String((e as Error)?.message ?? e) });
  }
};
