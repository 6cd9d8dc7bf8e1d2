// Research's statistics in the compute workers (researchPool.ts): the correlations at one τ, the correlation-vs-τ
// curve (its τ values split over the workers) and the reference-based metrics (the reviews split over the workers).
// What a run's statistics need is sent to a worker once per run; scores travel as typed arrays.
import * as Comlink from 'comlink';
import type { DatasetRow } from '../../core/dataset';
import type { ScoreColumns } from '../../core/scoreColumns';
import type { RefMetricId } from '../../core/refmetrics/index';
import type { LinkAgreementOptions } from '../../core/links/agreement';
import type { LinkRule } from '../../core/links/links';
import { hasAnnotatorLinks, NO_ANNOTATOR_LINKS, oracleItemScores, type CorrRow, type CurvePoint, type LinkStage, type OracleSummary, type PreparedDataset } from './researchAnalysis';
import { flatten, flatScorer, itemsMeta, type Correlations, type FlatRefValues, type FlatScorer, type ItemsMeta, type RefPair } from './researchCompute';
import { ensureRun, nextTask, onWorker, slices, POOL_SIZE } from './researchPool';
import type { Results } from './researchRun';

export type RefValues = Partial<Record<RefMetricId, (number | null)[]>>;

/** A run as the workers know it: an id, and its meta and flat scorer made once (lazily). */
export interface StatsRun {
  id: number;
  results: Results;
  meta: () => ItemsMeta;
  scorer: () => FlatScorer;
}

let lastId = 0;
const once = <T>(f: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= f());
};

export function statsRun(results: Results): StatsRun {
  return { id: ++lastId, results, meta: once(() => itemsMeta(results.prepared.items)), scorer: once(() => flatScorer(results.scorer)) };
}

/** Agreement, CRScore's correlation rows and the per-language rows at these scores (worker 0); the run's meta is built in its own task. */
export async function correlationsIn(run: StatsRun, scores: ScoreColumns): Promise<Correlations> {
  await new Promise((r) => setTimeout(r, 0));
  await ensureRun(0, run.id, run.meta, null);
  // The columns are cloned (three array copies), not transferred: the page keeps showing them.
  return onWorker(0, (api) => api.correlations(run.id, scores));
}

/** Items per slice of the oracle's per-item scores on the page (each slice its own task). */
const ORACLE_SLICE = 10_000;

/**
 * The oracle's rows and system ranking (oracleSummary) in worker 0, or null without annotator links. Its 18
 * correlations over every review took the page's thread for over a second at 80,000 reviews; here only the
 * per-item scores are made on the page, a slice per task, and travel as typed arrays.
 */
export async function oracleIn(run: StatsRun, cancelled: () => boolean): Promise<OracleSummary | null> {
  const items = run.results.prepared.items;
  if (!hasAnnotatorLinks(items)) return null;
  const n = items.length;
  const f = { con: new Float64Array(n), comp: new Float64Array(n), rel: new Float64Array(n) };
  const has = new Uint8Array(n);
  for (let a = 0; a < n; a += ORACLE_SLICE) {
    await new Promise((res) => setTimeout(res, 0));
    if (cancelled()) return null;
    oracleItemScores(items.slice(a, a + ORACLE_SLICE)).forEach((x, j) => {
      if (!x) return;
      has[a + j] = 1;
      f.con[a + j] = x.con;
      f.comp[a + j] = x.comp;
      f.rel[a + j] = x.rel;
    });
  }
  await ensureRun(0, run.id, run.meta, null);
  return onWorker(0, (api) => api.oracle(run.id, f, has));
}

/** The curve at `taus`, a slice of τ values per worker; `progress` after each slice lands. */
export async function curveIn(run: StatsRun, taus: readonly number[], progress?: (done: number) => void): Promise<CurvePoint[]> {
  let done = 0;
  // More slices than workers, so the curve's progress moves and a slow worker does not hold the others back.
  const parts = slices(taus.length, POOL_SIZE * 4);
  // The run goes to each worker in a task of its own (its clone is tens of milliseconds at 83k).
  const sent: Promise<void>[] = [];
  for (let k = 0; k < Math.min(POOL_SIZE, parts.length); k++) {
    if (k > 0) await nextTask();
    sent.push(ensureRun(k, run.id, run.meta, run.scorer));
  }
  await Promise.all(sent);
  const out = await Promise.all(
    parts.map(async ([a, b], k) => {
      await ensureRun(k, run.id, run.meta, run.scorer);
      const pts = await onWorker(k, (api) => api.curve(run.id, taus.slice(a, b)));
      progress?.((done += b - a));
      return pts;
    }),
  );
  return out.flat();
}

/** The reference metrics of every review: typed (NaN where none), as the workers compute and read them, and as the views read them. */
export interface RefMetricValues {
  flat: FlatRefValues;
  values: RefValues;
}

