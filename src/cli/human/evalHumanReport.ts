// What `crscore eval` reports on a human-scored dataset (evalHuman.ts): each metric's n and why reviews were left
// out, its correlations with the chosen human dimension, and with --metaeval the meta-evaluation (src/core/metaeval)
// pooled, grouped by change and at system level, each figure named after the real dimension. The meta-evaluation
// runs on one dimension slot (its records carry the dimension's score as con, comp and rel alike, and every metric
// is judged against rel); the report renames it. Matched (the human study's con, comp, rel), the records carry the
// three and each metric dimension is judged against its namesake, as the human study's path does (evalMetaeval.ts).
import { PSEUDO_REF_EXPLAINED } from '../../pseudorefs/dataset.ts';
import type { LabMetric } from '../../core/lab/index.ts';
import type { Dimension, HumanDataset, HumanImport, HumanReview, HumanChange } from '../../core/humanData/index.ts';
import type { Alpha } from '../../core/agreement.ts';
import type { Dim } from '../../core/bootstrap.ts';
import { binaryAuc, groupingUndefined, judgedReviews, type Unscorable } from '../../core/humanData/bridge.ts';
import { metricCoverage, type MetricCoverage } from '../../core/humanData/judged.ts';
import { baselineMetrics, metaEvaluate, type AucEstimate, type Grouping, type HumanCeilingInput, type MetaMetric, type MetaRow, type RankStatistic, type StatCell } from '../../core/metaeval/index.ts';
import type { HumanCrscoreInfo } from './evalHumanCrscore.ts';
import { kendallTauB, spearman } from '../../core/stats.ts';
import type { IntervalOptions } from '../stages/evalIntervals.ts';
import { CliError, fmt, inert } from '../shared/io.ts';
import { metaEvaluateJobs } from '../metaeval/metaevalWorkers.ts';
import type { EpsSearch } from '../../core/metaeval/metaTypes.ts';

export interface HumanRunInfo {
  file: string;
  layout: HumanImport['layout'];
  mapping: HumanImport['mapping'];
  dataset: HumanDataset;
  dimension: Dimension & { label: string };
  /** Aligned with the metric columns; slots: the three human slots, matched (bridge.ts). */
  reviews: { review: HumanReview; change: HumanChange; human: number | null; slots?: Record<Dim, number> | null; unscorable?: Unscorable }[];
  noReference: number;
  /** Reviews left out because their change has no pseudo-references of its own (--pseudo-refs dataset). */
  noPseudoReferences?: number;
  /** Each metric dimension judged against its namesake (con, comp, rel); `dimension` is then rel, the table's. */
  matched?: boolean;
  crscore: HumanCrscoreInfo | null;
  intervals: IntervalOptions;
}

type Auc = AucEstimate;


export interface HumanEvalOutput {
  dataset: { file: string; layout: HumanImport['layout']; mapping: HumanImport['mapping']; changes: number; reviews: number; systems: string[]; unreadRows: number; notes: string[] };
  dimension: { name: string; scale: string; annotators: string[]; humanScore: string; matched?: string };
  crscore: HumanRunInfo['crscore'];
  metrics: MetricCoverage[];
  /** Without --metaeval: pooled Spearman and Kendall (with p), and ROC AUC on a binary dimension. */
  correlations?: { id: string; label: string; n: number; spearman: number; spearmanP: number; kendall: number; kendallP: number; auc?: Auc }[];
  metaeval?: {
    resamples: number;
    seed: number;
    statistic: RankStatistic;
    /** The human ceiling's annotators and their ordinal α on the dimension, or why there is none. */
    ceiling: { annotators: [string, string] | null; alpha: Alpha | null; missing: string | null };
    /** The groupings asked for (all three unless --grouping named one); each with the ceiling's row where there is one. */
    groupings: HumanGroupings;
    /** --by: every table again on each value's reviews (evalHumanSlices.ts). */
    slices?: HumanSlice[];
  };
  signature?: string;
}

type HumanMetaRow = Omit<MetaRow, 'dim' | 'stats'> & { dim: string; stats: MetaRow['stats'] & { auc?: Auc } };
export type HumanGroupings = Partial<Record<GroupKey, { rows: HumanMetaRow[]; ceiling: HumanMetaRow | null } | { undefined: string }>>;
/** One slice of --by: the field, its value, its reviews' number and its tables. */
export interface HumanSlice {
  by: string;
  value: string | number | null;
  n: number;
  groupings: HumanGroupings;
}
type GroupKey = 'pooled' | 'item' | 'system';
const KEY: Record<Grouping, GroupKey> = { none: 'pooled', item: 'item', system: 'system' };

