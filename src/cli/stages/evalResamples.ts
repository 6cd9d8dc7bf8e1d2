// `crscore eval`'s intervals, all from one draw of resamples: the system table and the correlations
// (evalIntervals.ts), the link agreement and the oracle's correlations (evalLinkAgreement.ts). Each is planned in
// the core, the resamples run on worker threads (resampleWorkers.ts), and each report is finished from its draws.
import { planBootstrap } from '../../core/bootstrap.ts';
import { reviewRecords } from '../../core/evalRecords.ts';
import type { EvalItem, ItemScore } from '../../core/evaluate.ts';
import type { LinkRule } from '../../core/links/links.ts';
import type { ResampleSpec } from '../../core/resampling.ts';
import { oracle, planMetricLinkStage } from '../../core/research/links.ts';
import type { SimilarityMatrix } from '../../core/types.ts';
import { intervalFields, type IntervalOptions } from './evalIntervals.ts';
import { linkFigures, linkStageOptions } from './evalLinkAgreement.ts';
import { runSpecsParallel } from './resampleWorkers.ts';

type WithCorrelations = Parameters<typeof intervalFields>[0];

/** withIntervals and evalLinkAgreement together, with the same figures, sharing their resamples. */
export async function resampledFigures<T extends WithCorrelations>(
  out: T,
  items: readonly EvalItem[],
  scores: readonly ItemScore[],
  matrices: readonly SimilarityMatrix[],
  rule: LinkRule,
  o: IntervalOptions,
) {
  const boot = planBootstrap(reviewRecords(items, scores), { resamples: o.resamples, seed: o.seed });
  const link = planMetricLinkStage(items, matrices, rule, linkStageOptions(o));
  const or = oracle(items);
  const orBoot = or && planBootstrap(reviewRecords(or.items, or.scores), { resamples: o.resamples, seed: o.seed, correlationsOnly: true });
  const specs: ResampleSpec[] = [boot.spec];
  if (link.spec) specs.push(link.spec);
  if (orBoot) specs.push(orBoot.spec);
  const draws = await runSpecsParallel(specs, o.seed, o.resamples);
  return {
    ...intervalFields(out, boot.finish(draws[0], o.resamples)),
    ...linkFigures(link.finish(link.spec ? draws[1] : null), or, orBoot && orBoot.finish(draws[specs.length - 1], o.resamples)),
  };
}
