// Imported metrics' files (the meta-evaluation's "your metric's per-review scores"): parsed once and matched in a
// worker (scoresParse.worker.ts), once per file and run, and kept across a reload in Research's IndexedDB (its meta
// store, as the dataset is). The meta-evaluation regroups from the matched columns: the file is never read again,
// and the page never parses or matches it.
import * as Comlink from 'comlink';
import { matchMetricScores, parseMetricScores, unjudgedReviews, type ParsedScores, type ScoreKey, type ScoresCoverage, type TypedMetaMetric } from '../../core/metaeval/index';
import type { DatasetRow } from '../../core/dataset';
import { getMeta, putMeta } from '../research/researchCache';
import type { MatchedColumns, ScoresParseApi } from './scoresParse.worker';

/** One imported scores file: its metric name (the file's stem), the file's name, and the file itself. */
export interface MetricFile {
  name: string;
  file: string;
  blob: Blob;
}

/** A file whose columns the worker holds (under `token`). */
export interface MetricImport extends MetricFile {
  token: number;
}

/** An import matched against a run: its coverage and its metrics' columns (NaN: no value). */
export interface ImportedColumns {
  coverage: ScoresCoverage;
  metrics: TypedMetaMetric[];
}

let remote: Comlink.Remote<ScoresParseApi> | null = null;
let tokens = 0;
/** Where there are no workers (Node): the parsed files, matched on the calling thread by the same functions. */
const here = new Map<number, ParsedScores>();
const api = () => (remote ??= Comlink.wrap<ScoresParseApi>(new Worker(new URL('./scoresParse.worker.ts', import.meta.url), { type: 'module' })));
const hasWorker = () => typeof Worker !== 'undefined';

/** Reads and parses the file in the worker, which keeps its columns. */
export async function parseInWorker(f: MetricFile): Promise<MetricImport> {
  const token = ++tokens;
  if (hasWorker()) await api().parse(token, f.file, f.blob);
  else here.set(token, parseMetricScores(f.file, await f.blob.text()));
  return { name: f.name, file: f.file, blob: f.blob, token };
}

/** Lets the worker forget a removed file's columns. */
export function dropImport(m: MetricImport): void {
  if (hasWorker()) void api().drop(m.token);
  else here.delete(m.token);
}

/** The run the worker matches against: its reviews cross once per run, not once per file or regroup. */
let run: { keys: readonly ScoreKey[]; rows: readonly DatasetRow[] | null; id: number; sent: Promise<void> } | null = null;
let runs = 0;

function runOf(keys: readonly ScoreKey[], rows: readonly DatasetRow[] | null) {
  if (run?.keys === keys && run.rows === rows) return run;
  const id = ++runs;
  const unjudged = rows ? [...unjudgedReviews(rows)] : null;
  const sent = hasWorker()
    ? api().setRun(id, keys.map((k) => k.changeId), keys.map((k) => k.system), unjudged)
    : Promise.resolve();
  return (run = { keys, rows, id, sent });
}

const typed = (m: MatchedColumns): ImportedColumns => ({
  coverage: m.coverage,
  metrics: m.metrics.map((x) => ({ ...x, kind: 'imported' as const })),
});

const matched = new Map<number, { runId: number; out: Promise<ImportedColumns>; value?: ImportedColumns }>();

/**
 * An import matched against the run's reviews (`keys`) and the dataset's rows (for the reviews it does not judge):
 * once per file and run, then the same promise every time (a regroup reuses it).
 */
export function importedScores(m: MetricImport, keys: readonly ScoreKey[], rows: readonly DatasetRow[] | null): Promise<ImportedColumns> {
  const r = runOf(keys, rows);
  const hit = matched.get(m.token);
  if (hit && hit.runId === r.id) return hit.out;
  const entry: { runId: number; out: Promise<ImportedColumns>; value?: ImportedColumns } = { runId: r.id, out: Promise.resolve(null as never) };
  entry.out = hasWorker()
    ? r.sent.then(() => api().match(m.token, m.name, r.id)).then(typed)
    : Promise.resolve().then(() => {
        const x = matchMetricScores(m.name, here.get(m.token)!, keys, { unjudged: rows ? unjudgedReviews(rows) : undefined });
        return typed({ coverage: x.coverage, metrics: x.metrics.map((y) => ({ id: y.id, label: y.label, dim: y.dim ?? 'rel', values: Float64Array.from(y.values, (v) => (v === null ? NaN : v)) })) });
      });
  entry.out.then((v) => (entry.value = v)).catch(() => matched.get(m.token) === entry && matched.delete(m.token));
  matched.set(m.token, entry);
  return entry.out;
}

/** The matched columns where the match for this run is done (the scores export reads them), else null. */
export function importedScoresNow(m: MetricImport, keys: readonly ScoreKey[], rows: readonly DatasetRow[] | null): ImportedColumns | null {
  const hit = matched.get(m.token);
  return hit && run?.keys === keys && run.rows === rows && hit.runId === run.id ? (hit.value ?? null) : null;
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
