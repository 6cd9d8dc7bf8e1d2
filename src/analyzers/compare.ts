// Compares our analyzers' lines with what the study's pipeline printed (reference_analyzer_output).
// Pure: used by `crscore analyze --compare-reference` and its tests.
import type { Language } from '../core/diff.ts';

/**
 * The warning lines of a reference output, in order. JSHint's CLI adds a blank line and "N errors";
 * PMD adds processing errors ("-\tLexException: ...") that are not rule violations. Both are dropped.
 */
export function referenceLines(language: Language, output: string): string[] {
  const pattern = language === 'java' ? /^\d+:\t[^\t]+:\t/ : /^line \d+, col -?\d+, /;
  return output.split(/\r?\n/).filter((l) => pattern.test(l));
}

export interface LineComparison {
  /** Lines in both (as multisets: a line printed twice counts twice). */
  matched: number;
  predicted: number;
  reference: number;
  /** Same lines, ignoring order. */
  exact: boolean;
  /** Our lines that the reference does not have, and the reference lines we missed, in order. */
  extra: string[];
  missing: string[];
}

export function compareLines(predicted: readonly string[], reference: readonly string[]): LineComparison {
  const left = new Map<string, number>();
  for (const l of reference) left.set(l, (left.get(l) ?? 0) + 1);
  const extra: string[] = [];
  for (const l of predicted) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else extra.push(l);
  }
  const missing: string[] = [];
  for (const l of reference) {
    const n = left.get(l) ?? 0;
    if (n > 0) {
      missing.push(l);
      left.set(l, n - 1);
    }
  }
  const matched = predicted.length - extra.length;
  return {
    matched,
    predicted: predicted.length,
    reference: reference.length,
    exact: extra.length === 0 && missing.length === 0,
    extra,
    missing,
  };
}

export interface Tally {
  rows: number;
  exactRows: number;
  matched: number;
  predicted: number;
  reference: number;
}

export const emptyTally = (): Tally => ({ rows: 0, exactRows: 0, matched: 0, predicted: 0, reference: 0 });

export function addToTally(t: Tally, c: LineComparison): void {
  t.rows++;
  if (c.exact) t.exactRows++;
  t.matched += c.matched;
  t.predicted += c.predicted;
  t.reference += c.reference;
}

/** Micro-averaged over lines. Precision is 1 when nothing was predicted, recall 1 when nothing was expected. */
export function precisionRecall(t: Tally): { precision: number; recall: number } {
  return {
    precision: t.predicted === 0 ? 1 : t.matched / t.predicted,
    recall: t.reference === 0 ? 1 : t.matched / t.reference,
  };
}
