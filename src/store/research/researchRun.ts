// One research run, stage by stage: prepared items → similarity matrices (an encoder's vectors through the cache,
// lexical overlap or plus's TF-IDF in the compute workers, one slice of changes each) → calibration and scorer.
// Each stage is its own task on the page's thread, so none blocks input for long. The reference-based metrics are
// not computed here: a view that shows them asks for them (researchRefs.ts). The store calls it and only keeps
// the state; every number comes from src/core/research.
import { humanPrepared } from '../../core/humanData/bridge';
import { keptReviews, type KeptReview } from '../../core/humanData/judged';
import { studyPrepared } from '../../core/humanData/study';
import type { Dimension, HumanDataset } from '../../core/humanData/model';
import type { DatasetRow } from '../../core/dataset';
import { calibrationOf, calibrationValues } from '../../core/calibrate';
import {
  calibrateRun,
  calibrationSystem,
  joinPrepared,
  shippedRunCalibration,
  keepItems,
  scorer,
  sweepIndex,
  textsToEmbed,
  usesEncoder,
  vectorCosine,
  vectorMatrices,
  type ItemMatrices,
  type PreparedDataset,
  type Scorer,
  type SweepIndex,
  type SystemCalibration,
} from '../../core/research/index';
import type { SimilarityMatrix } from '../../core/types';
import type { LocalModelFile } from '../../embed/types';
import { loadPlusIdf } from '../shared/plusIdf';
import { learnedRun } from '../../core/learned/research';
import { useLinker } from '../shared/linker';
import { keyOf, labelOf, modelSpec, type RunConfig } from './researchConfig';
import { embedTexts, type EmbedHooks, type EmbedOutcome, type RunEngine } from './researchEmbed';
import { linkStage } from './linkStage';
import { fixedCalibration } from './linkCalibration';
import { joinGraded, joinItemMatrices, joinSweeps, type FlatSlice, type MatrixItem } from './researchCompute';
import { nextTask, onWorker, POOL_SIZE, slices } from './researchPool';
import { itemColumnsPaced } from './itemColumns';

export interface Results {
  config: RunConfig;
  /** The similarity's key (what τ belongs to) and its label. */
  key: string;
  label: string;
  prepared: PreparedDataset;
  matrices: SimilarityMatrix[];
  /** Best-match index of the hard rule: the similarity histogram reads it whatever the scoring rule. */
  index: SweepIndex;
  scorer: Scorer;
  calibration: SystemCalibration;
  /** Per item, the cosine of the review's and the reference's vectors (encoder runs on data with references). */
  embedRef: (number | null)[] | null;
  engine: RunEngine | null;
  runMs: number;
  /** A human-scored dataset's run: the dimension its items carry as their human score. */
  humanDimension?: Dimension;
  /**
   * A human-scored dataset's reviews that have no item (their change has no pseudo-references, or no reference
   * review), kept after the items (everyReview): the meta-evaluation judges the baselines on them too, and leaves
   * them out of CRScore as unscorable. They never enter the matrices or the score views, which read the items.
   */
  kept?: KeptReview[];
  /** Reviews left out of every metric (the dataset's own pseudo-references: a change without them), by why. */
  leftOut?: { noReference: number; noPseudoReferences: number };
}

export type RunOutcome =
  | { kind: 'results'; results: Omit<Results, 'runMs'>; cached: number; total: number; cacheFailure: Error | null }
  | Exclude<EmbedOutcome, { kind: 'done' }>;

export interface RunInput {
  rows: readonly DatasetRow[];
  config: RunConfig;
  local: { name: string; files: LocalModelFile[] } | null;
  hooks: Omit<EmbedHooks, 'known' | 'backend'>;
  /** The engine this similarity last ran with (see EmbedHooks.known). */
  known: RunEngine | null;
  /** Only what the cache holds: after a reload, bring results back without loading a model. */
  cacheOnly?: boolean;
  /** A human-scored dataset (rows = its bridged rows): judged on this dimension, as `crscore eval --dataset` does. */
  human?: { dataset: HumanDataset; dimension: Dimension; pseudoRefs?: 'dataset'; everyReview?: boolean } | null;
}


/** Lexical or TF-IDF matrices and their indexes, one slice of items per compute worker. */
/** Reviews per message to a matrix worker: each message's clone is its own task (one slice per worker took 110 ms at 86k). */
const MATRIX_SLICE = 5000;

