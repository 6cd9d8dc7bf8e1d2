// `crscore eval --preset learned [--linker FILE]`: CRScore with the learned linker's links (issue 24).
import type { ItemScore } from '../core/evaluate.ts';
import { readFile } from 'node:fs/promises';
import type { DatasetRow } from '../core/dataset.ts';
import { agreement, DIMENSIONS, type EvalItem } from '../core/evaluate.ts';
import { datasetFeatures, parseWeights, scoreLearned, shippedWeights, WeightsError, type LinkerScoring, type LinkerWeights } from '../core/learned/index.ts';
import { evalLinkAgreement } from './evalLinkAgreement.ts';
import type { SplitMode } from '../core/types.ts';
import { loadBackgroundIdf } from './background.ts';
import { withIntervals, type IntervalOptions } from './evalIntervals.ts';
import { flat, renderTable, type EvalResult } from './evalReport.ts';
import { CliError, fmt } from './io.ts';

export interface LearnedEvalResult extends EvalResult {
  learned: {
    linker: string;
    scoring: LinkerScoring;
    threshold: number;
    training: LinkerWeights['training'];
    crossValidation: LinkerWeights['crossValidation'];
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

export async function evalLearned(
  rows: readonly DatasetRow[],
  items: EvalItem[],
  o: { linker?: string; scoring?: LinkerScoring; intervals: IntervalOptions; base: { counts: EvalResult['counts']; dataset: string; split: SplitMode }; onScores?: (s: ItemScore[]) => void },
) {
  const { weights, name } = await loadLinker(o.linker);
  const features = datasetFeatures(rows, items, await loadBackgroundIdf());
  const scoring = o.scoring ?? weights.scoring;
  const { scores, matrices: links } = scoreLearned(weights, features, scoring);
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
    learned: { linker: name, scoring, threshold: weights.threshold, training: weights.training, crossValidation: weights.crossValidation },
  };
  // Link agreement on the linker's own links: probabilities above the threshold (hard) or as strengths (graded).
  const matrices = links.map((l) => ({ rows: l.rows, cols: l.cols, data: Float32Array.from(l.data) }));
  const rule = scoring === 'hard' ? ({ rule: 'hard', tau: weights.threshold } as const) : ({ rule: 'graded', ramp: { low: 0, high: 1 } } as const);
  return { ...withIntervals(out, items, scores, o.intervals), ...evalLinkAgreement(items, matrices, rule, o.intervals) };
}

export function renderLearned(r: LearnedEvalResult): string {
  const l = r.learned;
  const cv = l.crossValidation;
  const lines = [
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
