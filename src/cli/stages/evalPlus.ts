// `crscore eval --preset plus`: the plus preset's agreement with human judgment, and its cross-validation.
import { agreement, DIMENSIONS, type EvalItem, type ItemScore } from '../../core/evaluate.ts';
import { corpusIdf, type Idf } from '../../core/plus/idf.ts';
import { plusTokens } from '../../core/plus/tokens.ts';
import {
  calibratePlus,
  crossValidatePlus,
  diffFolds,
  plusInputs,
  scorePlusItems,
  type CrossValidation,
} from '../../core/plus/evaluate.ts';
import { PLUS_CANDIDATES, PLUS_DEFAULT_CALIBRATION, PLUS_OPTIONS } from '../../core/plus/preset.ts';
import type { PlusInput, PlusOptions } from '../../core/plus/score.ts';
import type { SplitMode } from '../../core/types.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import { flat, renderTable, type EvalResult } from './evalReport.ts';
import { CliError, fmt } from '../shared/io.ts';
import type { IntervalOptions } from './evalIntervals.ts';
import { writeLinks } from './evalLinkAgreement.ts';
import { resampledFigures } from './evalResamples.ts';

export interface PlusEvalResult extends EvalResult {
  plus: {
    options: PlusOptions;
    idf: 'background' | 'corpus';
    ramp: { low: number; high: number };
    crossValidation: CrossValidation | null;
  };
}

interface PlusEvalOptions {
  tau?: number;
  system: string;
  idf: 'background' | 'corpus';
  cv?: string;
  intervals: IntervalOptions;
  /** --links-out FILE: the links themselves, one review a line. */
  linksOut?: string;
  base: { counts: EvalResult['counts']; dataset: string; split: SplitMode };
  /** Receives the per-review scores (for --scores-out and the meta-evaluation). */
  onScores?: (s: { scores: ItemScore[]; tau: number; calibrated: boolean }) => void;
}

/**
 * The plus preset's scores (also the lab's 'crscore-plus' column): IDF, calibration on `system`, graded credit.
 * `system` null: the shipped calibration (a dataset with no system to calibrate on, e.g. a human-scored one).
 */
export async function plusScores(items: EvalItem[], o: Pick<PlusEvalOptions, 'tau' | 'idf'> & { system: string | null }) {
  const idf: Idf =
    o.idf === 'corpus'
      ? corpusIdf(items.flatMap((it) => [...it.pseudoReferences, ...it.sentences].map(plusTokens)))
      : await loadBackgroundIdf();
  const inputs = plusInputs(items, idf);
  const cal = o.system === null ? { ...PLUS_DEFAULT_CALIBRATION, values: [] } : calibratePlus(items, inputs, o.system);
  // Without the calibration system's reviews, fall back to the shipped calibration (dev, gpt3.5_pred).
  const calibrated = cal.values.length > 0;
  const base = calibrated ? cal : PLUS_DEFAULT_CALIBRATION;
  const ramp = { tau: o.tau ?? base.tau, sd: base.sd };
  return { inputs, cal, calibrated, ramp, scores: scorePlusItems(inputs, ramp, PLUS_OPTIONS) };
}

/** --cv: 'language', or a whole number of folds from 2 (checked before any work; the upper bound needs the data). */
export function parseCv(v: string | undefined): number | 'language' | undefined {
  if (v === undefined) return undefined;
  if (v === 'language') return v;
  const k = Number(v);
  if (v.trim() === '' || !Number.isInteger(k) || k < 2) throw new CliError(`--cv: expected a whole number of folds ≥ 2 or 'language', got "${v}"`);
  return k;
}

/**
 * The plus preset cross-validated within the dataset (--cv K|language): per fold, calibrated on the other folds'
 * reviews of `system`, the candidate with the best Rel Spearman there, measured on the held-out fold.
 */
