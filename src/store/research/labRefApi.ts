// The metric lab's ROUGE-L and METEOR in Research's compute workers (research.worker.ts spreads these into its
// API): each worker scores its slice of reviews with the core's scorers (labReferenceScorer, the CLI's too). WordNet,
// for METEOR's synonym stage, is fetched by a worker the first time METEOR asks for it (scripts/vite-wordnet.ts
// serves it), checked against the shipped SHA-256, read once and kept while the worker lives (about 40 MB of heap).
import * as Comlink from 'comlink';
import { labReferenceScorer } from '../../core/lab/metrics';
import { DEFAULT_NLTK_VERSION, type NltkVersion } from '../../core/nltk/wordTokenize';
import { readWordNet, type WordNetData } from '../../core/refmetrics/wordnet';
import type { RefPair } from './researchCompute';

export type LabRefName = 'rouge-l' | 'meteor';

let wordnet: { url: string; data: Promise<WordNetData> } | null = null;

/** The body's text, reporting the bytes read so far (and the size when the server says it: no content coding). */
async function fetchText(url: string, onProgress: (loaded: number, total: number | null) => void): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  const length = Number(res.headers.get('content-length'));
  const total = !res.headers.get('content-encoding') && length > 0 ? length : null;
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let shownAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    // At most ~10 reports a second.
    if (performance.now() - shownAt > 100) {
      shownAt = performance.now();
      void onProgress(loaded, total);
    }
  }
  void onProgress(loaded, total ?? loaded);
  const all = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

export const labRefApi = {
  /** Loads WordNet from `url` once (a failed load is tried again on the next call); returns its version. */
  async labWordNet(url: string, onProgress: (loaded: number, total: number | null) => void): Promise<string> {
    if (wordnet?.url !== url) {
      // Checked against the shipped SHA-256 (readWordNet): another file, even one that parses, is an error, and METEOR
      // runs exact + stem under that label.
      const data = fetchText(url, onProgress).then((text) => readWordNet(text));
      wordnet = { url, data };
      data.catch(() => {
        if (wordnet?.data === data) wordnet = null;
      });
    }
    return (await wordnet.data).version;
  },
  /**
   * `name`'s score of each review against its reference (NaN where there is none); METEOR with WordNet's synonym
   * stage when `withWordNet` (labWordNet must have loaded it in this worker), else exact and stem only.
   */
  async labRefValues(pairs: RefPair[], name: LabRefName, withWordNet: boolean, tokenizer: NltkVersion = DEFAULT_NLTK_VERSION): Promise<Float64Array> {
    const wn = name === 'meteor' && withWordNet ? await (wordnet?.data ?? Promise.reject(new Error('WordNet is not loaded in this worker'))) : null;
    const f = labReferenceScorer(name, wn, tokenizer);
    const out = Float64Array.from(pairs, ([review, reference]) => (reference ? f(reference, review) : NaN));
    return Comlink.transfer(out, [out.buffer]);
  },
};
