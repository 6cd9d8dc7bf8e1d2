// The dataset picked in Teach's lesson "A high cosine is not 'addresses this claim'": its files, kept in IndexedDB
// so the lesson a teacher prepared is still there after a reload. Only this tab's own pick; Research keeps its own.
import { create } from 'zustand';
import { lazyDb, storageErrorText as errText } from '../shared/idbStores';

export interface LessonFile {
  name: string;
  text: string;
}

interface LessonDatasetState {
  files: LessonFile[] | null;
  /** False until the saved pick has been read (the lesson waits rather than flash the illustrations). */
  restored: boolean;
  /** Set when the browser refuses to keep the pick: it lasts until the tab closes. */
  saveError: string | null;
}

export const useLessonDataset = create<LessonDatasetState>()(() => ({ files: null, restored: false, saveError: null }));

const DB_NAME = 'crscore-teach';
const STORE = 'lesson';
const KEY = 'dataset';

const db = lazyDb(DB_NAME, [STORE]);

const isFiles = (v: unknown): v is LessonFile[] =>
  Array.isArray(v) && v.length > 0 && v.every((f) => f && typeof f === 'object' && typeof f.name === 'string' && typeof f.text === 'string');

let restoring: Promise<void> | null = null;
/** Reads the saved pick once; a stored value of another shape is ignored (the lesson shows its illustrations). */
export function restoreLessonDataset(): Promise<void> {
  restoring ??= (async () => {
    try {
      const v: unknown = await (await db()).get(STORE, KEY);
      // A pick made while reading wins over the saved one.
      if (isFiles(v) && !useLessonDataset.getState().files) useLessonDataset.setState({ files: v });
    } catch (e) {
      useLessonDataset.setState({ saveError: `Cannot open browser storage (${errText(e)}): a picked dataset lasts until this tab closes.` });
    } finally {
      useLessonDataset.setState({ restored: true });
    }
  })();
  return restoring;
}

async function write(files: LessonFile[] | null): Promise<void> {
  try {
    const d = await db();
    if (files) await d.put(STORE, files, KEY);
    else await d.delete(STORE, KEY);
    useLessonDataset.setState({ saveError: null });
  } catch (e) {
    useLessonDataset.setState({ saveError: `Could not keep the dataset in this browser (${errText(e)}): it lasts until this tab closes.` });
  }
}

/** Picks files for the lesson (kept across reloads), or forgets them (null). */
export function setLessonDataset(files: LessonFile[] | null): Promise<void> {
  useLessonDataset.setState({ files });
  return write(files);
}
