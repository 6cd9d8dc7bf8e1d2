// Where a metric's links and the annotators' links part: per pseudo-reference of one review (the workbench's
// disagreement filter), and across a dataset (the Teach lesson's real cases). Annotators linked whole reviews, so
// both sides are compared at the review level: the metric links a pseudo-reference when some sentence credits it.
import type { DatasetRow } from '../dataset.ts';
import { collectEvalItems, type EvalItem } from '../evaluate.ts';
import { lexicalTokens } from '../lexical.ts';
import { lexicalMatrices } from '../research/similarity.ts';
import type { SimilarityMatrix } from '../types.ts';
import { annotatorVector } from './annotator.ts';
import { credit } from '../plus/score.ts';
import { metricLinks, reviewLinks, type LinkRule } from './links.ts';

/**
 * A graded strength counts as the metric's link from this much credit on: half credit or more. Under the hard
 * rule strengths are 0/1, so this changes nothing there.
 */
export const LINKED_AT = 0.5;

export type RowAgreement = 'both' | 'metric-only' | 'annotator-only' | 'neither';

export interface RowLink {
  /** Position among the pseudo-references (the matrix row). */
  index: number;
  /** The review-level strength the metric gives it, in [0, 1]. */
  strength: number;
  metric: boolean;
  /** Null when the annotators recorded nothing for this review. */
  annotator: boolean | null;
  agreement: RowAgreement;
}

/**
 * Each pseudo-reference of one review: the metric's review-level strength against the annotators' 0/1 link.
 * `gold` null (unrecorded) gives annotator null and agreement 'metric-only' / 'neither' by the metric alone.
 */
export function rowLinks(
  strengths: ArrayLike<number>,
  gold: ArrayLike<number> | null,
  linkedAt = LINKED_AT,
): RowLink[] {
  const out: RowLink[] = [];
  for (let i = 0; i < strengths.length; i++) {
    const strength = strengths[i];
    const metric = strength >= linkedAt && strength > 0;
    const annotator = gold ? (gold[i] ?? 0) > 0 : null;
    // Without annotators every metric link is 'metric-only': there is nobody to agree with.
    const agreement: RowAgreement = metric
      ? annotator
        ? 'both'
        : 'metric-only'
      : annotator
        ? 'annotator-only'
        : 'neither';
    out.push({ index: i, strength, metric, annotator, agreement });
  }
  return out;
}

export type DisagreementFilter = 'all' | 'disagreements' | 'metric-only' | 'annotator-only';

/**
 * The rows a filter steps through, in row order: 'all' every row either side links, 'disagreements' the rows
 * where they differ. Without annotator links there is nothing to disagree with: only 'all' lists rows.
 */
export function filterRows(rows: readonly RowLink[], filter: DisagreementFilter): number[] {
  const recorded = rows.some((r) => r.annotator !== null);
  return rows
    .filter((r) => {
      if (filter === 'all') return r.metric || r.annotator === true;
      if (!recorded) return false;
      if (filter === 'disagreements')
        return r.agreement === 'metric-only' || r.agreement === 'annotator-only';
      return r.agreement === filter;
    })
    .map((r) => r.index);
}

/**
 * The next (dir 1) or previous (dir −1) position in `list` from the current row, wrapping around. A current row
 * not in the list (τ moved it out) steps to the nearest listed row in that direction. −1 when the list is empty.
 */
export function stepRow(list: readonly number[], current: number | null, dir: 1 | -1): number {
  if (list.length === 0) return -1;
  if (current === null) return dir === 1 ? list[0] : list[list.length - 1];
  if (dir === 1) return list.find((r) => r > current) ?? list[0];
  for (let k = list.length - 1; k >= 0; k--) if (list[k] < current) return list[k];
  return list[list.length - 1];
}

/** The strongest similarity of a pseudo-reference to any non-blank review sentence, and which sentence. */
export function bestSentence(
  m: SimilarityMatrix,
  row: number,
  sentences?: readonly string[],
): { col: number; s: number } {
  let col = -1;
  let s = -Infinity;
  for (let j = 0; j < m.cols; j++) {
    if (sentences && sentences[j].trim() === '') continue;
    const v = m.data[row * m.cols + j];
    if (!Number.isNaN(v) && v > s) {
      s = v;
      col = j;
    }
  }
  return { col, s: col < 0 ? NaN : s };
}

/** Each pseudo-reference's best similarity over the non-blank sentences (NaN when there is none): once per matrix. */
export function rowBest(m: SimilarityMatrix, sentences?: readonly string[]): Float64Array {
  const out = new Float64Array(m.rows);
  for (let i = 0; i < m.rows; i++) out[i] = bestSentence(m, i, sentences).s;
  return out;
}

/**
 * The review-level link strengths from each row's best similarity: both rules are non-decreasing in s, so the
 * strongest link of a row is its best cell's. Equal to reviewLinks(metricLinks(m, rule, sentences)) (tested), in
 * O(rows) per τ instead of O(rows × sentences): what the workbench's slider recomputes at every step.
 */
