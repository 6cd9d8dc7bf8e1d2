// One model for any human-scored review dataset: changes (with their code in whatever form the source has, and
// their reference reviews kept apart from the systems), reviews by system, and named human dimensions, each with its
// scale and one score per annotator. The human study's Con, Comp and Rel are three Likert 1–5 dimensions of it;
// GradedReviews (Jiang et al. 2025) has one, `grade`; a binary-labelled corpus has its labels. Pure.
import type { CodeAt, DatasetPseudoReference, DatasetReview } from '../dataset.ts';
import { maxOf } from '../arrays.ts';
import { decimalNumber } from '../inputRules.ts';
import { badCellReason, isBadCell, type Cell } from './cells.ts';
import type { ImportIssue } from '../importers/types.ts';

export type ScaleKind = 'likert' | 'binary' | 'continuous';

export interface Scale {
  kind: ScaleKind;
  /** Likert only: the lowest and highest point (1 and k). */
  min?: number;
  max?: number;
}

export interface Dimension {
  name: string;
  scale: Scale;
  /** One name per annotator whose scores the dimension holds ('' for a dataset's single, unnamed annotator). */
  annotators: string[];
}

/** A change's code as its source gives it; a bare snippet is not a diff and is shown as code. */
export type ChangeCode =
  | { kind: 'diff'; diff: string }
  | { kind: 'files'; oldCode: string | null; newCode: string | null }
  | { kind: 'snippet'; code: string }
  | { kind: 'none' };

export interface HumanChange {
  id: string;
  lang: string;
  code: ChangeCode;
  /** The change's reference reviews (a human reviewer's comment), kept apart from the systems' reviews. */
  references: string[];
  /** 1-based line (or sheet row) where the change first appears. */
  line: number;
  /**
   * The change's own pseudo-references (the human study's `pseudo_refs`: claims and analyzer issues, numbered as the
   * annotators' links name them). Optional: a change without them is still a change.
   */
  pseudoReferences?: DatasetPseudoReference[];
  /** What the human study's row holds beside the model's fields, kept so that its row comes back whole (study.ts). */
  study?: StudyDetail;
}

/** A human-study row's fields that the model has no place for: files, index, the analyzer output, the scored `msg`. */
export interface StudyDetail {
  index: number | null;
  oldFile: string | null;
  newFile: string | null;
  oldCode: string | null;
  newCode: string | null;
  referenceAnalyzerOutput: string | null;
  codeAt?: CodeAt;
  /** The reference reviews as the study gave them (it scored and linked `msg` too), each at its place among the row's reviews. */
  referenceReviews: { at: number; review: DatasetReview }[];
}

export interface HumanReview {
  changeId: string;
  system: string;
  review: string;
  /** Per dimension, one score per annotator of that dimension (null where unscored). */
  scores: Record<string, (number | null)[]>;
  line: number;
  /** The annotators' links to the change's own pseudo-references (the human study's `claims_addressed`), where given. */
  claimsAddressed?: string | null;
}

export interface HumanDataset {
  /** The file's name, for signatures and messages. */
  source: string;
  changes: HumanChange[];
  reviews: HumanReview[];
  dimensions: Dimension[];
  /** Every row that could not be read, with its line and why; the rest is kept. */
  errors: ImportIssue[];
  notes: string[];
}

/** The system every review belongs to when the source names none (e.g. real reviewers' comments). */
export const HUMAN_SYSTEM = 'human';

/** A scale from a column's values: {0,1} is binary; integers from 1 up to at most 10 are Likert 1–max; else continuous. */
export function guessScale(values: readonly (number | null)[]): Scale {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (xs.length === 0) return { kind: 'continuous' };
  if (xs.every((v) => v === 0 || v === 1)) return { kind: 'binary' };
  const max = maxOf(xs);
  if (xs.every((v) => Number.isInteger(v) && v >= 1) && max <= 10) return { kind: 'likert', min: 1, max: Math.max(max, 2) };
  return { kind: 'continuous' };
}

/** Why a value does not fit its scale, or null when it does. */
export function offScale(v: number, s: Scale): string | null {
  if (!Number.isFinite(v)) return `${v} is not a finite number`;
  if (s.kind === 'binary' && v !== 0 && v !== 1) return `${v} is not 0 or 1 (a binary dimension)`;
  if (s.kind === 'likert' && (v < (s.min ?? 1) || v > (s.max ?? 5))) return `${v} is outside the Likert range ${s.min ?? 1}–${s.max ?? 5}`;
  return null;
}

export function scaleLabel(s: Scale): string {
  return s.kind === 'likert' ? `Likert ${s.min ?? 1}–${s.max ?? 5}` : s.kind;
}

/** A dimension's scores pooled over annotators: how many reviews hold each value (the overview's distribution). */
export function distribution(d: HumanDataset, dimension: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of d.reviews) for (const v of r.scores[dimension] ?? []) if (v !== null) out.set(v, (out.get(v) ?? 0) + 1);
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}

/**
 * A decimal number, as a person writes it in a CSV or a sheet: '4', '-0.5', '1e3' (inputRules.ts). Never '0x10',
 * '0b11', 'Infinity' or '' (Number() reads all of those as numbers). A boolean (a sheet's TRUE, JSON's true) is no
 * number (numberOrBoolean reads it as a binary dimension's 1 or 0); a bad cell (cells.ts) or any other value is 'bad'.
 */
export function readNumber(v: unknown): number | null | 'bad' {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : 'bad';
  if (typeof v !== 'string') return 'bad';
  if (v.trim() === '') return null;
  return decimalNumber(v) ?? 'bad';
}

/** readNumber, with TRUE and FALSE as 1 and 0 (a binary dimension's values, and the guess of one). */
export function numberOrBoolean(v: unknown): number | null | 'bad' {
  return typeof v === 'boolean' ? (v ? 1 : 0) : readNumber(v);
}

/**
 * A cell as a score on its scale: the value, null when empty, or why it is none (`what` names the column), e.g.
 * `rel TRUE is a boolean, not a score …`, `cell D851 holds the spreadsheet error #VALUE!`.
 */
export function readScore(v: Cell | undefined, scale: Scale, what: string): number | null | { why: string } {
  if (isBadCell(v)) return { why: `${what}: ${badCellReason(v)}` };
  if (typeof v === 'boolean' && scale.kind !== 'binary') return { why: `${what} ${v ? 'TRUE' : 'FALSE'} is a boolean, not a score (only a binary dimension reads TRUE and FALSE, as 1 and 0)` };
  const x = numberOrBoolean(v);
  if (x === 'bad') return { why: `${what} "${String(v).slice(0, 20)}" is not a number` };
  if (x === null) return null;
  const off = offScale(x, scale);
  return off ? { why: `${what} ${off}` } : x;
}
