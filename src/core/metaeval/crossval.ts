// Cross-validated acc_eq: the in-sample ε is fitted and judged on the same reviews, so it flatters the
// metric. Here the changes are shuffled (seeded) into folds; ε is fitted on all folds but one and acc_eq measured on
// the held-out one, under the same grouping; the figure is the mean over folds.
import { mulberry32 } from '../bootstrap.ts';
import { groupedStatistic, groupsFor, type Grouping } from './grouped.ts';
import { calibrateFolds, calibrateTies, type TieCalibration, type TieOptions } from './ties.ts';

/** Cross-validated acc_eq: ε fit on k−1 folds of changes, acc_eq on the held-out fold, mean over folds. */
export function crossValidated(p: { x: Float64Array; h: Float64Array; change: Int32Array; system: Int32Array }, grouping: Grouping, folds: number, seed: number, calibrated?: readonly TieCalibration[] | null, tie: TieOptions = { seed }) {
  const { ids, foldOf } = foldsOf(p.change, folds, seed);
  const pick = (keep: (i: number) => boolean) => {
    const idx = Array.from(p.x.keys()).filter(keep);
    const sub = (v: ArrayLike<number>) => idx.map((i) => v[i]);
    return groupsFor(grouping, sub(p.x), sub(p.h), sub(p.change), sub(p.system));
  };
  const accs: number[] = [];
  const epsCv: number[] = [];
  const F = Math.min(folds, ids.length);
  // Pooled: every fold's training calibration from one enumeration and sort of the pairs.
  const shared = calibrated !== undefined ? calibrated : grouping === 'none' ? pooledFolds(p, folds, seed, tie) : null;
  for (let f = 0; f < F; f++) {
    const eps = shared ? shared[f].eps : calibrateTies(pick((i) => foldOf.get(p.change[i]) !== f), tie).eps;
    const acc = groupedStatistic('acc_eq', pick((i) => foldOf.get(p.change[i]) === f), eps);
    epsCv.push(eps);
    if (Number.isFinite(acc)) accs.push(acc);
  }
  return { accCv: accs.length ? accs.reduce((a, b) => a + b, 0) / accs.length : NaN, epsCv };
}


/** The changes shuffled (seeded) into folds. */
export function foldsOf(change: Int32Array, folds: number, seed: number) {
  const ids = [...new Set(change)].sort((a, b) => a - b);
  const rng = mulberry32(seed + 0x5eed);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return { ids, foldOf: new Map(ids.map((c, k) => [c, k % folds])) };
}

/**
 * Pooled: every fold's training calibration, then the in-sample one (last), from one enumeration and sort of the
 * pairs (null where they are too many for the exact sweep).
 */
export function pooledFolds(p: { x: Float64Array; h: Float64Array; change: Int32Array }, folds: number, seed: number, tie: TieOptions = {}): TieCalibration[] | null {
  const { ids, foldOf } = foldsOf(p.change, folds, seed);
  const F = Math.min(folds, ids.length);
  return calibrateFolds(p.x, p.h, Uint8Array.from(p.change, (c) => foldOf.get(c)!), F, tie);
}
