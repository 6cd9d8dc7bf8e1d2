// The statistics and the groupings of the meta-evaluation, as the WMT metrics task computes them
// (google-research/mt-metrics-eval, stats.py; Deutsch et al. 2023):
//  - none: one statistic over every review (pooled; the CRScore paper's figure);
//  - item: the statistic over each change's reviews (its systems), then the plain mean over changes (macro). A
//    change whose statistic is undefined (a constant vector, fewer than two reviews) is skipped, as stats.py
//    does with its default replace_nans_with_zeros=False;
//  - system: each system's mean metric value and mean human score, then the statistic over the systems.
import { kendallTauB, pearson, rankAverage } from '../stats.ts';
import { accEq } from './pairwise.ts';
import type { Group } from './ties.ts';

export type Grouping = 'none' | 'item' | 'system';
export const GROUPINGS: readonly Grouping[] = ['none', 'item', 'system'];

export type Statistic = 'pearson' | 'spearman' | 'kendall' | 'acc_eq';
export const STATISTICS: readonly Statistic[] = ['pearson', 'spearman', 'kendall', 'acc_eq'];

export const STATISTIC_LABEL: Record<Statistic, string> = {
  pearson: 'Pearson',
  spearman: 'Spearman',
  kendall: 'Kendall τ-b',
  acc_eq: 'acc_eq',
};

export const GROUPING_LABEL: Record<Grouping, string> = {
  none: 'pooled (no grouping)',
  item: 'grouped by change (item)',
  system: 'system level',
};

/** One statistic of two paired vectors (ε: acc_eq's tie threshold). NaN where undefined. */
export function statistic(stat: Statistic, x: ArrayLike<number>, h: ArrayLike<number>, eps = 0): number {
  const xa = Array.from(x);
  const ha = Array.from(h);
  if (stat === 'acc_eq') return accEq(xa, ha, eps);
  if (xa.length < 2) return NaN;
  if (stat === 'pearson') return pearson(xa, ha);
  // Spearman's ρ without its p (spearman's r is this Pearson's r of the ranks; its p is not used here).
  if (stat === 'spearman') return pearson(rankAverage(xa), rankAverage(ha));
  return kendallTauB(xa, ha).r;
}

/**
 * The vectors a grouping correlates. `change` and `system` give each review's change and system index (any
 * integers); the reviews are those of x and h (already restricted to reviews with a value and human scores).
 */
export function groupsFor(grouping: Grouping, x: ArrayLike<number>, h: ArrayLike<number>, change: ArrayLike<number>, system: ArrayLike<number>): Group[] {
  if (grouping === 'none') return [{ x, h }];
  const key = grouping === 'item' ? change : system;
  const by = new Map<number, number[]>();
  for (let i = 0; i < x.length; i++) {
    const k = key[i];
    if (!by.has(k)) by.set(k, []);
    by.get(k)!.push(i);
  }
  const keys = [...by.keys()].sort((a, b) => a - b);
  if (grouping === 'item') return keys.map((k) => ({ x: by.get(k)!.map((i) => x[i]), h: by.get(k)!.map((i) => h[i]) }));
  const mean = (v: ArrayLike<number>, idx: number[]) => idx.reduce((s, i) => s + v[i], 0) / idx.length;
  return [{ x: keys.map((k) => mean(x, by.get(k)!)), h: keys.map((k) => mean(h, by.get(k)!)) }];
}

/** Mean of the groups' statistics over the groups where it is defined (NaN when none is). */
export function groupedStatistic(stat: Statistic, groups: readonly Group[], eps = 0): number {
  let s = 0;
  let k = 0;
  for (const g of groups) {
    const v = statistic(stat, g.x, g.h, eps);
    if (Number.isFinite(v)) {
      s += v;
      k++;
    }
  }
  return k > 0 ? s / k : NaN;
}

/**
 * System-level pairwise accuracy (Kocmi et al. 2021, as WMT reports it): the share of system pairs that the
 * metric's means order the same way as the human means (a tie on one side only is wrong).
 */
export function pairwiseAccuracy(x: ArrayLike<number>, h: ArrayLike<number>): number {
  let right = 0;
  let all = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      all++;
      if (Math.sign(x[j] - x[i]) === Math.sign(h[j] - h[i])) right++;
    }
  return all > 0 ? right / all : NaN;
}
