// The meta-evaluation's last step: every metric's row (intervals from its unit's resamples), the ranking, and the
// significance clusters. The clusters' walk asks for the PERM-BOTH p of one pair at a time (significance.ts,
// significanceClusters); `permP` answers it, here on this thread or, in metaPool.ts, summed from workers that
// each ran a range of the permutations. Where `permP` has no answer yet the step stops and names the pair.
import { percentileInterval } from '../bootstrap.ts';
import { groupsFor, pairwiseAccuracy, STATISTICS, type Statistic } from './grouped.ts';
import { bootstrapP, permBoth, permCache, significanceClusters, swapMasks, type PairInput, type PermCache } from './significance.ts';
import type { MetaPlan, MetricBase, MetricUnit } from './metaPlan.ts';
import type { MetaComparison, MetaEvalReport, MetaRow, StatCell } from './metaTypes.ts';
import { fewChanges, HUMANS_TIED, humansTied } from './degenerate.ts';

/** PERM-BOTH's p of metrics ia and ib, or undefined where it is still to be computed. */
export type PermP = (ia: number, ib: number) => number | undefined;

export function metaRows(plan: MetaPlan, units: readonly MetricUnit[], B: number): MetaRow[] {
  const ci = (v: number, xs: Float64Array): StatCell => {
    const [lo, hi] = B > 0 ? percentileInterval(xs.subarray(0, B), plan.level) : [NaN, NaN];
    return { value: v, lo, hi };
  };
  return plan.bases.map((p, k) => {
    const u = units[k];
    const { acc, ...ties } = u.ties;
    const changes = new Set(p.change).size;
    // Degenerate data (degenerate.ts): "undefined" with the reason instead of figures that read as findings.
    const few = fewChanges(changes);
    const tied = humansTied(plan.grouping, p.h, p.change, p.system);
    const cell = (v: number, xs: Float64Array, alwaysTied = false): StatCell => {
      if (tied && (alwaysTied || !Number.isFinite(v))) return { value: NaN, lo: NaN, hi: NaN, why: HUMANS_TIED };
      return few ? { value: v, lo: NaN, hi: NaN, intervalWhy: few } : ci(v, xs);
    };
    const row: MetaRow = {
      id: p.m.id,
      label: p.m.label,
      kind: p.m.kind ?? 'metric',
      dim: p.dim,
      n: p.x.length,
      changes,
      stats: Object.fromEntries(STATISTICS.map((s) => [s, cell(u.point[s], u.boot[s], s === 'acc_eq')])) as Record<Statistic, StatCell>,
      ties: { ...ties, accInSample: tied ? NaN : acc, accCv: tied ? NaN : u.cv!.accCv, epsCv: u.cv!.epsCv, folds: plan.folds },
      rank: 0,
      cluster: 0,
    };
    if (plan.grouping === 'system') {
      const g = groupsFor('system', p.x, p.h, p.change, p.system)[0];
      row.pairwise = cell(pairwiseAccuracy(g.x, g.h), u.boot.pairwise, true);
      row.spa = cell(u.spa!.value, u.spa!.boot, true);
    }
    return row;
  });
}

const rankCell = (plan: MetaPlan, r: MetaRow) => (plan.stat === 'pairwise' ? r.pairwise! : plan.stat === 'spa' ? r.spa! : r.stats[plan.stat]);
const rankValue = (plan: MetaPlan, r: MetaRow) => rankCell(plan, r).value;

/** Whether the PERM-BOTH test applies to the ranking statistic (system-level pairwise accuracy and SPA: no). */
export const hasPermTest = (plan: MetaPlan) => plan.stat !== 'spa' && plan.stat !== 'pairwise';

class NeedPair {
  constructor(readonly pair: [number, number]) {}
}

/**
 * The report, or the pair whose PERM-BOTH p the walk needs next. `rows` (from metaRows) get their rank and
 * cluster; the comparisons come in the order the walk asks for them, then each metric against `against`.
 */
