// A human-scored dataset's run as the human study's meta-evaluation records one (evalMetaeval.ts): its signature
// (the dataset's name and SHA-256, the mapping, the dimension, CRScore's configuration), --scores-out's per-review
// file, --metric-scores NAME=FILE read against the dataset's reviews, and the human ceiling on a dimension with two
// or more annotators. Every step is the human study's function; this file only feeds them this dataset.
import { NO_SCORE_COLUMN } from '../../core/metaeval/scoresParse.ts';
import { dimensionCeiling as coreDimensionCeiling } from '../../core/humanData/bridge.ts';
import type { HumanImport } from '../../core/humanData/index.ts';
import {
  baselineMetrics,
  coverageLines,
  crscoreSignatureConfig,
  humanDataSignatureConfig,
  humanMetricsSignatureConfig,
  humanScoreRows,
  humanScoresFile,
  importedConfig,
  metaEvalSignature,
  readMetricScores,
  type CrscoreRun,
  type DatasetIdentity,
  type HumanCeilingInput,
  type MetaMetric,
  type ScoresCoverage,
  type Unjudged,
  tiesSignature,
} from '../../core/metaeval/index.ts';
import type { PreparedDataset } from '../../core/research/index.ts';
import { reviewKeys } from '../../core/reviewKeys.ts';
import { meteorSignatureName } from '../../core/lab/signatureName.ts';
import { meteorTokenizerName } from '../../core/refmetrics/meteor.ts';
import { whereSignature } from '../../core/humanData/slices.ts';
import type { HumanRunInfo } from './evalHumanReport.ts';
import type { HumanSettings } from './evalHumanOptions.ts';
import { ceilingOf, datasetIdentity, metricSpec, scoresFormat, version, writeScoresOut } from '../metaeval/evalMetaeval.ts';
import { CliError, inert, info as infoLine, readText, warn } from '../shared/io.ts';
import type { Dim } from '../../core/bootstrap.ts';

/** Each judged review's key in a scores file (core reviewKeys: a change's later reviews of one system numbered), with
 *  the line it was read from (a row of `crscore score`'s output of the same JSONL file has no id, only that line). */
const keys = (info: HumanRunInfo) => reviewKeys(info.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system }))).map((k, i) => ({ ...k, line: info.reviews[i].review.line }));

/**
 * --metric-scores NAME=FILE against the judged reviews (by id and system). Every imported column is judged against
 * the chosen dimension, whatever its suffix (.con, .comp, .rel name the human study's dimensions, not this one's).
 */
export async function importScores(specs: readonly string[], info: HumanRunInfo, dataset: DatasetIdentity): Promise<{ metrics: MetaMetric[]; imports: { name: string; config: string }[]; coverage: ScoresCoverage[] }> {
  const judged = new Set(keys(info).map((k) => `${k.changeId}::${k.system}`));
  // Reviews of changes without a reference review are not judged: a file that scores them is not wrong.
  const unjudged = new Map<string, Unjudged>(info.dataset.reviews.map((r) => `${r.changeId}::${r.system}`).filter((k) => !judged.has(k)).map((k) => [k, 'no-pseudo-refs']));
  const metrics: MetaMetric[] = [];
  const imports: { name: string; config: string }[] = [];
  const coverage: ScoresCoverage[] = [];
  for (const spec of specs) {
    const { name, file } = metricSpec(spec);
    const r = readMetricScores(name, file, await readText(file), keys(info), { unjudged, dataset });
    if (r.metrics.length === 0) throw new CliError(`--metric-scores ${spec}: ${NO_SCORE_COLUMN}\n${coverageLines(r.coverage).join('\n')}`);
    if (r.coverage.matched === 0) throw new CliError(`--metric-scores ${spec}: no row matches a review of the dataset (by id and system, or by the line of the dataset file)\n${coverageLines(r.coverage).join('\n')}`);
    for (const l of coverageLines(r.coverage)) warn(l);
    // Matched (the human study's con, comp, rel), a column's suffix names its dimension, as on the study's path.
    metrics.push(...r.metrics.map((m) => (info.matched ? m : { ...m, dim: 'rel' as const })));
    imports.push({ name: r.coverage.renamed?.to ?? name, config: importedConfig(r.coverage) });
    coverage.push(r.coverage);
  }
  return { metrics, imports, coverage };
}

/** The run's metrics by name, the LLM grade with its model (and samples, prompt hash when not the defaults). */
const metricNames = (s: HumanSettings) =>
  s.names.map((n) => (n === 'llm-grade' && s.llm ? s.llm.name : n === 'meteor' ? meteorSignatureName({ tokenizer: meteorTokenizerName(s.tokenizer) }) : n));

