// The learned linker's features (issue 24): for each (review, pseudo-reference) pair, signals any dataset has —
// the diff, the pseudo-reference's text and type, the review's text — computed per review sentence and pooled over
// the review. Nothing that identifies a row (system, id, position in a file) enters. Encoder-free, so the preset is
// instant and offline in the browser and in Node.
import { jaccard, lexicalTokens } from '../lexical.ts';
import type { Idf } from '../plus/idf.ts';
import { PLUS_DEFAULT_CALIBRATION } from '../plus/preset.ts';
import { credit, rampFromCalibration } from '../plus/score.ts';
import { plusTextCache, type PlusText } from '../plus/similarity.ts';
import { plusTokens } from '../plus/tokens.ts';
import type { PseudoReferenceKind } from '../types.ts';

// plus's graded credit of the best cosine, on plus's shipped calibration: a saturating view of the similarity.
const DEFAULT_RAMP = rampFromCalibration(PLUS_DEFAULT_CALIBRATION);

/** Pair features pooled over the review's candidates (best and mean) in the 'pooled' group. */
const POOLED = [
  'tfidf_max',
  'tfidf_review',
  'jaccard_max',
  'identifiers_shared',
  'diff_words_shared',
  'plus_credit',
  'issue_credit',
  'identifiers_covered',
] as const;

/** Stock review phrasing: suggestions and courtesies that a review says whatever the change. */
const STOCK_PHRASES = /\b(lgtm|looks good|nit|typo|thanks|please|why|consider|should|could|maybe|remove|rename|add|unused|test)\b/gi;

/** Feature groups, for ablations (drop one group at a time) and for the explanation of a cell. */
export const FEATURE_GROUPS = {
  tfidf: ['tfidf_max', 'tfidf_top2', 'tfidf_review'],
  lexical: ['jaccard_max', 'jaccard_review'],
  rank: ['rank_recip', 'gap_to_best', 'share_of_review'],
  identifiers: ['identifiers_shared', 'identifiers_covered'],
  diff: ['diff_words_shared', 'ref_diff_cover', 'review_diff_cover'],
  type: ['is_issue'],
  length: ['review_tokens', 'ref_tokens', 'sentences', 'pseudo_references'],
  quote: ['quotes_code'],
  plus: ['plus_credit', 'issue_credit', 'redundancy', 'ref_information'],
  // A linear model cannot bend: products let similarity count for more when the pseudo-reference is the review's
  // best candidate, when the review is long, when it talks about the changed lines (kept by cross-validation, +0.01 Rel).
  interactions: [
    'tfidf_x_rank',
    'tfidf_x_issue',
    'credit_x_rank',
    'tfidf_squared',
    'tfidf_x_share',
    'tfidf_x_diff_cover',
    'tfidf_x_review_tokens',
    'jaccard_x_rank',
  ],
  // The review as a whole, the same on every pseudo-reference of the review: how close its best and its average
  // candidate come (a review near none of them is off-topic, the annotators' '-'), so a pair's similarity is read
  // against the review's. Cross-validated on dev: with cues, +0.02 Rel over the pair features alone.
  pooled: POOLED.flatMap((n) => [`${n}_best`, `${n}_mean`]),
  // Generic-review cues, written a priori (not fitted to any data): a question, how many words of stock review
  // phrasing ("consider", "rename", "lgtm", ...) and the review's word count.
  cues: ['asks_question', 'stock_phrases', 'words'],
} as const;

export type FeatureGroup = keyof typeof FEATURE_GROUPS;
export const FEATURE_NAMES: readonly string[] = Object.values(FEATURE_GROUPS).flat();
const FEATURE_INDEX: ReadonlyMap<string, number> = new Map(FEATURE_NAMES.map((n, k) => [n, k]));
export const GROUP_OF: Readonly<Record<string, FeatureGroup>> = Object.fromEntries(
  Object.entries(FEATURE_GROUPS).flatMap(([g, names]) => names.map((n) => [n, g as FeatureGroup])),
);

/** What one review brings: its change's diff and pseudo-references, and its sentences. */
export interface LinkerInput {
  diff: string;
  pseudoReferences: readonly { text: string; kind: PseudoReferenceKind }[];
  sentences: readonly string[];
}

/** Per review: one feature row per pseudo-reference, and per-cell similarities that spread links to sentences. */
export interface ReviewFeatures {
  /** Pseudo-references × FEATURE_NAMES, row-major. */
  x: Float64Array;
  rows: number;
  /** Pseudo-references × sentences: plus's TF-IDF cosine per cell (attribution of a link to a sentence). */
  cell: Float64Array;
  cols: number;
  /** Per sentence: 1 when it has no content word (it links nothing). */
  blankSentence: Uint8Array;
  /** True when the review has no words: it links nothing (the study's empty outputs score 0). */
  blank: boolean;
}

