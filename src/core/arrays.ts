// Array helpers that hold for any length: Math.max(...xs) and xs.push(...ys) pass every element as an argument, and
// V8 refuses past about 125,000 of them ("Maximum call stack size exceeded"), so a dataset's column never goes
// through a spread. Pure.

/** The largest value (-Infinity for none), as Math.max(...xs) without the argument limit. */
export function maxOf(xs: Iterable<number>): number {
  let m = -Infinity;
  for (const x of xs) if (x > m || Number.isNaN(x)) m = x;
  return m;
}

/** The smallest value (Infinity for none), as Math.min(...xs) without the argument limit. */
export function minOf(xs: Iterable<number>): number {
  let m = Infinity;
  for (const x of xs) if (x < m || Number.isNaN(x)) m = x;
  return m;
}

/** Appends every item of `items` to `target` (as target.push(...items), for any length). */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const x of items) target.push(x);
}
