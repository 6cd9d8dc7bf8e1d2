// The lab's tables as CSV, Markdown, LaTeX and text (the same renderer as Research's tables): the agreement table
// (every metric × human dimension, with the paired difference against the baseline), the system table of one
// metric (Table 4 style) and the systems' rank agreement. Every format records the statistics' settings and each
// metric's configuration; prompts are written out whole (CSV and LaTeX as comment lines, Markdown as code).
import { commentLine } from '../configLines.ts';
import { fmtInterval, fmtNum, renderTableSpec, type TableFormat, type TableSpec } from '../researchTables.ts';
import type { CorrCi, Dim, Estimate, LabAgreement, LabGap, LabMetricAgreement } from './types.ts';

const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];
const DIM_LABEL: Record<Dim, string> = { con: 'Con', comp: 'Comp', rel: 'Rel' };
const GAP_LABEL: Record<LabGap, string> = { 'not-applicable': 'n/a', 'no-grade': 'no grade', failed: 'failed', cancelled: 'not asked' };

const withCi = (c: CorrCi | Estimate) => {
  const v = 'r' in c ? c.r : c.mean;
  const ci = fmtInterval(c.lo, c.hi);
  return ci ? `${fmtNum(v)} ${ci}` : fmtNum(v);
};

function note(r: LabAgreement): string {
  return r.resamples > 0
    ? `${Math.round(r.level * 100)}% percentile bootstrap intervals over ${r.changes} changes, ${r.resamples} resamples, seed ${r.seed}`
    : 'no bootstrap (point estimates only)';
}

export function gapText(m: LabMetricAgreement): string {
  const parts = (Object.entries(m.gaps) as [LabGap, number][]).filter(([, n]) => n > 0).map(([g, n]) => `${n} ${GAP_LABEL[g]}`);
  return parts.length ? parts.join(', ') : '—';
}

/** Every metric's correlation with each human dimension, and its difference from the baseline's. */
export function labAgreementTable(r: LabAgreement): TableSpec {
  const rows = r.metrics.flatMap((m) => DIMS.map((d) => ({ m, d })));
  const p = (m: LabMetricAgreement, d: Dim) => m.pairedVsBaseline?.spearman[d];
  const pk = (m: LabMetricAgreement, d: Dim) => m.pairedVsBaseline?.kendall[d];
  return {
    title: 'Agreement of every metric with human judgment',
    note:
      `${note(r)}; each metric on the reviews it scores (n), a difference from the baseline ${r.baseline ?? '—'} on the reviews both score (paired n); ` +
      '* = the interval of the difference excludes 0; reviews without a value are left out, never counted as 0',
    csvHeader: [
      'metric', 'family', 'human', 'n', 'missing', 'spearman', 'spearman_lo', 'spearman_hi', 'kendall', 'kendall_lo', 'kendall_hi',
      'paired_n', 'd_spearman', 'd_spearman_lo', 'd_spearman_hi', 'd_spearman_significant', 'd_kendall', 'd_kendall_lo', 'd_kendall_hi', 'd_kendall_significant',
    ],
    csvRows: rows.map(({ m, d }) => {
      const c = m.correlations[d];
      const s = p(m, d);
      const k = pk(m, d);
      return [
        m.id, m.family, d, m.n, gapText(m), c.spearman.r, c.spearman.lo, c.spearman.hi, c.kendall.r, c.kendall.lo, c.kendall.hi,
        m.pairedVsBaseline?.n ?? '', s?.diff ?? '', s?.lo ?? '', s?.hi ?? '', s ? String(s.significant) : '', k?.diff ?? '', k?.lo ?? '', k?.hi ?? '', k ? String(k.significant) : '',
      ];
    }),
    header: ['Metric', 'Human', 'n', 'Missing', 'Spearman', 'Kendall', `Δ Spearman vs ${r.baseline ?? '—'}`, 'Paired n'],
    rows: rows.map(({ m, d }) => {
      const s = p(m, d);
      return [
        m.label,
        DIM_LABEL[d],
        String(m.n),
        gapText(m),
        withCi(m.correlations[d].spearman),
        withCi(m.correlations[d].kendall),
        s ? `${withCi({ r: s.diff, lo: s.lo, hi: s.hi })}${s.significant ? ' *' : ''}` : 'baseline',
        m.pairedVsBaseline ? String(m.pairedVsBaseline.n) : '—',
      ];
    }),
  };
}

