// `crscore eval`'s one set of options (EVAL_OPTIONS: the study's report's and the human-scored report's), and the
// human-scored report's settings, read and checked before the dataset is (evalHuman.ts runs them). The
// meta-evaluation's flags mean what they mean on the study's report (evalMetaeval.ts); its CRScore options
// configure the same scorer (evalHumanCrscore.ts), or say why they cannot apply.
import { parseArgs } from 'node:util';
import { GROUPINGS, type Grouping, type RankStatistic } from '../../core/metaeval/index.ts';
import { LEXICAL_TAU } from '../../core/lexical.ts';
import { parseHumanSpec, parseMapSpec, mappingFromJson, mappingProblem, type Mapping } from '../../core/humanData/index.ts';
import { INTERVAL_OPTIONS, parseIntervalOptions, type IntervalOptions } from '../stages/evalIntervals.ts';
import { checkMetricScores, checkScoresOut, METAEVAL_OPTIONS, RANK_STATISTICS } from '../metaeval/evalMetaeval.ts';
import { METRICS_OPTIONS } from '../metaeval/evalMetrics.ts';
import { PSEUDO_REF_OPTIONS, requireLlm, type PseudoRefValues } from '../pseudorefs/pseudoRefs.ts';
import { LINKS_OPTIONS } from '../stages/evalLinks.ts';
import { EVAL_SIMILARITIES, type EvalSimilarity } from '../stages/evalStages.ts';
import { parseCv } from '../stages/evalPlus.ts';
import { SCORING_RULES, type ScoringRule } from '../../core/research/scoring.ts';
import type { SplitMode } from '../../core/types.ts';
import { LAB_METRIC_NAMES } from '../../core/lab/index.ts';
import { checkWritable, CliError, inert, oneOf, parseTau, readText, warn } from '../shared/io.ts';
import { DEFAULT_ENCODER } from '../score/matrices.ts';
import { HUMAN_LLM_OPTIONS, HUMAN_LLM_USAGE, readHumanJudge, readHumanLlm, type HumanJudgeSettings, type HumanLlmSettings } from './evalHumanLlm.ts';
import { readPseudoRefOptions, type PseudoRefPlan } from '../pseudorefs/pseudoRefs.ts';
import { PSEUDO_REF_SOURCES, usesLlm } from '../../pseudorefs/dataset.ts';
import { DEFAULT_NLTK_VERSION, parseNltkVersion, type NltkVersion } from '../../core/nltk/index.ts';
import { parseBy, parseWhere, type SliceBy, type WhereClause } from '../../core/humanData/slices.ts';
import type { EpsSearch } from '../../core/metaeval/metaTypes.ts';

