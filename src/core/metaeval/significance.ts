// Is metric A's statistic really above metric B's on the same reviews? Two paired tests, and the significance
// clusters WMT reports from them.
//  - PERM-BOTH (Deutsch et al. 2021; mt-metrics-eval's permutation test): each metric is standardised over the
//    common reviews (z-scores, so swapping scores between metrics is meaningful; ε is rescaled with its metric);
//    each resample swaps the two metrics' scores for every change independently with probability ½ (a change's
//    reviews swap together, the unit the bootstrap resamples) and recomputes the difference of the statistic.
//    p = share of resamples whose |Δ| ≥ the observed |Δ|.
//  - Paired bootstrap over changes: both metrics' statistics on the same resamples of changes (report.ts);
//    p = share of resamples whose difference, centred on the observed one, is at least as far from 0 (Koehn 2004).
import { mulberry32 } from '../bootstrap.ts';
import { mean, rangeExponent, rankAverage, timesPow2 } from '../stats.ts';
import { groupedStatistic, groupsFor, statistic, type Grouping, type Statistic } from './grouped.ts';
import { mergeAll, pooledAccEq, pooledKendall, systemDiff, type Merged } from './permKernels.ts';
import { pooledSpearmanDiff } from './permSpearman.ts';

export interface PairInput {
  a: ArrayLike<number>;
  b: ArrayLike<number>;
  h: ArrayLike<number>;
  /** Each review's change, 0 … C−1. */
  change: ArrayLike<number>;
  system: ArrayLike<number>;
  /** acc_eq's ε for each metric, in its own units. */
  epsA?: number;
  epsB?: number;
}

export interface PermResult {
  /** Statistic of A minus that of B on the common reviews. */
  delta: number;
  p: number;
  resamples: number;
  /** Permutations whose |Δ| is at least the observed one (NaN where Δ is not finite). */
  extreme: number;
}

const EQ = 1e-12;

function standardise(v: ArrayLike<number>): { z: Float64Array; sd: number } {
  const n = v.length;
  let m = 0;
  for (let i = 0; i < n; i++) m += v[i];
  m /= n || 1;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (v[i] - m) ** 2;
  if (!(ss > 0 && ss < Infinity) && !Array.prototype.every.call(v, (x: number) => x === v[0])) {
    // Over- or underflowed (scores beyond about 1e±150): the same on the scores scaled into range, sd in their units.
    const e = rangeExponent(v);
    if (e !== 0) {
      const s = standardise(Float64Array.from(v, (x) => timesPow2(x, -e)));
      return { z: s.z, sd: timesPow2(s.sd, e) };
    }
  }
  const sd = Math.sqrt(ss / (n || 1)) || 1;
  return { z: Float64Array.from(v, (x) => (x - m) / sd), sd };
}

/**
 * What PERM-BOTH computes from one metric's side alone (its z-scores, statistic, sorted order, per-change
 * statistics), kept across the pairs of one plan: a metric is in many pairs. Keyed by the side's array; an entry
 * serves only a pair with the same reviews (the same h, change and system, compared by content when they are other
 * arrays), so a caller may pass any input and gets permBoth's figures, computed once.
 */
export interface PermCache {
  sides: WeakMap<ArrayLike<number>, Side>;
}

interface Side {
  std: { z: Float64Array; sd: number };
  h: ArrayLike<number>;
  change: ArrayLike<number>;
  system: ArrayLike<number>;
  memo: Map<string, unknown>;
}

export const permCache = (): PermCache => ({ sides: new WeakMap() });

const sameValues = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
};

function sideOf(cache: PermCache | undefined, input: PairInput, v: ArrayLike<number>): Side {
  const fresh = (): Side => ({ std: standardise(v), h: input.h, change: input.change, system: input.system, memo: new Map() });
  if (!cache) return fresh();
  const s = cache.sides.get(v);
  if (s && sameValues(s.h, input.h) && sameValues(s.change, input.change) && sameValues(s.system, input.system)) return s;
  const made = fresh();
  if (!s) cache.sides.set(v, made);
  return made;
}

function remember<T>(memo: Map<string, unknown>, key: string, f: () => T): T {
  if (!memo.has(key)) memo.set(key, f());
  return memo.get(key) as T;
}

/** The swap masks of PERM-BOTH: masks[r][c] = 1 where resample r swaps change c. Seeded (mulberry32). */
export function swapMasks(resamples: number, changes: number, seed: number): Uint8Array[] {
  const rng = mulberry32(seed);
  return Array.from({ length: resamples }, () => Uint8Array.from({ length: changes }, () => (rng() < 0.5 ? 1 : 0)));
}

