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
import { featureCache, reviewFeatures } from './learned/features.ts';
import { linkerScores } from './learned/linker.ts';
import { modelOf, type LinkerWeights } from './learned/weights.ts';
import type { LinkScores } from './links/links.ts';
import type { Idf } from './plus/idf.ts';

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
  scores: LinkScores;
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

/** What a metric says of one job: its scores, and per pseudo-reference whether it credits (covers) it. */
export interface JobScore {
  scores: LinkScores;
  covered: boolean[];
}

/** The paper's rule on similarity matrices: scores at τ, covered when the best similarity is above τ. */
export function similarityJobScores(jobs: readonly MetricJob[], matrices: readonly SimilarityMatrix[], tau: number): JobScore[] {
  return jobs.map((job, k) => {
    const scores: Scores = scoreAt(matrices[k], tau, { sentences: job.r });
    return { scores, covered: job.refs.map((_, i) => scores.bestForPseudoReference[i].index >= 0 && scores.bestForPseudoReference[i].similarity > tau) };
  });
}

/**
 * The learned preset (what the workbench opens with): the linker's features of each review against its diff and
 * pseudo-references, scored under the weights' rule by the same function as the CLI and Research; covered when
 * the link probability is above the weights' threshold.
 */
export function learnedJobScores(items: readonly AnnotationItem[], jobs: readonly MetricJob[], weights: LinkerWeights, idf: Idf): JobScore[] {
  const cache = featureCache(idf);
  const features = jobs.map((job) =>
    reviewFeatures(
      { diff: items[job.item].diff, pseudoReferences: job.refs.map((p) => ({ text: p.text, kind: p.type === 'issue' ? 'issue' : 'claim' })), sentences: job.r },
      cache,
    ),
  );
  const { scores, probabilities } = linkerScores(modelOf(weights), features, weights);
  return jobs.map((job, k) => ({ scores: scores[k], covered: job.refs.map((_, i) => probabilities[k][i] > weights.threshold) }));
}

export function compareWithMetric(items: readonly AnnotationItem[], jobs: readonly MetricJob[], matrices: readonly SimilarityMatrix[], tau: number): MetricComparison {
  return compareJobScores(items, jobs, similarityJobScores(jobs, matrices, tau));
}

export function compareJobScores(items: readonly AnnotationItem[], jobs: readonly MetricJob[], perJob: readonly JobScore[]): MetricComparison {
  const rows: MetricRow[] = jobs.map((job, k) => {
    const rv = items[job.item].reviews[job.review];
    const { scores, covered } = perJob[k];
    const linked = new Set(rv.addressed ?? []);
    return {
      job,
      scores,
      human: { con: normaliseLikert(rv.con!), comp: normaliseLikert(rv.comp!), rel: normaliseLikert(rv.rel!) },
      links: job.refs.map((p, i) => ({ no: p.no, linked: linked.has(p.no), covered: covered[i] })),
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
