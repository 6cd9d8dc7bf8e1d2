import type { SimilarityMatrix } from '../types.ts';
import type { Idf } from './idf.ts';
import { plusTokens } from './tokens.ts';

type SparseVector = Map<string, number>;

/** TF-IDF vector of a sentence's stemmed tokens, L2-normalised; empty for a sentence with no content word. */
export function tfidfVector(text: string, idf: Idf): SparseVector {
  return vectorOfTokens(plusTokens(text), idf);
}

function vectorOfTokens(tokens: readonly string[], idf: Idf): SparseVector {
  const v: SparseVector = new Map();
  for (const t of tokens) v.set(t, (v.get(t) ?? 0) + idf.weight(t));
  let n = 0;
  for (const x of v.values()) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (const [k, x] of v) v.set(k, x / n);
  return v;
}

function weightOfTokens(tokens: readonly string[], idf: Idf): number {
  let w = 0;
  for (const t of new Set(tokens)) w += idf.weight(t);
  return w;
}

/** What the plus similarity needs of one text: its TF-IDF vector and its information weight. */
export interface PlusText {
  vector: SparseVector;
  weight: number;
}

/** A text's PlusText from its plusTokens, for callers that need the tokens too (one tokenisation for both). */
export function plusTextOfTokens(tokens: readonly string[], idf: Idf): PlusText {
  return { vector: vectorOfTokens(tokens, idf), weight: weightOfTokens(tokens, idf) };
}

/**
 * Tokenises, stems and weights each distinct text once. A batch repeats texts (a change's pseudo-references
 * for each of its reviews, the same review from several systems), so callers that score many items share
 * one of these for the batch; it is dropped with the batch.
 */
export function plusTextCache(idf: Idf): (text: string) => PlusText {
  const seen = new Map<string, PlusText>();
  return (text) => {
    let p = seen.get(text);
    if (!p) {
      const tokens = plusTokens(text);
      seen.set(
        text,
        (p = { vector: vectorOfTokens(tokens, idf), weight: weightOfTokens(tokens, idf) }),
      );
    }
    return p;
  };
}

function dot(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [k, x] of small) s += x * (large.get(k) ?? 0);
  return s;
}

/** Cosine of TF-IDF vectors already built, P rows × R columns. */
export function cosineMatrix(
  p: readonly SparseVector[],
  r: readonly SparseVector[],
): SimilarityMatrix {
  const data = new Float32Array(p.length * r.length);
  for (let i = 0; i < p.length; i++)
    for (let j = 0; j < r.length; j++) data[i * r.length + j] = dot(p[i], r[j]);
  return { rows: p.length, cols: r.length, data };
}

/** Cosine of TF-IDF vectors, P rows × R columns, in [0, 1]. Pass a plusTextCache to reuse work across calls. */
export function plusSimilarityMatrix(
  rowsText: readonly string[],
  colsText: readonly string[],
  idf: Idf,
  texts: (text: string) => PlusText = plusTextCache(idf),
): SimilarityMatrix {
  return cosineMatrix(
    rowsText.map((t) => texts(t).vector),
    colsText.map((t) => texts(t).vector),
  );
}

/** How much a sentence says: the IDF mass of its distinct content tokens (0 for a sentence of stopwords). */
export function informationWeight(text: string, idf: Idf): number {
  return weightOfTokens(plusTokens(text), idf);
}
