// Normalised edit distance (Tufano et al.): character Levenshtein distance divided by the longer length.
// Reported as a similarity, 1 − distance, so that like every other column higher means closer to the reference.

/** Levenshtein distance over UTF-16 code units, two rows of memory. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** Distance / max length, in [0, 1]; 0 for two empty strings. */
export function normalisedEditDistance(reference: string, candidate: string): number {
  const a = reference ?? '';
  const b = candidate ?? '';
  const n = Math.max(a.length, b.length);
  return n === 0 ? 0 : levenshtein(a, b) / n;
}

export function editSimilarity(reference: string, candidate: string): number {
  return 1 - normalisedEditDistance(reference, candidate);
}
