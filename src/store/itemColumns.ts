// A run's items as columns, built once per run and shared by what reads them as numbers: the compute workers'
// statistics (researchCompute.itemsMeta) and the bootstrap's records (recordsPack.recordsBase). At 86k reviews each
// pass is tens of milliseconds of the page's thread; before, both built their own.
import type { EvalItem } from '../core/evaluate';
import { interned, packedTriples } from '../core/interned';

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
    const [systems, system] = interned(items.length, (k) => items[k].system);
    const [langs, lang] = interned(items.length, (k) => items[k].lang);
    const [changes, change] = interned(items.length, (k) => items[k].rowId);
    c = { human: packedTriples(items.length, (k) => items[k].human), systems, system, langs, lang, changes, change };
    built.set(items, c);
  }
  return c;
}
