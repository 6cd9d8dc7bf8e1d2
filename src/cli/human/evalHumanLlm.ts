// The LLM grade (Jiang et al. 2025) and the reference-free LLM judge on any human-scored dataset: `crscore eval
// --dataset FILE --metrics llm-grade,llm-judge` grades every review against its change's reference review, or
// judges it from the diff, with the human study's runner (evalLlmMetrics.ts: the same prompts, retry loop, parser,
// answer cache, progress and failure summary). This file reads their flags and feeds them the bridged reviews
// (src/core/humanData/bridge.ts) as the lab's reviews (labReviews, as Research's lab).
import { labReviews, llmGradeSignatureName, type LabMetric } from '../../core/lab/index.ts';
import { llmMetricConfig } from '../../llmbatch/labBatch.ts';
import type { PreparedDataset } from '../../core/research/index.ts';
import { DEFAULT_GRADE_SAMPLES, DEFAULT_JUDGE_SAMPLES, llmGradeColumn, llmJudgeColumns, openLlmRun, promptTemplate, sampleCount } from '../metaeval/evalLlmMetrics.ts';
import type { PseudoRefValues } from '../pseudorefs/pseudoRefs.ts';
import { warn } from '../shared/io.ts';
import { requireLlm } from '../pseudorefs/pseudoRefs.ts';

export const HUMAN_LLM_OPTIONS = {
  'llm-provider': { type: 'string' },
  'llm-base-url': { type: 'string' },
  'llm-model': { type: 'string' },
  'llm-temperature': { type: 'string' },
  'llm-timeout': { type: 'string' },
  concurrency: { type: 'string' },
  'cache-dir': { type: 'string' },
  'grade-prompt': { type: 'string' },
  'grade-samples': { type: 'string' },
} as const;

export type HumanLlmValues = Partial<Record<keyof typeof HUMAN_LLM_OPTIONS, string>>;

export const HUMAN_LLM_USAGE = `  llm-grade                 Jiang et al. 2025's grade of each review against its change's reference review: 1–5,
                            --grade-samples calls (default ${DEFAULT_GRADE_SAMPLES}), majority else median, 5→4, an exact match 5
                            without a call; the human study's runner, prompt (--grade-prompt FILE) and answer
                            cache. --llm-provider openai|anthropic, --llm-base-url URL, --llm-model NAME,
                            --llm-temperature T, --llm-timeout SEC, --concurrency N, --cache-dir DIR as on the
                            human study; the key from CRSCORE_LLM_API_KEY only. A review whose requests failed
                            is left out of the grade's n (counted as failed) and the exit code is 1
`;

export interface HumanLlmSettings {
  values: HumanLlmValues;
  template: string;
  samples: number;
  /** How the signature names the grade: its model, its samples when not the default, a custom prompt's hash. */
  name: string;
}

/**
 * The grade's settings, checked before the dataset is read: the key (said once, never printed), the samples and the
 * prompt file. Null without llm-grade (its flags then only draw a warning).
 */
export async function readHumanLlm(values: HumanLlmValues, wanted: boolean, shared = false): Promise<HumanLlmSettings | null> {
  if (!wanted) {
    // `shared`: another LLM step (made claims, llm-judge) reads the endpoint's flags, so only --grade-* are idle.
    const given = Object.keys(HUMAN_LLM_OPTIONS).filter((k) => values[k as keyof HumanLlmValues] !== undefined && (!shared || k.startsWith('grade-')));
    if (given.length) warn(`${given.map((k) => `--${k}`).join(', ')} ${given.length > 1 ? 'apply' : 'applies'} to --metrics llm-grade only`);
    return null;
  }
  const { settings } = requireLlm(values, 'llm-grade');
  const samples = sampleCount(values['grade-samples'], '--grade-samples', DEFAULT_GRADE_SAMPLES);
  const template = await promptTemplate(values['grade-prompt'], 'grade');
  return { values, template, samples, name: llmGradeSignatureName(llmMetricConfig(settings, 'grade', { samples, template })) };
}

/** The llm-grade column over the bridged reviews; `interrupted` when Ctrl-C stopped it (the answers are cached). */
export async function humanLlmGrade(prepared: PreparedDataset, s: HumanLlmSettings): Promise<{ column: LabMetric; failed: number; interrupted: boolean }> {
  const run = await openLlmRun(s.values);
  try {
    const column = await llmGradeColumn(labReviews(prepared), run, s.template, s.samples);
    return { column, failed: run.failed, interrupted: run.signal.aborted };
  } finally {
    run.dispose();
  }
}

/** llm-judge's settings, checked before the dataset is read (the key, the samples, the prompt file); null without it. */
export interface HumanJudgeSettings {
  values: PseudoRefValues;
  template: string;
  samples: number;
  withPseudoRefs: boolean;
}

export async function readHumanJudge(values: PseudoRefValues & { 'judge-prompt'?: string; 'judge-samples'?: string; 'judge-with-pseudo-refs'?: boolean }, wanted: boolean): Promise<HumanJudgeSettings | null> {
  if (!wanted) {
    const given = (['judge-prompt', 'judge-samples', 'judge-with-pseudo-refs'] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (given.length) warn(`${given.map((k) => `--${k}`).join(', ')} ${given.length > 1 ? 'apply' : 'applies'} to --metrics llm-judge only`);
    return null;
  }
  requireLlm(values, 'llm-judge');
  const samples = sampleCount(values['judge-samples'], '--judge-samples', DEFAULT_JUDGE_SAMPLES);
  return { values, template: await promptTemplate(values['judge-prompt'], 'judge'), samples, withPseudoRefs: values['judge-with-pseudo-refs'] ?? false };
}

/** The llm-judge columns (llm-judge.rel|con|comp) over the bridged reviews; `interrupted` after Ctrl-C. */
export async function humanLlmJudge(prepared: PreparedDataset, s: HumanJudgeSettings): Promise<{ columns: LabMetric[]; failed: number; interrupted: boolean }> {
  const run = await openLlmRun(s.values);
  try {
    const columns = await llmJudgeColumns(labReviews(prepared), run, s.template, s.samples, s.withPseudoRefs);
    return { columns, failed: run.failed, interrupted: run.signal.aborted };
  } finally {
    run.dispose();
  }
}
