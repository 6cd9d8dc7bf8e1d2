// The link agreement table (precision, recall and F1 of a metric's links against the annotators', with bootstrap
// intervals) in the formats of every other research table: CSV, Markdown, LaTeX and text, recording the
// configuration. One implementation for Research's exports and `crscore eval`.
import type { LinkAgreementReport, LinkAgreementRow } from './links/agreement.ts';
import type { LinkRule } from './links/links.ts';
import { fmtInterval, fmtNum, render, type Table, type TableConfig, type TableFormat } from './researchTables.ts';

export function linkRuleText(rule: LinkRule): string {
  return rule.rule === 'hard'
    ? `hard τ = ${fmtNum(rule.tau, 4)}`
    : `graded credit from ${fmtNum(rule.ramp.low, 4)} to ${fmtNum(rule.ramp.high, 4)}, soft counts`;
}

/** Every row of the report in table order: overall, per system, per language, per pseudo-reference type. */
export function linkRows(r: LinkAgreementReport): LinkAgreementRow[] {
  return [r.overall, ...r.bySystem, ...r.byLanguage, ...r.byType];
}

export const linkRowName = (x: LinkAgreementRow) => (x.group === 'all' ? 'all' : `${x.group}: ${x.key}`);

const cell = (v: number | null, ci: [number, number], resamples: number) => {
  if (v === null) return '—';
  const i = resamples > 0 ? fmtInterval(ci[0], ci[1]) : '';
  return i ? `${fmtNum(v)} ${i}` : fmtNum(v);
};

export function linkTable(r: LinkAgreementReport, rule: LinkRule): Table {
  const rows = linkRows(r);
  const ci =
    r.resamples > 0
      ? `${Math.round(r.level * 100)}% percentile bootstrap intervals over ${r.changes} changes, ${r.resamples} resamples, seed ${r.seed}`
      : 'no bootstrap (point estimates only)';
  const num = (v: number | null) => (v === null ? '' : v);
  return {
    title: 'Link agreement with the annotators',
    note: `the metric's links under ${linkRuleText(rule)} against the annotators' claims_addressed; ${r.overall.reviews} reviews with recorded links, ${r.unrecorded} without (left out); ${ci}`,
    csvHeader: ['group', 'key', 'reviews', 'pairs', 'tp', 'fp', 'fn', 'precision', 'precision_lo', 'precision_hi', 'recall', 'recall_lo', 'recall_hi', 'f1', 'f1_lo', 'f1_hi'],
    csvRows: rows.map((x) => [
      x.group,
      x.key,
      x.reviews,
      x.pairs,
      x.tp,
      x.fp,
      x.fn,
      num(x.precision),
      ...x.precisionCi,
      num(x.recall),
      ...x.recallCi,
      num(x.f1),
      ...x.f1Ci,
    ]),
    header: ['Group', 'Reviews', 'Pairs', 'Precision', 'Recall', 'F1'],
    rows: rows.map((x) => [
      linkRowName(x),
      String(x.reviews),
      String(x.pairs),
      cell(x.precision, x.precisionCi, r.resamples),
      cell(x.recall, x.recallCi, r.resamples),
      cell(x.f1, x.f1Ci, r.resamples),
    ]),
  };
}

export function formatLinkTable(r: LinkAgreementReport, rule: LinkRule, format: TableFormat, config: TableConfig = {}): string {
  return render(linkTable(r, rule), format, config);
}
