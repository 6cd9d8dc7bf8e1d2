// `crscore eval --metrics crscore,bleu,chrf,embed-ref,llm-grade,llm-judge`: the metric lab on the command line.
// Every metric's agreement with the humans, its paired difference from a baseline, its system table and its rank
// agreement of systems (src/core/lab), with the same LLM flags, cache and resume as `--pseudo-refs generate`.
import { DEFAULT_CALIBRATION_SYSTEM } from '../../core/dataset.ts';
import type { DatasetRow } from '../../core/dataset.ts';
import type { ItemScore } from '../../core/evaluate.ts';
import {
  crscoreMetrics,
  formatLabAgreement,
  formatLabRanking,
  formatLabSystems,
  labAgreement,
  labConfig,
  labRecords,
  labReviews,
  llmGradeSignatureName,
  LAB_METRIC_NAMES,
  referenceColumns,
  type LabMetricName,
  type LabAgreement,
  type LabMetric,
  type LabReview,
} from '../../core/lab/index.ts';
import { vectorCosine, type PreparedDataset } from '../../core/research/index.ts';
import type { SplitMode } from '../../core/types.ts';
import { configLines } from '../../core/researchTables.ts';
import type { IntervalOptions } from '../stages/evalIntervals.ts';
import { DEFAULT_GRADE_SAMPLES, DEFAULT_JUDGE_SAMPLES, llmGradeColumn, llmJudgeColumns, openLlmRun, promptTemplate, sampleCount } from './evalLlmMetrics.ts';
import { plusScores } from '../stages/evalPlus.ts';
import { CliError, oneOf, parseTau, warn } from '../shared/io.ts';
import { DEFAULT_ENCODER, embedUnique, loadEncoder, type Pooling } from '../score/matrices.ts';
import type { PseudoRefValues } from '../pseudorefs/pseudoRefs.ts';
import { loadWordNet } from './wordnet.ts';
import type { WordNetData } from '../../core/refmetrics/wordnet.ts';

const LAB_METRICS = LAB_METRIC_NAMES;

/** WordNet for METEOR's synonym stage; without it METEOR runs its exact and stem stages, and its label says so. */
export function meteorWordNet(): WordNetData | null {
  try {
    return loadWordNet();
  } catch (e) {
    warn(`meteor: WordNet could not be read (${(e as Error).message}); METEOR runs its exact and stem stages only, and is labelled so`);
    return null;
  }
}

export const METRICS_OPTIONS = {
  metrics: { type: 'string' },
  baseline: { type: 'string' },
  'grade-prompt': { type: 'string' },
  'judge-prompt': { type: 'string' },
  'judge-with-pseudo-refs': { type: 'boolean', default: false },
  'grade-samples': { type: 'string' },
  'judge-samples': { type: 'string' },
} as const;

export const METRICS_USAGE = `Metric lab (compare every family of review metric against the humans):
  --metrics LIST            comma-separated, any of ${LAB_METRICS.join(', ')}:
                            crscore (as configured above: Con, Comp, Rel), crscore-plus (the plus preset),
                            bleu, chrf (against the reference review 'msg'), rouge-l (rouge_score's ROUGE-L F
                            with use_stemmer=True), meteor (NLTK's meteor_score: exact, stem and WordNet 3.0
                            synonym stages, as Jiang et al. 2025 ran both), embed-ref (cosine of review and
                            reference on --encoder, default ${DEFAULT_ENCODER}), llm-grade (Jiang et al. 2025: 1–5 against the
                            reference, 3 calls, majority/median, 5→4, exact match without a call), llm-judge
                            (reference-free: relevance, conciseness, comprehensiveness from the diff)
  --baseline METRIC         paired differences against it (default crscore.rel, else the first metric)
  --grade-prompt FILE       the grade prompt template ({{review}}, {{reference}})
  --judge-prompt FILE       the judge prompt template ({{diff}}, {{review}}, {{pseudo_references}})
  --judge-with-pseudo-refs  show the judge the pseudo-references
  --grade-samples N         calls per review for llm-grade (default ${DEFAULT_GRADE_SAMPLES})
  --judge-samples N         calls per review for llm-judge (default ${DEFAULT_JUDGE_SAMPLES})
  LLM metrics use --llm-provider, --llm-base-url, --llm-model, --llm-temperature, --llm-timeout,
  --concurrency and --cache-dir as below; Ctrl-C keeps every answer, the same command resumes.
`;

export type MetricsValues = Partial<Record<Exclude<keyof typeof METRICS_OPTIONS, 'judge-with-pseudo-refs'>, string>> & {
  'judge-with-pseudo-refs'?: boolean;
};

export interface MetricsPlan {
  names: LabMetricName[];
  baseline?: string;
}

