// Autosave to IndexedDB: every change is written shortly after it happens and on page hide;
// a failed write (quota, private mode) is reported, never swallowed, and the in-memory work stays.
// IndexedDB is asynchronous, so a page that goes away (a reload within the save delay, or while storage refuses
// writes) also leaves a synchronous copy of its unsaved sessions in localStorage, merged back on the next load.
import { openDB, type IDBPDatabase } from 'idb';
import { create } from 'zustand';
import { setAside } from '../shared/quarantine';
import { exampleSessions, type Session } from './session';
import { storedSessionProblem } from './sessionFile';
import { useSessions } from './sessions';

const DB_NAME = 'crscore-studio';
const DB_VERSION = 1;

export type SaveState = { state: 'idle' | 'saving' | 'saved' | 'error'; message?: string; at?: number };
export const useSaveStatus = create<SaveState>()(() => ({ state: 'idle' }));

let dbPromise: Promise<IDBPDatabase> | null = null;
function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, DB_VERSION, {
    upgrade(d) {
      if (!d.objectStoreNames.contains('sessions')) d.createObjectStore('sessions', { keyPath: 'id' });
      if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta');
    },
  });
  return dbPromise;
}

const UNSAVED_KEY = 'crscore.unsaved-sessions';
interface Unsaved {
  sessions: Session[];
  order: string[];
  activeId: string | null;
}

/** Writes the sessions changed since the last successful save, synchronously (the page is going away). */
function stashUnsaved(): void {
  const { sessions, order, activeId, hydrated } = useSessions.getState();
  if (!hydrated) return;
  const changed = Object.values(sessions).filter((s) => lastSaved.get(s.id) !== s);
  if (!changed.length) return;
  try {
    localStorage.setItem(UNSAVED_KEY, JSON.stringify({ sessions: changed, order, activeId } satisfies Unsaved));
  } catch {
    // localStorage refuses too: the beforeunload prompt has warned.
  }
}

function readUnsaved(): Unsaved | null {
  try {
    const u = JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? 'null') as Unsaved | null;
    return u && Array.isArray(u.sessions) && Array.isArray(u.order) ? { ...u, sessions: drawable(u.sessions, 'the copy made on leaving the page') } : null;
  } catch {
    return null;
  }
}

/** Only sessions the workbench can draw: a damaged record is set aside (downloadable), never used or lost. */
function drawable(list: unknown[], where: string, setAsideIds: string[] = []): Session[] {
  return list.filter((s): s is Session => {
    const problem = storedSessionProblem(s);
    if (!problem) return true;
    const id = s && typeof s === 'object' ? (s as { id?: unknown }).id : undefined;
    if (typeof id === 'string' || typeof id === 'number') setAsideIds.push(String(id));
    const name = s && typeof s === 'object' && typeof (s as Session).name === 'string' ? `“${(s as Session).name}”` : '(no name)';
    setAside(`a saved workbench session ${name} (${where})`, problem, s, 'crscore-session-set-aside.json');
    return false;
  });
}

/** The stored sessions with the unsaved copies on top (the newer of the two wins). */
function withUnsaved(list: Session[], order: string[], activeId: string | null, u: Unsaved | null): Unsaved {
  if (!u) return { sessions: list, order, activeId };
  const byId = new Map(list.map((s) => [s.id, s]));
  for (const s of u.sessions) if ((byId.get(s.id)?.updatedAt ?? -Infinity) <= s.updatedAt) byId.set(s.id, s);
  return { sessions: [...byId.values()], order: u.order, activeId: u.activeId };
}

