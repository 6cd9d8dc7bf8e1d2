import { describe, expect, it } from 'vitest';
import type { BootstrapReport } from './bootstrap.ts';
import { fmtNum, formatAgreementTable, formatPairs, formatSystemTable } from './researchTables.ts';
import { latexEscape } from './latex.ts';

const est = (mean: number, lo: number, hi: number) => ({ mean, lo, hi });
const report: BootstrapReport = {
  resamples: 1000,
  seed: 7,
  level: 0.95,
  changes: 144,
  systems: [
    { system: 'knn_pred', n: 144, con: est(0.2, 0.15, 0.25), comp: est(0.1, 0.08, 0.12), rel: est(0.12, 0.1, 0.14), human: null },
    {
      system: 'gpt3.5_pred',
      n: 144,
      con: est(0.6, 0.55, 0.65),
      comp: est(0.5, 0.45, 0.55),
      rel: est(0.52, 0.5, 0.54),
      human: { con: est(0.7, 0.6, 0.8), comp: est(0.6, 0.5, 0.7), rel: est(0.75, 0.7, 0.8), n: 140 },
    },
  ],
  pairs: [
    { a: 'gpt3.5_pred', b: 'knn_pred', diff: 0.4, lo: 0.35, hi: 0.45, significant: true },
    { a: 'knn_pred', b: 'gpt3.5_pred', diff: -0.4, lo: -0.45, hi: -0.35, significant: true },
  ],
  correlations: {
    n: 284,
    con: { spearman: 0.3, spearmanCi: [0.2, 0.4], kendall: 0.25, kendallCi: [0.15, 0.33] },
    comp: { spearman: 0.35, spearmanCi: [0.25, 0.45], kendall: 0.28, kendallCi: [0.2, 0.36] },
    rel: { spearman: 0.485, spearmanCi: [0.41, 0.55], kendall: 0.422, kendallCi: [0.36, 0.48] },
  },
};
const config = { dataset: 'dev.jsonl', similarity: 'lexical', tau: 0.149, calibration: { system: 'gpt3.5_pred' } };

describe('system table', () => {
  it('CSV: configuration as comments, ranked by Rel, numbers apart from their intervals', () => {
    const csv = formatSystemTable(report, 'csv', config);
    const lines = csv.trim().split('\n');
    expect(lines).toContain('# dataset: dev.jsonl');
    expect(lines).toContain('# tau: 0.149');
    expect(lines).toContain('# calibration: {"system":"gpt3.5_pred"}');
    const header = lines.find((l) => l.startsWith('rank,'))!;
    expect(header).toBe(
      'rank,system,n,con,con_lo,con_hi,comp,comp_lo,comp_hi,rel,rel_lo,rel_hi,human_con,human_con_lo,human_con_hi,human_comp,human_comp_lo,human_comp_hi,human_rel,human_rel_lo,human_rel_hi',
    );
    const data = lines.slice(lines.indexOf(header) + 1);
    expect(data[0]).toBe('1,gpt3.5_pred,144,0.6,0.55,0.65,0.5,0.45,0.55,0.52,0.5,0.54,0.7,0.6,0.8,0.6,0.5,0.7,0.75,0.7,0.8');
    expect(data[1]).toBe('2,knn_pred,144,0.2,0.15,0.25,0.1,0.08,0.12,0.12,0.1,0.14,,,,,,,,,');
  });

  it('Markdown: a table with intervals and a configuration line', () => {
    const md = formatSystemTable(report, 'markdown', config);
    expect(md).toContain('| # | System | n | Con | Comp | Rel | human Con | human Comp | human Rel |');
    expect(md).toContain('| ---: | --- | ---: |');
    expect(md).toContain('| 1 | gpt3.5_pred | 144 | 0.600 [0.550, 0.650] | 0.500 [0.450, 0.550] | 0.520 [0.500, 0.540] | 0.700 [0.600, 0.800]');
    expect(md).toContain('1000 resamples, seed 7');
    expect(md).toMatch(/Configuration: dataset: dev\.jsonl; similarity: lexical; tau: 0\.149/);
  });

  it('LaTeX: escaped names, configuration as comments and in the caption', () => {
    const tex = formatSystemTable(report, 'latex', config);
    expect(tex).toContain('% similarity: lexical');
    expect(tex).toContain('\\begin{tabular}{rlrrrrrrr}');
    expect(tex).toContain('1 & gpt3.5\\_pred & 144 & 0.600 [0.550, 0.650]');
    expect(tex).toMatch(/\\caption\{Systems: .*dataset: dev.jsonl; similarity: lexical; tau: 0.149/);
    expect(latexEscape('a_b & 50% #1 {x} ~ ^ \\')).toBe(
      'a\\_b \\& 50\\% \\#1 \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}',
    );
  });

  it('text: aligned columns', () => {
    const lines = formatSystemTable(report, 'text').trim().split('\n');
    expect(lines[1]).toMatch(/^#\s+System\s+n\s+Con/);
    expect(lines[2]).toMatch(/^1\s+gpt3\.5_pred\s+144\s+0\.600 \[0\.550, 0\.650\]/);
    expect(lines[2].length).toBe(lines[1].length);
  });

  it('CSV quotes a system name with a comma or quote', () => {
    const odd = { ...report, systems: [{ ...report.systems[0], system: 'a,"b"' }] };
    expect(formatSystemTable(odd, 'csv')).toContain('1,"a,""b""",144');
  });
});

describe('agreement table', () => {
  it('every format carries Spearman and Kendall with intervals', () => {
    expect(formatAgreementTable(report, 'csv', config)).toContain('rel,284,0.485,0.41,0.55,0.422,0.36,0.48');
    expect(formatAgreementTable(report, 'markdown', config)).toContain('| Rel | 284 | 0.485 [0.410, 0.550] | 0.422 [0.360, 0.480] |');
    expect(formatAgreementTable(report, 'latex', config)).toContain('Rel & 284 & 0.485 [0.410, 0.550] & 0.422 [0.360, 0.480] \\\\');
  });
  it('without resamples: point estimates, and says so', () => {
    const none = { ...report, resamples: 0, correlations: { ...report.correlations, rel: { ...report.correlations.rel, spearmanCi: [NaN, NaN] as [number, number] } } };
    const t = formatAgreementTable(none, 'text');
    expect(t).toContain('no bootstrap');
    expect(t).toMatch(/Rel\s+284\s+0\.485\s/);
  });
});

describe('numbers', () => {
  it('never prints a negative zero', () => {
    expect(fmtNum(-0.0001)).toBe('0.000');
    expect(fmtNum(-0.02, 1)).toBe('0.0');
    expect(fmtNum(-0.25, 2)).toBe('-0.25');
    expect(fmtNum(NaN)).toBe('—');
  });
  it('lists significant pairs', () => {
    expect(formatPairs(report)).toContain('1 of 1 pairs differ');
    expect(formatPairs(report)).toContain('gpt3.5_pred > knn_pred: 0.400 [0.350, 0.450]');
  });
});
