// What the PERM-BOTH kernel tests compute from scratch, shared by them: a permutation's mixed vector and the
// z-scores the kernels' 'none' normalisation stands for.

/** Side `side` of a permutation: a's value where the swap mask says that side, b's elsewhere. */
export const mixed = (a: Float64Array, b: Float64Array, sw: Uint8Array, side: number): number[] => Array.from(a, (v, i) => (sw[i] === side ? v : b[i]));

/** The values as z-scores (population sd; 1 where constant), with the sd. */
export function zScores(v: Float64Array): { z: Float64Array; sd: number } {
  let m = 0;
  for (const t of v) m += t;
  m /= v.length;
  let ss = 0;
  for (const t of v) ss += (t - m) ** 2;
  const sd = Math.sqrt(ss / v.length) || 1;
  return { z: Float64Array.from(v, (t) => (t - m) / sd), sd };
}
