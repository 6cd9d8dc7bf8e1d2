// `crscore eval`'s meta-evaluation: the run's metric columns, imported per-review scores
// (--metric-scores NAME=FILE), the baselines and, from the annotators' CSVs (--ceiling), the human ceiling, judged
// as the WMT metrics task judges metrics (src/core/metaeval). --scores-out writes every review's scores.
import { NO_SCORE_COLUMN } from '../../core/metaeval/scoresParse.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Dim } from '../../core/bootstrap.ts';
import type { DatasetRow } from '../../core/dataset.ts';
import { labReviews } from '../../core/lab/index.ts';
import { humanStudyFileInfo, parseHumanStudyCsv } from '../../core/importers/humanStudy.ts';
import {
  baselineMetrics,
  configName,
  coverageLines,
  formatMetaEval,
  GROUPINGS,
  humanCeiling,
  importedConfig,
  metaEvalSignature,
  metaEvaluate,
  namedColumns,
  parseMetricScores,
  readMetricScores,
  STATISTICS,
  unjudgedReviews,
  writeScores,
  type AnnotatorFile,
  type CeilingSummary,
  type DatasetIdentity,
  type MetaEvalOptions,
  type MetaMetric,
  type RankStatistic,
  type ScoresCoverage,
  type SignatureConfig,
} from '../../core/metaeval/index.ts';
import type { PreparedDataset } from '../../core/research/index.ts';
import type { SplitMode } from '../../core/types.ts';
import type { IntervalOptions } from '../stages/evalIntervals.ts';
import type { OutputFormat } from '../../claims/prompt.ts';
import type { PseudoRefSource } from '../../pseudorefs/dataset.ts';
import { pseudoRefSignature as sharedPseudoRefSignature } from '../../pseudorefs/signature.ts';
import { reviewKeys } from '../../core/reviewKeys.ts';
import { plainScores, provenanceName } from '../../core/metaeval/plainScores.ts';
import { checkWritable, CliError, fmt, fmtP, info, inert, oneOf, readText, warn, writeOutputSync } from '../shared/io.ts';
import { metaEvaluateThreads } from './metaevalWorkers.ts';

export const METAEVAL_OPTIONS = {
  'metric-scores': { type: 'string', multiple: true },
  'scores-out': { type: 'string' },
  'scores-plain': { type: 'boolean' },
  grouping: { type: 'string' },
  statistic: { type: 'string' },
  dim: { type: 'string' },
  test: { type: 'string' },
  ceiling: { type: 'string', multiple: true },
  metaeval: { type: 'boolean', default: false },
  signature: { type: 'boolean', default: false },
} as const;

export const RANK_STATISTICS: readonly RankStatistic[] = [...STATISTICS, 'pairwise', 'spa'];

export const METAEVAL_USAGE = `Meta-evaluation (judge metrics as the WMT metrics task does; any of these prints it instead of the
usual tables):
  --metaeval                the meta-evaluation table: Pearson, Spearman, Kendall τ-b, acc_eq (tie-calibrated
                            in-sample, and cross-validated over 5 folds of changes) with bootstrap intervals,
                            metrics ranked with significance clusters, baselines (length, random, constant)
  --grouping none|item|system   none: pooled (the paper's figure, default); item: per change, then the mean;
                            system: system means (adds pairwise accuracy and soft pairwise accuracy)
  --statistic ${RANK_STATISTICS.join('|')}   what ranks the metrics (default spearman)
  --dim con|comp|rel        the human score judged against (default rel)
  --test perm-both|bootstrap   the test behind the clusters (default perm-both)
  --metric-scores NAME=FILE per-review scores of your own metric(s), CSV or JSONL keyed by change 'id' and
                            'system'; every numeric column is a metric (repeatable)
  --ceiling FILE            an annotator's CSV as published (e.g. py_marcus_review_qual_final.csv; repeat for
                            every file): the human ceiling, from reviews two annotators scored
  --signature               print the reproducibility signature only
  --scores-out FILE.csv|FILE.jsonl   every review's human scores and every metric's value in the run
  --scores-plain            with --scores-out FILE.csv: the table alone (no # lines, for a spreadsheet), its
                            provenance (signature, dataset, configuration) in FILE.csv.json
`;

