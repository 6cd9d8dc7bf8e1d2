import { STOPWORDS } from './stopwords.ts';
import type { Encoder, SimilarityMatrix } from './types.ts';

/**
 * Lexical τ by the paper's calibration (mean best similarity of the review sentences) on the human study's dev
 * half, gpt3.5_pred reviews, reference splitting:
 *   npm run crscore -- eval --dataset ../shared/data/crscore-human-study/dev.jsonl --similarity lexical --calibrate-on gpt3.5_pred
 * → τ = 0.1490 (403 sentences, sd 0.1453). Word overlap runs far below cosine, so the paper's 0.7314 scores ~0 here.
 */
export const LEXICAL_TAU = 0.149;
/** The spread of the same calibration (graded credit's ramp runs from τ − sd to τ). */
export const LEXICAL_SD = 0.1453;

export interface LexicalOptions {
  /** Also add the parts of camelCase / snake_case / dotted identifiers (the whole identifier is always kept). Default true. */
  splitIdentifiers?: boolean;
  /** Drop NLTK English stopwords. Default true. */
  removeStopwords?: boolean;
}

/**
 * Lowercased word tokens of a sentence, stopwords removed. Identifiers are kept whole and also split,
 * so "getUserName" matches a pseudo-reference that says "user name", and "max_retries" matches "retries".
 */
export function lexicalTokens(text: string, opts: LexicalOptions = {}): string[] {
  const split = opts.splitIdentifiers ?? true;
  const stop = opts.removeStopwords ?? true;
  const out: string[] = [];
  // Words with apostrophes stay one token so NLTK's "don't" is recognised as a stopword.
  const cache = wordCaches[(split ? 2 : 0) + (stop ? 1 : 0)];
  for (const m of (text ?? '').matchAll(/[\p{L}\p{N}_]+(?:'[\p{L}]+)?/gu))
    for (const t of wordTokens(m[0], split, stop, cache)) out.push(t);
  return out;
}

// A word's tokens depend on the word alone, and the same words recur across a dataset's sentences:
// splitting identifiers was the hot spot of batch scoring, so each distinct word is split once (a cache per
// combination of options, so that a look-up builds no key).
const WORD_CACHE_LIMIT = 100_000;
const wordCaches = [0, 1, 2, 3].map(() => new Map<string, readonly string[]>());

function wordTokens(word: string, split: boolean, stop: boolean, wordCache: Map<string, readonly string[]>): readonly string[] {
  let out = wordCache.get(word);
  if (out) return out;
  const tokens: string[] = [];
  const add = (t: string) => {
    const w = t.toLowerCase();
    if (w !== '' && !(stop && STOPWORDS.has(w))) tokens.push(w);
  };
  add(word);
  if (split) {
    const parts = identifierParts(word);
    if (parts.length > 1) for (const p of parts) add(p);
  }
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(word, (out = tokens));
  return out;
}

/** "parseHTTPResponse_v2" → ["parse", "HTTP", "Response", "v", "2"]. */
export function identifierParts(word: string): string[] {
  return word
    .split(/_+|'/)
    .flatMap((w) => w.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu) ?? [])
    .filter((p) => p !== '');
}

/** Jaccard similarity of two token sets; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/**
 * The lexical baseline without an encoder: Jaccard overlap of token sets, P rows × R columns, in [0, 1].
 * An empty sentence has no tokens, so its similarity is 0 with everything.
 */
export function lexicalSimilarityMatrix(
  pTexts: readonly string[],
  rTexts: readonly string[],
  opts: LexicalOptions = {},
  sets: (text: string) => ReadonlySet<string> = lexicalTokenSets(opts),
): SimilarityMatrix {
  const p = pTexts.map(sets);
  const r = rTexts.map(sets);
  const data = new Float32Array(p.length * r.length);
  for (let i = 0; i < p.length; i++)
    for (let j = 0; j < r.length; j++) data[i * r.length + j] = jaccard(p[i], r[j]);
  return { rows: p.length, cols: r.length, data };
}

/**
 * Each distinct text's token set, built once: a batch repeats texts (a change's pseudo-references for each
 * of its reviews), so batch callers share one of these for the batch; it is dropped with the batch.
 */
export function lexicalTokenSets(opts: LexicalOptions = {}): (text: string) => ReadonlySet<string> {
  const seen = new Map<string, ReadonlySet<string>>();
  return (text) => {
    let s = seen.get(text);
    if (!s) seen.set(text, (s = new Set(lexicalTokens(text, opts))));
    return s;
  };
}

/**
 * The same tokens as an Encoder, for pipelines that need vectors: a hashed binary bag of words, L2-normalised.
 * Its cosine is the Ochiai coefficient |A∩B|/√(|A||B|) (not Jaccard), up to rare hash collisions.
 */
export function createLexicalEncoder(opts: LexicalOptions & { dims?: number } = {}): Encoder {
  const dims = opts.dims ?? 4096;
  return {
    id: `lexical-hash-${dims}`,
    async embed(sentences: string[]): Promise<Float32Array[]> {
      return sentences.map((s) => {
        const v = new Float32Array(dims);
        const tokens = new Set(lexicalTokens(s, opts));
        for (const t of tokens) v[fnv1a(t) % dims] = 1;
        let n = 0;
        for (let k = 0; k < dims; k++) n += v[k];
        if (n > 0) for (let k = 0; k < dims; k++) v[k] /= Math.sqrt(n);
        return v;
      });
    },
  };
}

export const lexicalEncoder: Encoder = createLexicalEncoder();

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
