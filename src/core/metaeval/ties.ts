// Tie calibration (Deutsch et al. 2023): the ε below which metric differences count as ties, chosen to maximise
// acc_eq. acc_eq only changes where ε crosses the metric difference of some pair, so the candidates are the
// distinct |Δmetric| values (and 0).
//
// Method. The statistic is the mean of acc_eq over groups (one group when pooled, one per change when grouped by
// item, the system means at system level), every group with at least two reviews counting once.
//  - Exact sweep, when the groups hold at most `maxExactPairs` pairs (the default covers 2,000 pooled reviews):
//    every pair is an event at ε = |Δmetric|: a human tie becomes right, a pair the metric ordered correctly
//    becomes wrong; sorting the events and sweeping gives acc_eq at every candidate, and the best ε exactly.
//  - Candidate search, for more pairs (100,000 pooled reviews have 5·10⁹): the candidates are 48 quantiles of
//    |Δmetric| over 200,000 seeded random pairs, each evaluated exactly in O(n log n) (pairwise.ts); then 24
//    sampled differences between the best candidate's neighbours refine it. The ε is the best of the candidates
//    tried (an approximation of the optimum); the acc_eq reported at it is exact.
// Ties in the optimum go to the smallest ε.
import { mulberry32 } from '../bootstrap.ts';
import { accCounts, accPlan, TIE_SLACK } from './pairwise.ts';

export interface Group {
  x: ArrayLike<number>;
  h: ArrayLike<number>;
}

export interface TieCalibration {
  eps: number;
  /** Mean acc_eq over the groups at eps (in-sample). */
  acc: number;
  /** acc_eq at ε = 0, for comparison. */
  accAtZero: number;
  method: 'exact' | 'candidates';
  /** Candidates evaluated. */
  candidates: number;
  /** acc_eq against ε (at most ~200 points, ε ascending), for the plot. */
  curve: { eps: number; acc: number }[];
}

export interface TieOptions {
  maxExactPairs?: number;
  seed?: number;
}

const MAX_EXACT_PAIRS = 2_000_000;
const pairsOf = (n: number) => (n * (n - 1)) / 2;

/** Mean acc_eq over the groups with at least two reviews at ε (NaN when there is none). */
export function groupedAccEq(groups: readonly Group[], eps: number): number {
  let sum = 0;
  let k = 0;
  for (const g of groups) {
    if (g.x.length < 2) continue;
    const { right, pairs } = accCounts(accPlan(g.x, g.h), eps);
    sum += right / pairs;
    k++;
  }
  return k > 0 ? sum / k : NaN;
}

export function calibrateTies(groups: readonly Group[], o: TieOptions = {}): TieCalibration {
  const used = groups.filter((g) => g.x.length >= 2);
  const total = used.reduce((s, g) => s + pairsOf(g.x.length), 0);
  if (used.length === 0) return { eps: 0, acc: NaN, accAtZero: NaN, method: 'exact', candidates: 0, curve: [] };
  if (total <= (o.maxExactPairs ?? MAX_EXACT_PAIRS)) return exactSweep(used);
  return candidateSearch(used, o.seed ?? 1);
}

function exactSweep(groups: readonly Group[]): TieCalibration {
  const G = groups.length;
  let base = 0;
  // Events: ε at which a pair changes, and by how much (weight 1/(pairs × groups) so the sum is the mean).
  const posD: number[] = [];
  const posW: number[] = [];
  const negD: number[] = [];
  const negW: number[] = [];
  for (const g of groups) {
    const n = g.x.length;
    const wg = 1 / (pairsOf(n) * G);
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const dx = g.x[j] - g.x[i];
        const dh = g.h[j] - g.h[i];
        const d = Math.abs(dx);
        if (d <= TIE_SLACK) {
          if (dh === 0) base += wg;
        } else if (dh === 0) {
          posD.push(d);
          posW.push(wg);
        } else if (Math.sign(dx) === Math.sign(dh)) {
          base += wg;
          negD.push(d);
          negW.push(-wg);
        }
      }
  }
  const E = posD.length + negD.length;
  const d = new Float64Array(E);
  const dw = new Float64Array(E);
  d.set(posD);
  d.set(negD, posD.length);
  dw.set(posW);
  dw.set(negW, posW.length);
  const order = Uint32Array.from({ length: E }, (_, i) => i).sort((a, b) => d[a] - d[b]);
  const steps: { eps: number; acc: number }[] = [{ eps: 0, acc: base }];
  let cur = base;
  let best = { eps: 0, acc: base };
  for (let k = 0; k < E; ) {
    const eps = d[order[k]];
    while (k < E && d[order[k]] <= eps + TIE_SLACK) cur += dw[order[k++]];
    steps.push({ eps, acc: cur });
    if (cur > best.acc + 1e-12) best = { eps, acc: cur };
  }
  return { eps: best.eps, acc: best.acc, accAtZero: base, method: 'exact', candidates: steps.length, curve: thin(steps) };
}

