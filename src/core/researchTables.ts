// The system table (per-system means with bootstrap intervals, like the paper's Table 9) and the agreement table
// (Spearman and Kendall with intervals) as CSV, Markdown, LaTeX and plain text. One implementation for the
// browser's exports and `crscore eval`; every format records the configuration it was computed with.
import type { BootstrapReport, Dim, Estimate } from './bootstrap.ts';
import { commentLine, configHeader } from './configLines.ts';
import { safeCell } from './csvSafe.ts';
import { latexEscape } from './latex.ts';
import { maxOf } from './arrays.ts';

export type TableFormat = 'csv' | 'markdown' | 'latex' | 'text';
export type TableConfig = Record<string, unknown>;

const DIM_LABEL: Record<Dim, string> = { con: 'Con', comp: 'Comp', rel: 'Rel' };
const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];

export function fmtNum(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return '—';
  const s = x.toFixed(digits);
  return /^-0\.0*$/.test(s) ? s.slice(1) : s; // never "-0.000"
}

export function fmtInterval(lo: number, hi: number, digits = 3): string {
  return Number.isFinite(lo) && Number.isFinite(hi) ? `[${fmtNum(lo, digits)}, ${fmtNum(hi, digits)}]` : '';
}

function withCi(e: Estimate, digits = 3): string {
  const ci = fmtInterval(e.lo, e.hi, digits);
  return ci ? `${fmtNum(e.mean, digits)} ${ci}` : fmtNum(e.mean, digits);
}

function configValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** The configuration as "key: value" lines, in the order given (keys with undefined values left out). */
export function configLines(config: TableConfig): string[] {
  return Object.entries(config)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${configValue(v)}`);
}

function intervalNote(r: BootstrapReport): string {
  return r.resamples > 0
    ? `${Math.round(r.level * 100)}% percentile bootstrap intervals over ${r.changes} changes, ${r.resamples} resamples, seed ${r.seed}`
    : 'no bootstrap (point estimates only)';
}

export interface Table {
  title: string;
  note: string;
  /** Machine-readable columns (CSV): numbers kept apart from their intervals. */
  csvHeader: string[];
  csvRows: (string | number)[][];
  /** Human-readable columns: "0.512 [0.471, 0.553]". */
  header: string[];
  rows: string[][];
}

export function systemTable(r: BootstrapReport): Table {
  const hasHuman = r.systems.some((s) => s.human);
  const sorted = [...r.systems].sort((a, b) => b.rel.mean - a.rel.mean);
  const csvHeader = ['rank', 'system', 'n'];
  for (const d of DIMS) csvHeader.push(d, `${d}_lo`, `${d}_hi`);
  if (hasHuman) for (const d of DIMS) csvHeader.push(`human_${d}`, `human_${d}_lo`, `human_${d}_hi`);
  const header = ['#', 'System', 'n', ...DIMS.map((d) => DIM_LABEL[d]), ...(hasHuman ? DIMS.map((d) => `human ${DIM_LABEL[d]}`) : [])];
  return {
    title: 'Systems: mean CRScore per system',
    note: `ranked by mean Rel; ${intervalNote(r)}${hasHuman ? '; human Likert scores normalised to [0, 1]' : ''}`,
    csvHeader,
    csvRows: sorted.map((s, i): (string | number)[] => [
      i + 1,
      s.system,
      s.n,
      ...DIMS.flatMap((d) => [s[d].mean, s[d].lo, s[d].hi]),
      ...(hasHuman ? DIMS.flatMap((d): (string | number)[] => (s.human ? [s.human[d].mean, s.human[d].lo, s.human[d].hi] : ['', '', ''])) : []),
    ]),
    header,
    rows: sorted.map((s, i) => [
      String(i + 1),
      s.system,
      String(s.n),
      ...DIMS.map((d) => withCi(s[d])),
      ...(hasHuman ? DIMS.map((d) => (s.human ? withCi(s.human[d]) : '—')) : []),
    ]),
  };
}

export function agreementTable(r: BootstrapReport): Table {
  const c = r.correlations;
  return {
    title: 'Agreement with human judgment',
    note: `each CRScore dimension against the same human dimension, n = ${c.n} reviews; ${intervalNote(r)}`,
    csvHeader: ['dimension', 'n', 'spearman', 'spearman_lo', 'spearman_hi', 'kendall', 'kendall_lo', 'kendall_hi'],
    csvRows: DIMS.map((d) => [d, c.n, c[d].spearman, ...c[d].spearmanCi, c[d].kendall, ...c[d].kendallCi]),
    header: ['Dimension', 'n', 'Spearman', 'Kendall'],
    rows: DIMS.map((d) => [
      DIM_LABEL[d],
      String(c.n),
      withCi({ mean: c[d].spearman, lo: c[d].spearmanCi[0], hi: c[d].spearmanCi[1] }),
      withCi({ mean: c[d].kendall, lo: c[d].kendallCi[0], hi: c[d].kendallCi[1] }),
    ]),
  };
}

function csvCell(v: string | number): string {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : safeCell(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Markdown cell: pipes and backslashes escaped, and HTML too (a renderer would otherwise run a system's name as markup). */
export const mdCell = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, ' ');

/** The name column (System, Dimension) is left-aligned; numbers right-aligned. */
const textColumn = (t: Table) => (t.header[0] === '#' ? 1 : 0);

/** Any table of this shape in any format, with its configuration (the link table uses it too). */
export function render(t: Table, format: TableFormat, config: TableConfig): string {
  const conf = configLines(config);
  switch (format) {
    case 'csv':
      return [
        commentLine(t.title),
        commentLine(t.note),
        ...configHeader(config),
        t.csvHeader.join(','),
        ...t.csvRows.map((r) => r.map(csvCell).join(',')),
        '',
      ].join('\n');
    case 'markdown':
      return [
        `**${mdCell(t.title)}** (${mdCell(t.note)})`,
        '',
        `| ${t.header.map(mdCell).join(' | ')} |`,
        `| ${t.header.map((_, i) => (i === textColumn(t) ? '---' : '---:')).join(' | ')} |`,
        ...t.rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`),
        ...(conf.length ? ['', `Configuration: ${conf.map(mdCell).join('; ')}`] : []),
        '',
      ].join('\n');
    case 'latex': {
      const spec = t.header.map((_, i) => (i === textColumn(t) ? 'l' : 'r')).join('');
      return [
        ...conf.map((l) => `% ${l.replace(/\n/g, ' ')}`),
        '\\begin{table}[t]',
        '\\centering',
        `\\begin{tabular}{${spec}}`,
        '\\hline',
        `${t.header.map(latexEscape).join(' & ')} \\\\`,
        '\\hline',
        ...t.rows.map((r) => `${r.map(latexEscape).join(' & ')} \\\\`),
        '\\hline',
        '\\end{tabular}',
        `\\caption{${latexEscape(`${t.title}: ${t.note}.${conf.length ? ` ${conf.join('; ')}` : ''}`)}}`,
        '\\end{table}',
        '',
      ].join('\n');
    }
    case 'text': {
      const widths = t.header.map((h, i) => Math.max(h.length, maxOf(t.rows.map((r) => r[i].length))));
      const line = (cells: string[]) =>
        cells.map((c, i) => (i === textColumn(t) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
      return [`${t.title} (${t.note})`, line(t.header), ...t.rows.map(line), ''].join('\n');
    }
  }
}

export function formatSystemTable(r: BootstrapReport, format: TableFormat, config: TableConfig = {}): string {
  return render(systemTable(r), format, config);
}

export function formatAgreementTable(r: BootstrapReport, format: TableFormat, config: TableConfig = {}): string {
  return render(agreementTable(r), format, config);
}

/** Pairwise Rel differences as text: one line per significant pair, then the count of pairs that are not. */
export function formatPairs(r: BootstrapReport): string {
  const sig = r.pairs.filter((p) => p.significant && p.diff > 0).sort((a, b) => b.diff - a.diff);
  const total = r.pairs.length / 2;
  const lines = [`Paired differences in mean Rel (${intervalNote(r)}): ${sig.length} of ${total} pairs differ`];
  for (const p of sig) lines.push(`  ${p.a} > ${p.b}: ${fmtNum(p.diff)} ${fmtInterval(p.lo, p.hi)}`);
  return `${lines.join('\n')}\n`;
}

// The lab's tables (src/core/lab/tables.ts) render through the same four formats.
export type { Table as TableSpec };
export { render as renderTableSpec };
