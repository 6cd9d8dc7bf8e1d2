// The linker's weights file: a few KB of JSON that says what it is, what it was trained on and how it did under
// cross-validation. Validated on load, so a corrupt file or another program's JSON gets a clear error instead of
// silently wrong scores.
import { FEATURE_NAMES } from './features.ts';
import type { LinkerScoring, LinkerSpread } from './linker.ts';
import type { LogisticModel } from './logistic.ts';

export const WEIGHTS_FORMAT = 'crscore-learned-linker';
export const WEIGHTS_VERSION = 1;

export interface CvFigure {
  mean: number;
  sd: number;
}

/** What the weights file records of the cross-validation that fixed its design. */
export interface CvSummary {
  folds: number;
  scheme?: 'changes' | 'language';
  seed: number;
  linkF1: CvFigure;
  auc: CvFigure;
  relSpearman: CvFigure;
  conSpearman: CvFigure;
  compSpearman: CvFigure;
  systemSpearman: CvFigure;
}

export interface LinkerWeights {
  format: typeof WEIGHTS_FORMAT;
  version: typeof WEIGHTS_VERSION;
  /** Feature names in order; must equal this build's, so weights never meet features of another meaning. */
  features: string[];
  mean: number[];
  scale: number[];
  coefficients: number[];
  intercept: number;
  l2: number;
  /** Probability above which a cell links under the hard rule (chosen by cross-validation). */
  threshold: number;
  /** The rule shipped as the default (the better one under cross-validation). */
  scoring: LinkerScoring;
  spread: LinkerSpread;
  training: {
    dataset: string;
    reviews: number;
    pairs: number;
    linked: number;
    changes: number;
    /** changeKey of each training change (inSample.ts): a dataset that overlaps them gives in-sample figures. */
    changeKeys?: string[];
  };
  crossValidation: CvSummary | null;
}

export class WeightsError extends Error {}

export function modelOf(w: LinkerWeights): LogisticModel {
  return { mean: w.mean, scale: w.scale, coefficients: w.coefficients, intercept: w.intercept };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Parse and check a weights file's text (or an already parsed value). Throws WeightsError with the reason. */
export function parseWeights(input: string | unknown, name = 'the weights file'): LinkerWeights {
  let v: unknown = input;
  if (typeof input === 'string') {
    try {
      v = JSON.parse(input);
    } catch (e) {
      throw new WeightsError(`${name} is not JSON (${(e as Error).message}); expected a linker weights file from 'crscore train-linker' or Research's "Train a linker"`);
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new WeightsError(`${name} is not a linker weights file (expected a JSON object)`);
  const o = v as Record<string, unknown>;
  if (o.format !== WEIGHTS_FORMAT)
    throw new WeightsError(`${name} is not a linker weights file (its "format" is ${JSON.stringify(o.format ?? null)}, expected "${WEIGHTS_FORMAT}")`);
  if (o.version !== WEIGHTS_VERSION)
    throw new WeightsError(`${name} has version ${JSON.stringify(o.version)}; this build reads version ${WEIGHTS_VERSION}`);
  const features = o.features;
  if (!Array.isArray(features) || features.join('\n') !== FEATURE_NAMES.join('\n'))
    throw new WeightsError(`${name} was made for other features (${Array.isArray(features) ? features.length : 0} named; this build computes ${FEATURE_NAMES.length}: ${FEATURE_NAMES.join(', ')}); retrain it with this version`);
  for (const key of ['mean', 'scale', 'coefficients'] as const) {
    const a = o[key];
    if (!Array.isArray(a) || a.length !== FEATURE_NAMES.length || !a.every(isNum))
      throw new WeightsError(`${name}: "${key}" must be ${FEATURE_NAMES.length} finite numbers`);
  }
  if ((o.scale as number[]).some((s) => s <= 0)) throw new WeightsError(`${name}: "scale" must be positive`);
  if (!isNum(o.intercept)) throw new WeightsError(`${name}: "intercept" must be a finite number`);
  if (!isNum(o.l2) || o.l2 < 0) throw new WeightsError(`${name}: "l2" must be a number ≥ 0`);
  if (!isNum(o.threshold) || o.threshold <= 0 || o.threshold >= 1)
    throw new WeightsError(`${name}: "threshold" must be a probability between 0 and 1`);
  if (o.scoring !== 'graded' && o.scoring !== 'hard') throw new WeightsError(`${name}: "scoring" must be "graded" or "hard"`);
  if (o.spread !== 'attributed' && o.spread !== 'uniform') throw new WeightsError(`${name}: "spread" must be "attributed" or "uniform"`);
  const t = o.training as Record<string, unknown> | undefined;
  if (!t || typeof t.dataset !== 'string' || !['reviews', 'pairs', 'linked', 'changes'].every((k) => isNum(t[k])))
    throw new WeightsError(`${name}: "training" must describe the data (dataset, reviews, pairs, linked, changes)`);
  if (t.changeKeys !== undefined && (!Array.isArray(t.changeKeys) || t.changeKeys.some((k) => typeof k !== 'string')))
    throw new WeightsError(`${name}: "training.changeKeys" must be a list of strings`);
  return v as LinkerWeights;
}
