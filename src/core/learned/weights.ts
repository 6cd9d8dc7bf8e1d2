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
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const shown = (v: unknown) => (v === undefined ? 'missing' : `${JSON.stringify(v)?.slice(0, 40) ?? String(v)}`);
const CV_FIGURES = ['linkF1', 'auc', 'relSpearman', 'conSpearman', 'compSpearman', 'systemSpearman'] as const;
const TRAINING_COUNTS = ['reviews', 'pairs', 'linked', 'changes'] as const;

/**
 * Parse and check a weights file's text (or an already parsed value): every field the app reads, so nothing
 * downstream (the scorer, the summary on screen) meets a value of the wrong kind. Throws WeightsError naming
 * the field and what it holds.
 */
export function parseWeights(input: string | unknown, name = 'the weights file'): LinkerWeights {
  let v: unknown = input;
  if (typeof input === 'string') {
    try {
      v = JSON.parse(input);
    } catch (e) {
      throw new WeightsError(`${name} is not JSON (${(e as Error).message}); expected a linker weights file from 'crscore train-linker' or Research's "Train a linker"`);
    }
  }
  if (!isObj(v)) throw new WeightsError(`${name} is not a linker weights file (expected a JSON object)`);
  const o = v;
  const fail = (field: string, want: string): never => {
    const value = field.split(/[.[\]]+/).filter(Boolean).reduce<unknown>((a, k) => (isObj(a) || Array.isArray(a) ? (a as Record<string, unknown>)[k] : undefined), o);
    throw new WeightsError(`${name}: "${field}" must be ${want} (it is ${shown(value)})`);
  };
  if (o.format !== WEIGHTS_FORMAT)
    throw new WeightsError(`${name} is not a linker weights file (its "format" is ${JSON.stringify(o.format ?? null)}, expected "${WEIGHTS_FORMAT}")`);
  if (o.version !== WEIGHTS_VERSION)
    throw new WeightsError(`${name} has version ${JSON.stringify(o.version)}; this build reads version ${WEIGHTS_VERSION}`);
  const features = o.features;
  if (!Array.isArray(features) || !features.every((f) => typeof f === 'string') || features.join('\n') !== FEATURE_NAMES.join('\n'))
    throw new WeightsError(`${name} was made for other features (${Array.isArray(features) ? features.length : 0} named; this build computes ${FEATURE_NAMES.length}: ${FEATURE_NAMES.join(', ')}); retrain it with this version`);
  for (const key of ['mean', 'scale', 'coefficients'] as const) {
    const a = o[key];
    if (!Array.isArray(a) || a.length !== FEATURE_NAMES.length) fail(key, `${FEATURE_NAMES.length} finite numbers, one per feature`);
    const bad = (a as unknown[]).findIndex((x) => !isNum(x) || (key === 'scale' && x <= 0));
    if (bad >= 0) fail(`${key}[${bad}]`, key === 'scale' ? `a positive number (feature ${FEATURE_NAMES[bad]})` : `a finite number (feature ${FEATURE_NAMES[bad]})`);
  }
  if (!isNum(o.intercept)) fail('intercept', 'a finite number');
  if (!isNum(o.l2) || o.l2 < 0) fail('l2', 'a number ≥ 0');
  if (!isNum(o.threshold) || o.threshold <= 0 || o.threshold >= 1) fail('threshold', 'a probability between 0 and 1');
  if (o.scoring !== 'graded' && o.scoring !== 'hard') fail('scoring', '"graded" or "hard"');
  if (o.spread !== 'attributed' && o.spread !== 'uniform') fail('spread', '"attributed" or "uniform"');
  const t = o.training;
  if (!isObj(t)) fail('training', 'an object describing the data (dataset, reviews, pairs, linked, changes)');
  const tr = t as Record<string, unknown>;
  if (typeof tr.dataset !== 'string') fail('training.dataset', 'a text');
  for (const k of TRAINING_COUNTS) if (!isNum(tr[k]) || !Number.isInteger(tr[k]) || (tr[k] as number) < 0) fail(`training.${k}`, 'a whole number ≥ 0');
  if (tr.changeKeys !== undefined && (!Array.isArray(tr.changeKeys) || tr.changeKeys.some((k) => typeof k !== 'string'))) fail('training.changeKeys', 'a list of texts when present');
  const cv = o.crossValidation;
  if (cv !== null) {
    if (!isObj(cv)) fail('crossValidation', 'null or an object with the cross-validation figures');
    const c = cv as Record<string, unknown>;
    if (!isNum(c.folds) || !Number.isInteger(c.folds) || c.folds < 2) fail('crossValidation.folds', 'a whole number ≥ 2');
    if (c.scheme !== undefined && c.scheme !== 'changes' && c.scheme !== 'language') fail('crossValidation.scheme', '"changes" or "language" when present');
    if (!isNum(c.seed)) fail('crossValidation.seed', 'a finite number');
    for (const k of CV_FIGURES) {
      if (!isObj(c[k])) fail(`crossValidation.${k}`, 'an object with "mean" and "sd"');
      const f = c[k] as Record<string, unknown>;
      // null: not computable on that data (JSON writes NaN as null), shown as a dash.
      if (f.mean !== null && !isNum(f.mean)) fail(`crossValidation.${k}.mean`, 'a finite number or null');
      if (isNum(f.mean) ? !isNum(f.sd) || f.sd < 0 : f.sd !== null && !isNum(f.sd)) fail(`crossValidation.${k}.sd`, 'a finite number ≥ 0');
    }
  }
  return v as unknown as LinkerWeights;
}
