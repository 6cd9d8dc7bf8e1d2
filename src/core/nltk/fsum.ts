// Python's math.fsum: the correctly rounded sum of floats (Shewchuk's exact partials, as CPython's msum).
export function fsum(values: Iterable<number>): number {
  const partials: number[] = [];
  let special = 0;
  let inf = 0;
  for (let x of values) {
    if (!Number.isFinite(x)) {
      special = Number.isNaN(x) ? NaN : special;
      inf += x;
      continue;
    }
    let i = 0;
    for (let y of partials) {
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
  }
  if (Number.isNaN(special) || Number.isNaN(inf)) return NaN;
  if (inf !== 0) return inf;
  let n = partials.length;
  let hi = 0;
  if (n > 0) {
    hi = partials[--n];
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = partials[--n];
      hi = x + y;
      const yr = hi - x;
      lo = y - yr;
      if (lo !== 0) break;
    }
    // Round half-even across the remaining partials, as msum does.
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
      const y = lo * 2;
      const x = hi + y;
      const yr = x - hi;
      if (y === yr) hi = x;
    }
  }
  return hi;
}