export function rankTable(plan: MetaPlan, units: readonly MetricUnit[], rows: MetaRow[], B: number, permP: PermP): MetaEvalReport | { need: [number, number] } {
  const value = (r: MetaRow) => rankValue(plan, r);
  const order = rows.map((_, k) => k).sort((a, b) => {
    const va = value(rows[a]), vb = value(rows[b]);
    return (Number.isFinite(vb) ? vb : -Infinity) - (Number.isFinite(va) ? va : -Infinity) || a - b;
  });
  const cache = new Map<string, MetaComparison>();
  const compare = (ia: number, ib: number): MetaComparison => {
    const key = `${ia}:${ib}`;
    if (cache.has(key)) return cache.get(key)!;
    const delta = value(rows[ia]) - value(rows[ib]);
    const cmp: MetaComparison = { a: plan.bases[ia].m.id, b: plan.bases[ib].m.id, delta, pPerm: NaN, pBoot: NaN };
    // No test where it cannot say anything (degenerate.ts): one change, or a statistic that is undefined.
    const why = fewChanges(Math.min(rows[ia].changes, rows[ib].changes)) ?? rankCell(plan, rows[ia]).why ?? rankCell(plan, rows[ib]).why;
    if (why) cmp.why = why;
    else if (plan.stat !== 'spa') {
      const s = plan.stat;
      cmp.pBoot = bootstrapP(delta, Float64Array.from(units[ia].boot[s], (v, k) => v - units[ib].boot[s][k]));
      if (hasPermTest(plan)) {
        const p = permP(ia, ib);
        if (p === undefined) throw new NeedPair([ia, ib]);
        cmp.pPerm = p;
      }
    }
    cache.set(key, cmp);
    return cmp;
  };
  try {
    const clusterOf = significanceClusters(order.length, (a, b) => {
      const t = compare(order[a], order[b]);
      // PERM-BOTH where it applies; system-level pairwise accuracy has the paired bootstrap only.
      const p = plan.test === 'perm-both' && Number.isFinite(t.pPerm) ? t.pPerm : t.pBoot;
      return t.delta > 0 && p < plan.alpha;
    });
    order.forEach((k, r) => {
      rows[k].rank = r + 1;
      rows[k].cluster = clusterOf[r];
    });
    const against = plan.against ? plan.bases.findIndex((p) => p.m.id === plan.against) : 0;
    if (against >= 0) plan.bases.forEach((_, k) => k !== against && compare(k, against));
  } catch (e) {
    if (e instanceof NeedPair) return { need: e.pair };
    throw e;
  }
  return {
    dim: plan.dim,
    grouping: plan.grouping,
    statistic: plan.stat,
    resamples: B,
    seed: plan.seed,
    level: plan.level,
    alpha: plan.alpha,
    test: plan.test,
    folds: plan.folds,
    changes: plan.C,
    rows: order.map((k) => rows[k]),
    comparisons: [...cache.values()],
  };
}

/** PERM-BOTH's input for two metrics: the reviews both score, with each metric's calibrated ε. */
export function pairInput(A: MetricBase, B: MetricBase, epsA: number, epsB: number): PairInput {
  const key = (p: MetricBase, i: number) => p.change[i] * 65536 + p.system[i];
  const inB = new Map<number, number>();
  for (let i = 0; i < B.x.length; i++) inB.set(key(B, i), i);
  const ia: number[] = [], ib: number[] = [];
  for (let i = 0; i < A.x.length; i++) {
    const j = inB.get(key(A, i));
    if (j !== undefined) {
      ia.push(i);
      ib.push(j);
    }
  }
  // Both metrics score the same reviews (the usual case): their own arrays, so permBoth's cache knows each side.
  if (ia.length === A.x.length && ia.length === B.x.length && ia.every((i, k) => i === k && ib[k] === k))
    return { a: A.x, b: B.x, h: A.h, change: A.change, system: A.system, epsA, epsB };
  return {
    a: ia.map((i) => A.x[i]),
    b: ib.map((j) => B.x[j]),
    h: ia.map((i) => A.h[i]),
    change: ia.map((i) => A.change[i]),
    system: ia.map((i) => A.system[i]),
    epsA,
    epsB,
  };
}

/** The permutations of PERM-BOTH for one pair, [from, to) of them: how many gave a difference at least as extreme. */
export function permExtremes(plan: MetaPlan, masks: Uint8Array[], ia: number, ib: number, epsA: number, epsB: number, from: number, to: number, cache?: PermCache): number {
  const input = pairInput(plan.bases[ia], plan.bases[ib], epsA, epsB);
  return permBoth(input, plan.grouping, plan.stat as Statistic, { masks, from, to, cache }).extreme;
}

/** The whole table on this thread. */
export function finishHere(plan: MetaPlan, units: readonly MetricUnit[], B: number): MetaEvalReport {
  const masks = swapMasks(plan.total, plan.C, plan.seed);
  const cache = permCache();
  const rows = metaRows(plan, units, B);
  const r = rankTable(plan, units, rows, B, (ia, ib) => {
    const extreme = permExtremes(plan, masks, ia, ib, units[ia].ties.eps, units[ib].ties.eps, 0, masks.length, cache);
    return masks.length ? extreme / masks.length : NaN;
  });
  if ('need' in r) throw new Error('unreachable: every pair is computed here');
  return r;
}
