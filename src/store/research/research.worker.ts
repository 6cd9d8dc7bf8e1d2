// One of Research's compute workers (see researchPool.ts): the similarity matrices of a slice of changes, the
// reference-based metrics of a slice of reviews, the correlations at one τ and a slice of the correlation-vs-τ
// curve, and the metric lab's statistics (labPoolApi.ts), so none of them runs on the page's thread. What a run's
// statistics need (the items' human scores, systems and languages, and the scorer) is sent once per run and kept
// here under the run's id.
import * as Comlink from 'comlink';
import type { EvalItem } from '../../core/evaluate';
import type { LinkAgreementOptions } from '../../core/links/agreement';
import type { LinkRule } from '../../core/links/links';
import { rowsOf } from '../../core/scoreColumns';
import { metricLinkStage, oracleSummary, refMetricRows, type Scorer } from '../../core/research/index';
import type { SimilarityMatrix } from '../../core/types';
import { labApi } from './labPoolApi';
import { labRefApi } from './labRefApi';
import { loadPlusIdf } from '../shared/plusIdf';
import {
  correlationsAt,
  curvePart,
  joinRefValues,
  metaItems,
  scorerOf,
  sliceMatrices,
  sliceRefMetrics,
  sliceTransferables,
  unflatten,
  type FlatMatrices,
  type FlatRefValues,
  type FlatScorer,
  type FlatScores,
  type ItemsMeta,
  type MatrixItem,
  type RefPair,
} from './researchCompute';

let run: { id: number; items: EvalItem[]; scorer: Scorer | null } | null = null;
/** The link agreement's run: whole items (it reads the annotators' links and the sentences) and the matrices. */
let links: { id: number; items: EvalItem[]; matrices: SimilarityMatrix[] } | null = null;

const api = {
  // The metric lab's statistics (labPoolApi.ts), and its ROUGE-L and METEOR (labRefApi.ts).
  ...labApi,
  ...labRefApi,
  async matrices(kind: 'lexical' | 'tfidf', items: MatrixItem[], graded: boolean) {
    const out = sliceMatrices(kind, items, kind === 'tfidf' || graded ? await loadPlusIdf() : undefined, graded);
    return Comlink.transfer(out, sliceTransferables(out));
  },
  refMetrics(pairs: RefPair[]) {
    const out = sliceRefMetrics(pairs);
    return Comlink.transfer(out, Object.values(out).map((v) => v.buffer as ArrayBuffer));
  },
  /** The run the next calls are about (its meta once; its scorer when the curve is asked for). */
  setRun(id: number, meta: ItemsMeta, scorer: FlatScorer | null) {
    run = { id, items: metaItems(meta), scorer: scorer ? scorerOf(scorer) : null };
  },
  hasRun(id: number, withScorer: boolean): boolean {
    return run?.id === id && (!withScorer || run.scorer !== null);
  },
  correlations(id: number, scores: FlatScores) {
    if (run?.id !== id) throw new Error('research worker: not this run');
    return correlationsAt(run.items, scores);
  },
  /** The oracle's rows and system ranking from its per-item scores (`has[k]` 0 where item k has no recorded links). */
  oracle(id: number, scores: FlatScores, has: Uint8Array) {
    if (run?.id !== id) throw new Error('research worker: not this run');
    return oracleSummary(run.items, rowsOf(scores).map((x, k) => (has[k] ? x : null)));
  },
  refRows(id: number, values: FlatRefValues) {
    if (run?.id !== id) throw new Error('research worker: not this run');
    return refMetricRows(run.items, joinRefValues([values]));
  },
  hasLinks: (id: number) => links?.id === id,
  setLinks(id: number) {
    links = { id, items: [], matrices: [] };
  },
  /** The items and their matrices come in chunks, so the page posts (and clones) a few thousand at a time. */
  addLinkItems(id: number, items: EvalItem[], matrices: FlatMatrices) {
    if (links?.id !== id) return;
    links.items.push(...items);
    links.matrices.push(...unflatten(matrices));
  },
  linkStage(id: number, rule: LinkRule, o: LinkAgreementOptions & { worst?: number }) {
    if (links?.id !== id) throw new Error('research worker: not this run');
    const stage = metricLinkStage(links.items, links.matrices, rule, o);
    // The page shows the tables and the worst cases (picked here): the per-review rows (one object per review,
    // 100 ms to clone at 86k) stay in the worker.
    return stage.available ? { ...stage, report: { ...stage.report, reviews: [] } } : stage;
  },
  curve(id: number, taus: number[]) {
    if (run?.id !== id || !run.scorer) throw new Error('research worker: not this run');
    return curvePart(run.items, run.scorer, taus);
  },
};

export type ResearchWorkerApi = typeof api;
Comlink.expose(api);