/** Work shared over a batch: tokenised texts, identifier sets and changed-line words of each distinct text once. */
export interface FeatureCache {
  idf: Idf;
  plus: (text: string) => PlusText;
  lexical: (text: string) => ReadonlySet<string>;
  stems: (text: string) => ReadonlySet<string>;
  identifiers: (text: string) => ReadonlySet<string>;
  diffWords: (diff: string) => ReadonlySet<string>;
}

function memo<T>(f: (s: string) => T): (s: string) => T {
  const seen = new Map<string, T>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined) seen.set(s, (v = f(s)));
    return v;
  };
}

export function featureCache(idf: Idf): FeatureCache {
  return {
    idf,
    plus: plusTextCache(idf),
    lexical: memo((t) => new Set(lexicalTokens(t))),
    stems: memo((t) => new Set(plusTokens(t))),
    identifiers: memo(codeIdentifiers),
    diffWords: memo((d) => new Set(plusTokens(changedLines(d)))),
  };
}

/** The text of the diff's changed lines (added and removed), without file headers. */
export function changedLines(diff: string): string {
  const out: string[] = [];
  for (const line of (diff ?? '').split(/\r?\n/)) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('+') || line.startsWith('-')) out.push(line.slice(1));
  }
  return out.join('\n');
}

/**
 * Words that look like code: camelCase, snake_case, dotted or called names, names with digits, and anything in
 * backticks. Lowercased, so "getUser" in a review meets "getuser" in a pseudo-reference.
 */
export function codeIdentifiers(text: string): Set<string> {
  const out = new Set<string>();
  const t = text ?? '';
  for (const m of t.matchAll(/`([^`\n]+)`/g))
    for (const w of m[1].match(/[A-Za-z_$][\w$]*/g) ?? []) if (w.length > 1) out.add(w.toLowerCase());
  for (const m of t.matchAll(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\s*\()?/g)) {
    const w = m[0].replace(/\s*\($/, '');
    const called = m[1] !== undefined;
    const looksLikeCode =
      /[a-z][A-Z]/.test(w) || /\w_\w|^_|_$/.test(w) || w.includes('.') || /[A-Za-z]\d|\d[A-Za-z]/.test(w) || w.includes('$');
    if (looksLikeCode || (called && w.length > 1)) for (const part of w.split('.')) if (part.length > 1) out.add(part.toLowerCase());
  }
  return out;
}

/** True when the review quotes code: backticks, or an identifier that the diff's changed lines contain. */
function quotesCode(review: string, reviewIds: ReadonlySet<string>, diffText: string): boolean {
  if (/`[^`\n]+`/.test(review)) return true;
  const lower = diffText.toLowerCase();
  for (const id of reviewIds) if (lower.includes(id)) return true;
  return false;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [k, x] of small) s += x * (large.get(k) ?? 0);
  return s;
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) n++;
  return n;
}

/** Redundancy as plus weighs it: how much the other pseudo-references repeat this one (sum of TF-IDF cosines). */
function redundancy(refs: readonly PlusText[], i: number): number {
  let r = 0;
  for (let k = 0; k < refs.length; k++) if (k !== i) r += cosine(refs[i].vector, refs[k].vector);
  return r;
}

