// `crscore eval --preset learned [--linker FILE]`: CRScore with the learned linker's links.
import type { ItemScore } from '../../core/evaluate.ts';
import { readFile } from 'node:fs/promises';
import type { DatasetRow } from '../../core/dataset.ts';
import { agreement, DIMENSIONS, type EvalItem } from '../../core/evaluate.ts';
import { crossValidatedScores, datasetFeatures, datasetFeatureStream, inSampleNote, parseWeights, scoreLearned, shippedWeights, trainingOverlap, WeightsError, type LinkerScoring, type LinkerWeights, type TrainingOverlap } from '../../core/learned/index.ts';
import { resampledFigures } from './evalResamples.ts';
import type { SplitMode } from '../../core/types.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import type { IntervalOptions } from './evalIntervals.ts';
import { flat, renderTable, type EvalResult } from './evalReport.ts';
import { CliError, fmt } from '../shared/io.ts';

export interface LearnedEvalResult extends EvalResult {
  learned: {
    linker: string;
    scoring: LinkerScoring;
    threshold: number;
    training: LinkerWeights['training'];
    crossValidation: LinkerWeights['crossValidation'];
    /** Set when changes of this dataset trained the linker: its figures here are in-sample. */
    inSample: (TrainingOverlap & { note: string }) | null;
  };
}

export async function loadLinker(file: string | undefined): Promise<{ weights: LinkerWeights; name: string }> {
  if (!file) return { weights: shippedWeights(), name: 'shipped (dev half)' };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new CliError(`--linker ${file}: cannot read it (${(e as Error).message})`);
  }
  try {
    return { weights: parseWeights(text, file), name: file };
  } catch (e) {
    if (e instanceof WeightsError) throw new CliError(e.message);
    throw e;
  }
}

/** Every item scored by the linker (--linker FILE, or the shipped weights, trained on the human study's dev half). */
export async function learnedScores(rows: readonly DatasetRow[], items: EvalItem[], o: { linker?: string; scoring?: LinkerScoring }) {
  const { weights, name } = await loadLinker(o.linker);
  const scoring = o.scoring ?? weights.scoring;
  const { scores, matrices } = scoreLearned(weights, datasetFeatureStream(rows, items, await loadBackgroundIdf()), scoring);
  return { weights, name, scoring, scores, matrices };
}

export async function evalLearned(
  rows: readonly DatasetRow[],
  items: EvalItem[],
  o: { linker?: string; scoring?: LinkerScoring; intervals: IntervalOptions; base: { counts: EvalResult['counts']; dataset: string; split: SplitMode }; onScores?: (s: ItemScore[]) => void },
) {
  const { weights, name, scoring, scores, matrices: links } = await learnedScores(rows, items, o);
  o.onScores?.(scores);
  const a = agreement(items, scores);
  const out: LearnedEvalResult = {
    tau: weights.threshold,
    n: a.n,
    correlations: Object.fromEntries(DIMENSIONS.map((d) => [d, flat(a.correlations[d])])),
    systemRanking: { ...flat(a.systemRanking), systems: a.systemRanking.systems },
    byLanguage: Object.fromEntries(Object.entries(a.byLanguage).map(([l, v]) => [l, { n: v.n, rel: flat(v.rel) }])),
    calibration: null,
    counts: { ...o.base.counts, reviewsWithHumanScores: a.n },
    config: {
      dataset: o.base.dataset,
      similarity: `learned linker (${name})`,
      split: o.base.split,
      encoder: null,
      pooling: null,
      tauSource: 'linker',
      calibrateOn: null,
      preset: 'learned',
      scoring,
    },
    learned: { linker: name, scoring, threshold: weights.threshold, training: trainingRecord(weights), crossValidation: weights.crossValidation, inSample: inSampleOf(weights, rows) },
  };
  // Link agreement on the linker's own links: probabilities above the threshold (hard) or as strengths (graded).
  const matrices = links.map((l) => ({ rows: l.rows, cols: l.cols, data: Float32Array.from(l.data) }));
  const rule = scoring === 'hard' ? ({ rule: 'hard', tau: weights.threshold } as const) : ({ rule: 'graded', ramp: { low: 0, high: 1 } } as const);
  return resampledFigures(out, items, scores, matrices, rule, o.intervals);
}

/** Set when changes of this dataset trained the linker (its figures here flatter it), with the label to show. */
export function inSampleOf(weights: LinkerWeights, rows: readonly DatasetRow[]): LearnedEvalResult['learned']['inSample'] {
  const o = trainingOverlap(weights, rows.map((r) => r.diff));
  return o && { ...o, note: inSampleNote(o, weights) };
}

/** The training record without its change keys (a list of hashes nobody reads in a report). */
function trainingRecord(weights: LinkerWeights): LinkerWeights['training'] {
  const { dataset, reviews, pairs, linked, changes } = weights.training;
  return { dataset, reviews, pairs, linked, changes };
}

export function renderLearned(r: LearnedEvalResult): string {
  const l = r.learned;
  const cv = l.crossValidation;
  const lines = [
    ...(l.inSample ? [`${l.inSample.note}.`, ''] : []),
    renderTable(r).trimEnd(),
    '',
    `learned: linker ${l.linker}, trained on ${l.training.dataset} (${l.training.reviews} reviews, ${l.training.changes} changes, ${l.training.pairs} pairs); ${l.scoring === 'graded' ? 'link probabilities as credit' : `links where the probability exceeds ${fmt(l.threshold, 2)}`}`,
  ];
  if (cv)
    lines.push(
      `  its cross-validation (${cv.folds} folds of changes): Rel Spearman ${fmt(cv.relSpearman.mean, 3)} ± ${fmt(cv.relSpearman.sd, 3)}, system ranking ${fmt(cv.systemSpearman.mean, 3)} ± ${fmt(cv.systemSpearman.sd, 3)}, link F1 ${fmt(cv.linkF1.mean, 3)}, AUC ${fmt(cv.auc.mean, 3)}`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * `--preset learned --cv K`: every review scored by a linker trained on the other folds of changes (the shipped
 * weights' rule and spread, or --scoring), for --scores-out and --metaeval.
 */
export async function learnedCvScores(rows: readonly DatasetRow[], items: EvalItem[], o: { linker?: string; scoring?: LinkerScoring; cv: string }): Promise<{ scores: ItemScore[]; folds: number; scoring: LinkerScoring }> {
  const folds = Number(o.cv);
  if (!/^\d+$/.test(o.cv) || folds < 2) throw new CliError(`--cv ${o.cv}: with --preset learned give K, the number of folds of changes (2 or more)`);
  const { weights } = await loadLinker(o.linker);
  const scoring = o.scoring ?? weights.scoring;
  try {
    const r = crossValidatedScores(items, datasetFeatures(rows, items, await loadBackgroundIdf()), { folds, scoring, spread: weights.spread });
    return { scores: r.scores, folds: r.folds.length, scoring };
  } catch (e) {
    throw new CliError(`--cv ${o.cv}: ${(e as Error).message}`);
  }
}
