// A run's items as columns, built once per run and shared by what reads them as numbers: the compute workers'
// statistics (researchCompute.itemsMeta) and the bootstrap's records (recordsPack.recordsBase). At 86k reviews each
// pass is tens of milliseconds of the page's thread; before, both built their own.
import type { EvalItem } from '../../core/evaluate';
import { fillTriples, interner } from '../../core/interned';

export interface ItemColumns {
  /** Human con, comp, rel per item; NaN where unscored. */
  human: Float64Array;
  systems: string[];
  system: Int32Array;
  langs: string[];
  lang: Int32Array;
  /** The items' change ids (rowId). */
  changes: string[];
  change: Int32Array;
}

const built = new WeakMap<readonly EvalItem[], ItemColumns>();

/** The columns of these items (the same object for the same items array: callers copy before transferring). */
export function itemColumns(items: readonly EvalItem[]): ItemColumns {
  let c = built.get(items);
  if (!c) {
    const b = builder(items);
    b.slice(0, items.length);
    built.set(items, (c = b.columns()));
  }
  return c;
}

/** Items per task when the columns are built ahead (a run's last stage): about 10 ms each on a slow machine. */
const SLICE = 20_000;

/** Builds (and keeps) the columns a slice of items per task, so the first reader finds them ready. */
export async function itemColumnsPaced(items: readonly EvalItem[], pause: () => Promise<void>): Promise<void> {
  if (built.has(items)) return;
  const b = builder(items);
  for (let a = 0; a < items.length; a += SLICE) {
    if (a > 0) await pause();
    b.slice(a, Math.min(items.length, a + SLICE));
  }
  built.set(items, b.columns());
}

function builder(items: readonly EvalItem[]) {
  const n = items.length;
  const systems = interner(n);
  const langs = interner(n);
  const changes = interner(n);
  const human = new Float64Array(n * 3).fill(NaN);
  return {
    slice(a: number, b: number) {
      for (let k = a; k < b; k++) {
        const it = items[k];
        systems.add(k, it.system);
        langs.add(k, it.lang);
        changes.add(k, it.rowId);
      }
      fillTriples(human, a, b, (k) => items[k].human);
    },
    columns: (): ItemColumns => ({ human, systems: systems.table, system: systems.idx, langs: langs.table, lang: langs.idx, changes: changes.table, change: changes.idx }),
  };
}
