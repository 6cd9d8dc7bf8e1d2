// One way for a store to open its IndexedDB database: opened on first use, with its object stores made on
// upgrade, and a refused open (private mode, storage blocked) tried again next time rather than remembered.
import { openDB, type IDBPDatabase } from 'idb';

export function lazyDb(name: string, stores: readonly string[]): () => Promise<IDBPDatabase> {
  let p: Promise<IDBPDatabase> | null = null;
  return () => {
    if (p) return p;
    const opening = openDB(name, 1, {
      upgrade(d) {
        for (const s of stores) if (!d.objectStoreNames.contains(s)) d.createObjectStore(s);
      },
    });
    p = opening;
    opening.catch(() => {
      if (p === opening) p = null;
    });
    return opening;
  };
}

/** A storage error as a person reads it: its name and message. */
export const storageErrorText = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
