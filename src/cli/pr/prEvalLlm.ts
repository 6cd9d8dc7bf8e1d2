// The LLM paths of `crscore pr-eval`: AACR-Bench's yes/no prompt (temperature 0.7, top-p 0.95, as it sends them)
// and Martian's judge prompt (its system message, temperature 0), through the shared runner (src/llmbatch): the
// key checked first and never printed, every answer cached, a second run sending only what is missing, and a
// failed request counted and left out, never read as "no". The evaluators run unchanged on the answers: a pass
// collects the questions they ask, the runner answers them, and the passes repeat until nothing is missing, so
// the questions are those the harness itself would ask (and a few that a first pass could not rule out).
import { ClaimsError } from '../../claims/errors.ts';
import { rememberingCache } from '../../llmbatch/cache.ts';
import { requestCounts, runBatch, type BatchProgress, type LlmTask } from '../../llmbatch/run.ts';
import {
  firstWordAnswer,
  MARTIAN_SYSTEM,
  martianPrompt,
  parseJudgeReply,
  prEval,
  shippedAnswer,
  type JudgeAnswer,
  type PrDataset,
  type PrEvalOptions,
  type PrEvalResult,
} from '../../core/prreview/index.ts';
import { aacrPrompt } from '../../core/prreview/evaluators/aacr.ts';
import { openFolderCache } from '../shared/answerCacheFs.ts';
import { interruptible } from '../shared/interrupt.ts';
import { CliError, progress, warn } from '../shared/io.ts';
import { readBatchOptions, readLlmSettings, PSEUDO_REF_OPTIONS } from '../pseudorefs/pseudoRefs.ts';

const { 'llm-provider': a, 'llm-base-url': b, 'llm-model': c, 'llm-timeout': d, concurrency: e, 'cache-dir': f } = PSEUDO_REF_OPTIONS;
export const LLM_OPTIONS = { 'llm-provider': a, 'llm-base-url': b, 'llm-model': c, 'llm-timeout': d, concurrency: e, 'cache-dir': f } as const;
type LlmValues = Partial<Record<keyof typeof LLM_OPTIONS, string>>;

export function wantsLlm(v: LlmValues): boolean {
  return v['llm-provider'] !== undefined || v['llm-base-url'] !== undefined || v['llm-model'] !== undefined;
}

export async function llmPrEval(ds: PrDataset, opts: PrEvalOptions, values: LlmValues): Promise<{ result: PrEvalResult; failed: number }> {
  const ev = opts.evaluator;
  if (ev !== 'aacr' && ev !== 'aacr-fixed' && ev !== 'martian') throw new CliError(`--evaluator ${ev} has no LLM judge (aacr, aacr-fixed and martian do)`);
  // The key is checked before anything is planned or sent.
  const { settings: base } = readLlmSettings(values);
  const settings = ev === 'martian' ? { ...base, temperature: 0, system: MARTIAN_SYSTEM } : { ...base, temperature: 0.7, topP: 0.95 };
  const batch = readBatchOptions(values);
  const cache = rememberingCache(await openFolderCache(batch.cacheDir));
  const { signal, dispose } = interruptible();
  const answers = new Map<string, unknown>();
  const FAILED = Symbol('failed');
  let failed = 0;
  let sent: Pick<BatchProgress, 'requests' | 'retries' | 'requestsFailed'> = { requests: 0, retries: 0, requestsFailed: 0 };
  const reasons: string[] = [];
  try {
    for (let pass = 1; ; pass++) {
      const needed = new Map<string, string>();
      const ask = (x: string, y: string, prompt: () => string) => {
        const key = JSON.stringify([x, y]);
        if (answers.has(key)) return answers.get(key);
        needed.set(key, prompt());
        return undefined;
      };
      const result =
        ev === 'martian'
          ? prEval(ds, { ...opts, llmJudge: (g, cand) => {
              const v = ask(g, cand, () => martianPrompt(g, cand));
              return v === FAILED ? ({ error: 'request failed' } as JudgeAnswer) : (v as JudgeAnswer | undefined);
            } })
          : prEval(ds, { ...opts, semantic: (gen, ref) => {
              const v = ask(gen, ref, () => aacrPrompt(gen, ref));
              return v === FAILED ? null : (v as boolean | undefined);
            } });
      if (needed.size === 0) {
        process.stderr.write(`pr-eval: ${answers.size} questions answered over ${pass - 1} passes; ${requestCounts(sent)}; ${failed} failed\n`);
        for (const r of reasons.slice(0, 5)) warn(r);
        if (failed) warn(`${failed} questions failed: left out (counted per row as failed_requests / errors_count), never read as "no"; the exit code is 1. Run the same command again to ask them again.`);
        return { result, failed };
      }
      const tasks: LlmTask[] = [...needed].map(([id, prompt]) => ({ id, prompt }));
      const tick = progress(`pr-eval pass ${pass}:`);
      const parse = (text: string): unknown => {
        if (ev === 'martian') {
          const r = parseJudgeReply(text);
          if ('error' in r) throw new ClaimsError('malformed', 'the judge\'s answer is not a JSON object');
          return r;
        }
        if (ev === 'aacr') return shippedAnswer(text);
        const yes = firstWordAnswer(text);
        if (yes === null) throw new ClaimsError('malformed', 'the answer\'s first word is neither yes nor no');
        return yes;
      };
      let last = { requests: 0, retries: 0, requestsFailed: 0 };
      const out = await runBatch(tasks, parse, { settings, cache, concurrency: batch.concurrency, timeoutMs: batch.timeoutMs, signal, onProgress: (p) => { last = p; tick(p.done, p.total); } });
      sent = { requests: sent.requests + last.requests, retries: sent.retries + last.retries, requestsFailed: sent.requestsFailed + last.requestsFailed };
      for (const r of out) {
        if (r.failure) {
          failed++;
          if (reasons.length < 5) reasons.push(`pr-eval: ${r.failure.reason}`);
          answers.set(r.id, FAILED);
        } else answers.set(r.id, r.value);
      }
      if (signal.aborted) throw new CliError('interrupted: the answers so far are cached; run the same command again to go on', 130);
    }
  } finally {
    dispose();
  }
}