async function pooledMatrices(kind: 'lexical' | 'tfidf', items: PreparedDataset['items'], graded: boolean) {
  const pending: Promise<FlatSlice>[] = [];
  for (const [k, [a, b]] of slices(items.length, Math.max(POOL_SIZE, Math.ceil(items.length / MATRIX_SLICE))).entries()) {
    if (k > 0) await nextTask();
    const slice: MatrixItem[] = items.slice(a, b).map((it) => ({
      pseudoReferences: it.pseudoReferences,
      sentences: it.sentences,
      ...(graded ? { pseudoReferenceKinds: it.pseudoReferenceKinds } : {}),
    }));
    pending.push(onWorker(k, (api) => api.matrices(kind, slice, graded)));
  }
  const parts = await Promise.all(pending);
  // Each join is a task of its own (together 60–100 ms at 86k).
  const m = joinItemMatrices(parts.map((p) => p.m));
  await nextTask();
  const index = joinSweeps(parts.map((p) => p.sweep));
  await nextTask();
  return { m, index, graded: graded ? joinGraded(parts.map((p) => p.graded!)) : null };
}

/** Reviews per slice of studyPrepared() (sentence splitting): a few tens of milliseconds on a slow machine. */
const PREPARE_REVIEWS = 1500;

/**
 * The rows prepared through the one dataset model (studyPrepared: the human study's layout), a slice of rows per task,
 * so a large dataset never blocks the page; null when cancelled between slices.
 */
export async function preparePaced(rows: readonly DatasetRow[], split: RunConfig['split'], cancelled: () => boolean): Promise<PreparedDataset | null> {
  const parts: PreparedDataset[] = [];
  for (let a = 0; a < rows.length; ) {
    let b = a;
    for (let n = 0; b < rows.length && (b === a || n + rows[b].reviews.length <= PREPARE_REVIEWS); b++) n += rows[b].reviews.length;
    parts.push(studyPrepared(rows.slice(a, b), split));
    a = b;
    // Joining the slices is a task of its own too.
    await nextTask();
    if (cancelled()) return null;
  }
  return joinPrepared(parts);
}

/** Items per slice of the calibration: tens of milliseconds at most on a slow machine. */
const CALIBRATE_ITEMS = 10_000;

/** calibrateRun, a slice of items per task (its values gathered in the same order, so the same τ and sd). */
export async function calibratePaced(items: PreparedDataset['items'], matrices: readonly SimilarityMatrix[], system: string): Promise<SystemCalibration> {
  const chosen = calibrationSystem(items, system);
  const values: number[] = [];
  for (let a = 0; a < items.length; a += CALIBRATE_ITEMS) {
    if (a > 0) await nextTask();
    const ms: SimilarityMatrix[] = [];
    const ss: string[][] = [];
    for (let k = a; k < Math.min(items.length, a + CALIBRATE_ITEMS); k++)
      if (items[k].system === chosen) {
        ms.push(matrices[k]);
        ss.push(items[k].sentences);
      }
    for (const v of calibrationValues(ms, ss)) values.push(v);
  }
  return { ...calibrationOf(values), system: chosen };
}

