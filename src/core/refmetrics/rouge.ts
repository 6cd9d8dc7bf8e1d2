// ROUGE-L F-measure as Google's rouge-score package computes it: lowercase, every run of characters other than
// a–z and 0–9 is a separator, LCS over the tokens, F = 2PR / (P + R); 0 when either side has no tokens. CRScore's
// Table 2 (Naik et al. 2025, footnote 6) runs it without stemming (rougeL); GradedReviews' Code/ROUGE.py (Jiang et
// al. 2025) with use_stemmer=True (rougeLStemmed), which Porter-stems, as NLTK does, the tokens longer than 3.
import { porterStem } from './porter.ts';

export function rougeTokens(text: string, stem = false): string[] {
  const tokens = (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((t) => t !== '');
  return stem ? tokens.map((t) => (t.length > 3 ? porterStem(t) : t)) : tokens;
}

/** Length of the longest common subsequence, O(n·m) time and O(m) memory. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

export function rougeL(reference: string, candidate: string, stem = false): number {
  const r = rougeTokens(reference, stem);
  const c = rougeTokens(candidate, stem);
  const lcs = lcsLength(r, c);
  if (lcs === 0) return 0;
  const p = lcs / c.length;
  const rec = lcs / r.length;
  return (2 * p * rec) / (p + rec);
}

/** rouge_score's RougeScorer(['rougeL'], use_stemmer=True): the GradedReviews paper's setting. */
export const rougeLStemmed = (reference: string, candidate: string): number => rougeL(reference, candidate, true);
