// Autosave of the annotation workspace: IndexedDB (idb) at most 200 ms after each change, at once when the page
// is hidden or left, plus a synchronous localStorage copy on leaving (an IndexedDB write started while the
// page unloads may not finish). On start the newer of the two wins, so a reload or a crash loses nothing
// older than the debounce.
import { create } from 'zustand';
import { annotationItemsProblem } from '../../core/annotationCheck';
import { useAnnotation, type Cursor, type Draft, type Project } from './annotation';
import { setAside } from '../shared/quarantine';
import { lazyDb, storageErrorText as errText } from '../shared/idbStores';

const DB_NAME = 'crscore-annotate';
const STORE = 'workspace';
const KEY = 'current';
const BACKUP_KEY = 'crscore-annotate-backup';
export const SAVE_DELAY_MS = 200;

interface Saved {
  project: Project | null;
  cursor: Cursor;
  /** A pseudo-reference typed but not added yet (absent in saves made before drafts were kept). */
  draft?: Draft | null;
  savedAt: number;
}

export type AnnotationSave = { state: 'idle' | 'saving' | 'saved' | 'error'; at?: number; message?: string };
export const useAnnotationSave = create<AnnotationSave>()(() => ({ state: 'idle' }));

const db = lazyDb(DB_NAME, [STORE]);

function snapshot(): Saved {
  const { project, cursor, draft } = useAnnotation.getState();
  return { project, cursor, draft, savedAt: Date.now() };
}

function readBackup(): Saved | null {
  try {
    const raw = localStorage.getItem(BACKUP_KEY);
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
}

const stamp = (s: Saved | null | undefined) => (typeof s?.savedAt === 'number' ? s.savedAt : -1);

/** What is wrong with a saved workspace, or null when the app can draw from it. */
function savedProblem(s: unknown): string | null {
  if (!s || typeof s !== 'object' || Array.isArray(s)) return 'it is not an object';
  const { project, cursor } = s as Record<string, unknown>;
  if (cursor != null && (typeof cursor !== 'object' || Array.isArray(cursor))) return 'its cursor is not an object';
  if (project === null || project === undefined) return null;
  if (typeof project !== 'object' || Array.isArray(project)) return 'its project is not an object';
  const p = project as Record<string, unknown>;
  if (typeof p.annotator !== 'string' || typeof p.source !== 'string') return 'its project has no annotator or source';
  return annotationItemsProblem(p.items);
}

/** A saved copy the app cannot draw from is set aside (downloadable from the notice at the top), never used. */
function usable(s: Saved | null | undefined, where: string): Saved | null {
  if (s == null) return null;
  const problem = savedProblem(s);
  if (!problem) return s;
  setAside(`the saved annotation workspace (${where})`, problem, s, 'crscore-annotation-set-aside.json');
  return null;
}

/** Loads the saved workspace (the newer of IndexedDB and the unload copy). Idempotent. */
let restoring: Promise<void> | null = null;
export function restoreAnnotation(): Promise<void> {
  restoring ??= (async () => {
    let fromDb: Saved | undefined;
    // Checked before use: a damaged save must not break the view on every visit.
    try {
      fromDb = (await (await db()).get(STORE, KEY)) as Saved | undefined;
    } catch (e) {
      useAnnotationSave.setState({ state: 'error', message: `Cannot open browser storage (${errText(e)}). Your work stays only until the tab closes: export it.` });
    }
    const dbCopy = usable(fromDb, 'browser storage');
    const backup = usable(readBackup(), 'the copy made on leaving the page');
    const best = stamp(backup) > stamp(dbCopy) ? backup : (dbCopy ?? backup);
    useAnnotation.getState().hydrate(best?.project ?? null, best?.cursor ?? null, best?.draft ?? null);
    startAutosave();
  })();
  return restoring;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;
let writing: Promise<void> = Promise.resolve();

async function write(): Promise<void> {
  timer = null;
  const snap = snapshot();
  useAnnotationSave.setState({ state: 'saving' });
  try {
    await (await db()).put(STORE, snap, KEY);
    useAnnotationSave.setState({ state: 'saved', at: Date.now(), message: undefined });
  } catch (e) {
    useAnnotationSave.setState({ state: 'error', message: `Autosave failed (${errText(e)}). Your work is still here: export it to keep a copy.` });
  }
}

function flushNow(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  writing = writing.then(write);
  return writing;
}

function startAutosave(): void {
  if (started) return;
  started = true;
  useAnnotation.subscribe((s, prev) => {
    if (s.project === prev.project && s.cursor === prev.cursor && s.draft === prev.draft) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flushNow(), SAVE_DELAY_MS);
  });
  const leaving = () => {
    try {
      localStorage.setItem(BACKUP_KEY, JSON.stringify(snapshot()));
    } catch {
      // Full or unavailable: the IndexedDB write below still runs.
    }
    if (timer) void flushNow();
  };
  addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leaving();
  });
}

/** Writes now (before an export, and for tests). */
export function saveAnnotationNow(): Promise<void> {
  return flushNow();
}
