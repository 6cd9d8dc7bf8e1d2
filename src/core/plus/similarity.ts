import type { SimilarityMatrix } from '../types.ts';
import type { Idf } from './idf.ts';
import { plusTokens } from './tokens.ts';

type SparseVector = Map<string, number>;

/** TF-IDF vector of a sentence's stemmed tokens, L2-normalised; empty for a sentence with no content word. */
export function tfidfVector(text: string, idf: Idf): SparseVector {
  const v: SparseVector = new Map();
  for (const t of plusTokens(text)) v.set(t, (v.get(t) ?? 0) + idf.weight(t));
  let n = 0;
  for (const x of v.values()) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (const [k, x] of v) v.set(k, x / n);
  return v;
}

function dot(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [k, x] of small) s += x * (large.get(k) ?? 0);
  return s;
}

/** Cosine of TF-IDF vectors, P rows × R columns, in [0, 1]. */
export function plusSimilarityMatrix(
  rowsText: readonly string[],
  colsText: readonly string[],
  idf: Idf,
): SimilarityMatrix {
  const p = rowsText.map((t) => tfidfVector(t, idf));
  const r = colsText.map((t) => tfidfVector(t, idf));
  const data = new Float32Array(p.length * r.length);
  for (let i = 0; i < p.length; i++)
    for (let j = 0; j < r.length; j++) data[i * r.length + j] = dot(p[i], r[j]);
  return { rows: p.length, cols: r.length, data };
}

/** How much a sentence says: the IDF mass of its distinct content tokens (0 for a sentence of stopwords). */
export function informationWeight(text: string, idf: Idf): number {
  let w = 0;
  for (const t of new Set(plusTokens(text))) w += idf.weight(t);
  return w;
}
