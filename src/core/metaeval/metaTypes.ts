// The meta-evaluation's records, options and report (report.ts computes it; metaPlan.ts, metaFinish.ts and
// metaPool.ts are its steps), in a module of their own so the steps share them without importing each other.
import type { Dim } from '../bootstrap.ts';
import type { Grouping, Statistic } from './grouped.ts';
import type { TieCalibration } from './ties.ts';

export interface MetaRecord {
  changeId: string;
  system: string;
  /** Human scores; null where the review is unscored (left out). */
  human: Record<Dim, number> | null;
}

/**
 * The records as typed arrays (what crosses to a worker without one object per review): interned change ids and
 * systems, and con, comp, rel per review (NaN where the review is unscored).
 */
export interface MetaTable {
  changeIds: string[];
  change: Int32Array;
  systems: string[];
  system: Int32Array;
  human: Float64Array;
}

export type MetaKind = 'metric' | 'baseline' | 'ceiling' | 'imported';

export interface MetaMetric {
  id: string;
  label: string;
  kind?: MetaKind;
  /** The human dimension it is judged against (default: from an id ending .con/.comp/.rel, else rel). */
  dim?: Dim;
  values: readonly (number | null)[];
}

/** A metric with its values as a Float64Array, NaN where a review has no value (null in MetaMetric). */
export interface TypedMetaMetric extends Omit<MetaMetric, 'values'> {
  values: Float64Array;
}

/** What the ranking and the clusters read: the four statistics, or at system level also these two. */
export type RankStatistic = Statistic | 'pairwise' | 'spa';

export interface MetaEvalOptions {
  grouping?: Grouping;
  statistic?: RankStatistic;
  resamples?: number;
  seed?: number;
  level?: number;
  /** Folds of changes for the cross-validated ε (default 5). */
  folds?: number;
  /** Significance level of the clusters (default 0.05). */
  alpha?: number;
  /** The test behind the clusters (default perm-both, as WMT). */
  test?: 'perm-both' | 'bootstrap';
  /** Every metric is also tested against this one (default: the first metric). */
  against?: string;
  /** The human dimension of the table: metrics judged against another are left out (default rel). */
  dim?: Dim;
  /**
   * How acc_eq's ε is searched (ties.ts): 'search' (default) sweeps every pair exactly up to 2,000,000 pairs and
   * beyond that tries 48 quantiles of sampled differences and 24 refinements; 'exhaustive' sweeps every pair at any
   * size (the optimum exactly; memory grows with the pairs: about 20 bytes a pair).
   */
  epsSearch?: EpsSearch;
}

export type EpsSearch = 'search' | 'exhaustive';

export interface StatCell {
  value: number;
  lo: number;
  hi: number;
  /** Why value (and the interval) is undefined (NaN), where the data leave nothing to measure (degenerate.ts). */
  why?: string;
  /** Why only the interval is undefined (NaN): too few changes to resample. */
  intervalWhy?: string;
}

export interface MetaRow {
  id: string;
  label: string;
  kind: MetaKind;
  dim: Dim;
  /** Reviews with a value and human scores; their changes. */
  n: number;
  changes: number;
  stats: Record<Statistic, StatCell>;
  ties: Omit<TieCalibration, 'acc'> & { accInSample: number; accCv: number; epsCv: number[]; folds: number };
  /** System level only. */
  pairwise?: StatCell;
  spa?: StatCell;
  rank: number;
  cluster: number;
}

export interface MetaComparison {
  a: string;
  b: string;
  /** Statistic of a minus that of b. */
  delta: number;
  pPerm: number;
  pBoot: number;
  /** Why pPerm and pBoot are undefined (NaN): too few changes, or a statistic that is undefined (degenerate.ts). */
  why?: string;
}

export interface MetaEvalReport {
  dim: Dim;
  grouping: Grouping;
  statistic: RankStatistic;
  resamples: number;
  seed: number;
  level: number;
  alpha: number;
  test: 'perm-both' | 'bootstrap';
  folds: number;
  changes: number;
  rows: MetaRow[];
  comparisons: MetaComparison[];
}

export interface SteppedMetaEval {
  total: number;
  done(): number;
  step(count: number): boolean;
  result(): MetaEvalReport;
}