/** One metric's mean per system (best first) beside the humans' means on the same reviews. */
export function labSystemTable(r: LabAgreement, metricId: string): TableSpec {
  const m = r.metrics.find((x) => x.id === metricId);
  if (!m) throw new Error(`lab: no metric ${metricId}`);
  const csvHeader = ['rank', 'system', 'n', 'mean', 'mean_lo', 'mean_hi', 'human_n'];
  for (const d of DIMS) csvHeader.push(`human_${d}`, `human_${d}_lo`, `human_${d}_hi`);
  return {
    title: `Systems by ${m.label}`,
    note: `mean per system over the reviews it has a value for; human Likert scores normalised to [0, 1] over those of them with human scores; ${note(r)}`,
    csvHeader,
    csvRows: m.systems.map((s, i) => [
      i + 1, s.system, s.n, s.mean?.mean ?? '', s.mean?.lo ?? '', s.mean?.hi ?? '', s.human?.n ?? 0,
      ...DIMS.flatMap((d): (string | number)[] => (s.human ? [s.human[d].mean, s.human[d].lo, s.human[d].hi] : ['', '', ''])),
    ]),
    header: ['#', 'System', 'n', m.label, ...DIMS.map((d) => `human ${DIM_LABEL[d]}`)],
    rows: m.systems.map((s, i) => [
      String(i + 1), s.system, String(s.n), s.mean ? withCi(s.mean) : '—', ...DIMS.map((d) => (s.human ? withCi(s.human[d]) : '—')),
    ]),
  };
}

/** How well each metric ranks the systems as the humans do (system means, Spearman and Kendall). */
export function labRankingTable(r: LabAgreement): TableSpec {
  const rows = r.metrics.flatMap((m) => DIMS.map((d) => ({ m, d })));
  return {
    title: 'Rank agreement of systems with the humans',
    note: `system means of each metric against the humans' means on the same reviews; ${note(r)}`,
    csvHeader: ['metric', 'human', 'systems', 'spearman', 'spearman_lo', 'spearman_hi', 'kendall', 'kendall_lo', 'kendall_hi'],
    csvRows: rows.map(({ m, d }) => {
      const c = m.systemRanking[d];
      return [m.id, d, m.systemRanking.systems, c.spearman.r, c.spearman.lo, c.spearman.hi, c.kendall.r, c.kendall.lo, c.kendall.hi];
    }),
    header: ['Metric', 'Human', 'Systems', 'Spearman', 'Kendall'],
    rows: rows.map(({ m, d }) => [m.label, DIM_LABEL[d], String(m.systemRanking.systems), withCi(m.systemRanking[d].spearman), withCi(m.systemRanking[d].kendall)]),
  };
}

/** The statistics' settings and each metric's configuration, prompts apart (they are long and multi-line). */
export function labConfig(r: LabAgreement, extra: Record<string, unknown> = {}): { config: Record<string, unknown>; prompts: [string, string][] } {
  const config: Record<string, unknown> = { ...extra, baseline: r.baseline, resamples: r.resamples, seed: r.seed, level: r.level };
  const prompts: [string, string][] = [];
  const seen = new Set<string>();
  for (const m of r.metrics) {
    const { prompt, ...rest } = m.config as { prompt?: unknown };
    config[`metric ${m.id}`] = rest;
    // The judge's three columns share one prompt: write it once.
    if (typeof prompt === 'string' && !seen.has(`${m.family}\u0000${prompt}`)) {
      seen.add(`${m.family}\u0000${prompt}`);
      prompts.push([m.family, prompt]);
    }
  }
  return { config, prompts };
}

function withPrompts(body: string, format: TableFormat, prompts: [string, string][]): string {
  if (prompts.length === 0 || format === 'text') return body;
  const lines: string[] = [];
  for (const [family, prompt] of prompts) {
    if (format === 'markdown') lines.push(`Prompt (${family}):`, '', ...prompt.split('\n').map((l) => `    ${l}`), '');
    else if (format === 'csv') lines.push(commentLine(`prompt (${family}):`), ...prompt.split('\n').map((l) => commentLine(`  ${l}`)));
    else lines.push(`% prompt (${family}):`, ...prompt.split('\n').map((l) => `%   ${l}`));
  }
  // Comment lines go first in CSV and LaTeX (a CSV reader skips them; LaTeX ignores them); Markdown after.
  return format === 'markdown' ? `${body}\n${lines.join('\n')}\n` : `${lines.join('\n')}\n${body}`;
}

function out(t: TableSpec, r: LabAgreement, format: TableFormat, extra: Record<string, unknown>): string {
  const { config, prompts } = labConfig(r, extra);
  return withPrompts(renderTableSpec(t, format, config), format, prompts);
}

export function formatLabAgreement(r: LabAgreement, format: TableFormat, extra: Record<string, unknown> = {}): string {
  return out(labAgreementTable(r), r, format, extra);
}

export function formatLabSystems(r: LabAgreement, metricId: string, format: TableFormat, extra: Record<string, unknown> = {}): string {
  return out(labSystemTable(r, metricId), r, format, extra);
}

export function formatLabRanking(r: LabAgreement, format: TableFormat, extra: Record<string, unknown> = {}): string {
  return out(labRankingTable(r), r, format, extra);
}