export function permBoth(
  input: PairInput,
  grouping: Grouping,
  stat: Statistic,
  o: { resamples?: number; seed?: number; masks?: Uint8Array[]; from?: number; to?: number; cache?: PermCache } = {},
): PermResult {
  const n = input.a.length;
  let C = 0;
  for (let i = 0; i < n; i++) C = Math.max(C, input.change[i] + 1);
  const all = o.masks ?? swapMasks(o.resamples ?? 1000, C, o.seed ?? 1);
  // A range of the permutations (a worker's share): counts add up to the whole run's.
  const masks = o.from !== undefined || o.to !== undefined ? all.slice(o.from ?? 0, o.to ?? all.length) : all;
  const sa = sideOf(o.cache, input, input.a);
  const sb = sideOf(o.cache, input, input.b);
  const [A, B] = [sa.std, sb.std];
  const ea = (input.epsA ?? 0) / A.sd;
  const eb = (input.epsB ?? 0) / B.sd;
  const valueOf = (v: ArrayLike<number>, eps: number) =>
    groupedStatistic(stat, groupsFor(grouping, v, input.h, input.change, input.system), eps);
  const delta = remember(sa.memo, `value|${grouping}|${stat}|${ea}`, () => valueOf(A.z, ea)) - remember(sb.memo, `value|${grouping}|${stat}|${eb}`, () => valueOf(B.z, eb));
  if (!Number.isFinite(delta)) return { delta, p: NaN, resamples: masks.length, extreme: NaN };
  let extreme = 0;
  if (grouping === 'item') {
    // A change's statistic is that of A or of B, whichever side it lands on: computed once per change.
    const members: number[][] = Array.from({ length: C }, () => []);
    for (let i = 0; i < n; i++) members[input.change[i]].push(i);
    const per = (z: Float64Array, eps: number) =>
      members.map((idx) => statistic(stat, idx.map((i) => z[i]), idx.map((i) => input.h[i]), eps));
    const pa = remember(sa.memo, `item|${stat}|${ea}|${C}`, () => per(A.z, ea));
    const pb = remember(sb.memo, `item|${stat}|${eb}|${C}`, () => per(B.z, eb));
    // A change's two statistics side by side (A's at 2c, B's at 2c + 1), an undefined one as 0 with a count of 0:
    // the mask picks by index, not by a branch on a coin flip. Adding +0 where a change was skipped leaves a sum
    // that starts at +0 unchanged, so the sums and counts are those of the loop that skips.
    const val = new Float64Array(2 * C);
    const fin = new Uint8Array(2 * C);
    for (let c = 0; c < C; c++)
      [pa[c], pb[c]].forEach((v, j) => {
        fin[2 * c + j] = Number.isFinite(v) ? 1 : 0;
        val[2 * c + j] = Number.isFinite(v) ? v : 0;
      });
    for (const mask of masks) {
      let ta = 0, na = 0, tb = 0, nb = 0;
      for (let c = 0; c < C; c++) {
        const a = 2 * c + mask[c];
        const b = 2 * c + 1 - mask[c];
        ta += val[a];
        na += fin[a];
        tb += val[b];
        nb += fin[b];
      }
      if (Math.abs(ta / na - tb / nb) >= Math.abs(delta) - EQ) extreme++;
    }
  } else if (grouping === 'none' && stat === 'spearman') {
    // Pooled Spearman: the human ranks never change, and each side's scores are A's and B's, each already
    // sorted once, so a permutation's ranks come from a linear merge instead of two sorts.
    const { rh, my } = remember(sa.memo, 'human ranks', () => {
      const rh = Float64Array.from(rankAverage(Array.from(input.h)));
      return { rh, my: mean(rh as unknown as number[]) };
    });
    // Per run of tied values rather than per review where the sums are exact (permSpearman.ts): the same r.
    const order = (s: Side) => remember(s.memo, 'order', () => sortedOrder(s.std.z));
    const diff = pooledSpearmanDiff(A.z, B.z, rh, my, input.change, [order(sa), order(sb)]);
    if (diff) {
      for (const mask of masks) if (Math.abs(diff(mask)) >= Math.abs(delta) - EQ) extreme++;
      return { delta, p: masks.length ? extreme / masks.length : NaN, resamples: masks.length, extreme };
    }
    const all = mergeAll(order(sa), order(sb), A.z, B.z, A.z, B.z);
    const allVals = Float64Array.from(all.idx, (i, t) => (all.fromB[t] ? B.z[i] : A.z[i]));
    const ra = new Float64Array(n);
    const rb = new Float64Array(n);
    const merged = new Int32Array(n + 1);
    const vals = new Float64Array(n + 1);
    const swapped = new Uint8Array(n);
    for (const mask of masks) {
      for (let i = 0; i < n; i++) swapped[i] = mask[input.change[i]];
      mergedRanks(all, allVals, 0, swapped, merged, vals, ra);
      mergedRanks(all, allVals, 1, swapped, merged, vals, rb);
      const d = rankPearson(ra, rh, my) - rankPearson(rb, rh, my);
      if (Math.abs(d) >= Math.abs(delta) - EQ) extreme++;
    }
  } else if (grouping === 'system') {
    // Both sides' system means in one pass (permKernels.ts's systemDiff: the same means, the same statistic).
    const diff = systemDiff(A.z, B.z, Float64Array.from(input.h), input.system, input.change, stat, ea, eb);
    for (const mask of masks) if (Math.abs(diff(mask)) >= Math.abs(delta) - EQ) extreme++;
  } else if (grouping === 'none' && stat !== 'pearson') {
    // Kendall and acc_eq pooled: one merge per side.
    const side = stat === 'kendall' ? pooledKendall(A.z, B.z, Float64Array.from(input.h)) : pooledAccEq(A.z, B.z, Float64Array.from(input.h), ea, eb);
    const swapped = new Uint8Array(n);
    for (const mask of masks) {
      for (let i = 0; i < n; i++) swapped[i] = mask[input.change[i]];
      const d = side(swapped, 0) - side(swapped, 1);
      if (Math.abs(d) >= Math.abs(delta) - EQ) extreme++;
    }
  } else {
    const xa = new Float64Array(n);
    const xb = new Float64Array(n);
    for (const mask of masks) {
      for (let i = 0; i < n; i++) {
        const s = mask[input.change[i]];
        xa[i] = s ? B.z[i] : A.z[i];
        xb[i] = s ? A.z[i] : B.z[i];
      }
      // With ε, each side keeps its metric's threshold: the swapped scores are compared as that side's.
      const d = valueOf(xa, ea) - valueOf(xb, eb);
      if (Math.abs(d) >= Math.abs(delta) - EQ) extreme++;
    }
  }
  return { delta, p: masks.length ? extreme / masks.length : NaN, resamples: masks.length, extreme };
}

