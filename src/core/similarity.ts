import type { SimilarityMatrix } from './types.ts';

/**
 * Cosine similarity of every pseudo-reference vector (rows) with every review-sentence vector (columns).
 * Vectors are expected L2-normalised (then this is a dot product), but norms are divided out anyway so a
 * caller's unnormalised vector cannot push a similarity past 1. A zero vector (e.g. an empty sentence
 * with nothing to pool) has similarity 0 with everything instead of NaN.
 */
export function similarityMatrix(
  p: readonly Float32Array[],
  r: readonly Float32Array[],
): SimilarityMatrix {
  const rows = p.length;
  const cols = r.length;
  const data = new Float32Array(rows * cols);
  const pn = p.map(norm);
  const rn = r.map(norm);
  for (let i = 0; i < rows; i++) {
    const a = p[i];
    for (let j = 0; j < cols; j++) {
      const b = r[j];
      if (a.length !== b.length)
        throw new Error(`similarityMatrix: vector sizes differ (${a.length} vs ${b.length})`);
      const d = pn[i] * rn[j];
      if (d === 0) continue;
      let dot = 0;
      for (let k = 0; k < a.length; k++) dot += a[k] * b[k];
      data[i * cols + j] = dot / d;
    }
  }
  return { rows, cols, data };
}

/** Similarity of pseudo-reference i with review sentence j. */
export function at(m: SimilarityMatrix, i: number, j: number): number {
  return m.data[i * m.cols + j];
}

/** Build a matrix from a function of (row, column); handy for tests and for similarities that are not cosines. */
export function matrixFrom(
  rows: number,
  cols: number,
  f: (i: number, j: number) => number,
): SimilarityMatrix {
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = f(i, j);
  return { rows, cols, data };
}

/** Build a matrix from nested arrays, rows = pseudo-references. */
export function matrixFromRows(
  values: readonly (readonly number[])[],
  cols = values[0]?.length ?? 0,
): SimilarityMatrix {
  return matrixFrom(values.length, cols, (i, j) => values[i][j]);
}

function norm(v: Float32Array): number {
  let s = 0;
  for (let k = 0; k < v.length; k++) s += v[k] * v[k];
  return Math.sqrt(s);
}
