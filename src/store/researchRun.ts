// One research run, stage by stage: prepared items → similarity matrices (an encoder's vectors through the cache,
// lexical overlap, or plus's TF-IDF) → calibration, scorer and reference-based metrics. The store calls it and
// only keeps the state; every number comes from src/core/research.
import type { DatasetRow } from '../core/dataset';
import type { RefMetricId } from '../core/refmetrics/index';
import {
  calibrateRun,
  correlationCurve,
  scoreAll,
  lexicalMatrices,
  keepItems,
  oracleRows,
  prepare,
  refMetricRows,
  refMetricValues,
  scorer,
  sweepIndex,
  textsToEmbed,
  tfidfMatrices,
  usesEncoder,
  vectorCosine,
  vectorMatrices,
  type CorrRow,
  type CurvePoint,
  type ItemMatrices,
  type PreparedDataset,
  type Scorer,
  type SweepIndex,
  type SystemCalibration,
} from '../core/research/index';
import type { SimilarityMatrix } from '../core/types';
import type { LocalModelFile } from '../embed/types';
import { loadPlusIdf } from './plusIdf';
import { learnedRun } from '../core/learned/research';
import { useLinker } from './linker';
import { keyOf, labelOf, modelSpec, type RunConfig } from './researchConfig';
import { embedTexts, type EmbedHooks, type EmbedOutcome, type RunEngine } from './researchEmbed';
import { linkStage } from './linkStage';
import { fixedCalibration } from './linkCalibration';

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
  refValues: Partial<Record<RefMetricId, (number | null)[]>>;
  /** Correlation rows that do not depend on τ: the oracle's (annotators' links, when recorded) and the reference-based metrics'. */
  refRows: CorrRow[];
  engine: RunEngine | null;
  runMs: number;
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
}

export async function runStages(inp: RunInput): Promise<RunOutcome> {
  const { config } = inp;
  let prepared = prepare(inp.rows, config.split);
  if (prepared.items.length === 0) throw new Error('No review can be scored: no change in this dataset has pseudo-references.');
  let m: ItemMatrices;
  let engine: RunEngine | null = null;
  let embedCos: ((a: string, b: string) => number) | undefined;
  let cached = 0;
  let total = 0;
  let cacheFailure: Error | null = null;
  const needsIdf = config.similarity === 'tfidf' || config.similarity === 'learned' || config.scoring === 'graded';
  const idf = needsIdf ? await loadPlusIdf() : undefined;
  // The learned preset: matrices are link probabilities, τ starts at the linker's threshold (issue 24).
  const linker = config.similarity === 'learned' ? useLinker.getState() : null;
  const learned = linker ? learnedRun(inp.rows, prepared.items, idf!, linker.weights, config.scoring) : null;
  if (learned) m = learned.m;
  else if (config.similarity === 'lexical') m = lexicalMatrices(prepared.items);
  else if (config.similarity === 'tfidf') m = tfidfMatrices(prepared.items, idf!);
  else if (config.similarity === 'llm-links') {
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
  const calibrated = fixedCalibration(config, prepared.items) ?? calibrateRun(prepared.items, m.matrices, config.calibrationSystem);
  // The learned linker's τ is its probability threshold (issue 24).
  const calibration = linker ? { ...calibrated, tau: linker.weights.threshold } : calibrated;
  const refValues = prepared.hasReference ? refMetricValues(prepared, embedCos) : {};
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
      index: sweepIndex(prepared.items, m.matrices),
      scorer: learned ? learned.scorer : scorer(config.scoring, prepared.items, m, calibration.sd, idf),
      calibration,
      refValues,
      refRows: [...oracleRows(prepared.items), ...refMetricRows(prepared.items, refValues)],
      engine,
    },
  };
}

/** Results re-calibrated on another system (same matrices; graded credit's ramp follows the new sd). */
export function recalibrated(r: Results, system: string): Results {
  const cal = fixedCalibration({ ...r.config, calibrationSystem: system }, r.prepared.items) ?? calibrateRun(r.prepared.items, r.matrices, system);
  // The learned linker's τ is its probability threshold, whatever system the others calibrate on.
  const calibration = r.scorer.rule === 'learned' ? { ...cal, tau: r.calibration.tau } : cal;
  const s: Scorer = r.scorer.rule === 'graded' ? { ...r.scorer, sd: calibration.sd } : r.scorer;
  return { ...r, calibration, scorer: s, config: { ...r.config, calibrationSystem: calibration.system } };
}

/**
 * The correlation-vs-τ curve, a few τ values per task (≤ 30 ms each), so a large dataset never blocks the page for
 * long; `live` false drops it (a newer run or calibration). `ms` is the compute time, without the waits.
 */
export function curveInSlices(
  r: Results,
  taus: readonly number[],
  live: () => boolean,
  done: (curve: { points: CurvePoint[]; ms: number }) => void,
): void {
  const points: CurvePoint[] = [];
  let busy = 0;
  const slice = () => {
    if (!live()) return;
    const s0 = performance.now();
    while (points.length < taus.length && performance.now() - s0 < 30)
      points.push(...correlationCurve(r.prepared.items, (tau) => scoreAll(r.scorer, tau), [taus[points.length]]));
    busy += performance.now() - s0;
    if (points.length < taus.length) setTimeout(slice, 0);
    else done({ points, ms: busy });
  };
  slice();
}