export async function runStages(inp: RunInput): Promise<RunOutcome> {
  const { config } = inp;
  // A human-scored dataset: its items carry the dimension's score (the CLI's one function, humanPrepared).
  // With everyReview, the reviews without an item are kept beside the items (as `crscore eval --dataset` keeps them).
  const bridged = inp.human ? humanPrepared(inp.human.dataset, inp.human.dimension, { pseudoRefs: inp.human.pseudoRefs, everyReview: inp.human.everyReview }) : null;
  const paced = bridged ? bridged.prepared : await preparePaced(inp.rows, config.split, inp.hooks.cancelled);
  if (!paced) return { kind: 'cancelled', done: 0, total: 0, engine: null };
  const humanJudged = bridged && {
    kept: keptReviews(bridged.reviews, bridged.prepared.items.length),
    leftOut: inp.human?.everyReview ? { noReference: 0, noPseudoReferences: 0 } : { noReference: bridged.noReference, noPseudoReferences: bridged.noPseudoReferences },
  };
  let prepared = paced;
  if (prepared.items.length === 0) throw new Error('No review can be scored: no change in this dataset has pseudo-references.');
  let m: ItemMatrices;
  let engine: RunEngine | null = null;
  let embedCos: ((a: string, b: string) => number) | undefined;
  let cached = 0;
  let total = 0;
  let cacheFailure: Error | null = null;
  let pooled: Awaited<ReturnType<typeof pooledMatrices>> | null = null;
  const needsIdf = config.similarity === 'tfidf' || config.similarity === 'learned' || config.scoring === 'graded';
  const idf = needsIdf ? await loadPlusIdf() : undefined;
  // The learned preset: matrices are link probabilities, τ starts at the linker's threshold.
  const linker = config.similarity === 'learned' ? useLinker.getState() : null;
  const learned = linker ? learnedRun(inp.rows, prepared.items, idf!, linker.weights, config.scoring) : null;
  if (learned) m = learned.m;
  else if (config.similarity === 'lexical' || config.similarity === 'tfidf') {
    pooled = await pooledMatrices(config.similarity, prepared.items, config.scoring === 'graded');
    m = pooled.m;
  } else if (config.similarity === 'llm-links') {
    const out = await linkStage(prepared.items, { onProgress: inp.hooks.onEmbedded, cancelled: inp.hooks.cancelled, cacheOnly: inp.cacheOnly });
    if (out.kind !== 'done') return { ...out, engine: null };
    ({ m, cached, total } = out);
    // Reviews whose request failed are left out of n (listed in the links panel), never scored as linking nothing.
    if (out.kept.length < prepared.items.length) prepared = keepItems(prepared, out.kept);
  } else {
    if (!usesEncoder(config.similarity)) throw new Error(`unknown similarity ${config.similarity}`);
    const texts = textsToEmbed(prepared, prepared.hasReference);
    total = texts.length;
    const out = await embedTexts(() => modelSpec(config, inp.local), texts, { ...inp.hooks, backend: config.backend, known: inp.known, cacheOnly: inp.cacheOnly });
    if (out.kind !== 'done') return out;
    engine = out.engine;
    cached = out.cached;
    cacheFailure = out.cacheFailure;
    m = vectorMatrices(prepared.items, out.vectors);
    embedCos = vectorCosine(out.vectors);
  }
  if (inp.hooks.cancelled()) return { kind: 'cancelled', done: total, total, engine };
  await nextTask();
  // The shipped calibration where it is asked for (a human-scored dataset's default, as `crscore eval --dataset`).
  const calibrated =
    fixedCalibration(config, prepared.items) ??
    shippedRunCalibration(config.similarity, config.calibrationSystem) ??
    (await calibratePaced(prepared.items, m.matrices, config.calibrationSystem));
  // The learned linker's τ is its probability threshold.
  const calibration = linker ? { ...calibrated, tau: linker.weights.threshold } : calibrated;
  await nextTask();
  const index = pooled?.index ?? sweepIndex(prepared.items, m.matrices);
  await nextTask();
  const s: Scorer = learned
    ? learned.scorer
    : pooled?.graded
      ? { rule: 'graded', index: pooled.graded, sd: calibration.sd }
      : config.scoring === 'hard'
        ? { rule: 'hard', index }
        : scorer(config.scoring, prepared.items, m, calibration.sd, idf);
  await nextTask();
  // What the statistics and the bootstrap read as numbers, built ahead a slice per task (else one long task later).
  await itemColumnsPaced(prepared.items, nextTask);
  const embedRef = embedCos && prepared.hasReference
    ? prepared.reviews.map((r) => (!r.reference ? null : r.review.review?.trim() ? embedCos(r.review.review, r.reference) : 0))
    : null;
  return {
    kind: 'results',
    cached,
    total,
    cacheFailure,
    results: {
      config: { ...config, calibrationSystem: calibration.system },
      key: keyOf(config),
      label: linker ? `${labelOf(config)} (${linker.name})` : labelOf(config),
      prepared,
      matrices: m.matrices,
      index,
      scorer: s,
      calibration,
      embedRef,
      engine,
      ...(inp.human ? { humanDimension: inp.human.dimension } : {}),
      ...(humanJudged ?? {}),
    },
  };
}

/** Results re-calibrated on another system (same matrices; graded credit's ramp follows the new sd). */
export function recalibrated(r: Results, system: string): Results {
  const cal = fixedCalibration({ ...r.config, calibrationSystem: system }, r.prepared.items) ?? shippedRunCalibration(r.config.similarity, system) ?? calibrateRun(r.prepared.items, r.matrices, system);
  // The learned linker's τ is its probability threshold, whatever system the others calibrate on.
  const calibration = r.scorer.rule === 'learned' ? { ...cal, tau: r.calibration.tau } : cal;
  const s: Scorer = r.scorer.rule === 'graded' ? { ...r.scorer, sd: calibration.sd } : r.scorer;
  return { ...r, calibration, scorer: s, config: { ...r.config, calibrationSystem: calibration.system } };
}