/** What the meta-evaluation adds to the run's columns: imported scores, the ceiling, which tables, what ranks. */
export interface HumanMetaOptions {
  groupings: readonly Grouping[];
  statistic: RankStatistic;
  imported: readonly MetaMetric[];
  /** dim: the ceiling's dimension (default rel, the records' slot the judged dimension fills). */
  ceiling: { input: HumanCeilingInput | null; missing: string | null; dim?: Dim };
  /** How acc_eq's ε is searched (default 'search'). */
  epsSearch?: EpsSearch;
  /** --baseline: the metric the paired differences are against (default CRScore's Rel, else the first column). */
  against?: string;
  /** --test: the test behind the significance clusters (default perm-both). */
  test?: 'perm-both' | 'bootstrap';
}

const isBinary = (info: HumanRunInfo) => info.dimension.scale.kind === 'binary';

/** The human dimension a column is judged against when matched: its id's .con/.comp/.rel, else rel (metaPlan's rule). */
const dimOf = (id: string): Dim => (/\.(con|comp|rel)$/.exec(id)?.[1] as Dim | undefined) ?? 'rel';

/** Review k's human score for column `id`: the judged dimension's, or matched its namesake's. */
const humanAt = (info: HumanRunInfo, id: string, k: number): number | null => {
  const r = info.reviews[k];
  return info.matched ? (r.slots?.[dimOf(id)] ?? null) : r.human;
};

function coverage(info: HumanRunInfo, c: LabMetric): MetricCoverage {
  const unscored = info.matched ? 'no con, comp or rel score' : `no ${info.dimension.name} score`;
  return metricCoverage(c, info.reviews, (k) => humanAt(info, c.id, k), { noReference: info.noReference, noPseudoReferences: info.noPseudoReferences ?? 0, unscored });
}

function aucOf(info: HumanRunInfo, values: readonly (number | null)[]): Auc {
  return binaryAuc(judgedReviews(info), values, info.intervals);
}

function base(info: HumanRunInfo, columns: readonly LabMetric[]): HumanEvalOutput {
  const d = info.dataset;
  return {
    dataset: { file: info.file, layout: info.layout, mapping: info.mapping, changes: d.changes.length, reviews: d.reviews.length, systems: [...new Set(d.reviews.map((r) => r.system))].sort(), unreadRows: d.errors.length, notes: d.notes },
    dimension: {
      name: info.dimension.name,
      scale: info.dimension.label,
      annotators: info.dimension.annotators,
      humanScore: info.dimension.scale.kind === 'likert' ? 'the mean over annotators, mapped from the Likert scale onto [0, 1]' : 'the mean over annotators',
      ...(info.matched ? { matched: 'each metric dimension against its namesake (con, comp, rel); the meta-evaluation table is rel\'s' } : {}),
    },
    crscore: info.crscore,
    metrics: columns.map((c) => coverage(info, c)),
  };
}

/** Pooled correlations of every metric (no resampling): `crscore eval` without --metaeval. */
export function humanSummary(info: HumanRunInfo, columns: readonly LabMetric[]): HumanEvalOutput {
  const correlations = columns.map((c) => {
    const idx = c.values.flatMap((v, k) => (v !== null && Number.isFinite(v) && humanAt(info, c.id, k) !== null ? [k] : []));
    const x = idx.map((k) => c.values[k] as number);
    const y = idx.map((k) => humanAt(info, c.id, k) as number);
    const s = spearman(x, y);
    const t = kendallTauB(x, y);
    return { id: c.id, label: c.label, n: idx.length, spearman: s.r, spearmanP: s.p, kendall: t.r, kendallP: t.p, ...(isBinary(info) ? { auc: aucOf(info, c.values) } : {}) };
  });
  return { ...base(info, columns), correlations };
}

const pseudoRefsLabel = (source: string) => (PSEUDO_REF_EXPLAINED as Record<string, string>)[source] ?? source;