/** The --metrics list, or null when the flag is absent (plain `crscore eval`). */
export function readMetricsPlan(values: MetricsValues): MetricsPlan | null {
  if (values.metrics === undefined) {
    for (const k of ['baseline', 'grade-prompt', 'judge-prompt', 'grade-samples', 'judge-samples'] as const)
      if (values[k] !== undefined) warn(`--${k} applies to --metrics only`);
    return null;
  }
  const names = values.metrics.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new CliError(`--metrics: give one or more of ${LAB_METRICS.join(', ')}`);
  for (const n of names)
    if (!(LAB_METRICS as readonly string[]).includes(n))
      throw new CliError(`--metrics: unknown metric "${n}" (known: ${LAB_METRICS.join(', ')})`);
  return { names: [...new Set(names)] as LabMetricName[], baseline: values.baseline };
}

/** A metric name given as --baseline stands for its relevance column. */
function baselineColumn(b: string | undefined, metrics: readonly LabMetric[]): string | undefined {
  if (b === undefined) return metrics.find((m) => m.id === 'crscore.rel')?.id;
  const id = metrics.some((m) => m.id === b) ? b : metrics.some((m) => m.id === `${b}.rel`) ? `${b}.rel` : null;
  if (!id) throw new CliError(`--baseline ${b}: not among the metrics (${metrics.map((m) => m.id).join(', ')})`);
  return id;
}

export interface LabEvalContext {
  /** With --metaeval, prints the meta-evaluation instead (returns the exit code) or writes --scores-out (returns null). */
  metaeval?: (metrics: LabMetric[], crscoreConfig: Record<string, unknown>, names: readonly string[]) => Promise<number | null>;
  values: MetricsValues & PseudoRefValues & { encoder?: string; pooling?: string; tau?: string; 'calibrate-on'?: string; idf?: string };
  rows: DatasetRow[];
  split: SplitMode;
  /** The rows bridged and prepared by the one dataset model (humanPrepared). */
  prepared: PreparedDataset;
  dataset: string;
  intervals: IntervalOptions;
  json: boolean;
  /** The CRScore of the other flags, when eval computed it (the paper path); with --preset plus it is computed here. */
  /** A null score: the review's llm-links request failed (left out of n, as 'failed'). */
  crscore: { scores: (ItemScore | null)[]; config: Record<string, unknown> } | null;
  extra?: Record<string, unknown>;
}

