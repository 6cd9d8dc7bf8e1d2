// Inter-annotator agreement: Cohen's κ for two coders on nominal codes, Krippendorff's α for any number of
// coders with missing values (nominal, ordinal or interval metric). Pure functions; NaN where undefined.

export interface Kappa {
  /** Cohen's κ = (po − pe) / (1 − pe); NaN when pe = 1 (both coders used one and the same code throughout) or n = 0. */
  kappa: number;
  /** Observed agreement: share of items coded alike. */
  po: number;
  /** Agreement expected by chance from each coder's own code frequencies. */
  pe: number;
  /** Items coded by both. */
  n: number;
}

/**
 * Cohen's κ over paired codes. Pairs where either side is null are left out (an item one coder skipped
 * tells nothing about agreement).
 */
export function cohenKappa<T extends string | number>(a: readonly (T | null)[], b: readonly (T | null)[]): Kappa {
  if (a.length !== b.length) throw new Error(`cohenKappa: ${a.length} codes vs ${b.length}`);
  const pa = new Map<T, number>();
  const pb = new Map<T, number>();
  let n = 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || y === null) continue;
    n++;
    if (x === y) same++;
    pa.set(x, (pa.get(x) ?? 0) + 1);
    pb.set(y, (pb.get(y) ?? 0) + 1);
  }
  if (n === 0) return { kappa: NaN, po: NaN, pe: NaN, n };
  let pe = 0;
  for (const [c, k] of pa) pe += (k / n) * ((pb.get(c) ?? 0) / n);
  const po = same / n;
  return { kappa: pe === 1 ? NaN : (po - pe) / (1 - pe), po, pe, n };
}

export type AlphaLevel = 'nominal' | 'ordinal' | 'interval';

export interface Alpha {
  /** α = 1 − Do/De; NaN when nothing is pairable or every pairable value is the same (De = 0). */
  alpha: number;
  /** Observed and expected disagreement. */
  do: number;
  de: number;
  /** Pairable values: values in units with at least two of them. */
  n: number;
  /** Units with at least two values. */
  units: number;
}

/**
 * Krippendorff's α. `units[u][c]` is coder c's value for unit u, null where missing. Built on the
 * coincidence matrix: every ordered pair of values within a unit of m values counts 1/(m − 1).
 * Ordinal distance (Krippendorff 2011): δ²(c,k) = (Σ_{g=c..k} n_g − (n_c + n_k)/2)², over the values used.
 */
export function krippendorffAlpha(units: readonly (readonly (number | null)[])[], level: AlphaLevel = 'nominal'): Alpha {
  const values = [...new Set(units.flatMap((u) => u.filter((v): v is number => v !== null)))].sort((x, y) => x - y);
  const idx = new Map(values.map((v, i) => [v, i]));
  const V = values.length;
  const o = Array.from({ length: V }, () => new Float64Array(V));
  let pairable = 0;
  for (const u of units) {
    const vs = u.filter((v): v is number => v !== null);
    const m = vs.length;
    if (m < 2) continue;
    pairable++;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) if (i !== j) o[idx.get(vs[i])!][idx.get(vs[j])!] += 1 / (m - 1);
  }
  const nc = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  if (n < 2) return { alpha: NaN, do: NaN, de: NaN, n: Math.round(n), units: pairable };
  const d2 = distance(values, nc, level);
  let dObs = 0;
  let dExp = 0;
  for (let c = 0; c < V; c++)
    for (let k = 0; k < V; k++) {
      dObs += o[c][k] * d2[c][k];
      dExp += nc[c] * nc[k] * d2[c][k];
    }
  const Do = dObs / n;
  const De = dExp / (n * (n - 1));
  return { alpha: De === 0 ? NaN : 1 - Do / De, do: Do, de: De, n: Math.round(n), units: pairable };
}

function distance(values: number[], nc: number[], level: AlphaLevel): number[][] {
  const V = values.length;
  return Array.from({ length: V }, (_, c) =>
    Array.from({ length: V }, (_, k) => {
      if (c === k) return 0;
      if (level === 'nominal') return 1;
      if (level === 'interval') return (values[c] - values[k]) ** 2;
      const [lo, hi] = c < k ? [c, k] : [k, c];
      let s = 0;
      for (let g = lo; g <= hi; g++) s += nc[g];
      return (s - (nc[lo] + nc[hi]) / 2) ** 2;
    }),
  );
}
