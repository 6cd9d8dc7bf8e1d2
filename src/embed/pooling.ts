// Pooling of token vectors into sentence vectors. Pure math: no DOM, worker or Node APIs.
import { STOPWORDS } from '../core/stopwords.ts';

/** One token of one sentence, as the pooling sees it. */
export interface PoolToken {
  /** The token decoded on its own (e.g. "the", ".", "##s", "[CLS]"). */
  text: string;
  /** [CLS], [SEP] and the like. */
  special: boolean;
  /** attention_mask = 1 (padding is 0). */
  attended: boolean;
}

/** The reference code drops NLTK English stopwords and the two punctuation tokens "." and ",". */
export function isCrscoreDropped(text: string): boolean {
  const t = text.trim().toLowerCase();
  return t === '.' || t === ',' || STOPWORDS.has(t);
}

/**
 * CRScore's token mask for ONE sentence: keep special tokens ([CLS], [SEP]) and every attended token that is not
 * dropped. When the sentence has no content token left (only stopwords/punctuation), keep all its attended tokens.
 * The mask is per sentence: the reference code's bug (the first sentence's mask for the whole batch) is not reproduced.
 */
export function crscoreMask(tokens: readonly PoolToken[]): boolean[] {
  const keep = tokens.map((t) => t.attended && (t.special || !isCrscoreDropped(t.text)));
  const content = tokens.some((t, i) => keep[i] && !t.special);
  return content ? keep : tokens.map((t) => t.attended);
}

/** Mean pooling: the mask is attention_mask. */
export function meanMask(tokens: readonly PoolToken[]): boolean[] {
  return tokens.map((t) => t.attended);
}

/** CLS pooling: the first token only. */
export function clsMask(tokens: readonly PoolToken[]): boolean[] {
  return tokens.map((_, i) => i === 0);
}

/** Scales a vector to unit length in place (a zero vector stays zero). */
export function l2normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

/**
 * Averages the masked rows of one sentence's token matrix and L2-normalises the result.
 * `hidden` is [batch, seq, dim] row-major; `sentence` picks the batch row.
 */
export function poolSentence(
  hidden: ArrayLike<number>,
  sentence: number,
  seq: number,
  dim: number,
  mask: readonly boolean[],
): Float32Array {
  const out = new Float32Array(dim);
  let n = 0;
  for (let t = 0; t < seq; t++) {
    if (!mask[t]) continue;
    const base = (sentence * seq + t) * dim;
    for (let d = 0; d < dim; d++) out[d] += hidden[base + d];
    n++;
  }
  if (n > 0) for (let d = 0; d < dim; d++) out[d] /= n;
  return l2normalize(out);
}

/** The model card's pooling as sentence-transformers writes it in 1_Pooling/config.json. */
export type ModelPooling = 'cls' | 'mean';

export function poolingFromConfig(config: unknown): ModelPooling | null {
  if (!config || typeof config !== 'object') return null;
  const c = config as Record<string, unknown>;
  if (c.pooling_mode_cls_token === true) return 'cls';
  if (c.pooling_mode_mean_tokens === true) return 'mean';
  return null;
}

/** Word-level stopword removal for sentence-level encoders (USE-lite): keeps the text when nothing would remain. */
export function removeStopwords(text: string): string {
  const words = text.match(/[\p{L}\p{N}_]+(?:'[\p{L}]+)?|[^\s\p{L}\p{N}_]/gu) ?? [];
  const kept = words.filter((w) => !isCrscoreDropped(w));
  return kept.length > 0 ? kept.join(' ') : text;
}