export function plusCrossValidation(items: EvalItem[], inputs: PlusInput[], cv: string, system: string): CrossValidation {
  if (cv === 'language')
    return crossValidatePlus(
      items,
      inputs,
      PLUS_CANDIDATES,
      (it) => it.lang,
      'leave one language out',
      system,
    );
  else {
    const k = parseCv(cv) as number;
    // More folds than changes leaves folds empty: their figures would be NaN, reported as a result.
    const changes = new Set(items.map((it) => it.rowId)).size;
    if (k > changes)
      throw new CliError(`--cv ${k}: only ${changes} changes have scorable reviews, so at most ${changes} folds (or --cv language)`);
    return crossValidatePlus(
      items,
      inputs,
      PLUS_CANDIDATES,
      diffFolds(items, k),
      `${k} folds of diffs`,
      system,
    );
  }
}

export async function evalPlus(items: EvalItem[], o: PlusEvalOptions) {
  const { inputs, cal, calibrated, ramp, scores } = await plusScores(items, o);
  o.onScores?.({ scores, tau: ramp.tau, calibrated });
  const a = agreement(items, scores);

  const crossValidation = o.cv ? plusCrossValidation(items, inputs, o.cv, o.system) : null;
  const out: PlusEvalResult = {
    tau: ramp.tau,
    n: a.n,
    correlations: Object.fromEntries(DIMENSIONS.map((d) => [d, flat(a.correlations[d])])),
    systemRanking: { ...flat(a.systemRanking), systems: a.systemRanking.systems },
    byLanguage: Object.fromEntries(
      Object.entries(a.byLanguage).map(([l, v]) => [l, { n: v.n, rel: flat(v.rel) }]),
    ),
    calibration: calibrated
      ? { system: o.system, tau: cal.tau, sd: cal.sd, sentences: cal.values.length }
      : null,
    counts: { ...o.base.counts, reviewsWithHumanScores: a.n },
    config: {
      dataset: o.base.dataset,
      similarity: `plus-tfidf (${o.idf} idf)`,
      split: o.base.split,
      encoder: null,
      pooling: null,
      tauSource: o.tau !== undefined ? 'option' : 'calibration',
      calibrateOn: calibrated ? o.system : null,
      preset: 'plus',
    },
    plus: {
      options: PLUS_OPTIONS,
      idf: o.idf,
      ramp: { low: ramp.tau - ramp.sd, high: ramp.tau },
      crossValidation,
    },
  };
  // Links under the same graded credit the scores used, against the annotators'.
  const matrices = inputs.map((x) => x.matrix);
  if (o.linksOut) writeLinks(o.linksOut, items, matrices, { rule: 'graded', ramp: out.plus.ramp });
  return resampledFigures(out, items, scores, matrices, { rule: 'graded', ramp: out.plus.ramp }, o.intervals);
}

export function renderPlus(r: PlusEvalResult): string {
  const lines = [
    renderTable(r).trimEnd(),
    '',
    `plus: graded credit from ${fmt(r.plus.ramp.low)} (τ − sd) to ${fmt(r.plus.ramp.high)} (τ); issue weight ${r.plus.options.issueWeight}, redundancy ${r.plus.options.redundancy}, information-weighted Con ${r.plus.options.informationWeightedCon}`,
  ];
  const cv = r.plus.crossValidation;
  if (cv) {
    lines.push(
      '',
      `Cross-validation (${cv.scheme}); per fold: calibrate and choose on the rest, measure here`,
    );
    for (const f of cv.folds)
      lines.push(
        `  ${f.fold.padEnd(10)} n = ${String(f.n).padStart(4)}  Rel Spearman ${fmt(f.relSpearman)}  system ranking ${fmt(f.systemSpearman)}  τ ${fmt(f.calibration.tau)}  chosen ${JSON.stringify(f.chosen)}`,
      );
    lines.push(
      `  mean Rel Spearman ${fmt(cv.relSpearman.mean)} ± ${fmt(cv.relSpearman.sd)}; system ranking ${fmt(cv.systemSpearman.mean)} ± ${fmt(cv.systemSpearman.sd)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
