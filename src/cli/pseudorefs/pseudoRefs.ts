// The pseudo-reference options shared by `crscore claims`, `eval` and `score`: where they come from (the dataset,
// LLM claims from a server or from a model run here, analyzer issues, tree claims), the LLM settings (key only from
// CRSCORE_LLM_API_KEY), concurrency and the answer cache. The work is src/pseudorefs/, the same code the browser runs.
import { effectiveConcurrency, PROVIDERS, type LlmSettings, type ProviderId } from '../../claims/providers.ts';
import { settingsProblem } from '../../claims/generate.ts';
import type { OutputFormat } from '../../claims/prompt.ts';
import type { DatasetRow } from '../../core/dataset.ts';
import { analyze } from '../../analyzers/run.ts';
import { nodeTreeSitterAssets } from '../../analyzers/treesitterNode.ts';
import { planClaims, type ChangeClaims } from '../../pseudorefs/claimsBatch.ts';
import type { ChangeIssues } from '../../pseudorefs/issuesBatch.ts';
import { makeSources } from '../../pseudorefs/makeSources.ts';
import { treeClaims, type ParseFn } from '../../analyzers/treeClaims/claims.ts';
import { parseCode } from '../../analyzers/linters.ts';
import {
  mergePseudoRefs,
  PSEUDO_REF_SOURCES,
  usesAnalyzers,
  usesLlm,
  usesLocalModel,
  type ChangeReport,
  type PseudoRefsConfig,
  type PseudoRefsStats,
  type PseudoRefSource,
} from '../../pseudorefs/dataset.ts';
import { DEFAULT_CACHE_DIR, openFolderCache } from '../shared/answerCacheFs.ts';
import { rememberingCache } from '../../llmbatch/cache.ts';
import { importDatasetFile, rowCodeFs } from '../shared/datasetFs.ts';
import { CliError, numberIn, oneOf, progress, readImportFile, readText, warn } from '../shared/io.ts';
import { importCodeReviewerPredictions, importFiles } from '../../core/importers/index.ts';
import { interruptible } from '../shared/interrupt.ts';
import { DEFAULT_LOCAL_MODEL, localModelSummary, resolveLocalModel, startLocalModel, type LocalModelRef } from './localModel.ts';

export const KEY_ENV = 'CRSCORE_LLM_API_KEY';

export const PSEUDO_REF_OPTIONS = {
  'pseudo-refs': { type: 'string' },
  'llm-provider': { type: 'string' },
  'llm-base-url': { type: 'string' },
  'llm-model': { type: 'string' },
  'llm-format': { type: 'string' },
  'llm-temperature': { type: 'string' },
  'llm-timeout': { type: 'string' },
  concurrency: { type: 'string' },
  'cache-dir': { type: 'string' },
  'analyzer-filter': { type: 'string' },
  'analyzer-options': { type: 'string' },
  'local-model': { type: 'string' },
  'local-max-tokens': { type: 'string' },
} as const;

export type PseudoRefValues = Partial<Record<keyof typeof PSEUDO_REF_OPTIONS, string>>;

export function pseudoRefUsage(defaultSource: PseudoRefSource): string {
  return `Pseudo-references (the paper's pipeline: LLM claims plus analyzer issues):
  --pseudo-refs dataset|claims|analyzers|generate|tree-claims|offline|local
                            where they come from (default ${defaultSource}): the dataset's own, LLM claims,
                            analyzer issues (no key), or both; tree-claims: claims from the old and new
                            syntax trees (no model, no key); offline: tree claims and analyzer issues;
                            local: LLM claims from a model run here on the CPU (no key, nothing sent)
  --local-model ID|FOLDER   local's model: a hub id with ONNX weights (default ${DEFAULT_LOCAL_MODEL},
                            downloaded once) or, offline, a model folder (config.json, tokenizer.json, onnx/)
  --local-max-tokens N      local: most tokens per answer (default 512)
  --llm-provider openai|anthropic   openai = any OpenAI-compatible server (default)
  --llm-base-url URL        e.g. http://localhost:11434/v1 (default: the provider's own API)
  --llm-model NAME          (default: gpt-4o-mini / claude-sonnet-4-5)
  --llm-format paper|json   the paper's prompt (default) or the JSON variant
  --llm-temperature T       (default 0)
  --llm-timeout SEC         per request (default 60); 429 waits for Retry-After, 429/5xx/network errors
                            back off exponentially, 4 tries at most
  --concurrency N           requests in flight at most (default 4)
  --cache-dir DIR           raw answers cached here (default ${DEFAULT_CACHE_DIR}/); the same command again
                            (after Ctrl-C too) sends only what is missing
  --analyzer-filter paper|added|none   which analyzer warnings count (default paper)
  --analyzer-options paper|modern      JSHint options (default paper)
  The API key is read from the environment variable ${KEY_ENV} only (never a flag: flags land in
  shell history). It never reaches the cache, the output or an error message.
`;
}