/** The meta-evaluation on the chosen dimension: pooled, item-grouped and system-level, with the baselines. */
export async function humanMetaeval(info: HumanRunInfo, columns: readonly LabMetric[], o: HumanMetaOptions): Promise<HumanEvalOutput> {
  const records = info.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, human: info.matched ? (r.slots ?? null) : r.human === null ? null : { con: r.human, comp: r.human, rel: r.human } }));
  // Matched, a column keeps its own dimension (crscore.con against con …) and the table is rel's; else all are rel.
  const metrics: MetaMetric[] = [
    ...columns.map((c) => ({ id: c.id, label: c.label, kind: 'metric' as const, dim: info.matched ? dimOf(c.id) : ('rel' as const), values: c.values })),
    ...o.imported,
    ...baselineMetrics(info.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), info.intervals.seed).map((m) => ({ ...m, dim: 'rel' as const })),
  ];
  const aucs = isBinary(info) ? new Map(metrics.map((m) => [m.id, aucOf(info, m.values)])) : null;
  const groupings: NonNullable<HumanEvalOutput['metaeval']>['groupings'] = {};
  const named = (row: MetaRow): HumanMetaRow => ({ ...row, dim: info.matched ? row.dim : info.dimension.name });
  const ceilingInput = o.ceiling.input;
  const all = o.groupings.map((g) => ({ g, why: groupingUndefined(judgedReviews(info), g) }));
  const optionsOf = (g: Grouping) => ({ grouping: g, statistic: o.statistic, dim: 'rel' as const, resamples: info.intervals.resamples, seed: info.intervals.seed, ...(o.epsSearch === 'exhaustive' ? { epsSearch: o.epsSearch } : {}), ...(o.test ? { test: o.test } : {}) });
  const run = all.filter((x) => !x.why);
  // The groupings side by side on one pool of threads (the same reports as one at a time).
  // Matched, CRScore's Rel as on the human study's path (evalMetaeval.ts); else the first column.
  if (o.against !== undefined && !metrics.some((m) => m.id === o.against)) throw new CliError(`--baseline ${inert(o.against)}: not a metric of the run (its metrics: ${metrics.map((m) => m.id).join(', ')})`);
  const against = o.against ?? (info.matched ? columns.find((c) => c.id === 'crscore.rel' || /^crscore-[\w-]+\.rel$/.test(c.id))?.id : columns[0]?.id);
  const reports = await metaEvaluateJobs(run.map(({ g }) => ({ records, metrics, options: { ...optionsOf(g), against } })));
  for (const { g, why } of all) {
    const key = KEY[g];
    if (why) {
      groupings[key] = { undefined: why };
      continue;
    }
    const report = reports[run.findIndex((x) => x.g === g)];
    // The ceiling's row: one annotator judged against the other, on the reviews both scored (ceiling.ts).
    const ceiling = ceilingInput?.records.length ? (metaEvaluate(ceilingInput.records, ceilingInput.metrics, { ...optionsOf(g), dim: o.ceiling.dim ?? 'rel' }).rows[0] ?? null) : null;
    groupings[key] = {
      rows: report.rows.map((row) => ({ ...named(row), stats: { ...row.stats, ...(aucs && g === 'none' ? { auc: aucs.get(row.id)! } : {}) } })),
      ceiling: ceiling && named(ceiling),
    };
  }
  const ceiling = { annotators: ceilingInput?.annotators ?? null, alpha: ceilingInput?.alpha?.[o.ceiling.dim ?? 'rel'] ?? null, missing: o.ceiling.missing };
  return { ...base(info, columns), metaeval: { resamples: info.intervals.resamples, seed: info.intervals.seed, statistic: o.statistic, ceiling, groupings } };
}

const cell = (c: StatCell | undefined) => (!c ? '' : c.why ? 'undefined' : `${fmt(c.value)}${Number.isFinite(c.lo) ? ` [${fmt(c.lo, 3)}, ${fmt(c.hi, 3)}]` : ''}`);
const aucCell = (a: Auc | undefined) => (!a ? '' : a.auc === null ? 'undefined' : `${fmt(a.auc)}${a.lo !== null ? ` [${fmt(a.lo, 3)}, ${fmt(a.hi!, 3)}]` : ''}`);

