// Meta-evaluations that cannot say anything: a figure there is "undefined", with the reason, rather than a number
// that reads as a finding. Only these two cases are touched; every other figure is as computed.
//  - Fewer than 2 changes: the bootstrap resamples changes, so every resample is the sample itself (a zero-width
//    interval, and a bootstrap p of 0 for any difference), and PERM-BOTH can only swap that one change (p 1).
//  - The human scores all tied (within every group): there is no order for a metric to agree with; the
//    correlations are NaN, and acc_eq's tie calibration makes every metric, random included, 1 by tying all pairs.
import { groupsFor, type Grouping } from './grouped.ts';

/** Why a metric's intervals (and the tests of a pair) are undefined with `changes` changes; undefined when they are not. */
export function fewChanges(changes: number): string | undefined {
  return changes < 2
    ? `only ${changes} change${changes === 1 ? '' : 's'}: the bootstrap and the permutation test resample changes, so they cannot vary a figure (no interval, no p)`
    : undefined;
}

export const HUMANS_TIED = 'the human scores are all tied: there is no order to agree with (acc_eq would give any metric 1 by tying every pair)';

/** True when, in every group of the grouping, the human scores are all the same (no pair that people order). */
export function humansTied(grouping: Grouping, h: ArrayLike<number>, change: ArrayLike<number>, system: ArrayLike<number>): boolean {
  for (const g of groupsFor(grouping, h, h, change, system)) {
    // System means of equal scores may differ in the last bit: tied within 1e-12.
    for (let i = 1; i < g.h.length; i++) if (Math.abs(g.h[i] - g.h[0]) > 1e-12 * Math.max(1, Math.abs(g.h[0]))) return false;
  }
  return true;
}