type Values = Partial<Record<'scores-out' | 'grouping' | 'statistic' | 'dim' | 'test', string>> & {
  'metric-scores'?: string[];
  ceiling?: string[];
  metaeval?: boolean;
  signature?: boolean;
  'scores-plain'?: boolean;
  json?: boolean;
};

export function scoresFormat(out: string): 'csv' | 'jsonl' {
  if (/\.jsonl$/i.test(out)) return 'jsonl';
  if (/\.csv$/i.test(out)) return 'csv';
  throw new CliError(`--scores-out ${inert(out)}: name a .csv or .jsonl file`);
}

/** --scores-out checked before any work, as --out and --links-out are: its extension, folder and file. */
export async function checkScoresOut(out: string): Promise<void> {
  scoresFormat(out);
  await checkWritable(out, '--scores-out');
}

/** True when the meta-evaluation replaces the usual output. */
export function wantsMetaeval(v: Values): boolean {
  return !!(v.metaeval || v.signature || v.grouping || v.statistic || v.dim || v.test || v.ceiling?.length || v['metric-scores']?.length);
}

/** True when the run's scores are needed (meta-evaluation or --scores-out). */
export function needsScores(v: Values): boolean {
  return wantsMetaeval(v) || !!v['scores-out'];
}

export interface MetaevalContext {
  /** The dataset file (its name and bytes' SHA-256 go into the signature). */
  dataset: string;
  rows: DatasetRow[];
  split: SplitMode;
  /** The rows bridged and prepared by the one dataset model (humanPrepared): the reviews the columns align with. */
  prepared: PreparedDataset;
  /** The run's metric columns, aligned with the dataset's eval items (labReviews order). */
  columns: readonly { id: string; label: string; values: readonly (number | null)[] }[];
  intervals: IntervalOptions;
  /** What the signature records about the metric's configuration. */
  config: Omit<SignatureConfig, 'grouping' | 'statistic' | 'dim' | 'resamples' | 'seed' | 'ties' | 'version'>;
  /** The configuration's name in --scores-out (`--metrics`: CRScore's configuration, else reference-NAMES); by
   *  default configName(config). */
  configuration?: string;
}

/** The package's version, as signatures and scores files record it. */
export const version = (): string => {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
};

/** --metric-scores NAME=FILE (or FILE, named after it). */
export function metricSpec(spec: string): { name: string; file: string } {
  const k = spec.indexOf('=');
  if (k === 0) throw new CliError(`--metric-scores ${spec}: the metric's name before '=' is empty`);
  if (k < 0) return { name: path.basename(spec).replace(/\.[^.]+$/, ''), file: spec };
  return { name: spec.slice(0, k), file: spec.slice(k + 1) };
}

/**
 * --metric-scores checked before any work, as --scores-out is: each name given once, each file read and parsed
 * (readable, UTF-8, at least one numeric column), so a typo costs no LLM request. Matching it against the reviews
 * waits for the run.
 */
export async function checkMetricScores(specs: readonly string[]): Promise<void> {
  // Each file's columns are NAME.COLUMN: two files under one name would give two columns one id.
  const names = new Map<string, string>();
  for (const spec of specs) {
    const { name, file } = metricSpec(spec);
    const earlier = names.get(name);
    if (earlier !== undefined) throw new CliError(`--metric-scores ${inert(spec)}: the name '${inert(name)}' is given twice (also ${inert(earlier)}); name each file differently (NAME=FILE), so their columns are told apart`);
    names.set(name, spec);
    let text: string;
    try {
      text = await readText(file);
    } catch (e) {
      throw new CliError(`--metric-scores ${inert(spec)}: ${(e as Error).message}`);
    }
    if (parseMetricScores(file, text).columns.length === 0) throw new CliError(`--metric-scores ${inert(spec)}: ${NO_SCORE_COLUMN}`);
  }
}

/** The human ceiling from the human study's annotator CSVs as published (--ceiling FILE …), and what could not be read. */
export async function ceilingOf(files: readonly string[]): Promise<{ input: ReturnType<typeof humanCeiling>; problems: string[] }> {
  const byAnnotator = new Map<string, AnnotatorFile & { rows: DatasetRow[] }>();
  const problems: string[] = [];
  for (const file of files) {
    const { rows, errors } = parseHumanStudyCsv({ name: path.basename(file), text: await readText(file) });
    for (const e of errors.slice(0, 5)) problems.push(`${file}:${e.line}: ${e.reason}`);
    const who = humanStudyFileInfo(file).annotator;
    if (!byAnnotator.has(who)) byAnnotator.set(who, { annotator: who, rows: [] });
    byAnnotator.get(who)!.rows.push(...rows.map((r) => r.row));
  }
  return { input: humanCeiling([...byAnnotator.values()]), problems };
}

