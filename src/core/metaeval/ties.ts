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
// Ties in the optimum go to the smallest ε. `maxExactPairs: Infinity` (the meta-evaluation's epsSearch
// 'exhaustive') sweeps every pair at any size.
import { mulberry32 } from '../bootstrap.ts';
import { accCounts, accKernel, accPlan, lowerBound, TIE_SLACK } from './pairwise.ts';

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
  const total = groups.reduce((t, g) => t + pairsOf(g.x.length), 0);
  let base = 0;
  // Events: the ε at which a pair changes. A human tie becomes right (+), a correctly ordered pair becomes a
  // wrong tie (−); each pair weighs 1/(pairs of its group × groups), so the sum is the mean over groups.
  const posD = new Float64Array(total);
  const negD = new Float64Array(total);
  const posW = G > 1 ? new Float64Array(total) : null;
  const negW = G > 1 ? new Float64Array(total) : null;
  let np = 0;
  let nn = 0;
  for (const g of groups) {
    const n = g.x.length;
    const wg = 1 / (pairsOf(n) * G);
    for (let i = 0; i < n; i++) {
      const xi = g.x[i];
      const hi = g.h[i];
      for (let j = i + 1; j < n; j++) {
        const dx = g.x[j] - xi;
        const dh = g.h[j] - hi;
        const d = dx < 0 ? -dx : dx;
        if (d <= TIE_SLACK) {
          if (dh === 0) base += wg;
        } else if (dh === 0) {
          if (posW) posW[np] = wg;
          posD[np++] = d;
        } else if (dx > 0 === dh > 0) {
          base += wg;
          if (negW) negW[nn] = wg;
          negD[nn++] = d;
        }
      }
    }
  }
  // One group: every event weighs the same, so the two lists sort natively; several: sort with their weights.
  const sorted = (d: Float64Array, w: Float64Array | null, m: number): [Float64Array, Float64Array | null] => {
    if (!w) return [radixSortNonNegative(d.subarray(0, m)), null];
    const o = Uint32Array.from({ length: m }, (_, i) => i).sort((a, b) => d[a] - d[b]);
    return [Float64Array.from(o, (i) => d[i]), Float64Array.from(o, (i) => w[i])];
  };
  const [pd, pw] = sorted(posD, posW, np);
  const [nd, nw] = sorted(negD, negW, nn);
  return sweep(base, pd, pw, nd, nw, total);
}

/** acc_eq at every ε from the sorted events (weighted, or each 1/total), and the best ε. */
function sweep(base: number, pd: Float64Array, pw: Float64Array | null, nd: Float64Array, nw: Float64Array | null, total: number, scratch?: { eps: Float64Array; acc: Float64Array }): TieCalibration {
  const np = pd.length;
  const nn = nd.length;
  const w1 = 1 / total;
  const stepEps = scratch?.eps ?? new Float64Array(np + nn + 1);
  const stepAcc = scratch?.acc ?? new Float64Array(np + nn + 1);
  stepAcc[0] = base;
  let steps = 1;
  let cur = base;
  let best = 0;
  let i = 0;
  let j = 0;
  while (i < np || j < nn) {
    const eps = Math.min(i < np ? pd[i] : Infinity, j < nn ? nd[j] : Infinity);
    while (i < np && pd[i] <= eps + TIE_SLACK) cur += pw ? pw[i++] : (i++, w1);
    while (j < nn && nd[j] <= eps + TIE_SLACK) cur -= nw ? nw[j++] : (j++, w1);
    stepEps[steps] = eps;
    stepAcc[steps] = cur;
    if (cur > stepAcc[best] + 1e-12) best = steps;
    steps++;
  }
  return { eps: stepEps[best], acc: stepAcc[best], accAtZero: base, method: 'exact', candidates: steps, curve: thin(stepEps.subarray(0, steps), stepAcc.subarray(0, steps), best) };
}

/**
 * The pooled exact calibration on the training reviews of each fold (every review but those with fold[i] === f),
 * from one enumeration and one sort of the pairs' events: a fold's sorted events are the full sorted list less
 * the pairs touching it. Gives what calibrateTies gives on each training set, then (last, index `folds`) on all
 * the reviews; null where the pairs are too many for the exact sweep (then calibrate each on its own).
 */
