// Per-review scores as columns: one Float64Array each for Con, Comp and Rel. A τ step at 100,000 reviews fills three
// arrays instead of allocating 100,000 objects, the columns cross to a worker as they are, and a reader that wants
// one dimension gets it without a pass over the reviews. One-off paths (the CLI, a single change) may still hand
// objects; readers take either (`ItemScores`) and read through column() and scoreOf().
export interface ItemScore {
  con: number;
  comp: number;
  rel: number;
}

type Dimension = keyof ItemScore;

export interface ScoreColumns {
  con: Float64Array;
  comp: Float64Array;
  rel: Float64Array;
}

/** Every review's Con/Comp/Rel, as objects or as columns. */
export type ItemScores = readonly ItemScore[] | ScoreColumns;

export const isColumns = (s: ItemScores): s is ScoreColumns => !Array.isArray(s);

export function emptyColumns(n: number): ScoreColumns {
  return { con: new Float64Array(n), comp: new Float64Array(n), rel: new Float64Array(n) };
}

/** One dimension of every review: the column itself (no copy) where the scores are columns. */
export function column(s: ItemScores, d: Dimension): ArrayLike<number> {
  return isColumns(s) ? s[d] : s.map((x) => x[d]);
}

/** Review k's scores (an object made on demand: for a row on screen, never for a pass over all reviews). */
export function scoreOf(s: ItemScores, k: number): ItemScore {
  return isColumns(s) ? { con: s.con[k], comp: s.comp[k], rel: s.rel[k] } : s[k];
}

/** Columns of any scores (the same arrays where they already are columns). */
export function columnsOf(s: ItemScores): ScoreColumns {
  if (isColumns(s)) return s;
  const c = emptyColumns(s.length);
  s.forEach((x, k) => {
    c.con[k] = x.con;
    c.comp[k] = x.comp;
    c.rel[k] = x.rel;
  });
  return c;
}

/** One object per review (tests, and the few one-off readers that want rows). */
export function rowsOf(s: ItemScores): ItemScore[] {
  if (!isColumns(s)) return [...s];
  const out: ItemScore[] = new Array(s.con.length);
  for (let k = 0; k < out.length; k++) out[k] = { con: s.con[k], comp: s.comp[k], rel: s.rel[k] };
  return out;
}