export function reviewLinksFromBest(best: ArrayLike<number>, rule: LinkRule): Float64Array {
  const out = new Float64Array(best.length);
  for (let i = 0; i < best.length; i++) {
    const s = best[i];
    if (Number.isNaN(s)) continue;
    out[i] = rule.rule === 'hard' ? (s > rule.tau ? 1 : 0) : credit(s, rule.ramp);
  }
  return out;
}

/** One real disagreement for the lesson: a pseudo-reference of one review, its closest sentence, both decisions. */
export interface LessonCase {
  /** Position of the review among the items. */
  item: number;
  rowId: string;
  system: string;
  pseudoReference: number;
  pseudoReferenceText: string;
  sentence: number;
  sentenceText: string;
  /** The similarity of that pair (the review's highest for this pseudo-reference). */
  s: number;
  kind: 'metric-only' | 'annotator-only';
  /** The pseudo-references the annotators linked in this review (0-based), for "they linked P2 instead". */
  annotatorLinked: number[];
}

export interface LessonCases {
  /** Metric-only links, highest similarity first: a close match the annotators said the review does not address. */
  metricOnly: LessonCase[];
  /** Annotator-only links, lowest similarity first: a claim the review addresses in words the similarity misses. */
  annotatorOnly: LessonCase[];
  /** Reviews with recorded annotator links that were searched. */
  searched: number;
}

/**
 * Real disagreements under the paper's hard rule at τ, at most `limit` of each kind, one per change (so a single
 * change with many reviews does not fill the lesson). Reviews without recorded links, and empty reviews, are skipped.
 */
export function pickLessonCases(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  tau: number,
  limit = 3,
): LessonCases {
  const metricOnly: LessonCase[] = [];
  const annotatorOnly: LessonCase[] = [];
  let searched = 0;
  items.forEach((it, k) => {
    const m = matrices[k];
    const gold = annotatorVector(it.annotatorLinks ?? null, it.pseudoReferences.length);
    if (!m || !gold || it.sentences.every((s) => s.trim() === '')) return;
    searched++;
    const rows = rowLinks(reviewLinks(metricLinks(m, { rule: 'hard', tau }, it.sentences)), gold);
    const linked = rows.filter((r) => r.annotator).map((r) => r.index);
    for (const r of rows) {
      if (r.agreement !== 'metric-only' && r.agreement !== 'annotator-only') continue;
      const best = bestSentence(m, r.index, it.sentences);
      if (best.col < 0) continue;
      const c: LessonCase = {
        item: k,
        rowId: it.rowId,
        system: it.system,
        pseudoReference: r.index,
        pseudoReferenceText: it.pseudoReferences[r.index],
        sentence: best.col,
        sentenceText: it.sentences[best.col],
        s: best.s,
        kind: r.agreement,
        annotatorLinked: linked,
      };
      (r.agreement === 'metric-only' ? metricOnly : annotatorOnly).push(c);
    }
  });
  const top = (list: LessonCase[], order: (a: LessonCase, b: LessonCase) => number) => {
    const seen = new Set<string>();
    const out: LessonCase[] = [];
    for (const c of [...list].sort(order)) {
      if (seen.has(c.rowId)) continue;
      seen.add(c.rowId);
      out.push(c);
      if (out.length >= limit) break;
    }
    return out;
  };
  // Ties broken by position so the pick is stable for the same data.
  return {
    metricOnly: top(
      metricOnly,
      (a, b) => b.s - a.s || a.item - b.item || a.pseudoReference - b.pseudoReference,
    ),
    annotatorOnly: top(
      annotatorOnly,
      (a, b) => a.s - b.s || a.item - b.item || a.pseudoReference - b.pseudoReference,
    ),
    searched,
  };
}

/** The content words two texts share (as lexical similarity sees them: stopwords out, identifiers split). */
export function sharedWords(a: string, b: string): string[] {
  const tb = new Set(lexicalTokens(b));
  return [...new Set(lexicalTokens(a))].filter((w) => tb.has(w));
}

/**
 * The reviews the lesson searches, from dataset rows: those with recorded annotator links and some sentence.
 * What an encoder must embed for the lesson, before pickLessonCases runs on their matrices.
 */
export function lessonItems(rows: readonly DatasetRow[]): EvalItem[] {
  return collectEvalItems(rows).items.filter(
    (it) =>
      annotatorVector(it.annotatorLinks ?? null, it.pseudoReferences.length) !== null &&
      it.sentences.some((s) => s.trim() !== ''),
  );
}

/**
 * Lesson cases straight from dataset rows, under lexical similarity (no model needed) at τ: for a file picked in
 * the lesson, or a Research dataset not scored yet.
 */
export function lexicalLessonCases(
  rows: readonly DatasetRow[],
  tau: number,
  limit = 3,
): LessonCases & { items: EvalItem[]; matrices: SimilarityMatrix[] } {
  const { items } = collectEvalItems(rows);
  const { matrices } = lexicalMatrices(items);
  return { ...pickLessonCases(items, matrices, tau, limit), items, matrices };
}
