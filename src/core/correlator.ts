// Spearman's ρ and Kendall's τ-b of many x columns against one fixed y: the correlation-vs-τ curve scores 101 τ
// against the same human scores. y's ranks and ties are computed once, and every buffer is reused, so a curve over
// 86k reviews allocates a few arrays instead of gigabytes of short-lived ones (the compute workers' memory grew by
// hundreds of megabytes over one curve). The numbers are spearman's and kendallTauB's, to the last digit.
import { kendallOf, pearson, rankAverage, spearmanOf, tieStats } from './stats.ts';
import type { Correlation } from './types.ts';

export interface Correlator {
  spearman(x: Float64Array): Correlation;
  kendall(x: Float64Array): Correlation;
}

export function correlator(y: readonly number[]): Correlator {
  const n = y.length;
  const yRanks = Float64Array.from(rankAverage(y));
  const yTies = tieStats(y.slice().sort((a, b) => a - b));
  const order = new Int32Array(n);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const scratch = new Float64Array(n);
  const check = (x: Float64Array) => {
    if (x.length !== n) throw new Error(`correlation: arrays differ in length (${x.length} vs ${n})`);
  };
  return {
    spearman(x) {
      check(x);
      // rankAverage(x) into `a`: tied values share the mean of the ranks they span.
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((p, q) => x[p] - x[q]);
      for (let i = 0; i < n; ) {
        let j = i;
        while (j + 1 < n && x[order[j + 1]] === x[order[i]]) j++;
        const r = (i + j) / 2 + 1;
        for (let k = i; k <= j; k++) a[order[k]] = r;
        i = j + 1;
      }
      return spearmanOf(pearson(a, yRanks), n);
    },
    kendall(x) {
      check(x);
      if (n < 2) return { r: NaN, p: NaN };
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((p, q) => x[p] - x[q] || y[p] - y[q]);
      for (let k = 0; k < n; k++) {
        a[k] = x[order[k]];
        b[k] = y[order[k]];
      }
      return kendallOf(a, b, yTies, scratch);
    },
  };
}
