// What the research view keeps across a reload (the research IndexedDB's meta store): the imported files, how far
// the last run got and with which configuration and engine, and the τ values set by hand per similarity.
// Best effort: if these cannot be written, only the after-reload restore is lost, never the run.
import type { ImportFile } from '../core/importers/index';
import type { TauMemory } from '../core/research/tau';
import type { RunConfig } from './researchConfig';
import type { RunEngine } from './researchEmbed';
import { getMeta, putMeta } from './researchCache';

export interface SavedDataset {
  files: ImportFile[];
}

export interface SavedRun {
  /** 'running': a reload cut it off (Resume continues); 'finished': its results come back after a reload. */
  state: 'running' | 'finished';
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
      await putMeta(key, v).catch(() => undefined);
    }
    writing.delete(key);
  })();
}

export async function recall(): Promise<Saved> {
  const get = <T>(k: string) => getMeta<T>(k).catch(() => undefined);
  const [dataset, run, tau, engines] = await Promise.all([
    get<SavedDataset>('dataset'),
    get<SavedRun>('run'),
    get<TauMemory>('tau'),
    get<Record<string, RunEngine>>('engines'),
  ]);
  return { dataset, run, tau, engines };
}
