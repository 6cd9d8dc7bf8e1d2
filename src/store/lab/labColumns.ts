// The lab's metric columns from what Research already computed (CRScore at the τ in force, BLEU, chrF, the
// embedding cosine to the reference), ROUGE-L and METEOR (labRefs.ts) and the LLM metrics' outcomes, built by the core's column builders
// (src/core/lab) so the browser's columns are `crscore eval --metrics`' columns. Orchestration only.
import {
  crscoreMetrics,
  gradeMetric,
  judgeMetrics,
  labRecords,
  labReviews,
  referenceMetric,
  type GradeOutcome,
  type JudgeOutcome,
  type LabMetric,
  type LabRecord,
  type LabReview,
} from '../../core/lab/index';
import type { ItemScores } from '../../core/scoreColumns';
import type { RefMetricId } from '../../core/refmetrics/index';
import type { LabMetricKind } from '../../settings/llmMetrics';
import type { Results } from '../research/researchRun';
import { SHIPPED_CALIBRATION, SHIPPED_CALIBRATION_LABEL } from '../../core/research/tau';

/** What the LLM metrics were asked with: recorded in every export (never a key). */
export interface LlmMetricConfig {
  provider: string;
  baseUrl: string;
  model: string;
  temperature: number;
  prompt: string;
  /** The judge only: whether it saw the pseudo-references. */
  withPseudoRefs?: boolean;
  samples?: number;
}

export interface LabInputs {
  results: Results;
  scores: ItemScores;
  tau: number;
  metrics: readonly LabMetricKind[];
  grades: readonly GradeOutcome[] | null;
  judges: readonly JudgeOutcome[] | null;
  gradeConfig: LlmMetricConfig | null;
  judgeConfig: LlmMetricConfig | null;
  /** The reference-based metrics of the run (computed when the lab asks for them; empty until then). */
  refValues: Partial<Record<RefMetricId, (number | null)[]>>;
  /** ROUGE-L's and METEOR's columns (labRefs.ts: computed when the lab asks for them; absent until then). */
  refColumns?: Partial<Record<'rouge-l' | 'meteor', LabMetric>>;
}

let memo: { prepared: Results['prepared']; reviews: LabReview[]; records: LabRecord[] } | null =
  null;

/** The lab's reviews and records of a Research run (built once per run). */
export function labRowsOf(results: Results): { reviews: LabReview[]; records: LabRecord[] } {
  if (memo?.prepared !== results.prepared) {
    const reviews = labReviews(results.prepared);
    memo = { prepared: results.prepared, reviews, records: labRecords(reviews) };
  }
  return memo;
}

export function crscoreConfig(results: Results, tau: number): Record<string, unknown> {
  return {
    similarity: results.label,
    scoring: results.config.scoring === 'hard' ? "hard τ (the paper's)" : 'graded credit (plus)',
    tau,
    calibratedOn: results.calibration.system === SHIPPED_CALIBRATION ? SHIPPED_CALIBRATION_LABEL : results.calibration.system,
    model: results.engine?.model ?? null,
  };
}

export function labColumns(x: LabInputs): LabMetric[] {
  // The reviews (one object each) only for the LLM columns, which are aligned by review id.
  const reviews = () => labRowsOf(x.results).reviews;
  const ref = x.refValues;
  const cols: LabMetric[] = [];
  for (const k of x.metrics) {
    // A human-scored dataset labels CRScore's columns by the paper's names, as `crscore eval --dataset` does.
    if (k === 'crscore') cols.push(...crscoreMetrics(x.scores, crscoreConfig(x.results, x.tau), 'crscore', 'CRScore', x.results.humanDimension ? 'paper' : 'short'));
    else if (k === 'bleu' && ref.bleu)
      cols.push(
        referenceMetric('bleu', 'BLEU', ref.bleu, {
          metric: 'smoothed sentence BLEU-4 against the reference review',
        }),
      );
    else if (k === 'chrf' && ref.chrf)
      cols.push(
        referenceMetric('chrf', 'chrF', ref.chrf, {
          metric: 'chrF (β 2, character 6-grams) against the reference review',
        }),
      );
    else if ((k === 'rouge-l' || k === 'meteor') && x.refColumns?.[k]) cols.push(x.refColumns[k]);
    else if (k === 'embed-ref' && x.results.embedRef)
      cols.push(
        referenceMetric('embed-ref', 'Embedding to reference', x.results.embedRef, {
          metric: 'cosine of whole-review embeddings',
          encoder: x.results.engine?.model ?? x.results.label,
        }),
      );
    else if (k === 'llm-grade' && x.grades)
      cols.push(gradeMetric(reviews(), x.grades, { ...x.gradeConfig }));
    else if (k === 'llm-judge' && x.judges)
      cols.push(...judgeMetrics(reviews(), x.judges, { ...x.judgeConfig }));
  }
  return cols;
}

/** Why a ticked metric has no column (shown beside the picker), or null. */
export function missingReason(
  k: LabMetricKind,
  results: Results,
  hasOutcomes: boolean,
): string | null {
  if (k === 'embed-ref' && !results.embedRef)
    return 'Embedding to reference needs a Research run with an encoder similarity (USE-lite, a hub or local model).';
  if (
    (k === 'bleu' || k === 'chrf' || k === 'rouge-l' || k === 'meteor' || k === 'embed-ref' || k === 'llm-grade') &&
    !results.prepared.hasReference
  )
    return 'This dataset has no reference reviews (msg): the reference metrics are not applicable.';
  if ((k === 'llm-grade' || k === 'llm-judge') && !hasOutcomes)
    return 'Press Run LLM metrics to grade the reviews.';
  return null;
}