export const HUMAN_METRICS = ['bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'crscore', 'llm-grade', 'llm-judge', 'length', 'random'] as const;
export type HumanMetric = (typeof HUMAN_METRICS)[number];
/** Where CRScore's pseudo-references come from on a human-scored dataset: the reference's sentences, or any source crscore score has. */
export const HUMAN_PSEUDO_REFS = ['reference', ...PSEUDO_REF_SOURCES] as const;
export type HumanPseudoRefs = (typeof HUMAN_PSEUDO_REFS)[number];

export const HUMAN_PRESETS = ['lexical', 'plus', 'learned'] as const;
export type HumanPreset = (typeof HUMAN_PRESETS)[number];

export const EVAL_HUMAN_USAGE = `The human-scored report (any layout; the human study's with any option below that the study's report lacks):
  --dataset FILE.xlsx|.csv|.jsonl   GradedReviews' dataset.xlsx is recognised by its header (ID, groundTruth,
                            relatedCode, then each system and its Grade); another file needs a mapping
  --human-data              this report on the human study's own file (dev.jsonl, or its published CSVs): its
                            Con, Comp and Rel three Likert 1–5 dimensions, msg each change's reference review
  --map FIELD=COLUMN,…      FIELD one of id, diff, old_code, new_code, code, review, system, reference, lang
  --human COLUMN[:likert[-K]|binary|continuous][@DIM],…   the human score columns (columns sharing @DIM are
                            that dimension's annotators; the scale is guessed from the values when absent)
  --mapping FILE.json       the same as one file ({"fields": {…}, "human": [{"column", "dimension", "scale"}]})
  --metrics LIST            any of ${HUMAN_METRICS.join(', ')}
                            (default bleu,chrf,rouge-l,meteor, with crscore on the human study's file or with
                            --pseudo-refs; crscore alone with --preset), against the change's reference review; crscore needs --pseudo-refs
                            (but on the human study's file); length, random: the baselines (--metaeval)
  CRScore's options of the study's report apply here too: --split; --similarity lexical|tfidf|embedding and
                            --scoring hard|graded (lexical preset; but lexical/hard, τ by --tau or
                            --calibrate-on SYSTEM, graded needs --calibrate-on); --similarity llm-links with
                            --links-prompt (τ fixed); --calibrate-on (lexical, plus); --idf (plus); --cv K
                            (learned: out-of-fold scores); --links-out; --baseline METRIC; --test; --predictions
                            (the study's reader); llm-judge's --judge-prompt, --judge-samples,
                            --judge-with-pseudo-refs; --ceiling FILE (the study's annotators' CSVs, on con, comp or
                            rel); --preset plus --cv K|language with --calibrate-on. --preset paper is lexical;
                            --metrics crscore-plus is crscore --preset plus here (said so)
${HUMAN_LLM_USAGE}  --pseudo-refs ${HUMAN_PSEUDO_REFS.join('|')}
                            CRScore's pseudo-references: each change's own (the human study's; the default where
                            the dataset has them, and a change without them is left out), the reference review's
                            sentences, or made for every change as crscore score makes them (analyzers: no key;
                            claims and generate: the LLM flags above, --llm-format paper|json;
                            --analyzer-filter, --analyzer-options as on crscore score). Made ones need no
                            reference review: every review with a human score is judged
  --preset lexical|plus|learned   CRScore's configuration: lexical (default): lexical similarity, the paper's hard
                            rule at --tau (default ${LEXICAL_TAU}, the lexical τ by the paper's calibration on the
                            human study's dev half, gpt3.5_pred — src/core/lexical.ts); plus: TF-IDF with graded
                            credit at the plus preset's shipped calibration (or --tau); learned: the learned linker
                            (--linker FILE, default the shipped weights trained on the human study's dev half)
  --dim NAME                the human dimension every metric is judged against (default: on a dataset with
                            con, comp and rel, each metric dimension against its namesake, the meta-evaluation's
                            table being rel's as on the human study's path; else the dataset's first)
  --metaeval                the meta-evaluation: pooled, item-grouped and system-level Spearman, Kendall,
                            acc_eq with bootstrap intervals, baselines and, where the dimension has two or more
                            annotators, the human ceiling; a binary dimension adds ROC AUC
  --grouping none|item|system   only that grouping's table (implies --metaeval)
  --statistic ${RANK_STATISTICS.join('|')}
                            what ranks the metrics (default spearman; implies --metaeval)
  --signature               print the reproducibility signature only (the dataset's name and SHA-256, its
                            mapping, the dimension, the configuration)
  --scores-out FILE.csv|FILE.jsonl   every review's human.DIM score and every metric's value, after the run's
                            signature; --metric-scores NAME=FILE reads it back
  --scores-plain            with --scores-out FILE.csv: the table alone (no # lines, for a spreadsheet), its
                            provenance (signature, dataset, configuration) in FILE.csv.json
  --metric-scores NAME=FILE per-review scores keyed by id and system (repeatable), judged beside the run's; the
                            system may be left out on a one-system table, and crscore score's output of the
                            same JSONL file needs no id (its line keys it); "scorable": false rows are left out
                            and counted; of score's output only con, comp and rel are metrics
  --bootstrap N, --seed S   resamples of changes for the intervals (default 1000), their seed
  --encoder SPEC, --pooling crscore|model   embed-ref's encoder (default ${DEFAULT_ENCODER})
  --tokenizer nltk-3.9|nltk-3.10   METEOR's word tokenizer: NLTK 3.9's rules (default, the NLTK GradedReviews'
                            scripts ran) or 3.10's (an opening quote split from its word, dashes split); the
                            signature names it (meteor@nltk-3.9)
  --where EXPR              judge only the reviews that hold: FIELD OP VALUE, clauses joined by ',' (all must
                            hold); FIELD a human dimension (its score as the file has it), lang, system, id or a
                            column of the file; OP one of <= >= < > = !=  (e.g. grade<=4, lang=go); the
                            signature names it
  --by lang|system|DIM|COLUMN   every table again for each value of the field, each with its n
  --eps-search search|exhaustive   acc_eq's ε: search (default: every pair swept up to 2,000,000 pairs, beyond
                            that 48 quantiles of sampled differences and 24 refinements) or exhaustive (every pair
                            swept at any size: the best ε exactly; about 20 bytes of memory a pair)
  --json                    one JSON object on stdout
`;

export const HUMAN_OPTIONS = {
  dataset: { type: 'string' },
  'human-data': { type: 'boolean', default: false },
  map: { type: 'string' },
  human: { type: 'string' },
  mapping: { type: 'string' },
  metrics: { type: 'string' },
  'pseudo-refs': { type: 'string' },
  preset: { type: 'string' },
  linker: { type: 'string' },
  tau: { type: 'string' },
  dim: { type: 'string' },
  metaeval: { type: 'boolean', default: false },
  grouping: { type: 'string' },
  statistic: { type: 'string' },
  signature: { type: 'boolean', default: false },
  'scores-out': { type: 'string' },
  'scores-plain': { type: 'boolean' },
  'metric-scores': { type: 'string', multiple: true },
  encoder: { type: 'string' },
  pooling: { type: 'string' },
  tokenizer: { type: 'string' },
  where: { type: 'string' },
  by: { type: 'string' },
  'eps-search': { type: 'string' },
  json: { type: 'boolean', default: false },
  ...HUMAN_LLM_OPTIONS,
  'llm-format': { type: 'string' },
  'analyzer-filter': { type: 'string' },
  'analyzer-options': { type: 'string' },
  'local-model': { type: 'string' },
  'local-max-tokens': { type: 'string' },
  ...INTERVAL_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The options the study's report has always taken (evalStudy.ts): a run of the study's layout with these alone
 *  prints that report, byte for byte. */
export const STUDY_OPTIONS = {
  dataset: { type: 'string' },
  tau: { type: 'string' },
  'calibrate-on': { type: 'string' },
  split: { type: 'string' },
  similarity: { type: 'string' },
  scoring: { type: 'string' },
  encoder: { type: 'string' },
  pooling: { type: 'string' },
  preset: { type: 'string' },
  cv: { type: 'string' },
  idf: { type: 'string' },
  linker: { type: 'string' },
  ...INTERVAL_OPTIONS,
  json: { type: 'boolean', default: false },
  'links-out': { type: 'string' },
  predictions: { type: 'string', multiple: true },
  ...PSEUDO_REF_OPTIONS,
  ...LINKS_OPTIONS,
  ...METRICS_OPTIONS,
  ...METAEVAL_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** `crscore eval`'s options, one set on every layout. */
export const EVAL_OPTIONS = { ...STUDY_OPTIONS, ...HUMAN_OPTIONS } as const;

export type EvalValues = ReturnType<typeof parseArgs<{ options: typeof EVAL_OPTIONS; strict: true }>>['values'];

export interface HumanSettings {
  dataset: string;
  names: HumanMetric[];
  preset: HumanPreset;
  tau: number | undefined;
  linker: string | undefined;
  dim: string | undefined;
  /** --pseudo-refs; undefined: the dataset's own where it has them, else the reference review's sentences. */
  pseudoRefs: HumanPseudoRefs | undefined;
  /** The plan that makes the pseudo-references (analyzers, claims, …); null for the dataset's own or the reference's. */
  pseudoPlan: PseudoRefPlan | null;
  /** --human-data: the file is the human study's (study.ts reads it). */
  humanData: boolean;
  intervals: IntervalOptions;
  /** The meta-evaluation's groupings (all three unless --grouping names one), its ranking statistic. */
  groupings: Grouping[];
  statistic: RankStatistic;
  metaeval: boolean;
  signature: boolean;
  scoresOut: string | undefined;
  scoresPlain: boolean;
  metricScores: string[];
  encoder: string | undefined;
  pooling: string | undefined;
  json: boolean;
  mapping: { map?: string; human?: string; mapping?: string };
  /** --ceiling: the human study's annotators' CSVs (none: the dataset's own annotators give the ceiling). */
  ceiling: string[];
  /** llm-judge's settings (null without it). */
  judge: HumanJudgeSettings | null;
  /** llm-grade's settings (null without it). */
  llm: HumanLlmSettings | null;
  /** METEOR's word-tokenizer rules. */
  tokenizer: NltkVersion;
  /** --where: the reviews judged (null: all). */
  where: { expr: string; clauses: WhereClause[] } | null;
  /** --by: the field every table is repeated for (null: none). */
  by: SliceBy | null;
  epsSearch: EpsSearch;
  /** CRScore as the study's report configures it (evalHumanCrscore.ts): the lexical preset's similarity and rule,
   *  τ by calibration on a system, plus's IDF, learned's folds, the sentence split, and where its links go. */
  similarity: EvalSimilarity | undefined;
  /** --similarity llm-links: the LLM flags and --links-prompt (the key checked here); null otherwise. */
  linksLlm: (PseudoRefValues & { 'links-prompt'?: string }) | null;
  scoring: ScoringRule | undefined;
  calibrateOn: string | undefined;
  idf: 'background' | 'corpus' | undefined;
  cv: string | undefined;
  split: SplitMode;
  linksOut: string | undefined;
  /** --predictions: a system's predictions on CodeReviewer's test file (the study's reader pairs them). */
  predictions: string[];
  /** --baseline: the metric the meta-evaluation's paired differences are against; --test: the clusters' test. */
  baseline: string | undefined;
  test: 'perm-both' | 'bootstrap' | undefined;
}

function readMetrics(spec: string | undefined, preset: boolean, withPseudoRefs: boolean): HumanMetric[] {
  // The human study brings its pseudo-references, and --pseudo-refs names a source: either way CRScore is judged
  // beside the reference metrics by default (a person who names the pseudo-references means CRScore).
  const names = (spec ?? (preset ? 'crscore' : withPseudoRefs ? 'crscore,bleu,chrf,rouge-l,meteor' : 'bleu,chrf,rouge-l,meteor')).split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) {
    if ((HUMAN_METRICS as readonly string[]).includes(n)) continue;
    // The study's report's own metrics: said where they run, and what here does the same.
    if ((LAB_METRIC_NAMES as readonly string[]).includes(n))
      throw new CliError(`--metrics ${n}: the study's report's name; here it is --metrics crscore --preset plus (this report's metrics: ${HUMAN_METRICS.join(', ')})`);
    throw new CliError(`--metrics: "${inert(n)}" is not a metric of crscore eval (available: ${HUMAN_METRICS.join(', ')})`);
  }
  if (names.length === 0) throw new CliError(`--metrics: give one or more of ${HUMAN_METRICS.join(', ')}`);
  return [...new Set(names)] as HumanMetric[];
}

/** The command line (parsed once, eval.ts) read and checked, output files included, before the dataset is read;
 *  `layout` is the file's (evalRead.ts): the human study's brings its own pseudo-references. */
export async function readHumanSettings(values: EvalValues, layout: 'human-study' | 'table'): Promise<HumanSettings> {
  if (!values.dataset) throw new CliError('--dataset FILE is required');
  const intervals = parseIntervalOptions(values);
  // paper: the study's report's name for the paper's CRScore, this report's lexical preset with its options.
  const presetName = oneOf(values.preset, [...HUMAN_PRESETS, 'paper'] as const, '--preset');
  const preset = presetName === 'paper' ? 'lexical' : presetName;
  const names = readMetrics(values.metrics, preset !== undefined, layout === 'human-study' || values['pseudo-refs'] !== undefined);
  const pseudo = oneOf(values['pseudo-refs'], HUMAN_PSEUDO_REFS, '--pseudo-refs (on a human-scored dataset)');
  // The human study brings its own pseudo-references; any other dataset says which it means.
  if (names.includes('crscore') && !pseudo && layout !== 'human-study')
    throw new CliError(`--metrics crscore on a human-scored dataset needs a source of pseudo-references: --pseudo-refs reference (the reference review's sentences), --pseudo-refs analyzers|tree-claims|offline (no model, no key, no reference review needed), claims|generate (an LLM behind your key), local (a model run on this machine), or dataset (a change's own); such datasets rarely carry claims or analyzer issues`);
  // Made pseudo-references: the key (for claims) is checked here, before the dataset is read.
  const pseudoPlan = pseudo && pseudo !== 'reference' && pseudo !== 'dataset' ? readPseudoRefOptions(values, pseudo) : null;
  if (pseudoPlan && !names.includes('crscore')) warn(`--pseudo-refs ${pseudo} applies to --metrics crscore only`);
  // An LLM run checks its key (and prompt file) before the dataset is read, and says what is missing once.
  // The endpoint's flags are read by made claims and by llm-judge as well: no warning that they apply to llm-grade only.
  const shared = (!!pseudo && pseudo !== 'reference' && usesLlm(pseudo)) || names.includes('llm-judge');
  const llm = await readHumanLlm(values, names.includes('llm-grade'), shared);
  const tau = parseTau(values.tau);
  if (preset !== undefined && !names.includes('crscore')) warn('--preset applies to --metrics crscore only');
  if (tau !== undefined && !names.includes('crscore')) warn('--tau applies to --metrics crscore only');
  if (tau !== undefined && preset === 'learned') throw new CliError('--tau: the learned linker brings its own threshold (--preset learned takes no --tau)');
  if (values.linker !== undefined && preset !== 'learned') warn('--linker applies to --preset learned only');
  const grouping = oneOf(values.grouping, GROUPINGS, '--grouping');
  const statistic = oneOf(values.statistic, RANK_STATISTICS, '--statistic') ?? 'spearman';
  if ((statistic === 'pairwise' || statistic === 'spa') && grouping !== 'system')
    throw new CliError(`--statistic ${statistic} is a system-level statistic: add --grouping system`);
  if (values['scores-out']) await checkScoresOut(values['scores-out']);
  const tokenizer = values.tokenizer === undefined ? DEFAULT_NLTK_VERSION : parseNltkVersion(values.tokenizer);
  if (tokenizer === null) throw new CliError(`--tokenizer: "${inert(values.tokenizer!)}" is not nltk-3.9 or nltk-3.10`);
  if (values.tokenizer !== undefined && !names.includes('meteor')) warn('--tokenizer applies to --metrics meteor only');
  let where: HumanSettings['where'] = null;
  try {
    if (values.where !== undefined) where = { expr: values.where.trim(), clauses: parseWhere(values.where) };
  } catch (e) {
    throw new CliError(`--where: ${(e as Error).message}`);
  }
  const by = values.by === undefined ? null : parseBy(values.by);
  if (by === null && values.by !== undefined) throw new CliError('--by: give a field (lang, system, a dimension or a column)');
  const epsSearch = oneOf(values['eps-search'], ['search', 'exhaustive'] as const, '--eps-search') ?? 'search';
  const metricScores = values['metric-scores'] ?? [];
  await checkMetricScores(metricScores);
  const crscore = readCrscoreOptions(values, names.includes('crscore'), preset ?? 'lexical', tau);
  if (values['links-out']) await checkWritable(values['links-out'], '--links-out');
  const judge = await readHumanJudge(values, names.includes('llm-judge'));
  if (values['links-prompt'] !== undefined && crscore.linksLlm === null) warn('--links-prompt applies to --similarity llm-links only');
  return {
    ...crscore,
    predictions: values.predictions ?? [],
    judge,
    ceiling: values.ceiling ?? [],
    baseline: values.baseline,
    test: oneOf(values.test, ['perm-both', 'bootstrap'] as const, '--test'),
    dataset: values.dataset,
    names,
    preset: preset ?? 'lexical',
    tau,
    linker: values.linker,
    dim: values.dim,
    pseudoRefs: pseudo,
    pseudoPlan,
    humanData: values['human-data'],
    intervals,
    groupings: grouping ? [grouping] : ['none', 'item', 'system'],
    statistic,
    metaeval: values.metaeval || values.signature || grouping !== undefined || values.statistic !== undefined || metricScores.length > 0 || values.by !== undefined || values['eps-search'] !== undefined || values.baseline !== undefined || values.test !== undefined || (values.ceiling?.length ?? 0) > 0 || names.some((n) => n === 'length' || n === 'random'),
    signature: values.signature,
    scoresOut: values['scores-out'],
    scoresPlain: values['scores-plain'] === true,
    metricScores,
    encoder: values.encoder,
    pooling: values.pooling,
    json: values.json,
    mapping: { map: values.map, human: values.human, mapping: values.mapping },
    llm,
    tokenizer,
    where,
    by,
    epsSearch,
  };
}

/** The study's report's CRScore options, checked as far as they can be before the dataset is read. */
function readCrscoreOptions(values: EvalValues, crscore: boolean, preset: HumanPreset, tau: number | undefined): Pick<HumanSettings, 'similarity' | 'scoring' | 'calibrateOn' | 'idf' | 'cv' | 'split' | 'linksOut' | 'linksLlm'> {
  const similarity = oneOf(values.similarity, EVAL_SIMILARITIES, '--similarity');
  const scoring = oneOf(values.scoring, SCORING_RULES, '--scoring');
  const idf = oneOf(values.idf, ['background', 'corpus'] as const, '--idf');
  const split = oneOf(values.split, ['reference', 'improved'] as const, '--split') ?? 'reference';
  const calibrateOn = values['calibrate-on'];
  const cv = values.cv;
  parseCv(cv);
  const given = (['similarity', 'scoring', 'calibrate-on', 'idf', 'cv', 'links-out'] as const).filter((k) => values[k] !== undefined);
  if (!crscore) {
    if (given.length) warn(`${given.map((k) => `--${k}`).join(', ')} ${given.length > 1 ? 'configure' : 'configures'} CRScore: add --metrics crscore`);
    return { similarity: undefined, scoring: undefined, calibrateOn: undefined, idf: undefined, cv: undefined, split, linksOut: undefined, linksLlm: null };
  }
  if (tau !== undefined && calibrateOn !== undefined) throw new CliError('give either --tau or --calibrate-on, not both');
  if (preset !== 'lexical' && (similarity !== undefined || scoring !== undefined)) warn(`--similarity and --scoring are ignored with --preset ${preset}`);
  const llmLinks = similarity === 'llm-links' && preset === 'lexical';
  if (llmLinks) {
    // The key is checked before the dataset is read, as on the study's report; τ is fixed.
    requireLlm(values, '--similarity llm-links');
    if (tau !== undefined || calibrateOn !== undefined) warn('--tau and --calibrate-on have no effect with --similarity llm-links (τ is fixed)');
  } else if (preset === 'lexical') {
    const s = similarity ?? 'lexical';
    if ((s !== 'lexical' || scoring === 'graded') && tau === undefined && calibrateOn === undefined)
      throw new CliError(`--similarity ${s} --scoring ${scoring ?? 'hard'}: give --tau T or --calibrate-on SYSTEM (the τ shipped for any dataset, ${LEXICAL_TAU}, is lexical similarity's under the hard rule)`);
    if (scoring === 'graded' && calibrateOn === undefined) throw new CliError("--scoring graded: its credit ramps from τ − sd to τ, sd the calibration's spread: add --calibrate-on SYSTEM");
  }
  if (preset === 'learned' && calibrateOn !== undefined) throw new CliError('--calibrate-on: the learned linker brings its own threshold (--preset learned takes no --calibrate-on)');
  if (idf !== undefined && preset !== 'plus') warn('--idf applies to --preset plus only');
  if (cv !== undefined && preset === 'lexical') throw new CliError('--cv applies to --preset plus (its candidates re-chosen per fold) and --preset learned (out-of-fold scores)');
  if (cv !== undefined && preset === 'plus' && calibrateOn === undefined) throw new CliError("--cv with --preset plus calibrates each fold on a system's reviews: add --calibrate-on SYSTEM");
  if (values['links-out'] !== undefined && preset === 'learned') warn("--links-out: the learned linker's links are not written (as on the study's report)");
  return { similarity, scoring, calibrateOn: llmLinks ? undefined : calibrateOn, idf, cv, split, linksOut: preset === 'learned' ? undefined : values['links-out'], linksLlm: llmLinks ? values : null };
}

/** --mapping FILE.json, or --map and --human; undefined when none is given. */
export async function readMapping(v: HumanSettings['mapping']): Promise<Mapping | undefined> {
  try {
    if (v.mapping !== undefined) {
      if (v.map !== undefined || v.human !== undefined) throw new CliError('give either --mapping FILE.json or --map/--human, not both');
      let json: unknown;
      try {
        json = JSON.parse(await readText(v.mapping));
      } catch (e) {
        throw new CliError(`--mapping ${inert(v.mapping)}: not JSON (${(e as Error).message})`);
      }
      return mappingFromJson(json);
    }
    if (v.map === undefined && v.human === undefined) return undefined;
    const m = { fields: parseMapSpec(v.map ?? ''), human: parseHumanSpec(v.human ?? '') };
    // The browser's mapping step checks its mapping with the same function.
    const problem = mappingProblem(m);
    if (problem) throw new CliError(`--map/--human: ${inert(problem)}`);
    return m;
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError((e as Error).message);
  }
}

/** A mapping as the flags that give it (what the error without one suggests). */
export function mappingFlags(m: Mapping): string {
  const q = (s: string) => (/^[\w.:@=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const map = Object.entries(m.fields).map(([f, c]) => `${f}=${c}`).join(',');
  const human = m.human.map((h) => `${h.column}${h.scale ? `:${h.scale}${h.max ? `-${h.max}` : ''}` : ''}${h.dimension !== h.column ? `@${h.dimension}` : ''}`).join(',');
  return [map && `--map ${q(map)}`, human && `--human ${q(human)}`].filter(Boolean).join(' ');
}
