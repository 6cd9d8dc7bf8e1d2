// The lab's LLM metrics on the one batch runner (run.ts): the reference grade (Jiang et al. 2025, §5.2) and the
// reference-free judge. Each brings only its prompt (src/core/lab/prompts.ts), its parser (rubric.ts) and its
// rules (rules.ts); the provider layer, retry loop, answer cache, concurrency cap, progress, Cancel and resume
// are runBatch's. Samples are independent repeats (cached apart); an answer outside 1–5 is asked again at most
// `reaskTimes` more times and then kept (cached) as no grade, so a rerun pays for nothing twice.
import type { Dim } from '../core/bootstrap';
import {
  buildGradePrompt,
  buildJudgePrompt,
  DEFAULT_GRADE_PROMPT,
  DEFAULT_JUDGE_PROMPT,
  templateProblem,
} from '../core/lab/prompts';
import { parseGrade, parseJudge, type JudgeGrades } from '../core/lab/rubric';
import { combineGrades, exactMatchGrade, finalGrade, isValidGrade } from '../core/lab/rules';
import type { GradeOutcome, JudgeOutcome, LlmStatus } from '../core/lab/metrics';
import { ClaimsError } from '../claims/errors';
import type { LlmSettings } from '../claims/providers';
import { planBatch, runBatch, type LlmBatchOptions, type LlmTask, type TaskResult } from './run';

const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];

export interface GradeInput {
  id: string;
  review: string;
  reference: string | null;
}

export interface JudgeInput {
  id: string;
  diff: string;
  review: string;
  pseudoRefs: readonly string[];
}

/** Everything runBatch takes but its re-ask rule, which each metric sets itself. */
export type LabBatchOptions = Omit<LlmBatchOptions<never>, 'reask' | 'onProgress'> & {
  onProgress?: LlmBatchOptions<unknown>['onProgress'];
};

export interface GradeOptions {
  /** The prompt template (default DEFAULT_GRADE_PROMPT); must hold {{review}} and {{reference}}. */
  template?: string;
  /** Independent calls per review (default 3, the paper's). */
  samples?: number;
  /** Re-asks while a grade is outside 1–5 (default 3). */
  reaskTimes?: number;
}

export interface JudgeOptions {
  /** The prompt template (default DEFAULT_JUDGE_PROMPT); must hold {{diff}} and {{review}}. */
  template?: string;
  /** Show the model the pseudo-references (the {{pseudo_references}} slot). */
  withPseudoRefs?: boolean;
  /** Independent calls per review (default 1); with more, each dimension takes the majority/median. */
  samples?: number;
  reaskTimes?: number;
}

/** What a run will cost, before it starts. */
export interface LabPlan {
  reviews: number;
  /** Reviews settled without a call (exact matches, empty reviews, no reference). */
  withoutCall: number;
  /** Calls in all (reviews × samples that need a call). */
  tasks: number;
  /** Calls whose answer is not cached (each one request, more on retries or re-asks). */
  requests: number;
  cached: number;
  inputTokens: number;
}

export const DEFAULT_GRADE_SAMPLES = 3;
export const DEFAULT_JUDGE_SAMPLES = 1;
export const DEFAULT_REASKS = 3;

/**
 * What an export records about an LLM metric: provider, base URL, model, temperature, samples, re-asks and the
 * prompt template in use. Never the key. The CLI and the lab view both record this.
 */
export function llmMetricConfig(settings: LlmSettings, kind: 'grade' | 'judge', o: GradeOptions & JudgeOptions = {}): Record<string, unknown> {
  const { provider, baseUrl, model, temperature } = settings;
  return {
    provider,
    baseUrl,
    model,
    temperature,
    samples: o.samples ?? (kind === 'grade' ? DEFAULT_GRADE_SAMPLES : DEFAULT_JUDGE_SAMPLES),
    reasks: o.reaskTimes ?? DEFAULT_REASKS,
    scale: '1-5',
    ...(kind === 'judge' ? { withPseudoRefs: o.withPseudoRefs ?? false } : { rules: 'Jiang et al. 2025 (GradedReviews) §5.2: exact match 5 without a call, majority else median, 5→4 unless identical' }),
    prompt: o.template ?? (kind === 'grade' ? DEFAULT_GRADE_PROMPT : DEFAULT_JUDGE_PROMPT),
  };
}

function checked(kind: 'grade' | 'judge', template: string): string {
  const problem = templateProblem(kind, template);
  if (problem) throw new ClaimsError('config', problem);
  return template;
}

interface Planned<O> {
  tasks: LlmTask[];
  /** Per input: its outcome without a call, or the indices of its tasks. */
  settled: Map<string, O>;
}

function gradeTasks(inputs: readonly GradeInput[], o: GradeOptions): Planned<GradeOutcome> {
  const template = checked('grade', o.template ?? DEFAULT_GRADE_PROMPT);
  const samples = Math.max(1, o.samples ?? DEFAULT_GRADE_SAMPLES);
  const tasks: LlmTask[] = [];
  const settled = new Map<string, GradeOutcome>();
  const none = (id: string, status: LlmStatus, grade: number | null): GradeOutcome => ({ id, grade, status, samples: [], answers: [], cached: true });
  for (const x of inputs) {
    if (x.reference === null || !x.reference.trim()) settled.set(x.id, none(x.id, 'not-applicable', null));
    else if (!x.review.trim()) settled.set(x.id, none(x.id, 'empty-review', 1));
    else if (exactMatchGrade(x.review, x.reference) !== undefined) settled.set(x.id, none(x.id, 'exact-match', 5));
    else {
      const prompt = buildGradePrompt(template, x.review, x.reference);
      for (let s = 0; s < samples; s++) tasks.push({ id: x.id, prompt, sample: s });
    }
  }
  return { tasks, settled };
}