export function calibrateFolds(x: ArrayLike<number>, h: ArrayLike<number>, fold: ArrayLike<number>, folds: number, o: TieOptions = {}): TieCalibration[] | null {
  const n = x.length;
  if (pairsOf(n) > (o.maxExactPairs ?? MAX_EXACT_PAIRS) || folds > 255) return null;
  const total = pairsOf(n);
  const posD = new Float64Array(total);
  const negD = new Float64Array(total);
  const posF = new Uint16Array(total);
  const negF = new Uint16Array(total);
  const baseCount = new Float64Array(folds * folds);
  // Enumerated by human level, each level sorted by metric, so no pair needs a branch on its kind: within a level
  // every pair beyond the metric ties is a human tie (+); across levels only the pairs the metric orders as the
  // humans do are events (−). The sweep reads only the sorted values and the fold codes, so the order of
  // enumeration changes no figure.
  const levels = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const k = h[i];
    if (!levels.has(k)) levels.set(k, []);
    levels.get(k)!.push(i);
  }
  const byLevel = [...levels.keys()].sort((a, b) => a - b).map((k) => {
    const idx = levels.get(k)!.sort((a, b) => x[a] - x[b]);
    return { x: Float64Array.from(idx, (i) => x[i]), f: Int32Array.from(idx, (i) => fold[i]) };
  });
  let np = 0;
  let nn = 0;
  for (let l = 0; l < byLevel.length; l++) {
    const { x: xl, f: fl } = byLevel[l];
    const m = xl.length;
    for (let a = 0; a < m; a++) {
      const xa = xl[a];
      const fa = fl[a] * folds;
      let b = a + 1;
      for (; b < m && xl[b] - xa <= TIE_SLACK; b++) baseCount[fa + fl[b]]++;
      for (; b < m; b++) {
        posF[np] = fa + fl[b];
        posD[np++] = xl[b] - xa;
      }
    }
    for (let u = l + 1; u < byLevel.length; u++) {
      const { x: xu, f: fu } = byLevel[u];
      const mu = xu.length;
      let b = 0;
      for (let a = 0; a < m; a++) {
        const xa = xl[a];
        const fa = fl[a] * folds;
        while (b < mu && xu[b] - xa <= TIE_SLACK) b++;
        for (let c = b; c < mu; c++) {
          const code = fa + fu[c];
          baseCount[code]++;
          negF[nn] = code;
          negD[nn++] = xu[c] - xa;
        }
      }
    }
  }
  const pd = posD.subarray(0, np);
  const nd = negD.subarray(0, nn);
  const pf = posF.subarray(0, np);
  const nf = negF.subarray(0, nn);
  radixSortNonNegative(pd, pf);
  radixSortNonNegative(nd, nf);
  const sizes = new Float64Array(folds + 1);
  for (let i = 0; i < n; i++) sizes[fold[i]]++;
  const keep = (c: number, f: number) => Math.floor(c / folds) !== f && c % folds !== f;
  const keepOf = new Uint8Array(folds * folds);
  // One buffer per event list and one for the sweep's steps, reused by every fold (no garbage per fold).
  const kept = [new Float64Array(np), new Float64Array(nn)];
  const steps = { eps: new Float64Array(np + nn + 1), acc: new Float64Array(np + nn + 1) };
  const pick = (d: Float64Array, codes: Uint16Array, f: number, out: Float64Array) => {
    if (f === folds) return d; // the in-sample calibration keeps every pair
    for (let c = 0; c < keepOf.length; c++) keepOf[c] = keep(c, f) ? 1 : 0;
    let m = 0;
    for (let k = 0; k < d.length; k++) {
      out[m] = d[k];
      m += keepOf[codes[k]];
    }
    return out.subarray(0, m);
  };
  const out: TieCalibration[] = [];
  for (let f = 0; f <= folds; f++) {
    const m = n - sizes[f];
    if (m < 2) {
      out.push({ eps: 0, acc: NaN, accAtZero: NaN, method: 'exact', candidates: 0, curve: [] });
      continue;
    }
    // As exactSweep on the training reviews alone: one group, each base pair adding 1/(its pairs).
    const wg = 1 / (pairsOf(m) * 1);
    let base = 0;
    for (let c = 0; c < baseCount.length; c++) if (keep(c, f)) for (let t = 0; t < baseCount[c]; t++) base += wg;
    out.push(sweep(base, pick(pd, pf, f, kept[0]), null, pick(nd, nf, f, kept[1]), null, pairsOf(m), steps));
  }
  return out;
}

// candidateSearch's sample of differences and the radix sort's buffers, reused (a pooled meta-evaluation calibrates
// each metric on every fold; one call at a time, nothing re-enters).
let sampleScratch = new Float64Array(0);
let radixDst = new Float64Array(0);
const radixCount = new Uint32Array(65536);

