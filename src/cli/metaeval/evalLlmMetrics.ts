// The lab's LLM metrics on the command line: the reference grade (Jiang et al. 2025) and the reference-free judge,
// with their plan and progress lines on stderr, the answer cache, Ctrl-C and the failure summary. `crscore eval
// --metrics` on the human study (evalMetrics.ts) and `crscore eval --dataset` on any human-scored dataset
// (evalHuman.ts) both run them here; the prompts, retry loop and parser are src/llmbatch/labBatch.ts's.
import {
  DEFAULT_GRADE_PROMPT,
  DEFAULT_JUDGE_PROMPT,
  gradeMetric,
  judgeMetrics,
  templateProblem,
  type GradeOutcome,
  type JudgeOutcome,
  type LabMetric,
  type LabReview,
} from '../../core/lab/index.ts';
import type { LlmSettings } from '../../claims/providers.ts';
import { rememberingCache, type AnswerCache } from '../../llmbatch/cache.ts';
import { llmMetricConfig, planLlmGrades, planLlmJudge, runLlmGrades, runLlmJudge, DEFAULT_GRADE_SAMPLES, DEFAULT_JUDGE_SAMPLES } from '../../llmbatch/labBatch.ts';
import { requestCounts, type BatchProgress } from '../../llmbatch/run.ts';
import { openFolderCache } from '../shared/answerCacheFs.ts';
import { interruptible } from '../shared/interrupt.ts';
import { CliError, progress, readText, warn } from '../shared/io.ts';
import { readBatchOptions, readLlmSettings, type PseudoRefValues } from '../pseudorefs/pseudoRefs.ts';

export { DEFAULT_GRADE_SAMPLES, DEFAULT_JUDGE_SAMPLES };

export interface LlmRun {
  settings: LlmSettings;
  cache: AnswerCache;
  concurrency: number;
  timeoutMs: number;
  signal: AbortSignal;
  /** Reviews whose requests failed, over every LLM metric (the run exits 1 when any did). */
  failed: number;
  /** Stops listening for Ctrl-C. */
  dispose: () => void;
}

/** The LLM settings (the key from the environment, never printed), the answer cache and Ctrl-C, for one run. */
export async function openLlmRun(values: PseudoRefValues): Promise<LlmRun> {
  const { settings } = readLlmSettings(values);
  const o = readBatchOptions(values);
  const cache = rememberingCache(await openFolderCache(o.cacheDir));
  const { signal, dispose } = interruptible();
  return { settings, cache, concurrency: o.concurrency, timeoutMs: o.timeoutMs, signal, dispose, failed: 0 };
}

/** --grade-samples / --judge-samples: 1 to 9 calls per review. */
export function sampleCount(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new CliError(`${name}: expected a whole number from 1 to 9, got "${v}"`);
  return n;
}

/** --grade-prompt / --judge-prompt FILE, or the default template; one without its placeholders is refused. */
export async function promptTemplate(file: string | undefined, kind: 'grade' | 'judge'): Promise<string> {
  const t = file === undefined ? (kind === 'grade' ? DEFAULT_GRADE_PROMPT : DEFAULT_JUDGE_PROMPT) : await readText(file);
  const problem = templateProblem(kind, t);
  if (problem) throw new CliError(`--${kind}-prompt ${file}: ${problem}`);
  return t;
}

/** One stderr summary per LLM metric, and the first few failure reasons. */
function reportOutcomes(name: string, outcomes: readonly (GradeOutcome | JudgeOutcome)[], sent: Parameters<typeof requestCounts>[0], unsaved: number): number {
  const by = (s: string) => outcomes.filter((o) => o.status === s).length;
  const cached = outcomes.filter((o) => o.cached && o.status === 'graded').length;
  process.stderr.write(
    `${name}: ${outcomes.length} reviews: ${by('graded')} graded (${cached} all from cache), ${by('exact-match')} exact matches, ` +
      `${by('empty-review')} empty reviews, ${by('not-applicable')} without a reference, ${by('no-grade')} no grade, ` +
      `${by('failed')} failed, ${by('cancelled')} not asked; ${requestCounts(sent)}\n`,
  );
  const failed = outcomes.filter((o) => o.status === 'failed');
  for (const o of failed.slice(0, 5)) warn(`${name} ${o.id}: ${o.reason}`);
  if (failed.length > 5) warn(`${name}: ${failed.length - 5} more failures`);
  if (failed.length) warn(`${name}: ${failed.length} reviews failed: left out of its n; the exit code is 1. Run the same command again to ask them again.`);
  if (unsaved) warn(`${name}: ${unsaved} answers could not be written to the cache; running again asks for them again`);
  return failed.length;
}

/** The progress callback both metrics give runBatch, and what it last reported. */
function tracker(name: string) {
  const tick = progress(name);
  const state = { sent: { requests: 0, retries: 0, requestsFailed: 0 }, unsaved: 0 };
  const onProgress = (x: BatchProgress) => {
    state.sent = x;
    state.unsaved = x.cacheWriteFailed;
    tick(x.done, x.total);
  };
  return { state, onProgress };
}

/** llm-grade: Jiang et al. 2025's 1–5 grade against each review's reference (LabReview.reference). */
export async function llmGradeColumn(reviews: readonly LabReview[], run: LlmRun, tmpl: string, samples: number): Promise<LabMetric> {
  const p = await planLlmGrades(reviews, { settings: run.settings, cache: run.cache, template: tmpl, samples });
  process.stderr.write(
    `llm-grade: ${p.reviews} reviews (${p.withoutCall} need no call), ${p.tasks} calls: ${p.cached} cached, ${p.requests} to send (~${p.inputTokens.toLocaleString('en')} input tokens), concurrency ${run.concurrency}\n`,
  );
  const t = tracker('llm-grade');
  const out = await runLlmGrades(reviews, { ...run, template: tmpl, samples, onProgress: t.onProgress });
  run.failed += reportOutcomes('llm-grade', out, t.state.sent, t.state.unsaved);
  return gradeMetric(reviews, out, llmMetricConfig(run.settings, 'grade', { samples, template: tmpl }));
}

/** llm-judge: relevance, conciseness and comprehensiveness from the diff (and the pseudo-references if asked). */
export async function llmJudgeColumns(reviews: readonly LabReview[], run: LlmRun, tmpl: string, samples: number, withPseudoRefs: boolean): Promise<LabMetric[]> {
  const p = await planLlmJudge(reviews, { settings: run.settings, cache: run.cache, template: tmpl, samples, withPseudoRefs });
  process.stderr.write(
    `llm-judge: ${p.reviews} reviews (${p.withoutCall} need no call), ${p.tasks} calls: ${p.cached} cached, ${p.requests} to send (~${p.inputTokens.toLocaleString('en')} input tokens), concurrency ${run.concurrency}\n`,
  );
  const t = tracker('llm-judge');
  const out = await runLlmJudge(reviews, { ...run, template: tmpl, samples, withPseudoRefs, onProgress: t.onProgress });
  run.failed += reportOutcomes('llm-judge', out, t.state.sent, t.state.unsaved);
  return judgeMetrics(reviews, out, llmMetricConfig(run.settings, 'judge', { samples, template: tmpl, withPseudoRefs }));
}
