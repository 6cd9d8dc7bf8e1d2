// τ belongs to its similarity: the paper's calibration (mean best similarity of the chosen system's review
// sentences, and its sd for graded credit's ramp) is computed per similarity, and a τ set by hand is remembered
// under the similarity it was set for, never carried to another.
import { calibrateOnSystem, type EvalItem } from '../evaluate.ts';
import { LEXICAL_SD, LEXICAL_TAU } from '../lexical.ts';
import { PLUS_DEFAULT_CALIBRATION } from '../plus/preset.ts';
import type { Calibration, SimilarityMatrix } from '../types.ts';
import type { SimilarityKind } from './similarity.ts';

export interface SystemCalibration extends Calibration {
  system: string;
}

/** The paper's calibration on `system`, or on the first system (sorted) when the dataset has no such system. */
export function calibrateRun(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  system: string,
): SystemCalibration {
  const chosen = calibrationSystem(items, system);
  return { ...calibrateOnSystem(items, matrices, chosen), system: chosen };
}

/** The system calibrateRun calibrates on: `system` when the dataset has it, else the first system (sorted). */
export function calibrationSystem(items: readonly EvalItem[], system: string): string {
  const systems = new Set<string>();
  for (const it of items) systems.add(it.system);
  if (systems.has(system)) return system;
  return [...systems].sort()[0] ?? system;
}

/**
 * The calibration system that stands for a similarity's shipped calibration: the paper's method on the human study's
 * dev half, gpt3.5_pred reviews, the τ and sd `crscore eval --dataset` takes on a human-scored dataset (which has no
 * gpt3.5_pred reviews to calibrate on). Not a system name a dataset would use.
 */
export const SHIPPED_CALIBRATION = '@shipped';
export const SHIPPED_CALIBRATION_LABEL = 'shipped (human study)';

/** A similarity's shipped calibration (τ and sd), or null where none is shipped. */
export function shippedCalibration(kind: SimilarityKind): { tau: number; sd: number } | null {
  if (kind === 'lexical') return { tau: LEXICAL_TAU, sd: LEXICAL_SD };
  if (kind === 'tfidf') return { ...PLUS_DEFAULT_CALIBRATION };
  return null;
}

/** The run's calibration when `system` asks for the shipped one and `kind` has one, else null (calibrate on data). */
export function shippedRunCalibration(kind: SimilarityKind, system: string): SystemCalibration | null {
  const c = system === SHIPPED_CALIBRATION ? shippedCalibration(kind) : null;
  return c && { ...c, values: [], system: SHIPPED_CALIBRATION };
}

/** Hand-set τ per similarity key (see similarityKey). */
export type TauMemory = Readonly<Record<string, number>>;

export interface TauInForce {
  tau: number;
  source: 'calibrated' | 'manual';
}

/** The τ a similarity runs at: its own hand-set τ when there is one, else its calibrated τ. */
export function tauFor(memory: TauMemory, key: string, calibrated: number): TauInForce {
  const manual = memory[key];
  return typeof manual === 'number' && Number.isFinite(manual)
    ? { tau: manual, source: 'manual' }
    : { tau: calibrated, source: 'calibrated' };
}

export function rememberTau(memory: TauMemory, key: string, tau: number): TauMemory {
  return { ...memory, [key]: tau };
}

export function forgetTau(memory: TauMemory, key: string): TauMemory {
  const next = { ...memory };
  delete next[key];
  return next;
}
