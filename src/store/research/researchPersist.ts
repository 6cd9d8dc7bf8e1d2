// What the research view keeps across a reload (the research IndexedDB's meta store): the imported files, how far
// the last run got and with which configuration and engine, and the τ values set by hand per similarity.
// A write that fails (quota, private mode) never loses the run, and is said: useResearchSave holds the reason,
// and a generation marker in localStorage lets the next load tell when the saved dataset is older than the last
// one opened, so an older copy is never shown as if it were current.
import { create } from 'zustand';
import type { DatasetFile } from '../dataset/datasetFile';
import type { TauMemory } from '../../core/research/tau';
import type { RunConfig } from './researchConfig';
import type { RunEngine } from './researchEmbed';
import type { Mapping } from '../../core/humanData/index';
import { getMeta, putMeta } from './researchCache';
import { setAside } from '../shared/quarantine';
import { storageErrorText as errText } from '../shared/idbStores';

export interface SavedDataset {
  /** Large files are saved as their Blobs (IndexedDB keeps a Blob without the page reading it); saves before that hold texts. */
  files: DatasetFile[];
  /** Counts up with each dataset opened in this browser (see LatestDataset); absent in saves before it existed. */
  generation?: number;
  savedAt?: number;
  /** Set when the file is a human-scored table: a reload reads it again as humanImport did (not the importers). */
  human?: SavedHuman;
}

/** How a human-scored table was opened: its mapping (null: the layout recognised by its header) and the dimension judged. */
export interface SavedHuman {
  mapping: Mapping | null;
  from: 'graded-reviews' | 'guess' | 'saved' | 'edited';
  dimension: string;
}

/** The last dataset opened (or cleared), written synchronously before the IndexedDB save starts. */
export interface LatestDataset {
  generation: number;
  /** Null after "clear". */
  name: string | null;
  at: number;
}

export interface SavedRun {
  /** 'running': a reload cut it off (Resume continues); 'finished': its results come back after a reload. */
  state: 'running' | 'finished';
  /** The dataset generation the run belongs to: a run of another dataset is never restored onto this one. */
  generation?: number;
  config: RunConfig;
  done: number;
  total: number;
  engine?: RunEngine | null;
}

export interface Saved {
  dataset?: SavedDataset | null;
  run?: SavedRun | null;
  tau?: TauMemory | null;
  /** The engine each encoder similarity last ran with, so a run whose texts are all cached loads no model. */
  engines?: Record<string, RunEngine> | null;
}

/** Why the last write of each key failed (absent once a later write of it succeeded). */
export interface ResearchSave {
  failures: Partial<Record<keyof Saved | 'marker', string>>;
}
export const useResearchSave = create<ResearchSave>()(() => ({ failures: {} }));


function noteWrite(key: keyof Saved | 'marker', error: unknown | null) {
  const failures = { ...useResearchSave.getState().failures };
  if (error === null) {
    if (!(key in failures)) return;
    delete failures[key];
  } else failures[key] = errText(error);
  useResearchSave.setState({ failures });
}

const LATEST_KEY = 'crscore.research.latest-dataset';

export function readLatest(): LatestDataset | null {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(LATEST_KEY) ?? 'null') as LatestDataset | null;
    return v && typeof v.generation === 'number' && typeof v.at === 'number' ? v : null;
  } catch {
    return null;
  }
}

/** Marks a new dataset as the latest (synchronously) and returns its generation. */
export function markLatest(name: string | null, previous: number): number {
  const generation = Math.max(previous, readLatest()?.generation ?? 0) + 1;
  try {
    globalThis.localStorage?.setItem(LATEST_KEY, JSON.stringify({ generation, name, at: Date.now() } satisfies LatestDataset));
    noteWrite('marker', null);
  } catch (e) {
    noteWrite('marker', e);
  }
  return generation;
}

// Latest value wins, one write in flight per key: a run that reports progress per answer (llm-links: one per review)
// must not queue hundreds of writes, or its final 'finished' may still wait in the queue when the page reloads.
const latest = new Map<string, unknown>();
const writing = new Set<string>();

