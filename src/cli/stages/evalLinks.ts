// `crscore eval --similarity llm-links`: the LLM says which pseudo-references each review sentence addresses, one
// request per review through the shared batch runner (src/llmbatch/linksBatch.ts, the code the browser runs), with
// the plan and progress on stderr, the folder answer cache, and Ctrl-C: the same command continues from the cache.
import type { EvalItem } from '../../core/evaluate.ts';
import { DEFAULT_LINKS_PROMPT } from '../../core/links/llmLinks.ts';
import type { Idf } from '../../core/plus/idf.ts';
import type { ItemMatrices, ScoringRule } from '../../core/research/index.ts';
import type { LabMetric } from '../../core/lab/index.ts';
import { rememberingCache, sha256Hex } from '../../llmbatch/cache.ts';
import { checkTemplate, linksForItems, planLinks } from '../../llmbatch/linksBatch.ts';
import { requestCounts } from '../../llmbatch/run.ts';
import { openFolderCache } from '../shared/answerCacheFs.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import { CliError, progress, readText, warn } from '../shared/io.ts';
import { readBatchOptions, readLlmSettings, type PseudoRefValues } from '../pseudorefs/pseudoRefs.ts';
import { interruptible } from '../shared/interrupt.ts';

export const LINKS_OPTIONS = { 'links-prompt': { type: 'string' } } as const;

export const LINKS_USAGE = `LLM links (--similarity llm-links): the LLM is asked, per review, which pseudo-references each
sentence addresses; 1 where linked, 0 elsewhere, so τ has no effect (fixed at 0.5, no calibration). Uses the
--llm-* flags, --concurrency, --llm-timeout and --cache-dir below (the key from CRSCORE_LLM_API_KEY).
  --links-prompt FILE       an edited links prompt; it must contain {pseudo_references} and {review_sentences}
`;

export interface LinksSummary {
  provider: string;
  baseUrl: string;
  model: string;
  temperature: number;
  /** 'default' or the file given with --links-prompt, and the SHA-256 of the template used. */
  prompt: string;
  promptSha256: string;
  reviews: number;
  /** Requests sent (retries among them) and requests whose last try failed; `cached` and `failed` count reviews. */
  requests: number;
  retries: number;
  requestsFailed: number;
  cached: number;
  failed: number;
  /** Numbers the answers named that do not exist (dropped). */
  warnings: number;
}

export interface EvalLinks {
  /** The reviews scored: those whose request failed are left out (`summary.failed` says how many). */
  items: EvalItem[];
  /** Their indices among the items given. */
  kept: number[];
  m: ItemMatrices;
  idf?: Idf;
  summary: LinksSummary;
  interrupted: boolean;
}

export async function evalLinks(items: readonly EvalItem[], values: PseudoRefValues & { 'links-prompt'?: string }, scoring: ScoringRule): Promise<EvalLinks> {
  const { settings, kind } = readLlmSettings(values);
  const { concurrency, timeoutMs, cacheDir } = readBatchOptions(values);
  const file = values['links-prompt'];
  const template = file ? await readText(file) : DEFAULT_LINKS_PROMPT;
  try {
    checkTemplate(template);
  } catch (e) {
    throw new CliError(`${file}: ${(e as Error).message}`);
  }
  const cache = rememberingCache(await openFolderCache(cacheDir));
  const plan = await planLinks(items, { settings, cache, template });
  process.stderr.write(
    `llm-links: ${items.length} reviews, ${plan.cached} cached, ${plan.requests} requests to send (~${plan.inputTokens.toLocaleString('en')} input tokens), concurrency ${concurrency}\n`,
  );
  const { signal, dispose } = interruptible();
  const tick = progress('llm-links');
  let sent = { requests: 0, retries: 0, requestsFailed: 0 };
  let unsaved = 0;
  try {
    const out = await linksForItems(items, {
      settings,
      cache,
      template,
      concurrency,
      timeoutMs,
      signal,
      onProgress: (p) => {
        sent = p;
        unsaved = p.cacheWriteFailed;
        tick(p.done, p.total);
      },
    });
    for (const r of out.reviews) {
      if (r.failure && r.failure.kind !== 'cancelled') warn(`review ${r.id}: ${r.failure.reason} (left out of n)`);
      for (const w of r.warnings) warn(`review ${r.id}: ${w}`);
    }
    process.stderr.write(`llm-links: ${requestCounts(sent)}; ${items.length} reviews: ${out.cached} cached, ${out.failed} failed, ${out.warnings} dropped numbers\n`);
    if (unsaved) warn(`llm-links: ${unsaved} answers could not be written to the cache; running again asks for them again`);
    if (out.failed && !signal.aborted) {
      warn(`llm-links: ${out.failed} of ${items.length} reviews failed: left out of n (${out.kept.length} scored); the exit code is 1. Run the same command again to ask them again.`);
      if (!out.reviews.some((r) => r.matrix)) throw new CliError('llm-links: every review failed, so nothing can be scored', 1);
    }
    return {
      items: out.kept.map((k) => items[k]),
      kept: out.kept,
      m: out.m,
      idf: scoring === 'graded' ? await loadBackgroundIdf() : undefined,
      interrupted: signal.aborted,
      summary: {
        provider: kind,
        baseUrl: settings.baseUrl,
        model: settings.model,
        temperature: settings.temperature,
        prompt: file ?? 'default',
        promptSha256: await sha256Hex(template),
        reviews: items.length,
        requests: sent.requests,
        retries: sent.retries,
        requestsFailed: sent.requestsFailed,
        cached: out.cached,
        failed: out.failed,
        warnings: out.warnings,
      },
    };
  } finally {
    dispose();
  }
}

/** Columns of the kept reviews spread over all `total` reviews; the others (failed requests) get no value. */
export function withFailed(columns: readonly LabMetric[], kept: readonly number[], total: number): LabMetric[] {
  return columns.map((c) => {
    const values: (number | null)[] = new Array<number | null>(total).fill(null);
    kept.forEach((k, i) => (values[k] = c.values[i]));
    return { ...c, values, gaps: values.map((v) => (v === null ? 'failed' : null)) };
  });
}