/**
 * Writes --scores-out, and prints the meta-evaluation when asked (returns the exit code); null when the usual
 * output should follow.
 */
export async function runMetaeval(v: Values, ctx: MetaevalContext): Promise<number | null> {
  const reviews = labReviews(ctx.prepared);
  // The scores file's rows and an import's keys: a change's later reviews of one system numbered (reviewKeys).
  const keyed = reviewKeys(reviews);
  for (const c of ctx.columns)
    if (c.values.length !== reviews.length) throw new Error(`meta-evaluation: ${c.id} has ${c.values.length} values for ${reviews.length} reviews`);
  const imported: MetaMetric[] = [];
  const coverage: ScoresCoverage[] = [];
  const importNames: string[] = [];
  const unjudged = unjudgedReviews(ctx.rows);
  // The signature's dataset, which each imported file's claims are checked against.
  const dataset = datasetIdentity(ctx.dataset, ctx.rows.length);
  for (const spec of v['metric-scores'] ?? []) {
    const { name, file } = metricSpec(spec);
    const r = readMetricScores(name, file, await readText(file), keyed, { unjudged, dataset });
    importNames.push(r.coverage.renamed?.to ?? name);
    if (r.metrics.length === 0) throw new CliError(`--metric-scores ${spec}: ${NO_SCORE_COLUMN}\n${coverageLines(r.coverage).join('\n')}`);
    if (r.coverage.matched === 0) throw new CliError(`--metric-scores ${spec}: no row matches a review of the dataset (by id and system)\n${coverageLines(r.coverage).join('\n')}`);
    for (const l of coverageLines(r.coverage)) warn(l);
    imported.push(...r.metrics);
    coverage.push(r.coverage);
  }
  const seed = ctx.intervals.seed;
  const all: MetaMetric[] = [...ctx.columns.map((c) => ({ ...c, kind: 'metric' as const })), ...imported, ...baselineMetrics(reviews, seed)];
  const grouping = oneOf(v.grouping, GROUPINGS, '--grouping') ?? 'none';
  const statistic = oneOf(v.statistic, RANK_STATISTICS, '--statistic') ?? 'spearman';
  if ((statistic === 'pairwise' || statistic === 'spa') && grouping !== 'system')
    throw new CliError(`--statistic ${statistic} is a system-level statistic: add --grouping system`);
  const dim = (oneOf(v.dim, ['con', 'comp', 'rel'] as const, '--dim') ?? 'rel') as Dim;
  const test = oneOf(v.test, ['perm-both', 'bootstrap'] as const, '--test') ?? 'perm-both';
  const opts: MetaEvalOptions = { grouping, statistic, dim, test, resamples: ctx.intervals.resamples, seed, against: all.find((m) => m.id === `crscore.${dim}` || new RegExp(`^crscore-[\\w-]+\\.${dim}$`).test(m.id))?.id };
  // The signature names the dataset and every imported file's configuration (its name, else its signature's hash).
  const imports = coverage.map((c, k) => ({ name: importNames[k], config: importedConfig(c) }));
  const signature = metaEvalSignature({ ...ctx.config, grouping, statistic, dim, resamples: ctx.intervals.resamples, seed, ties: 'in-sample+cv5', version: version(), dataset, imports });
  if (v['scores-out']) {
    const out = v['scores-out'];
    const configuration = ctx.configuration ?? configName(ctx.config);
    const { preset, similarity, scoring, encoder, pooling, split, tau, tauSource } = ctx.config;
    const config = { configuration, preset, similarity, scoring, encoder, pooling, split, tau, tauSource, version: version() };
    // Checked before the work (checkScoresOut); a write that fails now (a full disk) goes to a fallback file.
    const written = writeScoresOut(out, writeScores(scoresFormat(out), reviews.map((r, k) => ({ ...r, ...keyed[k] })), namedColumns(all, configuration), { signature, dataset, config }), v['scores-plain'] === true);
    info(`wrote ${reviews.length} reviews × ${all.length} metric columns to ${written} (configuration ${configuration})`);
  }
  if (!wantsMetaeval(v)) return null;

  if (v.signature) {
    process.stdout.write(`${signature}\n`);
    return 0;
  }
  // On worker threads where the work pays for them (metaevalWorkers.ts): the same report as one thread.
  const records = reviews.map((r) => ({ changeId: r.changeId, system: r.system, human: r.human }));
  const report = await metaEvaluateThreads({ records, metrics: all, options: opts });
  let ceiling: CeilingSummary | null = null;
  if (v.ceiling?.length) {
    const { input, problems } = await ceilingOf(v.ceiling);
    for (const p of problems) warn(p);
    const row = input.records.length ? (metaEvaluate(input.records, input.metrics, { ...opts, against: undefined }).rows[0] ?? null) : null;
    ceiling = { row, alpha: input.alpha?.[dim] ?? null, annotators: input.annotators, missing: input.missing };
  }
  if (v.json) {
    const json = { signature, dataset, imports: coverage.map((c, k) => ({ name: importNames[k], file: c.file, configuration: c.configuration, signature: c.signature })), metaeval: report, ceiling, coverage };
    process.stdout.write(`${JSON.stringify(json, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x), 2)}\n`);
    return 0;
  }
  const lines = [formatMetaEval(report, 'text', signature, ceiling)];
  if (!ceiling) lines.push('Human ceiling: not computed (give the annotators\' CSVs with --ceiling FILE …).');
  const against = opts.against;
  // Each pair once, written as metric − the reference metric.
  const tests = report.comparisons
    .filter((c) => against && (c.b === against || c.a === against))
    .map((c) => (c.a === against ? { ...c, a: c.b, b: c.a, delta: -c.delta } : c))
    .filter((c, k, all) => all.findIndex((d) => d.a === c.a) === k);
  if (tests.length) {
    lines.push(`Paired tests${against ? ` against ${against}` : ''} (Δ = row − other; PERM-BOTH and paired bootstrap p):`);
    for (const c of tests) {
      const ps = c.why ? `p undefined (${c.why})` : `p_perm ${fmtP(c.pPerm, ctx.intervals.resamples).padEnd(8)} p_boot ${fmtP(c.pBoot, ctx.intervals.resamples)}`;
      lines.push(`  ${c.a.padEnd(28)} vs ${c.b.padEnd(22)} Δ ${(c.why && !Number.isFinite(c.delta) ? 'undefined' : fmt(c.delta, 4)).padStart(8)}  ${ps}`);
    }
  }
  lines.push('', `signature: ${signature}`);
  // Each imported file's own signature, so the table names every configuration it compares.
  coverage.forEach((c, k) => c.signature && lines.push(`  imported ${importNames[k]} (${c.file}): ${c.signature}`));
  lines.push('');
  process.stdout.write(lines.join('\n'));
  return 0;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The dataset file's name, rows and the SHA-256 of its bytes. */
export function datasetIdentity(file: string, rows: number): DatasetIdentity {
  let hash: string | null;
  try {
    hash = sha256(readFileSync(file));
  } catch {
    hash = null;
  }
  return { name: path.basename(file), rows, sha256: hash };
}

/** The signature's pseudo-reference fields (src/pseudorefs/signature.ts, shared with the browser) of a CLI plan. */
export function pseudoRefSignature(plan: { source: PseudoRefSource; settings?: { model: string }; format?: OutputFormat; filter?: string; options?: string }) {
  return sharedPseudoRefSignature({ source: plan.source, model: plan.settings?.model, format: plan.format, analyzerFilter: plan.filter, analyzerOptions: plan.options });
}

/**
 * --scores-out's file: the self-describing one, or with --scores-plain (a CSV) the table alone and its provenance
 * in FILE.csv.json (core plainScores, as Research's plain export). Returns the path the table went to.
 */
export function writeScoresOut(out: string, text: string, plain: boolean): string {
  if (!plain || scoresFormat(out) !== 'csv') return writeOutputSync(out, text, '--scores-out');
  const p = plainScores(text);
  const written = writeOutputSync(out, p.csv, '--scores-out');
  info(`wrote the provenance to ${writeOutputSync(provenanceName(written), p.provenance, '--scores-plain')}`);
  return written;
}

/** The linker's weights hash for the signature: the file's SHA-256, or the shipped weights'. */
export async function linkerHash(file: string | undefined, shipped: unknown): Promise<string> {
  return sha256(file ? await readText(file) : JSON.stringify(shipped));
}
