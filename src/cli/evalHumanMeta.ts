// A human-scored dataset's run as the human study's meta-evaluation records one (evalMetaeval.ts): its signature
// (the dataset's name and SHA-256, the mapping, the dimension, CRScore's configuration), --scores-out's per-review
// file, --metric-scores NAME=FILE read against the dataset's reviews, and the human ceiling on a dimension with two
// or more annotators. Every step is the human study's function; this file only feeds them this dataset.
import { dimensionCeiling as coreDimensionCeiling } from '../core/humanData/bridge.ts';
import type { HumanImport } from '../core/humanData/index.ts';
import {
  baselineMetrics,
  configName,
  coverageLines,
  crscoreSignatureConfig,
  humanDataSignatureConfig,
  humanMetricsSignatureConfig,
  importedConfig,
  metaEvalSignature,
  namedColumns,
  readMetricScores,
  writeScores,
  type CrscoreRun,
  type HumanCeilingInput,
  type MetaMetric,
  type ScoresCoverage,
  type Unjudged,
} from '../core/metaeval/index.ts';
import type { HumanRunInfo } from './evalHumanReport.ts';
import type { HumanSettings } from './evalHumanOptions.ts';
import { datasetIdentity, metricSpec, scoresFormat, version, writeScoresOut } from './evalMetaeval.ts';
import { CliError, info as infoLine, readText, warn } from './io.ts';

/**
 * Each judged review's key in a scores file: its change's id and its system. A change with several reviews of one
 * system (a table without a system column: all are `human`) numbers the later ones, `human#2`, `human#3`, so every
 * row of the file names one review and the file reads back whole.
 */
function keys(info: HumanRunInfo): { changeId: string; system: string }[] {
  const seen = new Map<string, number>();
  return info.reviews.map((r) => {
    const k = `${r.change.id}\u0000${r.review.system}`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return { changeId: r.change.id, system: n === 1 ? r.review.system : `${r.review.system}#${n}` };
  });
}

/**
 * --metric-scores NAME=FILE against the judged reviews (by id and system). Every imported column is judged against
 * the chosen dimension, whatever its suffix (.con, .comp, .rel name the human study's dimensions, not this one's).
 */
export async function importScores(specs: readonly string[], info: HumanRunInfo): Promise<{ metrics: MetaMetric[]; imports: { name: string; config: string }[]; coverage: ScoresCoverage[] }> {
  const judged = new Set(keys(info).map((k) => `${k.changeId}::${k.system}`));
  // Reviews of changes without a reference review are not judged: a file that scores them is not wrong.
  const unjudged = new Map<string, Unjudged>(info.dataset.reviews.map((r) => `${r.changeId}::${r.system}`).filter((k) => !judged.has(k)).map((k) => [k, 'no-pseudo-refs']));
  const metrics: MetaMetric[] = [];
  const imports: { name: string; config: string }[] = [];
  const coverage: ScoresCoverage[] = [];
  for (const spec of specs) {
    const { name, file } = metricSpec(spec);
    const r = readMetricScores(name, file, await readText(file), keys(info), { unjudged });
    if (r.metrics.length === 0) throw new CliError(`--metric-scores ${spec}: no numeric column besides id, system, lang and human scores\n${coverageLines(r.coverage).join('\n')}`);
    if (r.coverage.matched === 0) throw new CliError(`--metric-scores ${spec}: no row matches a review of the dataset (by id and system)\n${coverageLines(r.coverage).join('\n')}`);
    for (const l of coverageLines(r.coverage)) warn(l);
    // Matched (the human study's con, comp, rel), a column's suffix names its dimension, as on the study's path.
    metrics.push(...r.metrics.map((m) => (info.matched ? m : { ...m, dim: 'rel' as const })));
    imports.push({ name: r.coverage.renamed?.to ?? name, config: importedConfig(r.coverage) });
    coverage.push(r.coverage);
  }
  return { metrics, imports, coverage };
}

/** The run's metrics by name, the LLM grade with its model (and samples, prompt hash when not the defaults). */
const metricNames = (s: HumanSettings) => s.names.map((n) => (n === 'llm-grade' && s.llm ? s.llm.name : n));

/** The run's configuration in the signature and the scores file: CRScore's, else the reference metrics by name. */
function runConfig(s: HumanSettings, run: CrscoreRun | null, pseudoRefs: 'dataset' | 'reference') {
  if (run) return { ...crscoreSignatureConfig(run), pseudoRefs };
  return { preset: metricNames(s).join('+'), similarity: null, scoring: null, split: null };
}

/** The file's rows in the signature: the table's, or the human study's changes (its rows, as its own path counts them). */
const rowCount = (imported: HumanImport) => (imported.layout === 'human-study' ? imported.dataset.changes.length : imported.table.rows.length);

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
    ties: 'in-sample+cv5',
    version: version(),
    imports,
  });
}

/** --scores-out: every judged review's human.DIM score and every column (the run's, imported ones, the baselines). */
export function writeHumanScores(s: HumanSettings, info: HumanRunInfo, imported: HumanImport, run: CrscoreRun | null, columns: readonly MetaMetric[], signature: string): void {
  const out = s.scoresOut!;
  const rc = runConfig(s, run, info.crscore?.pseudoRefs ?? 'reference');
  const configuration = run ? configName(rc) : `reference-${metricNames(s).join('+')}`;
  const all = [...columns, ...baselineMetrics(info.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), s.intervals.seed)];
  const dim = judgedName(info);
  const dims = info.matched ? ['con', 'comp', 'rel'] : [dim];
  const key = keys(info);
  const human = (r: HumanRunInfo['reviews'][number]) => (info.matched ? { con: r.slots?.con ?? null, comp: r.slots?.comp ?? null, rel: r.slots?.rel ?? null } : { [dim]: r.human });
  const rows = info.reviews.map((r, k) => ({ ...key[k], lang: r.change.lang, human: human(r), review: r.review.review }));
  const { dataset, mapping } = humanDataSignatureConfig({ dataset: datasetIdentity(s.dataset, rowCount(imported)), layout: imported.layout, mapping: imported.mapping, dimensions: imported.dataset.dimensions, dimension: dim });
  const config = { configuration, ...rc, mapping, dimension: dim, scale: info.dimension.label, version: version() };
  const written = writeScoresOut(out, writeScores(scoresFormat(out), rows, namedColumns(all, configuration), { signature, dataset: dataset!, config }, dims), s.scoresPlain);
  infoLine(`wrote ${rows.length} reviews × ${all.length} metric columns to ${written} (configuration ${configuration})`);
}

/** The human ceiling on the judged dimension when it has two or more annotators; else why there is none. */
export function dimensionCeiling(info: HumanRunInfo): { input: HumanCeilingInput | null; missing: string | null } {
  return coreDimensionCeiling(info.dataset, info.reviews, info.dimension, (name) => `--dim ${name}`);
}
