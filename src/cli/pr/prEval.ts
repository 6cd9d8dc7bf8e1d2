// `crscore pr-eval`: whole reviews of pull requests judged as CodeFuse-CR-Bench, AACR-Bench and Martian's
// benchmark judge them (src/core/prreview), with CRScore beside them; `--judges` judges the judges.
import { parseArgs } from 'node:util';
import {
  acceptanceAuc,
  DEFAULT_THRESHOLD,
  EVALUATORS,
  judgeTheJudges,
  MATCHERS,
  prEval,
  type MatcherContext,
  type MatcherName,
  type PrDataset,
  type PrEvalOptions,
  type PrEvalResult,
} from '../../core/prreview/index.ts';
import { modelOf, shippedWeights } from '../../core/learned/index.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import { embedUnique, loadEncoder } from '../score/matrices.ts';
import { CliError, fmt, inert, numberIn, oneOf, warn } from '../shared/io.ts';
import { parsePredictions, readPrDataset } from './prEvalFs.ts';
import { PSEUDO_REF_OPTIONS, readPseudoRefOptions, requireLlm, type PseudoRefPlan } from '../pseudorefs/pseudoRefs.ts';
import { PSEUDO_REF_SOURCES } from '../../pseudorefs/dataset.ts';
import { prPseudoReferences } from './prPseudoRefs.ts';
import { printJudges, printResult } from './prEvalReport.ts';
import { LLM_OPTIONS, llmPrEval, wantsLlm } from './prEvalLlm.ts';

export const PR_EVAL_USAGE = `crscore pr-eval --dataset FILE|DIR --evaluator NAME [options]

Judges whole reviews of pull requests (several located comments per tool) as the published benchmarks do.

The dataset, recognised by its shape:
  SWE-CARE / CodeFuse-CR-Bench task instances (JSONL), with --predictions NAME=FILE.jsonl per system;
  AACR-Bench's positive_samples.json (a file, or its dataset folder; negative_samples.json beside it is read);
    each source_model is a system ("" is human); --predictions NAME=DIR adds a tool's comments_{repo}_{n}.txt;
  Martian's offline folder (golden_comments/*.json, results/<judge>/candidates.json and evaluations.json);
  our pull-request JSONL (docs/pull-requests.md);
  a GitHub pull request's review comments (the rows of crscore github), each reviewer a system, with
    --reference-systems NAME,… naming the reviewers whose comments are the reference (crscore may go
    without: every reviewer is then a system, judged against the pseudo-references of the commented hunks).

Options:
  --evaluator codefuse|aacr|aacr-fixed|martian|crscore
                         codefuse: SWE-CARE's rule-based evaluator; aacr: AACR-Bench's evaluator as shipped;
                         aacr-fixed: the same with its three defects mended; martian: Martian's step 3;
                         crscore: Con, Comp and Rel of the comments against the reference issues at τ
  --reference others|all the reference of a system that is also a source (AACR-Bench): the other sources'
                         accepted comments (others, the default) or all of them
  --negatives FILE       AACR-Bench's negative_samples.json (labels only; default: beside the positives)
  --predictions NAME=PATH  a system's predictions (repeat)
  --judge NAME           martian: replay this judge's published decisions (default: the first judge folder)
  --candidates-from NAME martian with a matcher or an LLM: whose extracted candidates are the reviews
  --matcher M            bleu|lexical|plus|use-lite|learned: an offline matcher where the judge stands
                         (codefuse: its description measure, BLEU by default)
  --threshold X          the matcher's threshold (defaults: ${MATCHERS.map((m) => `${m} ${DEFAULT_THRESHOLD[m]}`).join(', ')})
  --tp-threshold X       codefuse: the true-positive threshold (0.5; 0.3 as before January 2026)
  --pseudo-refs SOURCE   crscore reference-free: P is every PR's pseudo-references, made from its diff by
                         analyzers|tree-claims|offline|claims|generate|local (as crscore eval --pseudo-refs; claims use
                         the LLM flags below and its prompt): analyzer issues on their file and line, claims on
                         their hunk. Without it, a PR with no reference issue gets the offline ones. A PR whose
                         dataset has no diff has none: its rows are named, not scored
  --analyzer-filter paper|added|none, --analyzer-options paper|modern, --llm-format paper|json,
  --llm-temperature T, --local-model ID|FOLDER, --local-max-tokens N   as crscore eval, for --pseudo-refs
  --tau X, --location-weight W, --line-window N   crscore (defaults: τ = --threshold when given, else the
                         similarity's τ, lexical ${DEFAULT_THRESHOLD.lexical} without --matcher; 0.2; 3). A pair
                         within the window scores text·(1 − W + W·location): a comment without a place loses
                         the share W; a match is strictly above τ
  --judges               judge the judges instead: Martian's folder: every offline matcher against each LLM
                         judge's decisions, the judges against each other as the ceiling; AACR-Bench: ROC AUC
                         of a comment's best match for its acceptance
  --matchers LIST        with --judges: the matchers to run (default bleu,lexical,plus,learned; add use-lite)
  --resamples N, --seed N  bootstrap over PRs (default 1000, 1)
  --json                 one JSON object: rows (pr, system, the harness's fields), then aggregates and pairs
  LLM judge (aacr, aacr-fixed, martian; crscore's claims): --llm-provider openai|anthropic, --llm-base-url URL, --llm-model NAME,
                         the key from CRSCORE_LLM_API_KEY only (never printed), --cache-dir DIR, --concurrency N,
                         --llm-timeout SEC. AACR-Bench's prompt at temperature 0.7, top-p 0.95; Martian's at 0 with
                         its system message. Answers are cached and a run resumes; a failed request is counted,
                         never read as "no"
  -h, --help             this text
`;