const num = numberIn;

export interface PseudoRefPlan {
  source: PseudoRefSource;
  settings?: LlmSettings;
  format: OutputFormat;
  concurrency: number;
  timeoutMs: number;
  cacheDir: string;
  filter: 'paper' | 'added' | 'none';
  options: 'paper' | 'modern';
  config: PseudoRefsConfig;
  /** `local`: the model to load here. */
  localModel?: LocalModelRef;
}

/** The LLM flags as settings (key only from the environment), validated; throws CliError with a clear reason. */
export function readLlmSettings(values: PseudoRefValues): { settings: LlmSettings; kind: 'openai' | 'anthropic'; temperature: number } {
  const kind = oneOf(values['llm-provider'], ['openai', 'anthropic'] as const, '--llm-provider') ?? 'openai';
  const temperature = num(values['llm-temperature'], '--llm-temperature', 0, 2) ?? 0;
  const provider: ProviderId = kind === 'anthropic' ? 'anthropic' : 'openai-compatible';
  const preset = kind === 'anthropic' ? PROVIDERS.anthropic : PROVIDERS.openai;
  const apiKey = process.env[KEY_ENV] ?? '';
  const settings: LlmSettings = {
    provider,
    baseUrl: values['llm-base-url'] ?? preset.baseUrl,
    model: values['llm-model'] ?? preset.model,
    apiKey,
    temperature,
  };
  // The browser's check (src/claims/generate.ts): OpenAI's own API needs a key, a local server may not.
  const problem = settingsProblem(settings);
  if (problem) {
    const msg = problem.replace('in the API key field', `in ${KEY_ENV}`);
    throw new CliError(
      /needs an API key\.$/.test(msg)
        ? `${msg.slice(0, -1)}: set ${KEY_ENV}${kind === 'openai' ? ' (or point --llm-base-url at a local server)' : ''}`
        : msg,
    );
  }
  return { settings, kind, temperature };
}

/**
 * The LLM settings of a path that needs them (`purpose`: "llm-grade", "--similarity llm-links"), checked before
 * the dataset is read or anything planned or embedded: what is missing is said once, and nothing is sent.
 */
export function requireLlm(values: PseudoRefValues, purpose: string): ReturnType<typeof readLlmSettings> {
  try {
    return readLlmSettings(values);
  } catch (e) {
    throw e instanceof CliError ? new CliError(`${purpose} needs an LLM: ${e.message}`, e.exitCode) : e;
  }
}

/** --concurrency, --llm-timeout and --cache-dir. */
export function readBatchOptions(values: PseudoRefValues): { concurrency: number; timeoutMs: number; cacheDir: string } {
  const concurrency = num(values.concurrency, '--concurrency', 1, 64, true) ?? 4;
  const timeoutMs = (num(values['llm-timeout'], '--llm-timeout', 0.1, 3600) ?? 60) * 1000;
  return { concurrency, timeoutMs, cacheDir: values['cache-dir'] ?? DEFAULT_CACHE_DIR };
}

