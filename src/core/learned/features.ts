// The learned linker's features: for each (review, pseudo-reference) pair, signals any dataset has —
// the diff, the pseudo-reference's text and type, the review's text — computed per review sentence and pooled over
// the review. Nothing that identifies a row (system, id, position in a file) enters. Encoder-free, so the preset is
// instant and offline in the browser and in Node.
import { jaccard, lexicalTokens } from '../lexical.ts';
import type { Idf } from '../plus/idf.ts';
import { PLUS_DEFAULT_CALIBRATION } from '../plus/preset.ts';
import { credit, rampFromCalibration } from '../plus/score.ts';
import { plusTextCache, plusTextOfTokens, type PlusText } from '../plus/similarity.ts';
import { plusTokens, stemTokens } from '../plus/tokens.ts';
import type { PseudoReferenceKind } from '../types.ts';
import { maxOf } from '../arrays.ts';

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
  /** What depends on the change alone (its diff and pseudo-references), computed once for all its reviews. */
  change: (input: LinkerInput) => ChangeFeatures;
}

/** The pseudo-reference side of the features: the same for every review of a change. */
export interface ChangeFeatures {
  refs: PlusText[];
  refLex: ReadonlySet<string>[];
  refIds: ReadonlySet<string>[];
  refStems: ReadonlySet<string>[];
  redundancy: Float64Array;
  refDiffCover: Float64Array;
  diffWords: ReadonlySet<string>;
  diffText: string;
  diffLower: string;
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
  const plus = plusTextCache(idf);
  const lexical = memo((t) => new Set(lexicalTokens(t)));
  const stems = memo((t) => new Set(plusTokens(t)));
  const identifiers = memo(codeIdentifiers);
  const changed = memo(changedLines);
  const changedLower = memo((d) => changed(d).toLowerCase());
  const diffWords = memo((d) => new Set(plusTokens(changed(d))));
  // A pair of pseudo-references meets again in another subset of the change's (a benchmark's leave-one-out
  // references): its cosine, in the order asked, is computed once.
  const pairCosine = new WeakMap<PlusText, WeakMap<PlusText, number>>();
  const refCosine = (a: PlusText, b: PlusText) => {
    let row = pairCosine.get(a);
    if (!row) pairCosine.set(a, (row = new WeakMap()));
    let v = row.get(b);
    if (v === undefined) row.set(b, (v = cosine(a.vector, b.vector)));
    return v;
  };
  // Reviews of one change arrive together: keep the last change's work (a map would hold every change's).
  let lastInput: LinkerInput | null = null;
  let last: ChangeFeatures | null = null;
  const sameChange = (a: LinkerInput, b: LinkerInput) =>
    a.diff === b.diff &&
    a.pseudoReferences.length === b.pseudoReferences.length &&
    a.pseudoReferences.every((p, i) => p.text === b.pseudoReferences[i].text && p.kind === b.pseudoReferences[i].kind);
  const change = (input: LinkerInput): ChangeFeatures => {
    if (last && lastInput && sameChange(input, lastInput)) return last;
    const refs = input.pseudoReferences.map((p) => plus(p.text));
    const refStems = input.pseudoReferences.map((p) => stems(p.text));
    const dw = diffWords(input.diff);
    const diffText = changed(input.diff);
    lastInput = input;
    last = {
      refs,
      refLex: input.pseudoReferences.map((p) => lexical(p.text)),
      refIds: input.pseudoReferences.map((p) => identifiers(p.text)),
      refStems,
      redundancy: Float64Array.from(refs, (_, i) => redundancy(refs, i, refCosine)),
      refDiffCover: Float64Array.from(refStems, (st) => (st.size > 0 ? overlap(st, dw) / st.size : 0)),
      diffWords: dw,
      diffText,
      diffLower: changedLower(input.diff),
    };
    return last;
  };
  return { idf, plus, lexical, stems, identifiers, diffWords, change };
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
  for (const m of t.matchAll(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\s*\()?/g)) for (const part of identifierOf(m[0])) out.add(part);
  return out;
}

