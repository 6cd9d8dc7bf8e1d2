// Imported metrics' files (the meta-evaluation's "your metric's per-review scores"): parsed once in a worker
// (scoresParse.worker.ts), matched against the run's reviews once per run, and kept across a reload in Research's
// IndexedDB (its meta store, as the dataset is). The meta-evaluation regroups and restatistics from the matched
// columns: the file is never read again.
import * as Comlink from 'comlink';
import { matchMetricScores, parseMetricScores, unjudgedReviews, type ImportedScores, type ParsedScores, type ScoreKey, type Unjudged } from '../core/metaeval/index';
import type { DatasetRow } from '../core/dataset';
import { getMeta, putMeta } from './researchCache';
import type { ScoresParseApi } from './scoresParse.worker';

/** One imported scores file: its metric name (the file's stem), the file's name, and the file itself. */
export interface MetricFile {
  name: string;
  file: string;
  blob: Blob;
}

/** A file and its parsed columns. */
export interface MetricImport extends MetricFile {
  parsed: ParsedScores;
}

let worker: Comlink.Remote<ScoresParseApi> | null = null;

/** The file's columns, parsed in a worker (on the calling thread where there are no workers, as in Node). */
export async function parseInWorker(f: MetricFile): Promise<MetricImport> {
  if (typeof Worker === 'undefined') return { ...f, parsed: parseMetricScores(f.file, await f.blob.text()) };
  worker ??= Comlink.wrap<ScoresParseApi>(new Worker(new URL('./scoresParse.worker.ts', import.meta.url), { type: 'module' }));
  return { ...f, parsed: await worker.parse(f.file, f.blob) };
}

const matched = new WeakMap<ParsedScores, { keys: readonly ScoreKey[]; rows: readonly DatasetRow[] | null; out: ImportedScores }>();
let unjudgedMemo: { rows: readonly DatasetRow[]; map: Map<string, Unjudged> } | null = null;

/**
 * An import matched against the run's reviews (`keys`) and the dataset's rows (for the reviews it does not judge):
 * computed once per parsed file and run, then the same object every time (a regroup reuses it).
 */
export function importedScores(m: MetricImport, keys: readonly ScoreKey[], rows: readonly DatasetRow[] | null): ImportedScores {
  const hit = matched.get(m.parsed);
  if (hit && hit.keys === keys && hit.rows === rows) return hit.out;
  if (rows && unjudgedMemo?.rows !== rows) unjudgedMemo = { rows, map: unjudgedReviews(rows) };
  const out = matchMetricScores(m.name, m.parsed, keys, { unjudged: rows ? unjudgedMemo!.map : undefined });
  matched.set(m.parsed, { keys, rows, out });
  return out;
}

const KEY = 'metricImports';

/** What the meta store keeps: the files, and the dataset they were imported for. */
interface SavedImports {
  dataset: string | null;
  files: MetricFile[];
}

/** Saves the files (a failed write loses nothing on screen; the next import or removal writes again). */
export function saveImports(dataset: string | null, files: readonly MetricFile[]): Promise<void> {
  const value: SavedImports = { dataset, files: files.map(({ name, file, blob }) => ({ name, file, blob })) };
  return putMeta(KEY, value).catch(() => undefined);
}

/** The files saved for this dataset (none for another one, or where the saved record is not a list of files). */
export async function savedImports(dataset: string | null): Promise<MetricFile[]> {
  const v = (await getMeta<SavedImports>(KEY).catch(() => undefined)) as Partial<SavedImports> | undefined;
  if (!v || v.dataset !== dataset || !Array.isArray(v.files)) return [];
  return v.files.filter((f): f is MetricFile => !!f && typeof f.name === 'string' && typeof f.file === 'string' && f.blob instanceof Blob);
}