export function readPseudoRefOptions(values: PseudoRefValues, defaultSource: PseudoRefSource): PseudoRefPlan {
  const source = oneOf(values['pseudo-refs'], PSEUDO_REF_SOURCES, '--pseudo-refs') ?? defaultSource;
  const format = oneOf(values['llm-format'], ['paper', 'json'] as const, '--llm-format') ?? 'paper';
  const filter = oneOf(values['analyzer-filter'], ['paper', 'added', 'none'] as const, '--analyzer-filter') ?? 'paper';
  const options = oneOf(values['analyzer-options'], ['paper', 'modern'] as const, '--analyzer-options') ?? 'paper';
  const { concurrency, timeoutMs, cacheDir } = readBatchOptions(values);
  const config: PseudoRefsConfig = { source };
  let settings: LlmSettings | undefined;
  let localModel: LocalModelRef | undefined;
  if (usesLocalModel(source)) {
    // The in-browser provider's settings (no key, no URL), its model run in Node (localModel.ts).
    localModel = resolveLocalModel(values['local-model']);
    const temperature = num(values['llm-temperature'], '--llm-temperature', 0, 2) ?? 0;
    const maxNewTokens = num(values['local-max-tokens'], '--local-max-tokens', 1, 8192, true) ?? 512;
    settings = { provider: 'browser', baseUrl: '', model: localModel.model, apiKey: '', temperature, maxNewTokens };
    config.llm = { provider: 'local', baseUrl: '', model: localModel.model, format, temperature };
  } else if (usesLlm(source)) {
    const llm = readLlmSettings(values);
    settings = llm.settings;
    config.llm = { provider: llm.kind, baseUrl: settings.baseUrl, model: settings.model, format, temperature: llm.temperature };
  }
  if (usesAnalyzers(source)) config.analyzers = { filter, options };
  return { source, settings, format, concurrency, timeoutMs, cacheDir, filter, options, config, ...(localModel ? { localModel } : {}) };
}

export interface FilledDataset {
  rows: DatasetRow[];
  stats: PseudoRefsStats;
  reports: ChangeReport[];
  config: PseudoRefsConfig;
  interrupted: boolean;
}

/** What the plan's sources made: claims per claim change, issues per analyzer change (null: that source not asked). */
export interface MadeRefs {
  claims: ChangeClaims[] | null;
  issues: ChangeIssues[] | null;
  requests: number;
  interrupted: boolean;
}

/**
 * Runs the plan's sources (LLM claims, tree claims, analyzers) with progress on stderr: claims on `claimRows`,
 * analyzer issues on `issueRows` (the same rows for a dataset of changes; a pull request's hunks and files for
 * `pr-eval`). Not for the `dataset` source.
 */
export async function makePseudoRefs(claimRows: readonly DatasetRow[], issueRows: readonly DatasetRow[], plan: PseudoRefPlan): Promise<MadeRefs> {
  const { signal, dispose } = interruptible();
  let requests = 0;
  let local: Awaited<ReturnType<typeof startLocalModel>> | null = null;
  try {
    const llm = plan.settings
      ? { settings: plan.settings, format: plan.format, cache: rememberingCache(await openFolderCache(plan.cacheDir)), concurrency: plan.concurrency, timeoutMs: plan.timeoutMs }
      : undefined;
    if (llm) {
      const p = await planClaims(claimRows, llm);
      const concurrency = effectiveConcurrency(llm.settings.provider, llm.concurrency);
      process.stderr.write(
        `claims: ${p.changes} changes, ${p.cached} cached, ${p.requests} requests to send (~${p.inputTokens.toLocaleString('en')} input tokens), concurrency ${concurrency}\n`,
      );
      // A model run here is loaded only when something is left to ask (a resumed run may need none).
      if (plan.localModel && p.requests > 0) local = await startLocalModel(plan.localModel);
    }
    const assets = nodeTreeSitterAssets();
    const parse: ParseFn = (l, c) => parseCode(l, c, assets);
    const ticks = { claims: progress('claims'), 'tree-claims': progress('tree claims'), analyzers: progress('analyzers') };
    const made = await makeSources({
      source: plan.source,
      claimRows,
      issueRows,
      llm,
      treeClaims: (language, diff) => treeClaims(language, diff, parse),
      analyze: (req) => analyze(req, assets),
      // A streamed file's rows left their code in it: one change's code read back at a time.
      analyzers: { filter: plan.filter, options: plan.options, codeOf: rowCodeFs },
      signal,
      onProgress: (p) => {
        if (p.stage === 'claims') requests = p.requests;
        ticks[p.stage](p.done, p.total);
      },
    });
    if (local) process.stderr.write(`${localModelSummary(local.stats)}\n`);
    return { claims: made.claims, issues: made.issues, requests, interrupted: signal.aborted };
  } finally {
    dispose();
    await local?.dispose();
  }
}

