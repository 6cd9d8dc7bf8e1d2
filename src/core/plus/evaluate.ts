// Agreement of the `plus` preset with human judgment, and its cross-validation within a dataset.
import { calibrate } from '../calibrate.ts';
import { agreement, type EvalItem, type ItemScore } from '../evaluate.ts';
import type { Calibration } from '../types.ts';
import type { Idf } from './idf.ts';
import { plusBatch, preparePlus } from './preset.ts';
import { rampFromCalibration, scorePlus, type PlusInput, type PlusOptions } from './score.ts';

export function plusInputs(items: readonly EvalItem[], idf: Idf): PlusInput[] {
  // One batch for all items: a change's pseudo-references are tokenised once, not once per review.
  const batch = plusBatch(idf);
  return items.map((it) =>
    preparePlus(
      it.pseudoReferences.map((text, i) => ({ text, kind: it.pseudoReferenceKinds[i] ?? 'claim' })),
      it.sentences,
      idf,
      batch,
    ),
  );
}

/** The paper's calibration (mean and sd of each sentence's best similarity) on one system's reviews. */
export function calibratePlus(
  items: readonly EvalItem[],
  inputs: readonly PlusInput[],
  system: string,
  subset?: ReadonlySet<number>,
): Calibration {
  const idx = items
    .map((it, k) => (it.system === system && (!subset || subset.has(k)) ? k : -1))
    .filter((k) => k >= 0);
  return calibrate(
    idx.map((k) => inputs[k].matrix),
    idx.map((k) => inputs[k].sentences),
  );
}

export function scorePlusItems(
  inputs: readonly PlusInput[],
  cal: { tau: number; sd: number },
  opts: PlusOptions,
): ItemScore[] {
  const ramp = rampFromCalibration(cal);
  return inputs.map((input) => {
    const s = scorePlus(input, ramp, opts);
    return { con: s.con, comp: s.comp, rel: s.rel };
  });
}

export interface FoldResult {
  fold: string;
  n: number;
  chosen: PlusOptions;
  calibration: { tau: number; sd: number };
  relSpearman: number;
  systemSpearman: number;
}

export interface CrossValidation {
  scheme: string;
  folds: FoldResult[];
  relSpearman: { mean: number; sd: number };
  systemSpearman: { mean: number; sd: number };
}

/**
 * For each fold: calibrate on the other folds' reviews of `system`, choose the candidate with the best
 * Rel Spearman on the other folds, then measure it on the held-out fold. Nothing is fitted on the fold
 * that is measured. `foldOf` maps an item to its fold name (a diff fold or a language).
 */
export function crossValidatePlus(
  items: readonly EvalItem[],
  inputs: readonly PlusInput[],
  candidates: readonly PlusOptions[],
  foldOf: (item: EvalItem) => string,
  scheme: string,
  system: string,
): CrossValidation {
  const foldNames = [...new Set(items.map(foldOf))].sort();
  const folds: FoldResult[] = [];
  for (const fold of foldNames) {
    const train = new Set<number>();
    const test: number[] = [];
    items.forEach((it, k) => (foldOf(it) === fold ? test.push(k) : train.add(k)));
    const cal = calibratePlus(items, inputs, system, train);
    const trainIdx = [...train];
    const relOf = (idx: number[], opts: PlusOptions) => {
      const scores = scorePlusItems(
        idx.map((k) => inputs[k]),
        cal,
        opts,
      );
      return agreement(
        idx.map((k) => items[k]),
        scores,
      );
    };
    let chosen = candidates[0];
    let bestRel = -Infinity;
    for (const c of candidates) {
      const r = relOf(trainIdx, c).correlations.rel.spearman.r;
      if (r > bestRel) [bestRel, chosen] = [r, c];
    }
    const a = relOf(test, chosen);
    folds.push({
      fold,
      n: a.n,
      chosen,
      calibration: { tau: cal.tau, sd: cal.sd },
      relSpearman: a.correlations.rel.spearman.r,
      systemSpearman: a.systemRanking.spearman.r,
    });
  }
  return {
    scheme,
    folds,
    relSpearman: meanSd(folds.map((f) => f.relSpearman)),
    systemSpearman: meanSd(folds.map((f) => f.systemSpearman)),
  };
}

/** Deterministic k folds of diffs (rows), so every review of a diff lands in the same fold. */
export function diffFolds(
  items: readonly EvalItem[],
  k: number,
  seed = 1,
): (it: EvalItem) => string {
  const ids = [...new Set(items.map((it) => it.rowId))].sort();
  let s = seed >>> 0;
  const rand = () => {
    // mulberry32: a tiny seeded PRNG, so the folds are the same on every machine.
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const fold = new Map(ids.map((id, i) => [id, `diffs-${(i % k) + 1}`]));
  return (it) => fold.get(it.rowId)!;
}

function meanSd(xs: readonly number[]): { mean: number; sd: number } {
  const ok = xs.filter((x) => Number.isFinite(x));
  const mean = ok.reduce((a, b) => a + b, 0) / (ok.length || 1);
  const sd = Math.sqrt(ok.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, ok.length - 1));
  return { mean, sd };
}
