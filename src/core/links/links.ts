// Links as a result: which pseudo-references each review sentence credits, and how strongly. Every scoring rule
// decides links before it decides scores; making them explicit lets them be shown, audited against the
// annotators' links, and produced by other linkers (an LLM, a learned model) that feed the same scores.
import { blankColumns } from '../score.ts';
import { credit, type Ramp } from '../plus/score.ts';
import type { SimilarityMatrix } from '../types.ts';

/** Link strengths in [0, 1], pseudo-references (rows) × review sentences (columns), row-major. */
export interface LinkMatrix {
  rows: number;
  cols: number;
  data: Float64Array;
}

/** How a metric turns similarities into links. */
export type LinkRule = { rule: 'hard'; tau: number } | { rule: 'graded'; ramp: Ramp };

/**
 * The links a metric makes: under the paper's hard τ, sentence j credits pseudo-reference i when s > τ (strict,
 * as the paper's indicator), strength 1; under graded credit the strength is plus's ramp credit of s. Blank
 * sentences and NaN cells never link.
 */
export function metricLinks(m: SimilarityMatrix, rule: LinkRule, sentences?: readonly string[]): LinkMatrix {
  const blank = blankColumns(m, { sentences });
  const data = new Float64Array(m.rows * m.cols);
  for (let i = 0; i < m.rows; i++)
    for (let j = 0; j < m.cols; j++) {
      const s = m.data[i * m.cols + j];
      if (blank[j] || Number.isNaN(s)) continue;
      data[i * m.cols + j] = rule.rule === 'hard' ? (s > rule.tau ? 1 : 0) : credit(s, rule.ramp);
    }
  return { rows: m.rows, cols: m.cols, data };
}

/** Per pseudo-reference: the strongest link any sentence of the review makes to it (the review-level link). */
export function reviewLinks(l: LinkMatrix): Float64Array {
  const out = new Float64Array(l.rows);
  for (let i = 0; i < l.rows; i++) {
    let best = 0;
    for (let j = 0; j < l.cols; j++) best = Math.max(best, l.data[i * l.cols + j]);
    out[i] = best;
  }
  return out;
}

/** Per sentence: the strongest link it makes to any pseudo-reference. */
export function sentenceLinks(l: LinkMatrix): Float64Array {
  const out = new Float64Array(l.cols);
  for (let j = 0; j < l.cols; j++) {
    let best = 0;
    for (let i = 0; i < l.rows; i++) best = Math.max(best, l.data[i * l.cols + j]);
    out[j] = best;
  }
  return out;
}

export interface LinkScores {
  con: number;
  comp: number;
  rel: number;
}

export function harmonicMean(con: number, comp: number): number {
  return con + comp > 0 ? (2 * con * comp) / (con + comp) : 0;
}

/**
 * Con, Comp and Rel read off links alone: Con is the mean over sentences of their strongest link (blank ones
 * count in the denominator, as in the paper), Comp the mean over pseudo-references. Under the hard rule this is
 * exactly the paper's scoreAt; a linker that outputs 0/1 or probabilities is scored the same way.
 */
export function scoresFromLinks(l: LinkMatrix): LinkScores {
  if (l.rows === 0) return { con: 0, comp: 0, rel: 0 };
  const s = sentenceLinks(l);
  const p = reviewLinks(l);
  const con = l.cols > 0 ? s.reduce((a, b) => a + b, 0) / l.cols : 0;
  const comp = p.reduce((a, b) => a + b, 0) / l.rows;
  return { con, comp, rel: harmonicMean(con, comp) };
}

/**
 * The oracle: Con, Comp and Rel from the annotators' own links. Raters linked whole reviews, so Comp is the share
 * of pseudo-references they linked and Con is 1 when they linked any (the review is about the change) and 0 when
 * they linked none. Null when the links were not recorded.
 */
export function oracleScores(gold: ArrayLike<number> | null): LinkScores | null {
  if (!gold) return null;
  if (gold.length === 0) return { con: 0, comp: 0, rel: 0 };
  let linked = 0;
  for (let i = 0; i < gold.length; i++) linked += gold[i] > 0 ? 1 : 0;
  const comp = linked / gold.length;
  const con = linked > 0 ? 1 : 0;
  return { con, comp, rel: harmonicMean(con, comp) };
}

/**
 * Agreement counts of predicted link strengths against the annotators' 0/1 links. Soft counts, so graded credit
 * and probabilities are judged by what they give: tp = Σ p·g, fp = Σ p·(1−g), fn = Σ (1−p)·g. With 0/1
 * predictions these are the usual counts.
 */
export interface LinkCounts {
  tp: number;
  fp: number;
  fn: number;
}

export function linkCounts(pred: ArrayLike<number>, gold: ArrayLike<number>, mask?: (i: number) => boolean): LinkCounts {
  const c: LinkCounts = { tp: 0, fp: 0, fn: 0 };
  const n = Math.min(pred.length, gold.length);
  for (let i = 0; i < n; i++) {
    if (mask && !mask(i)) continue;
    const p = Math.min(1, Math.max(0, pred[i]));
    const g = gold[i] > 0 ? 1 : 0;
    c.tp += p * g;
    c.fp += p * (1 - g);
    c.fn += (1 - p) * g;
  }
  return c;
}

export interface Prf {
  /** Null when nothing was predicted (precision is undefined, not 0). */
  precision: number | null;
  /** Null when the annotators linked nothing. */
  recall: number | null;
  /** Null when both are undefined; 0 when one of them is 0. */
  f1: number | null;
}

export function prf(c: LinkCounts): Prf {
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : null;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : null;
  let f1: number | null = null;
  if (c.tp + c.fp + c.fn > 0) f1 = (2 * c.tp) / (2 * c.tp + c.fp + c.fn);
  return { precision, recall, f1 };
}

/**
 * One review's agreement: F1 of its links, 1 when the metric and the annotators both linked nothing (they
 * agree), so reviews can be ranked from worst to best.
 */
export function reviewAgreement(pred: ArrayLike<number>, gold: ArrayLike<number>): Prf & LinkCounts & { agreement: number } {
  const c = linkCounts(pred, gold);
  const p = prf(c);
  return { ...c, ...p, agreement: p.f1 ?? 1 };
}