/** Every requested metric's column, in the order given. Returns null when Ctrl-C cut an LLM run short. */
async function columns(plan: MetricsPlan, ctx: LabEvalContext): Promise<{ reviews: LabReview[]; metrics: LabMetric[]; failed: number } | null> {
  const { prepared } = ctx;
  const reviews = labReviews(prepared);
  const want = new Set(plan.names);
  const refNames = ['bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'llm-grade'] as const;
  const refWanted = refNames.filter((n) => want.has(n));
  if (refWanted.length && !prepared.hasReference)
    warn(`${ctx.dataset}: no reference reviews ('msg'), so ${refWanted.join(', ')} ${refWanted.length > 1 ? 'are' : 'is'} not applicable to any review`);
  const encoder = ctx.values.encoder ?? DEFAULT_ENCODER;
  let embedCos: ((a: string, b: string) => number) | undefined;
  if (want.has('embed-ref') && prepared.hasReference) {
    const enc = await loadEncoder(encoder, ctx.values.pooling as Pooling | undefined);
    try {
      const texts = prepared.reviews.flatMap((r) => (r.reference ? [r.review.review ?? '', r.reference] : []));
      embedCos = vectorCosine(await embedUnique(enc, texts, 32));
    } finally {
      await enc.dispose?.();
    }
  }
  const pooling = ctx.values.pooling ?? null;
  const llmNames = plan.names.filter((n) => n === 'llm-grade' || n === 'llm-judge');
  const run = llmNames.length ? await openLlmRun(ctx.values) : null;
  const metrics: LabMetric[] = [];
  try {
    for (const n of plan.names) {
      if (run?.signal.aborted) break;
      switch (n) {
        case 'crscore': {
          // With --preset plus, 'crscore' is the plus preset under --tau, --calibrate-on and --idf.
          const c =
            ctx.crscore ??
            (await plusColumn(ctx, {
              tau: parseTau(ctx.values.tau),
              system: ctx.values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM,
              idf: oneOf(ctx.values.idf, ['background', 'corpus'] as const, '--idf') ?? 'background',
            }));
          const none = { con: NaN, comp: NaN, rel: NaN };
          const gaps = c.scores.map((x) => (x ? null : ('failed' as const)));
          const cols = crscoreMetrics(c.scores.map((x) => x ?? none), c.config);
          metrics.push(...(gaps.some(Boolean) ? cols.map((m) => ({ ...m, gaps })) : cols));
          break;
        }
        case 'crscore-plus': {
          const c = await plusColumn(ctx, { system: DEFAULT_CALIBRATION_SYSTEM, idf: 'background' });
          metrics.push(...crscoreMetrics(c.scores, c.config, 'crscore-plus', 'CRScore plus'));
          break;
        }
        case 'bleu':
        case 'chrf':
        case 'rouge-l':
        case 'embed-ref':
          metrics.push(...referenceColumns(prepared, [n], { embedCos, encoder, pooling }));
          break;
        case 'meteor':
          metrics.push(...referenceColumns(prepared, [n], { wordnet: prepared.hasReference ? meteorWordNet() : null }));
          break;
        case 'llm-grade':
          metrics.push(await llmGradeColumn(reviews, run!, await promptTemplate(ctx.values['grade-prompt'], 'grade'), sampleCount(ctx.values['grade-samples'], '--grade-samples', DEFAULT_GRADE_SAMPLES)));
          break;
        case 'llm-judge':
          metrics.push(
            ...(await llmJudgeColumns(
              reviews,
              run!,
              await promptTemplate(ctx.values['judge-prompt'], 'judge'),
              sampleCount(ctx.values['judge-samples'], '--judge-samples', DEFAULT_JUDGE_SAMPLES),
              ctx.values['judge-with-pseudo-refs'] ?? false,
            )),
          );
          break;
      }
    }
  } finally {
    run?.dispose();
  }
  if (run?.signal.aborted) return null;
  return { reviews, metrics, failed: run?.failed ?? 0 };
}

async function plusColumn(ctx: LabEvalContext, o: { tau?: number; system: string; idf: 'background' | 'corpus' }) {
  const items = ctx.prepared.items;
  const r = await plusScores(items, o);
  return {
    scores: r.scores,
    config: {
      preset: 'plus',
      similarity: `plus-tfidf (${o.idf} idf)`,
      scoring: 'graded',
      tau: r.ramp.tau,
      sd: r.ramp.sd,
      tauSource: o.tau !== undefined ? 'option' : 'calibration',
      calibrateOn: r.calibrated ? o.system : null,
      split: ctx.split,
    },
  };
}

/** `--json`'s per-metric entry. */
export function metricJson(r: LabAgreement) {
  return r.metrics.map((m) => ({
    id: m.id,
    label: m.label,
    family: m.family,
    config: m.config,
    n: m.n,
    gaps: m.gaps,
    correlations: Object.fromEntries(Object.entries(m.correlations).map(([d, c]) => [d, { spearman: c.spearman.r, kendall: c.kendall.r }])),
    intervals: Object.fromEntries(
      Object.entries(m.correlations).map(([d, c]) => [d, { spearman: [c.spearman.lo, c.spearman.hi], kendall: [c.kendall.lo, c.kendall.hi] }]),
    ),
    pairedVsBaseline: m.pairedVsBaseline,
    systems: m.systems,
    systemRanking: m.systemRanking,
  }));
}

/** Runs the lab and prints its tables (or `--json`); 130 when Ctrl-C stopped an LLM run (the answers are cached). */
export async function runEvalMetrics(plan: MetricsPlan, ctx: LabEvalContext): Promise<number> {
  const cols = await columns(plan, ctx);
  if (!cols) return 130;
  // Meta-evaluation / --scores-out: every lab column, with CRScore's configuration for the signature.
  // Signed by the metrics the table judges (the LLM grade by its model, as --human-data names it), never by a
  // CRScore run that is not among them.
  const names = plan.names.map((n) => (n === 'llm-grade' ? llmGradeSignatureName(cols.metrics.find((m) => m.id === 'llm-grade')?.config ?? {}) : n));
  const me = ctx.metaeval ? await ctx.metaeval(cols.metrics, ctx.crscore?.config ?? { preset: 'plus' }, names) : null;
  // A failed request fails the run under --metaeval, --signature and --scores-out too, as stderr said.
  if (me !== null) return Math.max(me, cols.failed ? 1 : 0);
  const report = labAgreement(labRecords(cols.reviews), cols.metrics, {
    baseline: baselineColumn(plan.baseline, cols.metrics),
    resamples: ctx.intervals.resamples,
    seed: ctx.intervals.seed,
  });
  const config = { dataset: ctx.dataset, split: ctx.split, ...ctx.extra };
  if (ctx.json) {
    const { resamples, seed, level, changes, baseline } = report;
    const stats = { bootstrap: { resamples, seed, level, changes }, baseline };
    process.stdout.write(`${JSON.stringify({ ...config, ...stats, counts: { diffs: ctx.rows.length, reviews: report.reviews, reviewsWithHumanScores: report.scored }, metrics: metricJson(report) }, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);
    return cols.failed ? 1 : 0;
  }
  const parts = [formatLabAgreement(report, 'text', config), formatLabRanking(report, 'text', config)];
  for (const m of report.metrics) parts.push(formatLabSystems(report, m.id, 'text', config));
  // The terminal tables carry no configuration; say it once at the end (prompts: --json or the prompt files).
  parts.push(`Configuration:\n${configLines(labConfig(report, config).config).map((l) => `  ${l}`).join('\n')}\n`);
  process.stdout.write(parts.join('\n'));
  return cols.failed ? 1 : 0;
}
