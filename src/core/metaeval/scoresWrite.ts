// Per-review metric scores out: every metric of a run in the shape `--metric-scores` reads back (scoresFile.ts), so
// `--scores-out` followed by `--metric-scores` reproduces the statistics exactly. One writer for the CLI's
// `--scores-out` and Research's Scores CSV. Pure.
import { configHeader } from '../configLines.ts';
import { toCsv } from '../csvSafe.ts';
import type { DatasetIdentity } from './signature.ts';
import type { ScoreKey } from './scoresFile.ts';

/** What a scores file says about itself: first in the file (`# key: value` lines, or a first JSONL record). */
export interface ScoresHeader {
  signature: string;
  dataset: DatasetIdentity;
  /** The configuration's name (its columns' prefix) and the other keys, in order. */
  config: { configuration: string } & Record<string, unknown>;
}

export interface ScoreRow extends ScoreKey {
  lang: string;
  /** The review's human scores by dimension (the human study's con, comp, rel; a human-scored dataset's own). */
  human: Readonly<Record<string, number | null>> | null;
  /** The review's text: a reserved column (never read back as a metric), so the file says what was scored. */
  review?: string | null;
}

/** The human study's dimensions, the human columns a scores file has unless it names others. */
const STUDY_DIMS: readonly string[] = ['con', 'comp', 'rel'];

/**
 * The per-review scores table, one layout for `crscore eval --scores-out` and Research's scores export: id, lang,
 * system, the human scores (normalised (x − 1)/4, or a Likert scale onto [0, 1], as every statistic uses them; one
 * `human.NAME` column per dimension), every metric's value, the review. Non-finite values are empty.
 */
export function scoresTable(rows: readonly ScoreRow[], metrics: readonly { id: string; values: readonly (number | null)[] }[], dims: readonly string[] = STUDY_DIMS) {
  const head = ['id', 'lang', 'system', ...dims.map((d) => `human.${d}`), ...metrics.map((m) => m.id), 'review'];
  const cells = rows.map((r, i): (string | number | null)[] => [
    r.changeId, r.lang, r.system, ...dims.map((d) => r.human?.[d] ?? null),
    ...metrics.map((m) => (m.values[i] === null || !Number.isFinite(m.values[i]) ? null : m.values[i])),
    r.review ?? null,
  ]);
  return { head, cells };
}

/**
 * Every review with its human scores and every metric's value: CSV (spreadsheet-safe, csvSafe.ts) or JSONL, after
 * the file's own description (scoresHeaderLines, or a first JSONL record). Numbers are written in full (shortest
 * round-trip form), so reading them back is exact.
 */
export function writeScores(
  format: 'csv' | 'jsonl',
  rows: readonly ScoreRow[],
  metrics: readonly { id: string; values: readonly (number | null)[] }[],
  header: ScoresHeader,
  dims?: readonly string[],
): string {
  const { head, cells } = scoresTable(rows, metrics, dims);
  if (format === 'jsonl') {
    const first = JSON.stringify({ signature: header.signature, config: header.config, dataset: header.dataset });
    return [first, ...cells.map((c) => JSON.stringify(Object.fromEntries(head.map((h, k) => [h, c[k]]))))].join('\n') + '\n';
  }
  // An id or system with a leading or trailing space, tab or no-break space is quoted, so no reader (nor the
  // delimiter guess) takes the whitespace for padding: the round trip keeps it.
  const table = toCsv([head, ...cells], { newline: '\n', quotes: (v: unknown) => typeof v === 'string' && /^\s|\s$/.test(v) });
  return `${scoresHeaderLines(header).join('\n')}\n${table}\n`;
}

/**
 * The run's CRScore columns (crscore.con|comp|rel) named by its configuration, e.g. crscore-lexical-t0.149.rel,
 * so that files of different runs never name a column alike. Columns already named by theirs (the lab's
 * crscore-plus, crscore-learned-cv5) and the others (a lab metric, an imported one, a baseline) keep their ids.
 */
export function namedColumns<T extends { id: string; kind?: string }>(metrics: readonly T[], name: string): T[] {
  return metrics.map((m) => {
    const d = m.kind === 'imported' || m.kind === 'baseline' ? null : /^crscore\.(con|comp|rel)$/.exec(m.id);
    return d ? { ...m, id: `${name}.${d[1]}` } : m;
  });
}

/** A scores CSV's first lines: the format, the signature, the dataset, then the configuration. */
export function scoresHeaderLines(h: ScoresHeader): string[] {
  const d = h.dataset;
  return configHeader({ 'crscore-scores': 1, signature: h.signature, dataset: d.name, 'dataset-rows': d.rows, 'dataset-sha256': d.sha256 ?? '-', ...h.config });
}