function candidateSearch(groups: readonly Group[], seed: number): TieCalibration {
  const plans = groups.map((g) => accPlan(g.x, g.h));
  const trees = plans.map((p) => new Float64Array(p.xs.length + 1));
  const kernels = plans.map((p) => accKernel(p, 0));
  const evalAt = (eps: number) => {
    let s = 0;
    plans.forEach((p, k) => {
      const c = accCounts(p, accKernel(p, eps, kernels[k]), undefined, trees[k]);
      s += c.right / c.pairs;
    });
    return s / plans.length;
  };
  // Seeded sample of pair differences, drawn across groups in proportion to their pairs.
  const rng = mulberry32(seed);
  const sizes = groups.map((g) => pairsOf(g.x.length));
  const tot = sizes.reduce((a, b) => a + b, 0);
  if (sampleScratch.length === 0) sampleScratch = new Float64Array(200_000);
  const sample = sampleScratch;
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
  // Positive doubles: the radix sort gives the comparison sort's array, several times faster.
  const diffs = radixSortNonNegative(sample.subarray(0, m));
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
  const lo = at <= 0 ? 0 : lowerBound(diffs, first[at - 1]);
  const hi = at < 0 || at >= first.length - 1 ? m : lowerBound(diffs, first[at + 1]) + 1;
  quantiles(lo, Math.min(m, hi), 24).forEach(visit);
  const [eps, acc] = bestOf();
  const curve = [...tried].sort((a, b) => a[0] - b[0]).map(([e, a]) => ({ eps: e, acc: a }));
  return { eps, acc, accAtZero: tried.get(0)!, method: 'candidates', candidates: tried.size, curve };
}

/**
 * Sorts non-negative doubles in place in O(n): their IEEE-754 bit patterns order as the numbers do, so an LSD
 * radix sort on four 16-bit digits sorts them (the engine's comparison sort takes ~10× longer on 10⁶ values).
 */
export function radixSortNonNegative(a: Float64Array, payload?: Uint16Array): Float64Array {
  const n = a.length;
  let src: Float64Array = a;
  // The scratch serves sorts up to the candidate search's sample; larger ones (the exact sweep's) get their own.
  if (radixDst.length < n && n <= 200_000) radixDst = new Float64Array(n);
  let dst: Float64Array = n <= radixDst.length ? radixDst.subarray(0, n) : new Float64Array(n);
  // A payload (one code per value) moves with its value.
  let psrc: Uint16Array | undefined = payload;
  let pdst: Uint16Array | undefined = payload ? new Uint16Array(n) : undefined;
  const count = radixCount;
  for (let pass = 0; pass < 4; pass++) {
    const u = new Uint32Array(src.buffer, src.byteOffset, n * 2);
    const word = pass < 2 ? 0 : 1;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(u[2 * i + word] >>> shift) & 0xffff]++;
    if (n === 0 || count[(u[word] >>> shift) & 0xffff] === n) continue; // one digit value: nothing to move
    let sum = 0;
    for (let k = 0; k < 65536; k++) {
      const c = count[k];
      count[k] = sum;
      sum += c;
    }
    if (psrc && pdst)
      for (let i = 0; i < n; i++) {
        const k = count[(u[2 * i + word] >>> shift) & 0xffff]++;
        dst[k] = src[i];
        pdst[k] = psrc[i];
      }
    else for (let i = 0; i < n; i++) dst[count[(u[2 * i + word] >>> shift) & 0xffff]++] = src[i];
    [src, dst] = [dst, src];
    [psrc, pdst] = [pdst, psrc];
  }
  if (src !== a) a.set(src);
  if (payload && psrc && psrc !== payload) payload.set(psrc);
  return a;
}


/** At most ~200 points of a step curve, keeping its first, last and best points. */
function thin(eps: Float64Array, acc: Float64Array, best: number): { eps: number; acc: number }[] {
  const n = eps.length;
  const stride = Math.max(1, Math.ceil(n / 200));
  const out: { eps: number; acc: number }[] = [];
  for (let k = 0; k < n; k++) if (k % stride === 0 || k === n - 1 || k === best) out.push({ eps: eps[k], acc: acc[k] });
  return out;
}

/** The tie options of a meta-evaluation's ε search ('exhaustive': the exact sweep at any number of pairs). */
export function epsTieOptions(search: 'search' | 'exhaustive', seed: number): TieOptions {
  return search === 'exhaustive' ? { seed, maxExactPairs: Infinity } : { seed };
}
