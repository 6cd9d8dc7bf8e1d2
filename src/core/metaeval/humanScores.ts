// The scores file of a run on a human-scored dataset, one writer for `crscore eval --dataset FILE --scores-out` and
// Research's Scores CSV: each judged review's `human.DIM` score (the dimension judged, or the human study's con,
// comp and rel when matched), every metric by the name `--metrics` gives it, and the configuration with the
// mapping, the dimension and its scale. So the browser's file is the CLI's for the same run, and its signature
// names metrics the CLI accepts.
import type { PreparedDataset } from '../research/prepare.ts';
import { reviewKeys } from '../reviewKeys.ts';
import { configName, humanDataSignatureConfig, humanMetricsSignatureConfig, type HumanDataRun, type RunSignatureConfig } from './runSignature.ts';
import { namedColumns, writeScores, type ScoreRow } from './scoresWrite.ts';

/**
 * A column's metric as `crscore eval --metrics` names it: crscore.con|comp|rel are crscore, llm-judge.* llm-judge,
 * Research's embedding cosine (embedCos) embed-ref. Null for a metric the CLI has no name for (Research's
 * bleuNoStop, editSim, rougeL without a stemmer, chrfpp): no `--metrics` reproduces it.
 */
export function cliMetricName(id: string): string | null {
  const base = id.replace(/\.(con|comp|rel)$/, '');
  if (base === 'crscore' || base === 'llm-judge') return base;
  if (id === 'embedCos') return 'embed-ref';
  return ['bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'llm-grade'].includes(id) ? id : null;
}

/** A column's id in a scores file: the CLI's (`embed-ref` for Research's embedCos), else its own. */
export const cliColumnId = (id: string): string => (id === 'embedCos' ? 'embed-ref' : id);

/** What was judged, and how: the run's CRScore configuration (null without CRScore), the metrics by name. */
export interface HumanScoresRun {
  /** CRScore's configuration where CRScore is one of the metrics, else null. */
  crscore: RunSignatureConfig | null;
  /** Every metric judged, as `--metrics` names them (llm-grade with its model: llmGradeSignatureName). */
  names: readonly string[];
  /** Where the pseudo-references came from (the human path: dataset or reference; the study's: its plan's source). */
  pseudoRefs: string;
  /** How the file was read (its identity, layout, mapping, dimensions) and the dimension judged by name. */
  human: HumanDataRun;
  /** The judged dimension's scale, in words (scaleLabel). */
  scale: string;
  /** Matched: the human study's con, comp and rel each against its namesake. */
  matched: boolean;
  version: string;
  signature: string;
}

/**
 * The run's configuration as the file says it: CRScore's (with the pseudo-references' source) when CRScore is
 * one of the metrics, else the reference metrics by name in the signature's order; its name prefixes CRScore's
 * columns (configName) or, without CRScore, is `reference-NAMES`.
 */
export function humanScoresConfig(r: Pick<HumanScoresRun, 'crscore' | 'names' | 'pseudoRefs'>): { configuration: string; config: Record<string, unknown> } {
  const sig = humanMetricsSignatureConfig(r.crscore, r.names, r.pseudoRefs);
  if (r.crscore && r.names.includes('crscore')) {
    const rc = { ...r.crscore, pseudoRefs: r.pseudoRefs };
    return { configuration: configName(rc), config: rc };
  }
  return { configuration: `reference-${sig.preset}`, config: { preset: sig.preset, similarity: null, scoring: null, split: null } };
}

/**
 * The judged reviews as a scores file's rows (`p.items`, in order, then `kept`): each keyed unambiguously (reviewKeys), with its
 * human score under the dimension's name, or the study's three when matched (the items' slots, as the statistics
 * read them).
 */
export function humanScoreRows(p: Pick<PreparedDataset, 'items' | 'reviews'>, dimension: string, matched: boolean, kept: readonly KeptScoreReview[] = []): ScoreRow[] {
  const all = [
    ...p.items.map((it, k) => ({ changeId: it.rowId, system: it.system, lang: it.lang, human: it.human, review: p.reviews[k].review.review })),
    ...kept,
  ];
  const keys = reviewKeys(all);
  return all.map((it, k) => ({
    ...keys[k],
    lang: it.lang,
    human: matched ? { con: it.human?.con ?? null, comp: it.human?.comp ?? null, rel: it.human?.rel ?? null } : { [dimension]: it.human?.rel ?? null },
    review: it.review,
  }));
}

/** A judged review with no item (its change has no pseudo-references or reference review), after the items' rows. */
export interface KeptScoreReview {
  changeId: string;
  system: string;
  lang: string;
  human: { con: number; comp: number; rel: number } | null;
  review: string | null;
}

/**
 * The file: `# crscore-scores: 1`, the signature, the dataset, the configuration (with `mapping`, `dimension`,
 * `scale`, `version`), then one row per judged review with every column (the run's, imported ones, the baselines).
 */
export function humanScoresFile(
  format: 'csv' | 'jsonl',
  rows: readonly ScoreRow[],
  columns: readonly { id: string; kind?: string; values: readonly (number | null)[] }[],
  r: HumanScoresRun,
): { text: string; configuration: string } {
  const { configuration, config } = humanScoresConfig(r);
  const { dataset, mapping } = humanDataSignatureConfig(r.human);
  const dims = r.matched ? ['con', 'comp', 'rel'] : [r.human.dimension];
  const named = namedColumns(columns.map((c) => ({ ...c, id: cliColumnId(c.id) })), configuration);
  const text = writeScores(format, rows, named, { signature: r.signature, dataset: dataset!, config: { configuration, ...config, mapping, dimension: r.human.dimension, scale: r.scale, version: r.version } }, dims);
  return { text, configuration };
}