function candidateSearch(groups: readonly Group[], seed: number): TieCalibration {
  const plans = groups.map((g) => accPlan(g.x, g.h));
  const trees = plans.map((p) => new Float64Array(p.xs.length + 1));
  const evalAt = (eps: number) => {
    let s = 0;
    plans.forEach((p, k) => {
      const c = accCounts(p, eps, undefined, trees[k]);
      s += c.right / c.pairs;
    });
    return s / plans.length;
  };
  // Seeded sample of pair differences, drawn across groups in proportion to their pairs.
  const rng = mulberry32(seed);
  const sizes = groups.map((g) => pairsOf(g.x.length));
  const tot = sizes.reduce((a, b) => a + b, 0);
  const sample = new Float64Array(200_000);
  let m = 0;
  for (let t = 0; t < sample.length; t++) {
    let r = rng() * tot;
    let g = 0;
    while (g < groups.length - 1 && r >= sizes[g]) r -= sizes[g++];
    const n = groups[g].x.length;
    const i = Math.floor(rng() * n);
    let j = Math.floor(rng() * (n - 1));
    if (j >= i) j++;
    const dd = Math.abs(groups[g].x[i] - groups[g].x[j]);
    if (dd > TIE_SLACK) sample[m++] = dd;
  }
  const diffs = sample.subarray(0, m).sort();
  const quantiles = (lo: number, hi: number, k: number) => {
    const out = new Set<number>();
    for (let q = 0; q < k; q++) if (hi > lo) out.add(diffs[lo + Math.floor(((hi - lo - 1) * q) / Math.max(1, k - 1))]);
    return [...out];
  };
  const tried = new Map<number, number>();
  const visit = (eps: number) => {
    if (!tried.has(eps)) tried.set(eps, evalAt(eps));
  };
  visit(0);
  const first = quantiles(0, m, 48).sort((a, b) => a - b);
  first.forEach(visit);
  const bestOf = () => [...tried].reduce((b, e) => (e[1] > b[1] + 1e-12 || (Math.abs(e[1] - b[1]) <= 1e-12 && e[0] < b[0]) ? e : b));
  const [b0] = bestOf();
  const at = first.indexOf(b0);
  const lo = at <= 0 ? 0 : lowerIndex(diffs, first[at - 1]);
  const hi = at < 0 || at >= first.length - 1 ? m : lowerIndex(diffs, first[at + 1]) + 1;
  quantiles(lo, Math.min(m, hi), 24).forEach(visit);
  const [eps, acc] = bestOf();
  const curve = [...tried].sort((a, b) => a[0] - b[0]).map(([e, a]) => ({ eps: e, acc: a }));
  return { eps, acc, accAtZero: tried.get(0)!, method: 'candidates', candidates: tried.size, curve };
}

function lowerIndex(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** At most ~200 points of a step curve, keeping its first, last and best points. */
function thin(steps: { eps: number; acc: number }[]): { eps: number; acc: number }[] {
  if (steps.length <= 200) return steps;
  const stride = Math.ceil(steps.length / 200);
  const best = steps.reduce((b, s) => (s.acc > b.acc ? s : b));
  const out = steps.filter((_, k) => k % stride === 0 || k === steps.length - 1);
  if (!out.includes(best)) out.push(best);
  return out.sort((a, b) => a.eps - b.eps);
}
