// The metric against one annotator: CRScore of every rated review (from its similarity matrix), the
// annotator's Likert ratings normalised as the paper does ((x − 1)/4), rank correlations per dimension, and
// how often the metric's coverage (a pseudo-reference's best similarity > τ) matches the annotator's links.
import { cohenKappa, type Kappa } from './agreement.ts';
import type { AnnotationItem, AnnotatedPseudoReference } from './annotation.ts';
import { normaliseLikert } from './dataset.ts';
import { DIMENSIONS, type Dimension } from './evaluate.ts';
import { scoreAt } from './score.ts';
import { splitReview } from './sentences.ts';
import { spearman } from './stats.ts';
import type { Correlation, Scores, SimilarityMatrix } from './types.ts';

export interface MetricJob {
  item: number;
  review: number;
  /** Pseudo-references the metric uses (rows) and the review's sentences (columns). */
  refs: AnnotatedPseudoReference[];
  p: string[];
  r: string[];
}

/** Which pseudo-references the metric sees: all, or only those the annotator kept (not incorrect, not unnecessary). */
export type RefFilter = 'all' | 'kept';

export function keptRefs(refs: readonly AnnotatedPseudoReference[], filter: RefFilter): AnnotatedPseudoReference[] {
  return refs.filter((p) => p.text.trim() !== '' && (filter === 'all' || (p.accuracy !== 0 && p.necessary !== 0)));
}

/** One job per review the annotator rated on all three dimensions, whose diff has pseudo-references. */
export function metricJobs(items: readonly AnnotationItem[], filter: RefFilter): MetricJob[] {
  const jobs: MetricJob[] = [];
  items.forEach((it, i) => {
    const refs = keptRefs(it.pseudoRefs, filter);
    if (refs.length === 0) return;
    it.reviews.forEach((rv, k) => {
      if (rv.con === null || rv.comp === null || rv.rel === null) return;
      jobs.push({ item: i, review: k, refs, p: refs.map((x) => x.text), r: splitReview(rv.review ?? '') });
    });
  });
  return jobs;
}

export interface MetricRow {
  job: MetricJob;
  scores: Scores;
  /** The annotator's ratings, normalised to [0, 1]. */
  human: Record<Dimension, number>;
  /** Per pseudo-reference of the job: linked by the annotator, covered by the metric. */
  links: { no: number; linked: boolean; covered: boolean }[];
}

export interface MetricComparison {
  rows: MetricRow[];
  correlations: Record<Dimension, Correlation>;
  /** Mean |metric − human| per dimension, both in [0, 1]. */
  meanAbsDiff: Record<Dimension, number>;
  /** Cohen's κ between "the annotator linked it" and "the metric covers it", over every (review, pseudo-reference). */
  coverage: Kappa;
}

export function compareWithMetric(items: readonly AnnotationItem[], jobs: readonly MetricJob[], matrices: readonly SimilarityMatrix[], tau: number): MetricComparison {
  const rows: MetricRow[] = jobs.map((job, k) => {
    const rv = items[job.item].reviews[job.review];
    const scores = scoreAt(matrices[k], tau, { sentences: job.r });
    const linked = new Set(rv.addressed ?? []);
    return {
      job,
      scores,
      human: { con: normaliseLikert(rv.con!), comp: normaliseLikert(rv.comp!), rel: normaliseLikert(rv.rel!) },
      links: job.refs.map((p, i) => {
        const b = scores.bestForPseudoReference[i];
        return { no: p.no, linked: linked.has(p.no), covered: b.index >= 0 && b.similarity > tau };
      }),
    };
  });
  const correlations = Object.fromEntries(
    DIMENSIONS.map((d) => [d, spearman(rows.map((r) => r.scores[d]), rows.map((r) => r.human[d]))]),
  ) as Record<Dimension, Correlation>;
  const meanAbsDiff = Object.fromEntries(
    DIMENSIONS.map((d) => [d, rows.length ? rows.reduce((s, r) => s + Math.abs(r.scores[d] - r.human[d]), 0) / rows.length : NaN]),
  ) as Record<Dimension, number>;
  const pairs = rows.flatMap((r) => r.links);
  const coverage = cohenKappa(
    pairs.map((x) => (x.linked ? 1 : 0)),
    pairs.map((x) => (x.covered ? 1 : 0)),
  );
  return { rows, correlations, meanAbsDiff, coverage };
}