export function remember<K extends keyof Saved>(key: K, value: Saved[K]): void {
  latest.set(key, value ?? null);
  if (writing.has(key)) return;
  writing.add(key);
  void (async () => {
    while (latest.has(key)) {
      const v = latest.get(key);
      latest.delete(key);
      await putMeta(key, v).then(
        () => noteWrite(key, null),
        (e: unknown) => noteWrite(key, e),
      );
    }
    writing.delete(key);
  })();
}

export async function recall(): Promise<Saved> {
  const get = <T>(k: keyof Saved) =>
    getMeta<T>(k).catch((e: unknown) => {
      noteWrite(k, new Error(`cannot read the saved copy (${errText(e)})`));
      return undefined;
    });
  const [dataset, run, tau, engines] = await Promise.all([
    get<SavedDataset>('dataset'),
    get<SavedRun>('run'),
    get<TauMemory>('tau'),
    get<Record<string, RunEngine>>('engines'),
  ]);
  return { dataset, run, tau, engines };
}

/** A saved dataset as IndexedDB gave it back: files with a name and a text (or a Blob), or null. */
function savedFiles(d: unknown): DatasetFile[] | null {
  const files = (d as { files?: unknown } | null)?.files;
  const ok = (f: unknown) => {
    const o = f as { name?: unknown; text?: unknown; blob?: unknown } | null;
    return !!o && typeof o.name === 'string' && (typeof o.text === 'string' || (typeof Blob !== 'undefined' && o.blob instanceof Blob));
  };
  return Array.isArray(files) && files.length > 0 && files.every(ok) ? (files as DatasetFile[]) : null;
}

/** Reads a saved human-scored table again as its import did: null when it opened, else why not. */
export type HumanReopener = (file: DatasetFile, saved: SavedHuman) => Promise<string | null>;
// Registered by humanImport, which imports the research store (the store cannot import it back).
let reopener: HumanReopener | null = null;
export const setHumanReopener = (f: HumanReopener): void => void (reopener = f);

const when = (t: number | undefined) => (t ? new Date(t).toLocaleString() : 'an earlier visit');

/** A saved human-scored dataset opened again, or the note that says why it could not be. */
export async function reopenHuman(file: DatasetFile, saved: SavedHuman, savedAt?: number): Promise<string | null> {
  const why = reopener ? await reopener(file, saved).catch((e: unknown) => errText(e)) : 'the human-data import is not loaded';
  return why === null ? null : `The human-scored dataset ${file.name} saved on ${when(savedAt)} could not be read again (${why}): open it again to work on it.`;
}

/**
 * What a reload may bring back: the saved files (a malformed record is set aside, never used), the generation to
 * count on from, a note when the dataset opened last was never saved (so the older copy is not shown as current),
 * and the run only when it belongs to the saved dataset.
 */
export function checkSaved(saved: Saved): { files: DatasetFile[] | null; human: SavedHuman | null; generation: number; note: string | null; run: SavedRun | null } {
  const latest = readLatest();
  let files = savedFiles(saved.dataset);
  if (saved.dataset && !files) {
    setAside('the saved Research dataset', 'it is not a list of files with names and texts', saved.dataset, 'crscore-research-dataset-set-aside.json');
    remember('dataset', null);
  }
  const savedGen = saved.dataset?.generation ?? 0;
  const generation = Math.max(savedGen, latest?.generation ?? 0);
  let note: string | null = null;
  if (latest && latest.generation > savedGen) {
    if (latest.name === null) files = null; // cleared here, but the clearing was not saved
    else
      note = files
        ? `The dataset opened last (${latest.name}, ${when(latest.at)}) could not be saved in this browser. Shown below is the older copy saved on ${when(saved.dataset?.savedAt)}: open ${latest.name} again to work on it.`
        : `The dataset opened last (${latest.name}, ${when(latest.at)}) could not be saved in this browser: open it again to work on it.`;
  }
  const run = saved.run && (saved.run.generation ?? savedGen) === savedGen ? saved.run : null;
  const h = saved.dataset?.human;
  const human = files && h && typeof h.dimension === 'string' && typeof h.from === 'string' ? h : null;
  return { files, human, generation, note, run };
}