/** The file's rows in the signature: the table's, or the human study's changes (its rows, as its own path counts them). */
const rowCount = (imported: HumanImport) => (imported.layout === 'human-study' ? imported.dataset.changes.length : imported.table.rows.length);

/** The dataset as the signature names it: the file's name, its rows, the SHA-256 of its bytes. */
export const humanDatasetIdentity = (file: string, imported: HumanImport): DatasetIdentity => datasetIdentity(file, rowCount(imported));

/** The judged dimension as the signature names it: matched, the three by name. */
const judgedName = (info: HumanRunInfo) => (info.matched ? 'con+comp+rel' : info.dimension.name);

/** The reproducibility signature: the human study's fields, and the dataset's mapping and dimension by name. */
export function humanSignature(s: HumanSettings, info: HumanRunInfo, imported: HumanImport, run: CrscoreRun | null, imports: readonly { name: string; config: string }[]): string {
  const data = humanDataSignatureConfig({ dataset: datasetIdentity(s.dataset, rowCount(imported)), layout: imported.layout, mapping: imported.mapping, dimensions: imported.dataset.dimensions, dimension: judgedName(info) });
  return metaEvalSignature({
    // Every metric the tables judge, CRScore's configuration where it is one (the baselines are the seed's).
    ...humanMetricsSignatureConfig(run && crscoreSignatureConfig(run), metricNames(s), info.crscore?.pseudoRefs ?? 'reference'),
    ...data,
    // The tables printed: one grouping with --grouping, else all three.
    grouping: s.groupings.length === 1 ? s.groupings[0] : s.groupings,
    statistic: s.statistic,
    resamples: s.intervals.resamples,
    seed: s.intervals.seed,
    ties: tiesSignature(s.epsSearch),
    version: version(),
    imports,
    where: s.where ? whereSignature(s.where.clauses) : null,
    by: s.by?.field ?? null,
  });
}

/** --scores-out: every judged review's human.DIM score and every column (the run's, imported ones, the baselines),
 *  by the core's writer, as Research's Scores CSV writes the same run. */
export function writeHumanScores(s: HumanSettings, info: HumanRunInfo, imported: HumanImport, run: CrscoreRun | null, prepared: PreparedDataset, columns: readonly MetaMetric[], signature: string): void {
  const out = s.scoresOut!;
  const all = [...columns, ...baselineMetrics(info.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), s.intervals.seed)];
  const dim = judgedName(info);
  const kept = info.reviews.slice(prepared.items.length).map((r) => ({ changeId: r.change.id, system: r.review.system, lang: r.change.lang, human: r.slots ?? null, review: r.review.review }));
  const rows = humanScoreRows(prepared, dim, !!info.matched, kept);
  const { text, configuration } = humanScoresFile(scoresFormat(out), rows, all, {
    crscore: run && crscoreSignatureConfig(run),
    names: metricNames(s),
    pseudoRefs: info.crscore?.pseudoRefs ?? 'reference',
    human: { dataset: datasetIdentity(s.dataset, rowCount(imported)), layout: imported.layout, mapping: imported.mapping, dimensions: imported.dataset.dimensions, dimension: dim },
    scale: info.dimension.label,
    matched: !!info.matched,
    version: version(),
    signature,
  });
  const written = writeScoresOut(out, text, s.scoresPlain);
  infoLine(`wrote ${rows.length} reviews × ${all.length} metric columns to ${written} (configuration ${configuration})`);
}

/** The human ceiling on the judged dimension when it has two or more annotators; else why there is none. */
export function dimensionCeiling(info: HumanRunInfo): { input: HumanCeilingInput | null; missing: string | null } {
  return coreDimensionCeiling(info.dataset, info.reviews, info.dimension, (name) => `--dim ${name}`);
}

/**
 * --ceiling FILE …: the human study's annotators' CSVs (their con, comp and rel), as the study's report reads them
 * (evalMetaeval.ts), on the judged dimension: rel when matched, else the dimension, which must be one of the three.
 */
export async function annotatorCeiling(files: readonly string[], info: HumanRunInfo): Promise<{ input: HumanCeilingInput | null; missing: string | null; dim: Dim }> {
  const dim = info.matched ? 'rel' : info.dimension.name;
  if (dim !== 'con' && dim !== 'comp' && dim !== 'rel')
    throw new CliError(`--ceiling: the annotators' CSVs score con, comp and rel, not ${inert(dim)} (the dataset's own annotators give its ceiling: --human COLUMN@DIM,…)`);
  const { input, problems } = await ceilingOf(files);
  for (const p of problems) warn(p);
  return { input, missing: input.missing, dim };
}