export function renderHuman(o: HumanEvalOutput): string {
  const L: string[] = [];
  const ds = o.dataset;
  L.push(`${ds.file}: ${ds.layout === 'graded-reviews' ? "GradedReviews' workbook (Jiang et al. 2025)" : ds.layout === 'human-study' ? 'the CRScore human study' : 'mapped table'}; ${ds.changes} changes, ${ds.reviews} reviews, ${ds.systems.length} system${ds.systems.length === 1 ? '' : 's'} (${ds.systems.join(', ')})${ds.unreadRows ? `; ${ds.unreadRows} rows could not be read` : ''}`);
  for (const n of ds.notes) L.push(`  ${n}`);
  L.push(`Human dimension: ${o.dimension.name} (${o.dimension.scale}); each review's score is ${o.dimension.humanScore}`);
  if (o.dimension.matched) L.push(`  matched: ${o.dimension.matched}`);
  if (o.crscore) L.push(`CRScore (${o.crscore.preset}): pseudo-references = ${pseudoRefsLabel(o.crscore.pseudoRefs)}, ${o.crscore.similarity} similarity, ${o.crscore.scoring} rule, τ = ${fmt(o.crscore.tau, 4)} (${o.crscore.tauSource})`);
  if (o.crscore?.inSample) L.push(`  ${o.crscore.inSample}.`);
  const cv = o.crscore?.crossValidation;
  if (cv) L.push(`  cross-validated (${cv.scheme}): Rel Spearman ${fmt(cv.relSpearman.mean)} ± ${fmt(cv.relSpearman.sd)}, system Spearman ${fmt(cv.systemSpearman.mean)} ± ${fmt(cv.systemSpearman.sd)} over ${cv.folds.length} folds`);
  L.push('', 'Metric coverage:');
  for (const m of o.metrics) {
    const out = Object.entries(m.leftOut).map(([why, k]) => `${k} ${why}`).join('; ');
    L.push(`  ${m.label.padEnd(34)} n ${String(m.n).padStart(6)}${out ? `   left out: ${out}` : ''}`);
  }
  if (o.correlations) {
    L.push('', `Correlation with ${o.dimension.matched ? 'con, comp, rel (each metric dimension its namesake)' : o.dimension.name} (pooled over reviews):`, `  ${'metric'.padEnd(34)} ${'n'.padStart(6)}  ${'Spearman'.padStart(8)}  ${'Kendall τ-b'.padStart(11)}${o.correlations.some((c) => c.auc) ? '  ROC AUC [95%]' : ''}`);
    for (const c of o.correlations) L.push(`  ${c.label.padEnd(34)} ${String(c.n).padStart(6)}  ${fmt(c.spearman).padStart(8)}  ${fmt(c.kendall).padStart(11)}${c.auc ? `  ${aucCell(c.auc)}` : ''}`);
  }
  if (o.metaeval) renderMeta(L, o.metaeval, o.dimension.name);
  for (const sl of o.metaeval?.slices ?? []) {
    L.push('', `── ${sl.by} = ${sl.value ?? '(none)'}: ${sl.n} review${sl.n === 1 ? '' : 's'} ──`);
    renderMeta(L, { ...o.metaeval!, groupings: sl.groupings }, o.dimension.name, false);
  }
  if (o.signature) L.push('', `signature: ${o.signature}`);
  L.push('');
  return L.join('\n');
}

/** The meta-evaluation's tables: the groupings asked for, the ceiling's row on top, the ranking statistic's column. */
function renderMeta(L: string[], m: NonNullable<HumanEvalOutput['metaeval']>, dim: string, footer = true) {
  const title = { pooled: 'pooled over reviews', item: 'grouped by change (per change, then the mean)', system: 'system level (system means)' } as const;
  const shown = ['spearman', 'kendall', 'acc_eq'];
  // A statistic the table does not show already gets its own column (Pearson; soft pairwise accuracy).
  const rank = m.statistic === 'spa' ? 'spa' : m.statistic === 'pairwise' || shown.includes(m.statistic) ? null : m.statistic;
  const rankCell = (r: HumanMetaRow) => (rank === 'spa' ? cell(r.spa) : rank ? cell(r.stats[rank as keyof MetaRow['stats']]) : '');
  for (const key of ['pooled', 'item', 'system'] as const) {
    const g = m.groupings[key];
    if (!g) continue;
    L.push('', `Meta-evaluation against ${dim}, ${title[key]} (ranked by ${m.statistic}):`);
    if ('undefined' in g) {
      L.push(`  undefined: ${g.undefined}`);
      continue;
    }
    const extra = key === 'system' ? '  pairwise acc' : key === 'pooled' && g.rows.some((r) => r.stats.auc) ? '  ROC AUC [95%]' : '';
    L.push(`  ${'#'.padStart(2)} ${'metric'.padEnd(36)} ${'n'.padStart(6)}  ${'Spearman [95%]'.padEnd(26)}${'Kendall τ-b [95%]'.padEnd(26)}${'acc_eq [95%]'.padEnd(26)}${rank ? `${`${rank} [95%]`.padEnd(26)}` : ''}${extra}`);
    const line = (r: HumanMetaRow, no: string) => {
      const more = key === 'system' ? cell(r.pairwise) : aucCell(r.stats.auc);
      L.push(`  ${no.padStart(2)} ${r.label.slice(0, 36).padEnd(36)} ${String(r.n).padStart(6)}  ${cell(r.stats.spearman).padEnd(26)}${cell(r.stats.kendall).padEnd(26)}${cell(r.stats.acc_eq).padEnd(26)}${rank ? rankCell(r).padEnd(26) : ''}${more}`);
    };
    if (g.ceiling) line(g.ceiling, '—');
    for (const r of g.rows) line(r, String(r.rank));
  }
  if (!footer) return;
  const c = m.ceiling;
  L.push('', c.annotators ? `Human ceiling: ${c.annotators.join(' vs ')} on the reviews both scored${c.alpha ? `; their ordinal Krippendorff's α ${fmt(c.alpha.alpha)} (n ${c.alpha.n / 2})` : ''}.` : `Human ceiling: ${c.missing ?? 'none'}.`);
  L.push(`Intervals: ${m.resamples} bootstrap resamples of changes (seed ${m.seed}).`);
}