/** What the matchers need, loaded only for those asked for. */
export async function matcherContext(names: readonly MatcherName[], ds: PrDataset, batchSize = 32): Promise<MatcherContext> {
  const ctx: MatcherContext = {};
  if (names.includes('plus') || names.includes('learned')) ctx.idf = await loadBackgroundIdf();
  if (names.includes('learned')) ctx.linker = modelOf(shippedWeights());
  if (names.includes('use-lite')) {
    const texts = new Set<string>();
    for (const pr of ds.prs) {
      for (const r of pr.references) texts.add(r.text);
      for (const cs of Object.values(pr.reviews)) for (const c of cs) texts.add(c.text);
      for (const j of Object.values(pr.judged ?? {})) for (const rec of Object.values(j)) for (const c of rec.candidates) texts.add(c.text);
    }
    const encoder = await loadEncoder('use-lite');
    try {
      const vectors = await embedUnique(encoder, [...texts], batchSize);
      const dims = vectors.values().next().value?.length ?? 1;
      const zero = new Float32Array(dims);
      ctx.vector = (t) => vectors.get(t) ?? zero;
    } finally {
      await encoder.dispose?.();
    }
  }
  return ctx;
}

export async function runPrEval(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dataset: { type: 'string' },
      evaluator: { type: 'string' },
      reference: { type: 'string' },
      negatives: { type: 'string' },
      'reference-systems': { type: 'string' },
      predictions: { type: 'string', multiple: true },
      judge: { type: 'string' },
      'candidates-from': { type: 'string' },
      matcher: { type: 'string' },
      matchers: { type: 'string' },
      threshold: { type: 'string' },
      'tp-threshold': { type: 'string' },
      tau: { type: 'string' },
      'location-weight': { type: 'string' },
      'line-window': { type: 'string' },
      judges: { type: 'boolean', default: false },
      resamples: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...LLM_OPTIONS,
      'pseudo-refs': PSEUDO_REF_OPTIONS['pseudo-refs'],
      'llm-format': PSEUDO_REF_OPTIONS['llm-format'],
      'llm-temperature': PSEUDO_REF_OPTIONS['llm-temperature'],
      'analyzer-filter': PSEUDO_REF_OPTIONS['analyzer-filter'],
      'analyzer-options': PSEUDO_REF_OPTIONS['analyzer-options'],
      'local-model': PSEUDO_REF_OPTIONS['local-model'],
      'local-max-tokens': PSEUDO_REF_OPTIONS['local-max-tokens'],
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(PR_EVAL_USAGE);
    return 0;
  }
  if (!values.dataset) throw new CliError(`--dataset is required\n\n${PR_EVAL_USAGE}`);
  // An LLM run checks its settings (the key) before anything is read: the judge's, or crscore's LLM claims.
  const crscore = values.evaluator === 'crscore' && !values.judges;
  let pseudoPlan: PseudoRefPlan | null = null;
  if (values['pseudo-refs'] !== undefined) {
    if (!crscore) throw new CliError('--pseudo-refs makes the P of --evaluator crscore (reference-free); the other evaluators judge against the reference issues');
    if (!PSEUDO_REF_SOURCES.includes(values['pseudo-refs'] as never) || values['pseudo-refs'] === 'dataset')
      throw new CliError(`--pseudo-refs: expected one of ${PSEUDO_REF_SOURCES.filter((x) => x !== 'dataset').join(', ')}, got "${inert(values['pseudo-refs'])}"`);
    pseudoPlan = readPseudoRefOptions(values, 'offline');
  } else if (wantsLlm(values) && crscore) throw new CliError('--evaluator crscore has no LLM judge: the LLM flags make its pseudo-references with --pseudo-refs claims or generate');
  else if (wantsLlm(values)) requireLlm(values, 'pr-eval\'s LLM judge');
  const resamples = numberIn(values.resamples, '--resamples', 1, 100_000, true) ?? 1000;
  const seed = numberIn(values.seed, '--seed', 0, 2 ** 32 - 1, true) ?? 1;
  const ds = await readPrDataset(values.dataset, { referenceFree: crscore, negatives: values.negatives, predictions: parsePredictions(values.predictions), candidatesFrom: values['candidates-from'], referenceSystems: values['reference-systems']?.split(',').map((x) => x.trim()).filter(Boolean) });
  for (const p of ds.problems.slice(0, 20)) warn(`${p.file} ${p.where}: ${p.why}`);
  if (ds.problems.length > 20) warn(`${ds.problems.length - 20} more records could not be read`);
  if (ds.prs.length === 0) throw new CliError(`--dataset ${values.dataset}: no pull request could be read`);
  for (const j of [values.judge, values['candidates-from']])
    if (j !== undefined && !ds.judges.includes(j)) throw new CliError(`no judge folder "${inert(j)}"; the folder has ${ds.judges.join(', ') || 'none'}`);

  if (values.judges) {
    const names = (values.matchers ?? 'bleu,lexical,plus,learned').split(',').map((m) => oneOf(m.trim(), MATCHERS, '--matchers')!);
    const ctx = await matcherContext(names, ds);
    if (ds.layout === 'martian') {
      const t0 = performance.now();
      const report = judgeTheJudges(ds, names.map((name) => ({ name, threshold: values.threshold !== undefined && names.length === 1 ? Number(values.threshold) : undefined })), ctx);
      printJudges(report, values.json, performance.now() - t0);
      return 0;
    }
    if (ds.layout === 'aacr') {
      const aucs = names.flatMap((m) => acceptanceAuc(ds, m, ctx, { resamples, seed }));
      if (values.json) process.stdout.write(JSON.stringify({ layout: ds.layout, acceptance: aucs }, null, 1) + '\n');
      else for (const a of aucs) process.stdout.write(`${a.matcher.padEnd(9)} ${a.scope.padEnd(8)} AUC ${fmt(a.auc ?? NaN, 3)} [${fmt(a.lo ?? NaN, 3)}, ${fmt(a.hi ?? NaN, 3)}]  ${a.positives} accepted, ${a.negatives} rejected\n`);
      return 0;
    }
    throw new CliError('--judges reads Martian\'s folder (LLM judges\' decisions) or AACR-Bench (annotators\' labels)');
  }

  const evaluator = oneOf(values.evaluator, EVALUATORS, '--evaluator');
  if (!evaluator) throw new CliError(`--evaluator is required\n\n${PR_EVAL_USAGE}`);
  const matcher = oneOf(values.matcher, MATCHERS, '--matcher');
  const ctx = await matcherContext(matcher ? [matcher] : [], ds);
  const opts: PrEvalOptions = {
    evaluator,
    reference: oneOf(values.reference, ['others', 'all'] as const, '--reference'),
    matcher,
    threshold: numberIn(values.threshold, '--threshold', 0, 1),
    tpThreshold: numberIn(values['tp-threshold'], '--tp-threshold', 0, 1),
    judge: values.judge,
    candidatesFrom: values['candidates-from'],
    tau: numberIn(values.tau, '--tau', 0, 1),
    locationWeight: numberIn(values['location-weight'], '--location-weight', 0, 1),
    lineWindow: numberIn(values['line-window'], '--line-window', 0, 1_000_000, true),
    ctx,
    resamples,
    seed,
  };
  if (evaluator === 'crscore') {
    // P: the reference issues; reference-free, the pseudo-references, made for every PR when asked (--pseudo-refs),
    // else offline (tree claims and analyzer issues, no key) for the PRs without a reference issue.
    const only = pseudoPlan !== null;
    const bare = ds.prs.filter((p) => p.references.length === 0);
    if (!only && bare.length) {
      pseudoPlan = readPseudoRefOptions({ ...values, 'pseudo-refs': 'offline' }, 'offline');
      warn(`${bare.length} of ${ds.prs.length} PRs have no reference issue: their P is the pseudo-references of their diff (--pseudo-refs offline; give --pseudo-refs SOURCE to judge every PR reference-free)`);
    }
    if (pseudoPlan) {
      const byPr = await prPseudoReferences(ds, pseudoPlan, (p) => only || p.references.length === 0);
      opts.pseudoRefs = { byPr, source: pseudoPlan.source, only };
    }
  }
  let result: PrEvalResult;
  let failed = 0;
  if (wantsLlm(values) && evaluator !== 'crscore') {
    if (matcher) throw new CliError('--matcher and an LLM (--provider) both stand where the judge stands: give one');
    const out = await llmPrEval(ds, opts, values);
    result = out.result;
    failed = out.failed;
  } else result = prEval(ds, opts);
  printResult(ds, result, values.json);
  return failed > 0 ? 1 : 0;
}
