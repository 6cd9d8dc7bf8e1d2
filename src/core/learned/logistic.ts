// L2-regularised logistic regression by Newton's method (IRLS) on standardised features. Written here rather than
// taken from npm: the candidates (ml-logistic-regression, ...) train by gradient descent with a learning rate and an
// iteration budget, so the weights depend on those knobs; Newton's method on ~20 features converges to the unique
// optimum in a few exact steps, identically in Node and the browser, with no dependency.

export interface LogisticModel {
  /** Per feature: mean and scale used to standardise (scale 1 where a feature is constant). */
  mean: number[];
  scale: number[];
  /** Per standardised feature. */
  coefficients: number[];
  intercept: number;
}

export interface TrainOptions {
  /** L2 penalty on the coefficients (not the intercept), on standardised features. */
  l2?: number;
  maxIterations?: number;
  /** Features to leave out (their coefficient is fixed at 0): ablations. */
  drop?: ReadonlySet<number>;
}

export const DEFAULT_L2 = 1;

/** Train on `n` rows of `f` features (row-major) with 0/1 labels. */
export function trainLogistic(x: Float64Array, y: ArrayLike<number>, f: number, o: TrainOptions = {}): LogisticModel {
  const n = y.length;
  const l2 = o.l2 ?? DEFAULT_L2;
  const keep = [...Array(f).keys()].filter((k) => !o.drop?.has(k));
  const mean = new Array<number>(f).fill(0);
  const scale = new Array<number>(f).fill(1);
  for (const k of keep) {
    let s = 0;
    for (let r = 0; r < n; r++) s += x[r * f + k];
    mean[k] = n > 0 ? s / n : 0;
    let v = 0;
    for (let r = 0; r < n; r++) v += (x[r * f + k] - mean[k]) ** 2;
    const sd = n > 1 ? Math.sqrt(v / (n - 1)) : 0;
    scale[k] = sd > 1e-12 ? sd : 1;
  }
  const d = keep.length + 1; // intercept last
  const z = new Float64Array(n * d);
  for (let r = 0; r < n; r++) {
    keep.forEach((k, c) => (z[r * d + c] = (x[r * f + k] - mean[k]) / scale[k]));
    z[r * d + d - 1] = 1;
  }
  const w = new Float64Array(d);
  for (let it = 0; it < (o.maxIterations ?? 50); it++) {
    const g = new Float64Array(d);
    const h = new Float64Array(d * d);
    for (let r = 0; r < n; r++) {
      let eta = 0;
      for (let c = 0; c < d; c++) eta += z[r * d + c] * w[c];
      const p = sigmoid(eta);
      const e = p - (y[r] > 0 ? 1 : 0);
      const v = Math.max(p * (1 - p), 1e-12);
      for (let a = 0; a < d; a++) {
        const za = z[r * d + a];
        g[a] += e * za;
        for (let b = 0; b <= a; b++) h[a * d + b] += v * za * z[r * d + b];
      }
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) h[b * d + a] = h[a * d + b];
    for (let a = 0; a < d - 1; a++) {
      g[a] += l2 * w[a];
      h[a * d + a] += l2;
    }
    h[(d - 1) * d + d - 1] += 1e-9; // keeps the system solvable when a class is absent
    const step = solve(h, g, d);
    let change = 0;
    for (let a = 0; a < d; a++) {
      w[a] -= step[a];
      change = Math.max(change, Math.abs(step[a]));
    }
    if (change < 1e-10) break;
  }
  const coefficients = new Array<number>(f).fill(0);
  keep.forEach((k, c) => (coefficients[k] = w[c]));
  return { mean, scale, coefficients, intercept: w[d - 1] };
}

export function sigmoid(t: number): number {
  return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}

/** Each standardised feature's contribution to the log-odds of one row (coefficient × standardised value). */
export function contributions(m: LogisticModel, row: ArrayLike<number>): number[] {
  return m.coefficients.map((c, k) => (c === 0 ? 0 : (c * (row[k] - m.mean[k])) / m.scale[k]));
}

export function predictRow(m: LogisticModel, row: ArrayLike<number>): number {
  let eta = m.intercept;
  for (let k = 0; k < m.coefficients.length; k++)
    if (m.coefficients[k] !== 0) eta += (m.coefficients[k] * (row[k] - m.mean[k])) / m.scale[k];
  return sigmoid(eta);
}

/** Gaussian elimination with partial pivoting (the Hessian is symmetric positive definite with the L2 term). */
function solve(a: Float64Array, b: Float64Array, d: number): Float64Array {
  const m = Float64Array.from(a);
  const v = Float64Array.from(b);
  for (let c = 0; c < d; c++) {
    let piv = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(m[r * d + c]) > Math.abs(m[piv * d + c])) piv = r;
    if (piv !== c) {
      for (let k = 0; k < d; k++) [m[c * d + k], m[piv * d + k]] = [m[piv * d + k], m[c * d + k]];
      [v[c], v[piv]] = [v[piv], v[c]];
    }
    const p = m[c * d + c] || 1e-12;
    for (let r = c + 1; r < d; r++) {
      const f = m[r * d + c] / p;
      if (f === 0) continue;
      for (let k = c; k < d; k++) m[r * d + k] -= f * m[c * d + k];
      v[r] -= f * v[c];
    }
  }
  const out = new Float64Array(d);
  for (let r = d - 1; r >= 0; r--) {
    let s = v[r];
    for (let k = r + 1; k < d; k++) s -= m[r * d + k] * out[k];
    out[r] = s / (m[r * d + r] || 1e-12);
  }
  return out;
}

/** Area under the ROC curve (Mann–Whitney, ties counted half); null without both classes. */
export function auc(scores: ArrayLike<number>, labels: ArrayLike<number>): number | null {
  const idx = Array.from({ length: scores.length }, (_, k) => k).sort((a, b) => scores[a] - scores[b]);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  for (let s = 0; s < idx.length; ) {
    let e = s;
    while (e + 1 < idx.length && scores[idx[e + 1]] === scores[idx[s]]) e++;
    const avg = (s + e) / 2 + 1;
    for (let k = s; k <= e; k++)
      if (labels[idx[k]] > 0) {
        pos++;
        rankSum += avg;
      } else neg++;
    s = e + 1;
  }
  if (pos === 0 || neg === 0) return null;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}