/** stats.ts's pearson, operation for operation (so the figures stay identical), with y's mean given. */
function rankPearson(x: Float64Array, y: Float64Array, my: number): number {
  const n = x.length;
  if (n < 2) return NaN;
  let t = 0;
  for (let i = 0; i < n; i++) t += x[i];
  const mx = t / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return NaN;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

function sortedOrder(z: Float64Array): Int32Array {
  return Int32Array.from({ length: z.length }, (_, i) => i).sort((a, b) => z[a] - z[b]);
}

/**
 * Average ranks (as rankAverage gives them) of the side that takes A's score where swapped[i] === side and B's
 * elsewhere: its sorted order is A's and B's merged orders filtered (permKernels.ts's pick, with the values).
 */
function mergedRanks(m: Merged, mVals: Float64Array, side: number, swapped: Uint8Array, idx: Int32Array, val: Float64Array, ranks: Float64Array) {
  const all = m.idx;
  const fromB = m.fromB;
  let k = 0;
  for (let t = 0; t < all.length; t++) {
    const i = all[t];
    idx[k] = i;
    val[k] = mVals[t];
    k += 1 ^ swapped[i] ^ fromB[t] ^ side;
  }
  for (let s = 0; s < k;) {
    let e = s;
    while (e + 1 < k && val[e + 1] === val[s]) e++;
    const r = (s + e) / 2 + 1;
    for (let t = s; t <= e; t++) ranks[idx[t]] = r;
    s = e + 1;
  }
}

/** Paired bootstrap p of a difference: resampled differences centred on the observed one, two-sided. */
export function bootstrapP(observed: number, resampled: ArrayLike<number>): number {
  let k = 0;
  let B = 0;
  for (let i = 0; i < resampled.length; i++) {
    const d = resampled[i];
    if (!Number.isFinite(d)) continue;
    B++;
    if (Math.abs(d - observed) >= Math.abs(observed) - EQ) k++;
  }
  return B > 0 && Number.isFinite(observed) ? k / B : NaN;
}

/**
 * WMT's greedy significance clusters. `ranked` runs from the best statistic down; `worse(a, b)` says whether b
 * (ranked below a) is significantly worse than a. Walking down the ranking, a metric opens a new cluster when it
 * is significantly worse than every metric of the current cluster; otherwise it joins it. Returns each ranked
 * metric's cluster, 1 for the top cluster. Tests run lazily: only the pairs the walk needs.
 */
export function significanceClusters(count: number, worse: (a: number, b: number) => boolean): number[] {
  const out: number[] = [];
  let start = 0;
  let cluster = 1;
  for (let k = 0; k < count; k++) {
    if (k > 0) {
      let all = true;
      for (let m = start; m < k && all; m++) all = worse(m, k);
      if (all) {
        cluster++;
        start = k;
      }
    }
    out.push(cluster);
  }
  return out;
}