/** Fills every row's pseudo-references from the plan's source; progress and failures go to stderr. */
export async function fillPseudoRefs(rows: DatasetRow[], plan: PseudoRefPlan): Promise<FilledDataset> {
  const config = { ...plan.config, generatedAt: new Date().toISOString() };
  if (plan.source === 'dataset') {
    const m = mergePseudoRefs(rows, 'dataset', null, null, { requests: 0 });
    return { ...m, config: plan.config, interrupted: false };
  }
  const { claims, issues, requests, interrupted } = await makePseudoRefs(rows, rows, plan);
  const m = mergePseudoRefs(rows, plan.source, claims, issues, { requests });
  for (const r of m.reports)
    for (const f of r.failures) if (f.kind !== 'cancelled') warn(`change ${r.id}: ${f.reason}`);
  const s = m.stats;
  process.stderr.write(
    `pseudo-references: ${s.claims} claims, ${s.issues} issues over ${s.changes} changes; ${s.requests} requests, ${s.cached} cached, ${s.failed} failed${s.readInPart ? `, ${s.readInPart} read in part by an analyzer` : ''}; ${s.notScorable} changes without pseudo-references (not scorable)\n`,
  );
  return { ...m, config, interrupted };
}

/** Reads a dataset in any format the importers know; with predictions files, CodeReviewer's test file plus systems. */
export async function loadDataset(file: string, predictions: readonly string[] = []): Promise<{ rows: DatasetRow[]; badLines: number }> {
  // Large files are streamed and leave their code on disk (datasetFs.ts); the analyzers read it back (codeOf).
  const r = predictions.length
    ? importCodeReviewerPredictions(await readImportFile(file), await Promise.all(predictions.map(async (p) => ({ name: p, text: await readText(p) }))))
    : await importDatasetFile(file, (data) => importFiles([data]));
  for (const e of r.errors) warn(`${e.file}${e.line ? ` line ${e.line}` : ''}: ${e.reason} (line skipped)`);
  if (r.rows.length === 0) throw new CliError(`${file}: no usable lines`);
  return { rows: r.rows, badLines: r.errors.length };
}

/** `eval --json`'s pseudoRefs field. `readInPart` only when some change was read in part: scripts read these keys,
 *  and the study's --json stays byte for byte (scripts/studyGolden.test.ts). */
export function pseudoRefsSummary(s: PseudoRefsStats) {
  const { source, changes, claims, issues, requests, cached, failed, readInPart, notScorable } = s;
  return { source, changes, claims, issues, requests, cached, failed, ...(readInPart ? { readInPart } : {}), notScorable };
}

/** `crscore score` input lines as changes (id "line-N"), so their pseudo-references can be generated. */
export function rowsFromScoreLines(lines: readonly { line: number; value: unknown }[]): DatasetRow[] {
  return lines.map(({ line, value }) => {
    const o = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const s = (...keys: string[]) => {
      for (const k of keys) if (typeof o[k] === 'string') return o[k];
      return null;
    };
    return {
      id: `line-${line}`,
      lang: s('lang', 'language') ?? '',
      index: null,
      diff: s('diff', 'patch') ?? '',
      oldFile: null,
      newFile: s('file', 'new_file', 'file_name'),
      oldCode: s('old_code', 'oldf'),
      newCode: s('new_code'),
      pseudoRefs: [],
      reviews: [],
      referenceAnalyzerOutput: null,
    };
  });
}