/** Loads saved sessions, or seeds the paper's examples on a first visit. */
export async function restoreSessions(): Promise<void> {
  const unsaved = readUnsaved();
  try {
    const d = await db();
    const [list, order, activeId, seeded] = await Promise.all([
      d.getAll('sessions') as Promise<Session[]>,
      d.get('meta', 'order') as Promise<string[] | undefined>,
      d.get('meta', 'activeId') as Promise<string | undefined>,
      d.get('meta', 'seeded') as Promise<boolean | undefined>,
    ]);
    if (!seeded && list.length === 0 && !unsaved) {
      const ex = exampleSessions();
      useSessions.getState().hydrate(ex, ex.map((s) => s.id), ex[0]?.id ?? null);
      await d.put('meta', true, 'seeded');
      return;
    }
    const badIds: string[] = [];
    const all = withUnsaved(drawable(list, 'browser storage', badIds), Array.isArray(order) ? order : [], typeof activeId === 'string' ? activeId : null, unsaved);
    // Set aside (kept in the notice), so not set aside again on every load.
    await Promise.all(badIds.map((id) => d.delete('sessions', id).catch(() => undefined)));
    useSessions.getState().hydrate(all.sessions, all.order, all.activeId);
  } catch (e) {
    // No IndexedDB (e.g. some private modes): work in memory and say so.
    const ex = exampleSessions();
    const all = withUnsaved(ex, ex.map((s) => s.id), ex[0]?.id ?? null, unsaved);
    useSessions.getState().hydrate(all.sessions, all.order, all.activeId);
    useSaveStatus.setState({ state: 'error', message: `Cannot open browser storage (${errText(e)}); work is kept only until you close the tab. Export sessions to keep them.` });
  }
}

function errText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

let lastSaved = new Map<string, Session>();
let lastOrder: string[] = [];
let lastActive: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;

async function flush(): Promise<void> {
  timer = null;
  const { sessions, order, activeId, hydrated } = useSessions.getState();
  if (!hydrated) return;
  const changed = Object.values(sessions).filter((s) => lastSaved.get(s.id) !== s);
  const removed = [...lastSaved.keys()].filter((id) => !sessions[id]);
  if (!changed.length && !removed.length && order === lastOrder && activeId === lastActive) return;
  useSaveStatus.setState({ state: 'saving' });
  try {
    const d = await db();
    const tx = d.transaction(['sessions', 'meta'], 'readwrite');
    const st = tx.objectStore('sessions');
    await Promise.all([
      ...changed.map((s) => st.put(s)),
      ...removed.map((id) => st.delete(id)),
      tx.objectStore('meta').put(order, 'order'),
      tx.objectStore('meta').put(activeId, 'activeId'),
      tx.objectStore('meta').put(true, 'seeded'),
    ]);
    await tx.done;
    lastSaved = new Map(Object.values(sessions).map((s) => [s.id, s]));
    lastOrder = order;
    lastActive = activeId;
    useSaveStatus.setState({ state: 'saved', at: Date.now(), message: undefined });
    // The copy is obsolete once everything it could hold is saved (not merely what this flush wrote).
    if (Object.values(useSessions.getState().sessions).every((s) => lastSaved.get(s.id) === s)) {
      try {
        localStorage.removeItem(UNSAVED_KEY);
      } catch {
        // nothing to clean up where localStorage is unavailable
      }
    }
  } catch (e) {
    useSaveStatus.setState({
      state: 'error',
      message: `Autosave failed (${errText(e)}). Your work is still here; export the session to keep a copy, or free browser storage.`,
    });
  }
}

function schedule(delay = 250) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flush(), delay);
}

/** Starts autosaving (idempotent). Call after restoreSessions(). */
export function startAutosave(): void {
  if (started) return;
  started = true;
  const { sessions, order, activeId } = useSessions.getState();
  // What was restored is on disk already; seeded examples are not, so they save on first flush.
  lastOrder = order;
  lastActive = activeId;
  void sessions;
  useSessions.subscribe(() => schedule());
  schedule(0);
  const now = () => {
    stashUnsaved();
    if (timer) {
      clearTimeout(timer);
      void flush();
    }
  };
  addEventListener('pagehide', now);
  // While storage refuses the work, leaving the page would lose it: the browser asks first.
  addEventListener('beforeunload', (e) => {
    if (useSaveStatus.getState().state === 'error') e.preventDefault();
  });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && now());
}

/** Writes pending changes now (tests, export). */
export function saveNow(): Promise<void> {
  if (timer) clearTimeout(timer);
  return flush();
}
