// The meta-evaluation table in CSV, Markdown, LaTeX and text (src/core/researchTables.ts renders it): the human
// ceiling on top, then the metrics ranked by the chosen statistic with their significance clusters, baselines in
// place, every statistic with its bootstrap interval, ε in-sample and the cross-validated acc_eq. Every format
// carries the signature.
import { fmtInterval, fmtNum, render, type Table, type TableFormat } from '../researchTables.ts';
import { GROUPING_LABEL, STATISTIC_LABEL, STATISTICS } from './grouped.ts';
import type { MetaEvalReport, MetaRow, StatCell } from './report.ts';
import type { Alpha } from '../agreement.ts';

export interface CeilingSummary {
  row: MetaRow | null;
  alpha: Alpha | null;
  annotators: [string, string] | null;
  missing: string | null;
}

const DIM_NAME = { con: 'conciseness', comp: 'comprehensiveness', rel: 'relevance' } as const;
const KIND = { metric: '', imported: 'imported', baseline: 'baseline', ceiling: 'ceiling' } as const;

export function rankLabel(r: MetaEvalReport): string {
  return r.statistic === 'pairwise' ? 'pairwise accuracy' : r.statistic === 'spa' ? 'soft pairwise accuracy' : STATISTIC_LABEL[r.statistic];
}

/** `dimension` names a human-scored dataset's own dimension (GradedReviews' grade), whose scores fill the human
 *  study's slots; without it the table is against the human study's Con, Comp or Rel. */
export function metaEvalTable(r: MetaEvalReport, ceiling: CeilingSummary | null, dimension?: string): Table {
  const sys = r.grouping === 'system';
  // Undefined figures (degenerate.ts) say so; their reasons go in the note, once each.
  const reasons = new Set<string>();
  let outside = false;
  const cell = (c: StatCell) => {
    if (c.why) {
      reasons.add(`undefined: ${c.why}`);
      return 'undefined';
    }
    if (c.intervalWhy) {
      reasons.add(`no interval: ${c.intervalWhy}`);
      return `${fmtNum(c.value)} (no interval)`;
    }
    const ci = fmtInterval(c.lo, c.hi);
    // A percentile interval need not hold its point estimate (docs/metaeval.md): marked, not moved.
    const out = pointOutside(c);
    outside ||= out;
    return ci ? `${fmtNum(c.value)} ${ci}${out ? ' †' : ''}` : fmtNum(c.value);
  };
  const header = ['#', 'Metric', 'Cluster', 'n', ...STATISTICS.map((s) => STATISTIC_LABEL[s]), 'ε (in-sample)', `acc_eq (CV, ${r.folds} folds)`, ...(sys ? ['Pairwise acc.', 'SPA'] : [])];
  const csvHeader = ['rank', 'metric', 'id', 'kind', 'cluster', 'n', ...STATISTICS.flatMap((s) => [s, `${s}_lo`, `${s}_hi`]), 'eps_in_sample', 'acc_eq_cv', ...(sys ? ['pairwise', 'pairwise_lo', 'pairwise_hi', 'spa', 'spa_lo', 'spa_hi'] : [])];
  const rows: string[][] = [];
  const csvRows: (string | number)[][] = [];
  const add = (row: MetaRow, rank: string, cluster: string) => {
    const label = `${row.label}${KIND[row.kind] ? ` (${KIND[row.kind]})` : ''}`;
    const accCv = row.stats.acc_eq.why ? 'undefined' : fmtNum(row.ties.accCv);
    rows.push([rank, label, cluster, String(row.n), ...STATISTICS.map((s) => cell(row.stats[s])), fmtNum(row.ties.eps, 4), accCv, ...(sys ? [cell(row.pairwise!), cell(row.spa!)] : [])]);
    csvRows.push([rank, row.label, row.id, row.kind, cluster, row.n, ...STATISTICS.flatMap((s) => [row.stats[s].value, row.stats[s].lo, row.stats[s].hi]), row.ties.eps, row.ties.accCv, ...(sys ? [row.pairwise!.value, row.pairwise!.lo, row.pairwise!.hi, row.spa!.value, row.spa!.lo, row.spa!.hi] : [])]);
  };
  if (ceiling?.row) add(ceiling.row, '—', 'ceiling');
  for (const row of r.rows) add(row, String(row.rank), String(row.cluster));
  const alpha = ceiling?.alpha ? `; annotators' ordinal Krippendorff's α ${fmtNum(ceiling.alpha.alpha)} (${ceiling.annotators!.join(' vs ')}, n ${ceiling.alpha.n / 2})` : '';
  const noCeiling = ceiling && !ceiling.row ? `; human ceiling: ${ceiling.missing}` : '';
  return {
    title: `Meta-evaluation against ${dimension ?? `human ${DIM_NAME[r.dim]}`}, ${GROUPING_LABEL[r.grouping]}, ranked by ${rankLabel(r)}`,
    note: `${Math.round(r.level * 100)}% bootstrap intervals over ${r.changes} changes (${r.resamples} resamples, seed ${r.seed}); clusters: ${r.test === 'perm-both' ? 'PERM-BOTH' : 'paired bootstrap'} at α ${r.alpha}; acc_eq at the in-sample ε${alpha}${noCeiling}${[...reasons].map((x) => `; ${x}`).join('')}${outside ? '; † the point estimate lies outside its percentile interval (the resampled values are skewed away from it; see docs/metaeval.md)' : ''}`,
    header,
    rows,
    csvHeader,
    csvRows: csvRows.map((row) => row.map((v) => (typeof v === 'number' && !Number.isFinite(v) ? '' : v))),
  };
}

/** True when the point estimate lies outside its (percentile) interval. */
export function pointOutside(c: StatCell): boolean {
  return Number.isFinite(c.value) && Number.isFinite(c.lo) && Number.isFinite(c.hi) && (c.value < c.lo || c.value > c.hi);
}

export function formatMetaEval(r: MetaEvalReport, format: TableFormat, signature: string, ceiling: CeilingSummary | null = null, dimension?: string): string {
  return render(metaEvalTable(r, ceiling, dimension), format, { signature });
}