function judgeTasks(inputs: readonly JudgeInput[], o: JudgeOptions): Planned<JudgeOutcome> {
  const template = checked('judge', o.template ?? DEFAULT_JUDGE_PROMPT);
  const samples = Math.max(1, o.samples ?? DEFAULT_JUDGE_SAMPLES);
  const tasks: LlmTask[] = [];
  const settled = new Map<string, JudgeOutcome>();
  for (const x of inputs) {
    if (!x.review.trim())
      settled.set(x.id, { id: x.id, grades: { con: 1, comp: 1, rel: 1 }, status: 'empty-review', samples: [], answers: [], cached: true });
    else {
      const prompt = buildJudgePrompt(template, x.diff, x.review, o.withPseudoRefs ? x.pseudoRefs : null);
      for (let s = 0; s < samples; s++) tasks.push({ id: x.id, prompt, sample: s });
    }
  }
  return { tasks, settled };
}

async function plan<O>(inputs: readonly { id: string }[], p: Planned<O>, opts: Pick<LabBatchOptions, 'settings' | 'cache'>): Promise<LabPlan> {
  const b = await planBatch(p.tasks, opts);
  return { reviews: inputs.length, withoutCall: p.settled.size, tasks: b.tasks, requests: b.requests, cached: b.cached, inputTokens: b.inputTokens };
}

export function planLlmGrades(inputs: readonly GradeInput[], opts: Pick<LabBatchOptions, 'settings' | 'cache'> & GradeOptions): Promise<LabPlan> {
  return plan(inputs, gradeTasks(inputs, opts), opts);
}

export function planLlmJudge(inputs: readonly JudgeInput[], opts: Pick<LabBatchOptions, 'settings' | 'cache'> & JudgeOptions): Promise<LabPlan> {
  return plan(inputs, judgeTasks(inputs, opts), opts);
}

/** Each input's task results, grouped by id in sample order. */
function grouped<T>(tasks: readonly LlmTask[], results: readonly TaskResult<T>[]): Map<string, TaskResult<T>[]> {
  const by = new Map<string, TaskResult<T>[]>();
  results.forEach((r, k) => {
    const id = tasks[k].id;
    by.set(id, [...(by.get(id) ?? []), r]);
  });
  return by;
}

/** A review's status from its samples' results: cancelled or failed wins over a missing grade. */
function statusOf<T>(rs: readonly TaskResult<T>[], valid: boolean): { status: LlmStatus; reason?: string } {
  const cancelled = rs.find((r) => r.failure?.kind === 'cancelled');
  if (cancelled) return { status: 'cancelled', reason: cancelled.failure!.reason };
  const failed = rs.find((r) => r.failure);
  if (failed) return { status: 'failed', reason: failed.failure!.reason };
  return valid ? { status: 'graded' } : { status: 'no-grade', reason: 'The model gave no grade from 1 to 5, also when asked again.' };
}

/** LLM grades against the reference for every input, in the inputs' order. */
export async function runLlmGrades(inputs: readonly GradeInput[], opts: LabBatchOptions & GradeOptions): Promise<GradeOutcome[]> {
  const p = gradeTasks(inputs, opts);
  const results = await runBatch(p.tasks, (text) => parseGrade(text), {
    ...opts,
    reask: { times: opts.reaskTimes ?? DEFAULT_REASKS, accept: isValidGrade },
  });
  const by = grouped(p.tasks, results);
  return inputs.map((x) => {
    const s = p.settled.get(x.id);
    if (s) return s;
    const rs = by.get(x.id)!;
    const samples = rs.map((r) => (r.value === undefined ? null : r.value));
    const grade = rs.some((r) => r.failure) ? null : finalGrade(samples, x.review, x.reference!);
    return {
      id: x.id,
      grade,
      ...statusOf(rs, grade !== null),
      samples,
      answers: rs.map((r) => r.text ?? null),
      cached: rs.every((r) => r.cached),
    };
  });
}

const judgeAccept = (g: JudgeGrades) => DIMS.every((d) => isValidGrade(g[d]));

/** The judge's three grades for every input, in the inputs' order. */
export async function runLlmJudge(inputs: readonly JudgeInput[], opts: LabBatchOptions & JudgeOptions): Promise<JudgeOutcome[]> {
  const p = judgeTasks(inputs, opts);
  const results = await runBatch(p.tasks, (text) => parseJudge(text), {
    ...opts,
    reask: { times: opts.reaskTimes ?? DEFAULT_REASKS, accept: judgeAccept },
  });
  const by = grouped(p.tasks, results);
  return inputs.map((x) => {
    const s = p.settled.get(x.id);
    if (s) return s;
    const rs = by.get(x.id)!;
    const samples = rs.map((r) => r.value ?? { con: null, comp: null, rel: null });
    const failed = rs.some((r) => r.failure);
    const grades = Object.fromEntries(
      DIMS.map((d) => [d, failed ? null : combineGrades(samples.map((g) => g[d]))]),
    ) as JudgeGrades;
    return {
      id: x.id,
      grades,
      ...statusOf(rs, DIMS.some((d) => grades[d] !== null)),
      samples,
      answers: rs.map((r) => r.text ?? null),
      cached: rs.every((r) => r.cached),
    };
  });
}