// A word's identifier parts depend on the word alone (its trailing "(" included), and words recur across a
// dataset: each distinct one is judged once.
const IDENTIFIER_CACHE_LIMIT = 100_000;
const identifierCache = new Map<string, readonly string[]>();

function identifierOf(match: string): readonly string[] {
  let parts = identifierCache.get(match);
  if (parts) return parts;
  const w = match.replace(/\s*\($/, '');
  const called = /\($/.test(match);
  const looksLikeCode =
    /[a-z][A-Z]/.test(w) || /\w_\w|^_|_$/.test(w) || w.includes('.') || /[A-Za-z]\d|\d[A-Za-z]/.test(w) || w.includes('$');
  parts = looksLikeCode || (called && w.length > 1) ? w.split('.').filter((p) => p.length > 1).map((p) => p.toLowerCase()) : [];
  if (identifierCache.size >= IDENTIFIER_CACHE_LIMIT) identifierCache.clear();
  identifierCache.set(match, parts);
  return parts;
}

/** True when the review quotes code: backticks, or an identifier that the diff's changed lines contain. */
function quotesCode(review: string, reviewIds: ReadonlySet<string>, lower: string): boolean {
  if (/`[^`\n]+`/.test(review)) return true;
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
function redundancy(refs: readonly PlusText[], i: number, cos: (a: PlusText, b: PlusText) => number): number {
  let r = 0;
  for (let k = 0; k < refs.length; k++) if (k !== i) r += cos(refs[i], refs[k]);
  return r;
}

// Each feature's column, looked up once (the loop below writes by position, not by name).
const IX = Object.fromEntries(FEATURE_NAMES.map((n, k) => [n, k])) as Record<string, number>;
const POOLED_IX = POOLED.map((n) => [IX[n], IX[`${n}_best`], IX[`${n}_mean`]] as const);

/** The features of one review against each pseudo-reference of its change. */
export function reviewFeatures(input: LinkerInput, cache: FeatureCache): ReviewFeatures {
  const P = input.pseudoReferences.length;
  const S = input.sentences.length;
  const F = FEATURE_NAMES.length;
  const x = new Float64Array(P * F);
  const cell = new Float64Array(P * S);
  const reviewText = input.sentences.join(' ');
  // The review's own texts are met once: computed here rather than kept in the batch's caches. Each text is
  // tokenised once; its stems are those tokens stemmed (stemTokens(lexicalTokens(t)) is plusTokens(t)).
  const sentTokens = input.sentences.map((s) => lexicalTokens(s));
  const sentLex = sentTokens.map((t) => new Set(t));
  const blankSentence = Uint8Array.from(sentLex, (l) => (l.size === 0 ? 1 : 0));
  const blank = blankSentence.every((b) => b === 1);
  if (blank || P === 0) return { x, rows: P, cell, cols: S, blankSentence, blank: true };

  const ch = cache.change(input);
  const refs = ch.refs;
  const sents = sentTokens.map((t) => plusTextOfTokens(stemTokens(t), cache.idf));
  // The review's words are its sentences' words in order: the words never cross the space that joins them.
  const reviewLexTokens = sentTokens.flat();
  const reviewLex = new Set(reviewLexTokens);
  const reviewPlusTokens = stemTokens(reviewLexTokens);
  const review = plusTextOfTokens(reviewPlusTokens, cache.idf);
  const reviewStems = new Set(reviewPlusTokens);
  const reviewIds = codeIdentifiers(reviewText);
  const diffWords = ch.diffWords;
  const quotes = quotesCode(reviewText, reviewIds, ch.diffLower) ? 1 : 0;
  const reviewDiffCover = reviewStems.size > 0 ? overlap(reviewStems, diffWords) / reviewStems.size : 0;
  const reviewTokens = Math.log1p(reviewLexTokens.length);
  const nonBlank = blankSentence.filter((b) => b === 0).length;

  const whole = refs.map((r) => cosine(r.vector, review.vector));
  const best = maxOf(whole);
  const total = whole.reduce((a, b) => a + b, 0);
  const perSentence = new Float64Array(S);

  for (let i = 0; i < P; i++) {
    const ref = input.pseudoReferences[i];
    let jacMax = 0;
    const refLex = ch.refLex[i];
    for (let j = 0; j < S; j++) {
      const c = blankSentence[j] ? 0 : cosine(refs[i].vector, sents[j].vector);
      cell[i * S + j] = c;
      perSentence[j] = c;
      jacMax = Math.max(jacMax, jaccard(refLex, sentLex[j]));
    }
    perSentence.sort().reverse();
    const top2 = S > 1 ? (perSentence[0] + perSentence[1]) / 2 : (perSentence[0] ?? 0);
    let rank = 0;
    for (let k = 0; k < P; k++) if (whole[k] > whole[i]) rank++;
    const refIds = ch.refIds[i];
    const refStems = ch.refStems[i];
    let sharedDiff = 0;
    for (const t of refStems) if (reviewStems.has(t) && diffWords.has(t)) sharedDiff++;
    const isIssue = ref.kind === 'issue' ? 1 : 0;
    const t = perSentence[0] ?? 0;
    const rankRecip = 1 / (1 + rank);
    const share = total > 0 ? whole[i] / total : 0;
    const plusCredit = credit(t, DEFAULT_RAMP);
    const reviewTok = reviewTokens;
    const o = i * F;
    x[o + IX.tfidf_max] = t;
    x[o + IX.tfidf_top2] = top2;
    x[o + IX.tfidf_review] = whole[i];
    x[o + IX.jaccard_max] = jacMax;
    x[o + IX.jaccard_review] = jaccard(refLex, reviewLex);
    x[o + IX.rank_recip] = rankRecip;
    x[o + IX.gap_to_best] = whole[i] - best;
    x[o + IX.share_of_review] = share;
    x[o + IX.identifiers_shared] = Math.log1p(overlap(refIds, reviewIds));
    x[o + IX.identifiers_covered] = refIds.size > 0 ? overlap(refIds, reviewLex) / refIds.size : 0;
    x[o + IX.diff_words_shared] = Math.log1p(sharedDiff);
    x[o + IX.ref_diff_cover] = ch.refDiffCover[i];
    x[o + IX.review_diff_cover] = reviewDiffCover;
    x[o + IX.is_issue] = isIssue;
    x[o + IX.review_tokens] = reviewTok;
    x[o + IX.ref_tokens] = Math.log1p(refStems.size);
    x[o + IX.sentences] = Math.log1p(nonBlank);
    x[o + IX.pseudo_references] = Math.log1p(P);
    x[o + IX.quotes_code] = quotes;
    x[o + IX.plus_credit] = plusCredit;
    x[o + IX.issue_credit] = ref.kind === 'issue' ? credit(t, DEFAULT_RAMP) : 0;
    x[o + IX.redundancy] = ch.redundancy[i];
    x[o + IX.ref_information] = Math.log1p(refs[i].weight);
    x[o + IX.tfidf_x_rank] = t * rankRecip;
    x[o + IX.tfidf_x_issue] = t * isIssue;
    x[o + IX.credit_x_rank] = plusCredit * rankRecip;
    x[o + IX.tfidf_squared] = t * t;
    x[o + IX.tfidf_x_share] = t * share;
    x[o + IX.tfidf_x_diff_cover] = t * reviewDiffCover;
    x[o + IX.tfidf_x_review_tokens] = t * reviewTok;
    x[o + IX.jaccard_x_rank] = jacMax * rankRecip;
  }
  // Review-level features, once the pair features of every candidate are known.
  const fill = (k: number, v: number) => {
    for (let i = 0; i < P; i++) x[i * F + k] = v;
  };
  fill(IX.asks_question, reviewText.includes('?') ? 1 : 0);
  fill(IX.stock_phrases, Math.log1p((reviewText.match(STOCK_PHRASES) ?? []).length));
  fill(IX.words, Math.log1p(reviewText.split(/\s+/).filter(Boolean).length));
  for (const [k, kb, km] of POOLED_IX) {
    let mx = 0;
    let sum = 0;
    for (let i = 0; i < P; i++) {
      mx = Math.max(mx, x[i * F + k]);
      sum += x[i * F + k];
    }
    fill(kb, mx);
    fill(km, sum / P);
  }
  return { x, rows: P, cell, cols: S, blankSentence, blank: false };
}
