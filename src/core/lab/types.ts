// The metric lab's shared types: one value column per metric, aligned with the reviews of a prepared dataset,
// and what the statistics report about it. Pure: the browser's lab view and `crscore eval --metrics` share them.
import type { Dim, Estimate } from '../bootstrap.ts';

export type { Dim, Estimate } from '../bootstrap.ts';

/** Families of review metric the lab compares (the three papers' and the reference-based ones). */
export type LabFamily = 'crscore' | 'reference' | 'llm-grade' | 'llm-judge';

/**
 * Why a review has no value for a metric. 'not-applicable': a reference metric on a change without a reference
 * review; 'no-grade': the LLM never gave a grade in 1–5 (after the re-asks); 'failed': the request failed (network,
 * auth, malformed envelope…); 'cancelled': the run was cancelled before it was answered (Resume asks it).
 * A gap is never a 0: the review is left out of that metric's statistics.
 */
export type LabGap = 'not-applicable' | 'no-grade' | 'failed' | 'cancelled';
export const LAB_GAPS: readonly LabGap[] = ['not-applicable', 'no-grade', 'failed', 'cancelled'];

/** One review as the lab sees it: who wrote it, for which change, and the human scores (normalised to [0, 1]). */
export interface LabRecord {
  changeId: string;
  system: string;
  /** Null when the review has no human scores (left out of every correlation). */
  human: Record<Dim, number> | null;
}

/** One metric's value for every review, in the records' order. */
export interface LabMetric {
  /** Stable id, e.g. 'crscore.rel', 'bleu', 'embed-ref', 'llm-grade', 'llm-judge.rel'. */
  id: string;
  label: string;
  family: LabFamily;
  /** How it was computed (encoder, τ, provider, model, temperature, the prompt…): recorded in every export. */
  config: Record<string, unknown>;
  /** Per record; null where the review has no value (see `gaps`). */
  values: (number | null)[];
  /** Per record, why the value is null (null where there is a value, or the reason is unknown). */
  gaps?: (LabGap | null)[];
}

export interface LabAgreementOptions {
  /** Metric id every other metric is compared with (paired bootstrap); default: the first metric. */
  baseline?: string;
  /** Resamples of changes (default 1,000; 0 gives point estimates only, intervals NaN). */
  resamples?: number;
  seed?: number;
  /** Interval coverage (default 0.95). */
  level?: number;
}

/** A correlation with its percentile bootstrap interval (NaN where undefined, e.g. a constant column). */
export interface CorrCi {
  r: number;
  lo: number;
  hi: number;
}

/** This metric's correlation minus the baseline's, on the reviews both score, with the paired interval. */
export interface PairedDiff {
  metric: number;
  baseline: number;
  diff: number;
  lo: number;
  hi: number;
  /** The interval excludes 0. */
  significant: boolean;
}

export interface LabSystemRow {
  system: string;
  /** Reviews of the system with a value for this metric. */
  n: number;
  /** Mean value with its interval; null when none of the system's reviews has a value. */
  mean: Estimate | null;
  /** Mean human scores over the same reviews (those that have human scores too); null when none. */
  human: (Record<Dim, Estimate> & { n: number }) | null;
}

export interface LabMetricAgreement {
  id: string;
  label: string;
  family: LabFamily;
  config: Record<string, unknown>;
  /** Reviews with a value and human scores: what the correlations use. */
  n: number;
  /** Reviews without a value, by reason. */
  gaps: Record<LabGap, number>;
  correlations: Record<Dim, { spearman: CorrCi; kendall: CorrCi }>;
  /**
   * Against the baseline, on the reviews both metrics score (and that have human scores): `n` says how many.
   * Null for the baseline itself.
   */
  pairedVsBaseline: {
    baseline: string;
    n: number;
    spearman: Record<Dim, PairedDiff>;
    kendall: Record<Dim, PairedDiff>;
  } | null;
  /** Table 4 style: mean per system with intervals, best first. */
  systems: LabSystemRow[];
  /** Rank agreement of the systems (metric mean vs human mean, on the reviews with both) per human dimension. */
  systemRanking: Record<Dim, { spearman: CorrCi; kendall: CorrCi }> & { systems: number };
}

export interface LabAgreement {
  resamples: number;
  seed: number;
  level: number;
  /** Distinct changes resampled (every statistic is read off the same resamples, so comparisons are paired). */
  changes: number;
  /** Reviews in all, and those with human scores. */
  reviews: number;
  scored: number;
  baseline: string | null;
  metrics: LabMetricAgreement[];
}
