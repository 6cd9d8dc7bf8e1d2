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

/**
 * A token list's n-gram counts for n = 1…maxN, computed once per text: a batch compares each text with many
 * others, and counting (not comparing) was where BLEU spent its time. Each distinct n-gram gets an integer id in a
 * vocabulary shared by every side compared: a token's id, then an n-gram's id from the pair (id of its first n − 1
 * tokens, id of its last token), so two n-grams share an id exactly when their tokens are equal. A side holds its
 * n-grams' ids in ascending order with their counts, so clipping is a merge of two sorted lists. The counts are
 * those of the plain path, which keyed each n-gram by JSON.stringify of its tokens.
 */
export interface BleuSide {
  length: number;
  /** ids[n − 1]: the side's distinct n-gram ids, ascending; counts[n − 1]: their counts. */
  ids: readonly Int32Array[];
  counts: readonly Int32Array[];
}

/** Ids for pairs of non-negative int32s: an open-addressing table (a Map keyed by numbers was the hot spot). */
class PairIds {
  private keysA = new Int32Array(1024).fill(-1);
  private keysB = new Int32Array(1024);
  private vals = new Int32Array(1024);
  size = 0;

  id(a: number, b: number): number {
    if (this.size * 2 >= this.keysA.length) this.grow();
    const mask = this.keysA.length - 1;
    let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) & mask;
    for (;;) {
      const ka = this.keysA[h];
      if (ka === -1) {
        this.keysA[h] = a;
        this.keysB[h] = b;
        return (this.vals[h] = this.size++);
      }
      if (ka === a && this.keysB[h] === b) return this.vals[h];
      h = (h + 1) & mask;
    }
  }

  private grow(): void {
    const { keysA, keysB, vals } = this;
    this.keysA = new Int32Array(keysA.length * 2).fill(-1);
    this.keysB = new Int32Array(keysA.length * 2);
    this.vals = new Int32Array(keysA.length * 2);
    const mask = this.keysA.length - 1;
    for (let i = 0; i < keysA.length; i++) {
      if (keysA[i] === -1) continue;
      let h = (Math.imul(keysA[i], 0x9e3779b1) ^ Math.imul(keysB[i], 0x85ebca77)) & mask;
      while (this.keysA[h] !== -1) h = (h + 1) & mask;
      this.keysA[h] = keysA[i];
      this.keysB[h] = keysB[i];
      this.vals[h] = vals[i];
    }
  }
}

/** A vocabulary for BleuSides: sides compared with each other must come from one. */
export function bleuSides(): (tokens: readonly string[], maxN: number) => BleuSide {
  const tokenIds = new Map<string, number>();
  // levels[n − 2]: (id of the first n − 1 tokens, id of the last token) → n-gram id.
  const levels: PairIds[] = [];
  return (tokens, maxN) => {
    const tok = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      let id = tokenIds.get(tokens[i]);
      if (id === undefined) tokenIds.set(tokens[i], (id = tokenIds.size));
      tok[i] = id;
    }
    const ids: Int32Array[] = [];
    const counts: Int32Array[] = [];
    let grams = tok;
    for (let n = 1; n <= maxN; n++) {
      if (n > 1) {
        const level = (levels[n - 2] ??= new PairIds());
        const next = new Int32Array(Math.max(0, tok.length - n + 1));
        for (let i = 0; i < next.length; i++) next[i] = level.id(grams[i], tok[i + n - 1]);
        grams = next;
      }
      const sorted = grams.slice().sort();
      let distinct = 0;
      for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
      const gi = new Int32Array(distinct);
      const gc = new Int32Array(distinct);
      for (let i = 0, k = -1; i < sorted.length; i++) {
        if (i === 0 || sorted[i] !== sorted[i - 1]) gi[++k] = sorted[i];
        gc[k]++;
      }
      ids.push(gi);
      counts.push(gc);
    }
    return { length: tokens.length, ids, counts };
  };
}

/** The hypothesis's n-gram counts clipped by the largest count in any reference, summed; and their total. */
function precisionOfSides(references: readonly BleuSide[], hypothesis: BleuSide, n: number): Precision {
  const hIds = hypothesis.ids[n - 1];
  const hCounts = hypothesis.counts[n - 1];
  let total = 0;
  for (let a = 0; a < hCounts.length; a++) total += hCounts[a];
  let numerator = 0;
  if (references.length === 1) {
    const rIds = references[0].ids[n - 1];
    const rCounts = references[0].counts[n - 1];
    for (let a = 0, b = 0; a < hIds.length && b < rIds.length; ) {
      if (hIds[a] < rIds[b]) a++;
      else if (hIds[a] > rIds[b]) b++;
      else numerator += Math.min(hCounts[a++], rCounts[b++]);
    }
  } else {
    const max = new Int32Array(hIds.length);
    for (const r of references) {
      const rIds = r.ids[n - 1];
      const rCounts = r.counts[n - 1];
      for (let a = 0, b = 0; a < hIds.length && b < rIds.length; ) {
        if (hIds[a] < rIds[b]) a++;
        else if (hIds[a] > rIds[b]) b++;
        else {
          max[a] = Math.max(max[a], rCounts[b++]);
          a++;
        }
      }
    }
    for (let a = 0; a < hIds.length; a++) numerator += Math.min(hCounts[a], max[a]);
  }
  return { numerator, denominator: Math.max(1, total) };
}

