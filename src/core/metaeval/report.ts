// The meta-evaluation table: every metric's Pearson, Spearman, Kendall τ-b and acc_eq (tie-calibrated, in-sample
// and cross-validated) under one grouping, with bootstrap intervals over changes (the same draws as
// src/core/bootstrap.ts: mulberry32(seed), drawWeights per resample, changes in sorted order), the metrics ranked
// by one statistic with significance clusters. Run in steps so a worker can report progress.
//
// Intervals: acc_eq's interval is at the in-sample ε (re-calibrating on each resample would cost a sweep per
// resample); soft pairwise accuracy's runs each resample's permutation tests on the first
// SPA_INTERVAL_PERMUTATIONS (100) of the point estimate's permutations, a resampled change's copies swapping
// together (1,000 resamples × 1,000 permutations × every pair of systems would cost ten times as much).

// The steps live in metaPlan.ts (per metric: calibration, point figures, bootstrap) and metaFinish.ts (rows,
// ranking, clusters); metaPool.ts runs them on several workers with the same figures.
import { bootstrapUnits, completeUnits, planMetaEval } from './metaPlan.ts';
import { finishHere } from './metaFinish.ts';
import type { MetaEvalOptions, MetaEvalReport, MetaMetric, MetaRecord, SteppedMetaEval } from './metaTypes.ts';

export type * from './metaTypes.ts';

export function createMetaEval(records: readonly MetaRecord[], all: readonly MetaMetric[], o: MetaEvalOptions = {}): SteppedMetaEval {
  const plan = planMetaEval(records, all, o);
  const ks = plan.bases.map((_, k) => k);
  const boot = bootstrapUnits(plan, ks);
  return {
    total: plan.total,
    done: boot.done,
    step: boot.step,
    result() {
      completeUnits(plan, ks, boot.units, boot.done());
      return finishHere(plan, boot.units, boot.done());
    },
  };
}

export function metaEvaluate(records: readonly MetaRecord[], metrics: readonly MetaMetric[], o: MetaEvalOptions = {}): MetaEvalReport {
  const s = createMetaEval(records, metrics, o);
  s.step(s.total);
  return s.result();
}