/** The features of one review against each pseudo-reference of its change. */
export function reviewFeatures(input: LinkerInput, cache: FeatureCache): ReviewFeatures {
  const P = input.pseudoReferences.length;
  const S = input.sentences.length;
  const F = FEATURE_NAMES.length;
  const x = new Float64Array(P * F);
  const cell = new Float64Array(P * S);
  const reviewText = input.sentences.join(' ');
  const blankSentence = Uint8Array.from(input.sentences, (s) => (cache.lexical(s).size === 0 ? 1 : 0));
  const blank = blankSentence.every((b) => b === 1);
  if (blank || P === 0) return { x, rows: P, cell, cols: S, blankSentence, blank: true };

  const refs = input.pseudoReferences.map((p) => cache.plus(p.text));
  const sents = input.sentences.map((s) => cache.plus(s));
  const review = cache.plus(reviewText);
  const reviewLex = cache.lexical(reviewText);
  const reviewStems = cache.stems(reviewText);
  const reviewIds = cache.identifiers(reviewText);
  const diffWords = cache.diffWords(input.diff);
  const diffText = changedLines(input.diff);
  const quotes = quotesCode(reviewText, reviewIds, diffText) ? 1 : 0;
  const reviewDiffCover = reviewStems.size > 0 ? overlap(reviewStems, diffWords) / reviewStems.size : 0;
  const reviewTokens = Math.log1p(lexicalTokens(reviewText).length);
  const nonBlank = blankSentence.filter((b) => b === 0).length;

  const whole = refs.map((r) => cosine(r.vector, review.vector));
  const best = Math.max(...whole);
  const total = whole.reduce((a, b) => a + b, 0);

  for (let i = 0; i < P; i++) {
    const ref = input.pseudoReferences[i];
    const perSentence: number[] = [];
    let jacMax = 0;
    const refLex = cache.lexical(ref.text);
    for (let j = 0; j < S; j++) {
      const c = blankSentence[j] ? 0 : cosine(refs[i].vector, sents[j].vector);
      cell[i * S + j] = c;
      perSentence.push(c);
      jacMax = Math.max(jacMax, jaccard(refLex, cache.lexical(input.sentences[j])));
    }
    perSentence.sort((a, b) => b - a);
    const top2 = perSentence.length > 1 ? (perSentence[0] + perSentence[1]) / 2 : (perSentence[0] ?? 0);
    let rank = 0;
    for (let k = 0; k < P; k++) if (whole[k] > whole[i]) rank++;
    const refIds = cache.identifiers(ref.text);
    const refStems = cache.stems(ref.text);
    let sharedDiff = 0;
    for (const t of refStems) if (reviewStems.has(t) && diffWords.has(t)) sharedDiff++;
    const values: Record<string, number> = {
      tfidf_max: perSentence[0] ?? 0,
      tfidf_top2: top2,
      tfidf_review: whole[i],
      jaccard_max: jacMax,
      jaccard_review: jaccard(refLex, reviewLex),
      rank_recip: 1 / (1 + rank),
      gap_to_best: whole[i] - best,
      share_of_review: total > 0 ? whole[i] / total : 0,
      identifiers_shared: Math.log1p(overlap(refIds, reviewIds)),
      identifiers_covered: refIds.size > 0 ? overlap(refIds, reviewLex) / refIds.size : 0,
      diff_words_shared: Math.log1p(sharedDiff),
      ref_diff_cover: refStems.size > 0 ? overlap(refStems, diffWords) / refStems.size : 0,
      review_diff_cover: reviewDiffCover,
      is_issue: ref.kind === 'issue' ? 1 : 0,
      review_tokens: reviewTokens,
      ref_tokens: Math.log1p(refStems.size),
      sentences: Math.log1p(nonBlank),
      pseudo_references: Math.log1p(P),
      quotes_code: quotes,
      plus_credit: credit(perSentence[0] ?? 0, DEFAULT_RAMP),
      issue_credit: ref.kind === 'issue' ? credit(perSentence[0] ?? 0, DEFAULT_RAMP) : 0,
      redundancy: redundancy(refs, i),
      ref_information: Math.log1p(refs[i].weight),
    };
    const t = values.tfidf_max;
    values.tfidf_x_rank = t * values.rank_recip;
    values.tfidf_x_issue = t * values.is_issue;
    values.credit_x_rank = values.plus_credit * values.rank_recip;
    values.tfidf_squared = t * t;
    values.tfidf_x_share = t * values.share_of_review;
    values.tfidf_x_diff_cover = t * values.review_diff_cover;
    values.tfidf_x_review_tokens = t * values.review_tokens;
    values.jaccard_x_rank = values.jaccard_max * values.rank_recip;
    for (const [name, v] of Object.entries(values)) x[i * F + FEATURE_INDEX.get(name)!] = v;
  }
  // Review-level features, once the pair features of every candidate are known.
  const reviewLevel: Record<string, number> = {
    asks_question: reviewText.includes('?') ? 1 : 0,
    stock_phrases: Math.log1p((reviewText.match(STOCK_PHRASES) ?? []).length),
    words: Math.log1p(reviewText.split(/\s+/).filter(Boolean).length),
  };
  for (const n of POOLED) {
    const k = FEATURE_INDEX.get(n)!;
    let best = 0;
    let sum = 0;
    for (let i = 0; i < P; i++) {
      best = Math.max(best, x[i * F + k]);
      sum += x[i * F + k];
    }
    reviewLevel[`${n}_best`] = best;
    reviewLevel[`${n}_mean`] = sum / P;
  }
  for (const [name, v] of Object.entries(reviewLevel)) {
    const k = FEATURE_INDEX.get(name)!;
    for (let i = 0; i < P; i++) x[i * F + k] = v;
  }
  return { x, rows: P, cell, cols: S, blankSentence, blank: false };
}