/** modified_precision(references, hypothesis, n) as its unreduced Fraction. */
export function modifiedPrecision(references: readonly (readonly string[])[], hypothesis: readonly string[], n: number): Precision {
  const side = bleuSides();
  return precisionOfSides(references.map((r) => side(r, n)), side(hypothesis, n), n);
}

// crLog and crExp are pure and slow (double-double); BLEU asks them for the same few rationals (precisions,
// hypothesis lengths, length ratios) again and again, so each distinct argument is computed once.
const MEMO_LIMIT = 100_000;
function memoised(f: (x: number) => number): (x: number) => number {
  const seen = new Map<number, number>();
  return (x) => {
    let v = seen.get(x);
    if (v === undefined) {
      if (seen.size >= MEMO_LIMIT) seen.clear();
      seen.set(x, (v = f(x)));
    }
    return v;
  };
}
const memoLog = memoised(crLog);
const memoExp = memoised(crExp);

/** closest_ref_length: the reference length nearest the hypothesis's, the shorter on a tie. */
export function closestRefLength(references: readonly (readonly string[])[], hypLen: number): number {
  return closestRefLengthOf(references.map((r) => r.length), hypLen);
}

function closestRefLengthOf(lengths: readonly number[], hypLen: number): number {
  if (lengths.length === 0) throw new Error('sentenceBleu: no reference (NLTK raises on min() of an empty sequence)');
  let best = lengths[0];
  for (const len of lengths) {
    const d = Math.abs(len - hypLen);
    const bd = Math.abs(best - hypLen);
    if (d < bd || (d === bd && len < best)) best = len;
  }
  return best;
}

export function brevityPenalty(closestRefLen: number, hypLen: number): number {
  if (hypLen > closestRefLen) return 1;
  if (hypLen === 0) return 0;
  return memoExp(1 - closestRefLen / hypLen);
}

/** NLTK's sentence_bleu(references, hypothesis, weights, smoothing_function) on token lists. */
export function sentenceBleu(references: readonly (readonly string[])[], hypothesis: readonly string[], opts: SentenceBleuOptions = {}): number {
  const n = (opts.weights ?? [0.25, 0.25, 0.25, 0.25]).length;
  const side = bleuSides();
  return sentenceBleuOfSides(references.map((r) => side(r, n)), side(hypothesis, n), opts);
}

/** sentenceBleu on sides counted once (bleuSides, with at least as many n-gram orders as weights). */
export function sentenceBleuOfSides(references: readonly BleuSide[], hypothesis: BleuSide, opts: SentenceBleuOptions = {}): number {
  const { weights = [0.25, 0.25, 0.25, 0.25], smoothing = 'method4', k = 5 } = opts;
  const hypLen = hypothesis.length;
  const bp = brevityPenalty(closestRefLengthOf(references.map((r) => r.length), hypLen), hypLen);
  // NLTK computes every precision first; none can fail, so a hypothesis with no unigram in common stops here.
  const p1 = precisionOfSides(references, hypothesis, 1);
  if (p1.numerator === 0) return 0;
  const pn: Precision[] = weights.map((_, i) => (i === 0 ? p1 : precisionOfSides(references, hypothesis, i + 1)));
  // The precisions as floats (Fraction → float is the correctly rounded quotient, as n / d is here).
  let p = pn.map((x) => x.numerator / x.denominator);
  if (smoothing === 'method4') {
    let incvnt = 1;
    p = pn.map((x, i) => {
      if (x.numerator === 0 && hypLen > 1) {
        const numerator = 1 / ((2 ** incvnt * k) / memoLog(hypLen));
        incvnt++;
        return numerator / x.denominator;
      }
      return p[i];
    });
  }
  // method0 puts sys.float_info.min for a zero precision (a score near 0, never exactly 0).
  if (smoothing === 'method0') p = p.map((x, i) => (pn[i].numerator === 0 ? 2.2250738585072014e-308 : x));
  const s = fsum(weights.flatMap((w, i) => (p[i] > 0 ? [w * memoLog(p[i])] : [])));
  return bp * crExp(s);
}
