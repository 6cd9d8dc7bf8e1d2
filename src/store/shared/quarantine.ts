// Stored values this build could not use, or that a view broke on, set aside instead of deleted: the person can
// download one (to repair it or send it in) or discard it. Kept in localStorage (newest first, at most 8, each up
// to 2 MB); a value too large for it stays in memory for this page only, and the notice says so.
import { create } from 'zustand';

export interface SetAsideItem {
  id: string;
  /** What it was, in words: "the saved linker weights", "the workbench session “Pickle fix”". */
  what: string;
  reason: string;
  at: number;
  /** The value as it was stored (JSON text), offered as a download. */
  text: string;
  fileName: string;
  /** False when localStorage refused it: it lasts until the tab closes. */
  kept: boolean;
}

const KEY = 'crscore.set-aside.v1';
const MAX_ITEMS = 8;
const MAX_CHARS = 2 << 20;

function read(): SetAsideItem[] {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is SetAsideItem => !!x && typeof x === 'object' && typeof (x as SetAsideItem).id === 'string' && typeof (x as SetAsideItem).text === 'string') : [];
  } catch {
    return [];
  }
}

function write(items: SetAsideItem[]): boolean {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(items.filter((x) => x.kept)));
    return true;
  } catch {
    return false;
  }
}

export const useSetAside = create<{ items: SetAsideItem[] }>()(() => ({ items: read() }));

const textOf = (value: unknown) => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (e) {
    return `(could not be written out: ${(e as Error).message})`;
  }
};

/** Sets a stored value aside and returns the record (the caller then clears the value from its own store). */
export function setAside(what: string, reason: string, value: unknown, fileName = 'crscore-set-aside.json'): SetAsideItem {
  const text = textOf(value);
  const item: SetAsideItem = { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, what, reason, at: Date.now(), text, fileName, kept: text.length <= MAX_CHARS };
  const items = [item, ...useSetAside.getState().items].slice(0, MAX_ITEMS);
  if (item.kept && !write(items)) item.kept = false;
  useSetAside.setState({ items: [...items] });
  return item;
}

export function discardSetAside(id: string): void {
  const items = useSetAside.getState().items.filter((x) => x.id !== id);
  write(items);
  useSetAside.setState({ items });
}
