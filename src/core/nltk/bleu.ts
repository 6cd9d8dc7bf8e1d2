// NLTK's sentence_bleu (nltk/translate/bleu_score.py, the same in NLTK 3.8 to 3.10): modified n-gram precision as
// unreduced fractions (numerator = clipped matches, denominator = max(1, hypothesis n-grams)); the brevity penalty
// on the closest reference length (ties to the shorter); 0 when no unigram matches; SmoothingFunction's method4
// (Chen and Cherry 2014) or none; the weighted log precisions summed as math.fsum sums them.
import { crExp, crLog } from './crmath.ts';
import { fsum } from './fsum.ts';

export type BleuSmoothing = 'method0' | 'method4';

export interface SentenceBleuOptions {
  /** Weights of the 1..n-gram precisions; NLTK's default (0.25, 0.25, 0.25, 0.25). */
  weights?: readonly number[];
  /** 'method4' is SWE-CARE's SmoothingFunction().method4; 'method0' (NLTK's default) is no smoothing. */
  smoothing?: BleuSmoothing;
  /** SmoothingFunction's k (5). */
  k?: number;
}

interface Precision {
  numerator: number;
  denominator: number;
}

function ngramCounts(words: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const key = JSON.stringify(words.slice(i, i + n));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** modified_precision(references, hypothesis, n) as its unreduced Fraction. */
export function modifiedPrecision(references: readonly (readonly string[])[], hypothesis: readonly string[], n: number): Precision {
  const counts = ngramCounts(hypothesis, n);
  const refCounts = references.map((r) => ngramCounts(r, n));
  let numerator = 0;
  let total = 0;
  for (const [g, c] of counts) {
    let max = 0;
    for (const rc of refCounts) max = Math.max(max, rc.get(g) ?? 0);
    numerator += Math.min(c, max);
    total += c;
  }
  return { numerator, denominator: Math.max(1, total) };
}

/** closest_ref_length: the reference length nearest the hypothesis's, the shorter on a tie. */
export function closestRefLength(references: readonly (readonly string[])[], hypLen: number): number {
  if (references.length === 0) throw new Error('sentenceBleu: no reference (NLTK raises on min() of an empty sequence)');
  let best = references[0].length;
  for (const r of references) {
    const d = Math.abs(r.length - hypLen);
    const bd = Math.abs(best - hypLen);
    if (d < bd || (d === bd && r.length < best)) best = r.length;
  }
  return best;
}

export function brevityPenalty(closestRefLen: number, hypLen: number): number {
  if (hypLen > closestRefLen) return 1;
  if (hypLen === 0) return 0;
  return crExp(1 - closestRefLen / hypLen);
}

/** NLTK's sentence_bleu(references, hypothesis, weights, smoothing_function) on token lists. */
export function sentenceBleu(references: readonly (readonly string[])[], hypothesis: readonly string[], opts: SentenceBleuOptions = {}): number {
  const { weights = [0.25, 0.25, 0.25, 0.25], smoothing = 'method4', k = 5 } = opts;
  const pn: Precision[] = weights.map((_, i) => modifiedPrecision(references, hypothesis, i + 1));
  const hypLen = hypothesis.length;
  const bp = brevityPenalty(closestRefLength(references, hypLen), hypLen);
  if (pn[0].numerator === 0) return 0;
  // The precisions as floats (Fraction → float is the correctly rounded quotient, as n / d is here).
  let p = pn.map((x) => x.numerator / x.denominator);
  if (smoothing === 'method4') {
    let incvnt = 1;
    p = pn.map((x, i) => {
      if (x.numerator === 0 && hypLen > 1) {
        const numerator = 1 / ((2 ** incvnt * k) / crLog(hypLen));
        incvnt++;
        return numerator / x.denominator;
      }
      return p[i];
    });
  }
  // method0 puts sys.float_info.min for a zero precision (a score near 0, never exactly 0).
  if (smoothing === 'method0') p = p.map((x, i) => (pn[i].numerator === 0 ? 2.2250738585072014e-308 : x));
  const s = fsum(weights.flatMap((w, i) => (p[i] > 0 ? [w * crLog(p[i])] : [])));
  return bp * crExp(s);
}
