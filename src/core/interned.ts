// Rows packed for a worker: strings as a table of distinct values with an index per row, human scores as one
// Float64Array. Posting typed arrays costs the page a few copies; posting one object per row costs a structured
// clone of each.

/** The distinct values of `key` in first-seen order, and each row's index into them. */
export function interned(n: number, key: (k: number) => string): [string[], Int32Array] {
  const i = interner(n);
  for (let k = 0; k < n; k++) i.add(k, key(k));
  return [i.table, i.idx];
}

/** interned, fed a row at a time (in order), so a long column can be built over several tasks. */
export function interner(n: number): { table: string[]; idx: Int32Array; add(k: number, v: string): void } {
  const table: string[] = [];
  const at = new Map<string, number>();
  const idx = new Int32Array(n);
  let last: string | undefined;
  let lastId = 0;
  return {
    table,
    idx,
    add(k, v) {
      // A run of one value (a change's reviews are consecutive) is looked up once (150 ms saved at 86k rows).
      if (v !== last) {
        let id = at.get(v);
        if (id === undefined) at.set(v, (id = table.push(v) - 1));
        last = v;
        lastId = id;
      }
      idx[k] = lastId;
    },
  };
}

interface Triple {
  con: number;
  comp: number;
  rel: number;
}

/** Con, Comp, Rel three per row; NaN where a row has none (unscored). */
export function packedTriples(n: number, at: (k: number) => Triple | null | undefined): Float64Array {
  const out = new Float64Array(n * 3).fill(NaN);
  fillTriples(out, 0, n, at);
  return out;
}

/** packedTriples' rows [from, to) written into `out` (NaN-filled beforehand). */
export function fillTriples(out: Float64Array, from: number, to: number, at: (k: number) => Triple | null | undefined): void {
  for (let k = from; k < to; k++) {
    const t = at(k);
    if (!t) continue;
    out[3 * k] = t.con;
    out[3 * k + 1] = t.comp;
    out[3 * k + 2] = t.rel;
  }
}
