// llm-links for many reviews: one request per (change, review) with the links prompt, run by the one batch runner
// (provider layer, retry loop, concurrency cap, answer cache, progress, Cancel), each answer parsed into the P×R
// 0/1 matrix the scoring rules read. The browser's research run and `crscore eval --similarity llm-links` share it.
import { ClaimsError } from '../claims/errors';
import type { EvalItem } from '../core/evaluate';
import { buildLinksPrompt, DEFAULT_LINKS_PROMPT, missingSlots, parseLinksAnswer, type ParsedLinks } from '../core/links/llmLinks';
import { linkMatrices, type ItemMatrices } from '../core/research/similarity';
import type { SimilarityMatrix } from '../core/types';
import { planBatch, runBatch, type BatchPlan, type LlmBatchOptions, type LlmTask, type TaskFailure } from './run';

export interface LinksBatchOptions extends Omit<LlmBatchOptions<ParsedLinks>, 'reask'> {
  /** The prompt template (default: the annotators' question, DEFAULT_LINKS_PROMPT). */
  template?: string;
}

export interface ReviewLinks {
  /** "change id · system". */
  id: string;
  /** Absent when the review failed (or has no text: then no request is sent and nothing links). */
  matrix?: SimilarityMatrix;
  /** Numbers the answer named that do not exist (dropped). */
  warnings: string[];
  /** The model's raw answer, when there is one. */
  text?: string;
  cached: boolean;
  failure?: TaskFailure;
}

export interface LinksOutcome {
  reviews: ReviewLinks[];
  /**
   * The items scored: every review but those whose request failed (or was cancelled), which are left out of n,
   * never scored as linking nothing. A review without text is kept (nothing was asked; it links nothing).
   */
  kept: number[];
  /** The matrices every scoring rule reads, for the kept items in order. */
  m: ItemMatrices;
  failed: number;
  cached: number;
  warnings: number;
}

const reviewId = (it: EvalItem) => `${it.rowId} · ${it.system}`;
const blank = (it: EvalItem) => it.sentences.every((s) => !s.trim());

/** Throws ClaimsError('config') when the template lacks a placeholder (before any request). */
export function checkTemplate(template: string): void {
  const missing = missingSlots(template);
  if (missing.length) throw new ClaimsError('config', `The links prompt needs the placeholder${missing.length > 1 ? 's' : ''} ${missing.join(' and ')}.`);
}

/** One task per review with text; task k's item index is `index[k]`. */
export function linksTasks(items: readonly EvalItem[], template = DEFAULT_LINKS_PROMPT): { tasks: LlmTask[]; index: number[] } {
  checkTemplate(template);
  const tasks: LlmTask[] = [];
  const index: number[] = [];
  items.forEach((it, k) => {
    if (blank(it)) return;
    tasks.push({ id: reviewId(it), prompt: buildLinksPrompt(template, it.pseudoReferences, it.sentences) });
    index.push(k);
  });
  return { tasks, index };
}

/** How many requests a run will send (answers not cached) and roughly how many input tokens, before it starts. */
export async function planLinks(items: readonly EvalItem[], opts: Pick<LinksBatchOptions, 'settings' | 'cache' | 'template'>): Promise<BatchPlan> {
  return planBatch(linksTasks(items, opts.template).tasks, opts);
}

/** The answer → links; an answer with nothing readable is 'malformed' (not cached, so Resume asks again). */
function parserFor(items: readonly EvalItem[], index: readonly number[], tasks: readonly LlmTask[]) {
  const itemOf = new Map(tasks.map((t, k) => [t, items[index[k]]]));
  return (text: string, task: LlmTask): ParsedLinks => {
    const it = itemOf.get(task)!;
    try {
      return parseLinksAnswer(text, it.pseudoReferences.length, it.sentences.length);
    } catch (e) {
      throw new ClaimsError('malformed', `${(e as Error).message} Not cached: Resume asks again.`, { raw: text });
    }
  };
}

/** Links for every review; a review that fails carries its reason and never stops the others. */
export async function linksForItems(items: readonly EvalItem[], opts: LinksBatchOptions): Promise<LinksOutcome> {
  const { tasks, index } = linksTasks(items, opts.template);
  const results = await runBatch(tasks, parserFor(items, index, tasks), opts);
  const reviews: ReviewLinks[] = items.map((it) => ({ id: reviewId(it), warnings: [], cached: false }));
  results.forEach((r, k) => {
    const v = r.value;
    reviews[index[k]] = {
      id: r.id,
      matrix: v?.matrix,
      warnings: v?.warnings ?? [],
      text: r.text,
      cached: r.cached,
      ...(r.failure ? { failure: r.failure } : {}),
    };
  });
  const kept = reviews.flatMap((r, k) => (r.failure ? [] : [k]));
  return {
    reviews,
    kept,
    m: linkMatrices(kept.map((k) => items[k]), kept.map((k) => reviews[k].matrix)),
    failed: reviews.filter((r) => r.failure && r.failure.kind !== 'cancelled').length,
    cached: reviews.filter((r) => r.cached).length,
    warnings: reviews.reduce((n, r) => n + r.warnings.length, 0),
  };
}
