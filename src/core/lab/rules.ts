// Jiang et al. 2025's rules against an LLM's randomness (§5.2): an exact match is 5 without a call; three calls and the
// most frequent grade, the median when all differ; a 5 for a review that is not lexically identical to the
// reference becomes 4; a grade outside 1–5 is asked again (bounded) and otherwise recorded as no grade.
import { maxOf } from '../arrays.ts';

/** Whitespace-insensitive text, for "identical" and "lexically identical". */
export function normalizeReviewText(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}

export function lexicallyIdentical(review: string, reference: string): boolean {
  return normalizeReviewText(review) === normalizeReviewText(reference);
}

/** A grade the rubric allows: a whole number from 1 to 5. */
export function isValidGrade(g: number | null | undefined): g is number {
  return typeof g === 'number' && Number.isInteger(g) && g >= 1 && g <= 5;
}

/** The exact-match shortcut: 5 with no call when the review is the reference; undefined otherwise. */
export function exactMatchGrade(review: string, reference: string): 5 | undefined {
  return normalizeReviewText(review) !== '' && lexicallyIdentical(review, reference) ? 5 : undefined;
}

/**
 * The most frequent grade of the samples; when no grade is more frequent than the others (all differ), the
 * median (the lower middle one for an even count). A sample without a valid grade makes the whole result null,
 * as the paper stops and assigns none.
 */
export function combineGrades(samples: readonly (number | null)[]): number | null {
  if (samples.length === 0 || !samples.every(isValidGrade)) return null;
  const counts = new Map<number, number>();
  for (const g of samples as number[]) counts.set(g, (counts.get(g) ?? 0) + 1);
  const top = maxOf(counts.values());
  const modes = [...counts].filter(([, c]) => c === top).map(([g]) => g);
  if (modes.length === 1) return modes[0];
  const sorted = [...(samples as number[])].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** A 5 is kept only for a review lexically identical to its reference; otherwise it becomes 4. */
export function capFive(grade: number | null, review: string, reference: string): number | null {
  return grade === 5 && !lexicallyIdentical(review, reference) ? 4 : grade;
}

/** The final LLM grade of a review from its sampled grades: majority/median, then the 5→4 rule. */
export function finalGrade(samples: readonly (number | null)[], review: string, reference: string): number | null {
  return capFive(combineGrades(samples), review, reference);
}
