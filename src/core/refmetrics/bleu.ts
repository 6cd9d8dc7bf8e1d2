// Smoothed sentence BLEU-4 exactly as CodeReviewer's evaluator (evaluator/smooth_bleu.py, itself from
// MOSES/NIST mteval): text lowercased and split into words and single punctuation marks (splitPuncts),
// then NIST normalisation; clipped n-gram counts for n = 1..4; add-one smoothing for n > 1; brevity penalty
// min(0, 1 − (reflen + 1) / (testlen + 1)). Returns a value in [0, 1] (the evaluator prints ×100).
import { STOPWORDS } from '../stopwords.ts';

const MAX_N = 4;
const TINY = Number.MIN_VALUE; // Python's sys.float_info.min is 2.2e-308; either only guards log(0)

/** CodeReviewer's splitPuncts on the lowercased, trimmed text: words and single non-space symbols. */
export function splitPuncts(text: string): string[] {
  return (text ?? '').trim().toLowerCase().match(/[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

/** NIST mteval-v11a normalisation (language-independent and Western parts), lowercased, split on spaces. */
export function nistNormalize(text: string): string[] {
  let s = text.replace(/<skipped>/g, '').replace(/-\n/g, '').replace(/\n/g, ' ');
  s = s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  s = ` ${s} `.toLowerCase();
  s = s.replace(/([{-~[-` -&(-+:-@/])/g, ' $1 ');
  s = s.replace(/([^0-9])([.,])/g, '$1 $2 ');
  s = s.replace(/([.,])([^0-9])/g, ' $1 $2');
  s = s.replace(/([0-9])(-)/g, '$1 $2 ');
  return s.split(/\s+/).filter((t) => t !== '');
}

function ngramCounts(words: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const key = words.slice(i, i + n).join('\u0001');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** A reference's side of BLEU, built once for every candidate scored against it: NIST tokens and n-gram counts. */
export interface BleuReference {
  length: number;
  counts: Map<string, number>[];
}

export function bleuReference(reference: readonly string[]): BleuReference {
  const ref = nistNormalize(reference.join(' '));
  return { length: ref.length, counts: Array.from({ length: MAX_N }, (_, k) => ngramCounts(ref, k + 1)) };
}

/** Smoothed BLEU-4 of a candidate's split words against a reference side. */
export function smoothBleuAgainst(ref: BleuReference, candidate: readonly string[]): number {
  const test = nistNormalize(candidate.join(' '));
  let logBleu = 0;
  for (let n = 1; n <= MAX_N; n++) {
    const refCounts = ref.counts[n - 1];
    let correct = 0;
    for (const [g, c] of ngramCounts(test, n)) correct += Math.min(refCounts.get(g) ?? 0, c);
    const guess = Math.max(test.length - n + 1, 0);
    const add = n > 1 ? 1 : 0;
    logBleu += Math.log(correct + add + TINY) - Math.log(guess + add + TINY);
  }
  logBleu /= MAX_N;
  const brevity = Math.min(0, 1 - (ref.length + 1) / (test.length + 1));
  return Math.exp(logBleu + brevity);
}

/** Smoothed BLEU-4 of a candidate against one reference, from already-split word lists (see splitPuncts). */
export function smoothBleuTokens(reference: readonly string[], candidate: readonly string[]): number {
  return smoothBleuAgainst(bleuReference(reference), candidate);
}

/** CodeReviewer's evaluator drops these from both sides for BLEU without stopwords. */
export const keepWord = (t: string) => !STOPWORDS.has(t);

/** BLEU as CodeReviewer's evaluator computes it for one review, in [0, 1]. */
export function smoothBleu(reference: string, candidate: string): number {
  return smoothBleuTokens(splitPuncts(reference), splitPuncts(candidate));
}

/**
 * BLEU without stopwords: the same after dropping English stopwords (NLTK's list, case-insensitive) from both
 * texts. CodeReviewer's `bleu_fromstr(rmstop=True)` does this with its own longer list; we use the NLTK list
 * the rest of CRScore uses, so the figure is comparable across the app but not identical to theirs.
 */
export function smoothBleuNoStopwords(reference: string, candidate: string): number {
  return smoothBleuTokens(splitPuncts(reference).filter(keepWord), splitPuncts(candidate).filter(keepWord));
}
