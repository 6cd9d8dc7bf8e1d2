// exp and log rounded to the nearest double, as glibc's (which CPython's math module calls) gives them in all but
// rare hard cases. V8's Math.exp and Math.log are fdlibm's and may be one unit in the last place off, which is
// enough to make a BLEU differ from NLTK's in its last digit. Computed in double-double arithmetic (Dekker 1971):
// about 100 bits, then rounded once.
type DD = readonly [number, number];

const SPLIT = 134217729; // 2^27 + 1
function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}
function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}
function split(a: number): DD {
  const c = SPLIT * a;
  const hi = c - (c - a);
  return [hi, a - hi];
}
function twoProd(a: number, b: number): DD {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}
function add(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  return quickTwoSum(s, e + a[1] + b[1]);
}
function mul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return quickTwoSum(p, e + a[0] * b[1] + a[1] * b[0]);
}
function divInt(a: DD, n: number): DD {
  const q1 = a[0] / n;
  const [p, pe] = twoProd(q1, n);
  const q2 = (a[0] - p - pe + a[1]) / n;
  return quickTwoSum(q1, q2);
}

const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];

/** exp(x) as a double-double, for |x| < 700. */
function expDD(x: number): DD {
  const k = Math.round(x / LN2[0]);
  // r = x − k·ln 2, then exp(r) = exp(r / 256)^256.
  let r = add([x, 0], mul([-k, 0], LN2));
  r = [r[0] / 256, r[1] / 256];
  let term: DD = [1, 0];
  let sum: DD = [1, 0];
  for (let n = 1; n <= 14; n++) {
    term = divInt(mul(term, r), n);
    sum = add(sum, term);
  }
  for (let i = 0; i < 8; i++) sum = mul(sum, sum);
  const scale = 2 ** k;
  return [sum[0] * scale, sum[1] * scale];
}

/** e^x rounded to the nearest double. */
export function crExp(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > 700) return Math.exp(x);
  const [hi, lo] = expDD(x);
  return hi + lo;
}

/** ln x rounded to the nearest double: one Newton step y + x·e^(−y) − 1 from V8's log, in double-double. */
export function crLog(x: number): number {
  if (!(x > 0) || !Number.isFinite(x) || x < 1e-300 || x > 1e300) return Math.log(x);
  const y = Math.log(x);
  const t = add(mul([x, 0], expDD(-y)), [-1, 0]);
  const [hi, lo] = add([y, 0], t);
  return hi + lo;
}