/** Reviews per message to a worker: each message's clone is a task of its own (one slice per worker took 86 ms at 83k). */
const REF_SLICE = 5000;

/** The lexical reference-based metrics of every review, the reviews split over the workers (exactly refMetricValues). */
export async function refMetricsIn(p: PreparedDataset): Promise<RefMetricValues> {
  const pairs: RefPair[] = p.reviews.map((r) => [r.review.review ?? '', r.reference]);
  const pending: Promise<FlatRefValues>[] = [];
  for (const [k, [a, b]] of slices(pairs.length, Math.max(POOL_SIZE, Math.ceil(pairs.length / REF_SLICE))).entries()) {
    if (k > 0) await nextTask();
    const part = pairs.slice(a, b);
    pending.push(onWorker(k, (api) => api.refMetrics(part)));
  }
  const parts = await Promise.all(pending);
  // Joined a metric per task (each is a copy of typed arrays, then the views' form with null for none).
  const flat: FlatRefValues = {};
  const values: RefValues = {};
  for (const id of Object.keys(parts[0] ?? {}) as RefMetricId[]) {
    await nextTask();
    const all = new Float64Array(pairs.length);
    let at = 0;
    for (const part of parts) {
      all.set(part[id]!, at);
      at += part[id]!.length;
    }
    flat[id] = all;
    values[id] = nullsForNaN(all);
  }
  return { flat, values };
}

const nullsForNaN = (v: Float64Array): (number | null)[] => {
  const out = new Array<number | null>(v.length);
  for (let k = 0; k < v.length; k++) out[k] = Number.isNaN(v[k]) ? null : v[k];
  return out;
};

/** Reference metrics per dataset and split: computed once, when a view first needs them. */
const refCache = new WeakMap<readonly DatasetRow[], Map<string, Promise<RefMetricValues>>>();

export function cachedRefMetrics(rows: readonly DatasetRow[], split: string, p: PreparedDataset): Promise<RefMetricValues> {
  let bySplit = refCache.get(rows);
  if (!bySplit) refCache.set(rows, (bySplit = new Map()));
  let v = bySplit.get(split);
  if (!v) {
    v = refMetricsIn(p);
    bySplit.set(split, v);
    v.catch(() => bySplit.delete(split));
  }
  return v;
}

/** The reference metrics' correlation rows, in worker 0 (embedding cosine from the run's vectors, when it has them). */
export async function refRowsIn(run: StatsRun, ref: RefMetricValues): Promise<{ values: RefValues; rows: CorrRow[] }> {
  const embed = run.results.embedRef;
  const values: RefValues = embed ? { ...ref.values, embedCos: embed } : ref.values;
  const flat: FlatRefValues = embed ? { ...ref.flat, embedCos: Float64Array.from(embed, (x) => x ?? NaN) } : ref.flat;
  await ensureRun(0, run.id, run.meta, null);
  return { values, rows: await onWorker(0, (api) => api.refRows(run.id, flat)) };
}

const linkUploads = new WeakMap<StatsRun, Promise<void>>();

/** Items per message when the link agreement's worker receives a run (each message its own short task). */
const LINK_CHUNK = 2000;

/**
 * The run's link agreement with the annotators (metricLinkStage) in worker 0; items and matrices sent once per run.
 * Its report comes without the per-review rows (`report.reviews` is empty): the worst cases are picked in the worker.
 */
export async function linkStageIn(run: StatsRun, rule: LinkRule, o: LinkAgreementOptions & { worst?: number }): Promise<LinkStage> {
  const r = run.results;
  const items = r.prepared.items;
  if (!hasAnnotatorLinks(items)) return { available: false, reason: NO_ANNOTATOR_LINKS };
  // One upload per run at a time, shared by calls that overlap (two uploads at once would each add every chunk).
  let upload = linkUploads.get(run);
  if (!upload) {
    upload = (async () => {
      if (await onWorker(0, (api) => api.hasLinks(run.id))) return;
      await onWorker(0, (api) => api.setLinks(run.id));
      for (let k = 0; k < items.length; k += LINK_CHUNK) {
        await new Promise((res) => setTimeout(res, 0));
        // The chunk's matrices flattened with it (all 86k at once took 130 ms), and transferred.
        const m = flatten(r.matrices.slice(k, k + LINK_CHUNK));
        const buffers = [m.rows.buffer, m.cols.buffer, m.off.buffer, m.data.buffer] as ArrayBuffer[];
        await onWorker(0, (api) => api.addLinkItems(run.id, items.slice(k, k + LINK_CHUNK), Comlink.transfer(m, buffers)));
      }
    })();
    linkUploads.set(run, upload);
    // Shared while in flight only: a later call asks the worker again (Cancel ends the workers and what they held).
    void upload.then(
      () => linkUploads.delete(run),
      () => linkUploads.delete(run),
    );
  }
  await upload;
  return onWorker(0, (api) => api.linkStage(run.id, rule, o) as Promise<LinkStage>);
}
