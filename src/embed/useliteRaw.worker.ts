/// <reference lib="webworker" />
// The bare loop behind bench/embed.ts's browser floor: USE-lite loaded as the embedding worker loads it
// (useliteBrowser.ts), then batches run straight through the graph (tokenize, run, read back): no cache, no
// stopwords, no normalisation, no Comlink. Reached from the test page only (src/features/model/e2e-page.tsx).
import { runUseLiteGraph } from './uselite.ts';
import { loadBrowserUseLite } from './useliteBrowser.ts';

export type RawRequest = { kind: 'load' } | { kind: 'run'; batch: string[] };

const loaded = loadBrowserUseLite(1);

self.onmessage = async (ev: MessageEvent<RawRequest>) => {
  try {
    const { tf, model, tokenizer } = await loaded;
    if (ev.data.kind === 'run') {
      await runUseLiteGraph(tf, model, tokenizer, ev.data.batch.map((t) => (t.trim() ? t : ' ')));
    }
    self.postMessage({ ok: true });
  } catch (e) {
    self.postMessage({ ok: false, error: String((e as Error)?.message ?? e) });
  }
};
