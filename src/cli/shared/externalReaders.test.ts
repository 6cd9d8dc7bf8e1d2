// Our files as other programs read them: the annotation CSV (a data file) through Python's csv module or pandas,
// and the LaTeX tables through pdflatex. Each test runs where its program is installed and skips with a message
// otherwise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readAnnotationCsv, writeAnnotationCsv, CSV_COLUMNS } from '../../core/annotation.ts';
import { mulberry32, type BootstrapReport } from '../../core/bootstrap.ts';
import { labAgreement } from '../../core/lab/agreement.ts';
import { formatLabAgreement, formatLabRanking, formatLabSystems } from '../../core/lab/tables.ts';
import { metaEvaluate, type MetaRecord } from '../../core/metaeval/report.ts';
import { formatMetaEval } from '../../core/metaeval/tables.ts';
import { formatAgreementTable, formatSystemTable, renderTableSpec } from '../../core/researchTables.ts';
import fixtureA from '../../../e2e/fixtures/annotator-a.csv?raw';

function run(cmd: string, args: string[], input?: string, cwd?: string): { ok: boolean; out: string; err: string } | null {
  const r = spawnSync(cmd, args, { input, cwd, encoding: 'utf8', timeout: 120_000 });
  if (r.error) return null; // not installed
  return { ok: r.status === 0, out: r.stdout, err: r.stderr };
}

describe('the annotation CSV as Python reads it', () => {
  it("Python's csv module (and pandas, where installed) reads the same cells papaparse does", (ctx) => {
    const its = readAnnotationCsv({ name: 'py_ada_review_qual_final.csv', text: fixtureA }).items;
    its[0].reviews[0] = { ...its[0].reviews[0], review: '- remove this line\n+ and add that one' };
    const csv = writeAnnotationCsv(its);
    const code = [
      'import sys, json, csv, io',
      'text = sys.stdin.read()',
      'try:',
      '    import pandas as pd',
      '    df = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)',
      '    rows = [list(df.columns)] + df.values.tolist()',
      '    who = "pandas"',
      'except ImportError:',
      '    rows = list(csv.reader(io.StringIO(text)))',
      '    who = "csv"',
      'print(json.dumps({"who": who, "rows": rows}))',
    ].join('\n');
    const r = run('python3', ['-c', code], csv);
    if (!r) return ctx.skip('python3 is not installed: the Python reading is not checked here');
    expect(r.ok, r.err).toBe(true);
    const { who, rows } = JSON.parse(r.out) as { who: string; rows: string[][] };
    if (who !== 'pandas') console.info('pandas is not installed: checked with Python\'s csv module only');
    // Every cell as papaparse reads it, and every diff exactly as annotated (no quote in front).
    expect(rows).toEqual(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data);
    const diffs = rows.slice(1).map((r) => r[CSV_COLUMNS.indexOf('diff')]).filter((d) => d !== '');
    expect(diffs).toEqual(its.map((i) => i.diff));
  });
});

/** A LaTeX export inside the smallest document, compiled with pdflatex; the log when it fails. */
function compile(tex: string): { ok: boolean; log: string } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-tex-'));
  try {
    // \tracinglostchars: a character the font has no glyph for is written to the log (pdflatex otherwise drops it).
    fs.writeFileSync(path.join(dir, 'doc.tex'), `\\documentclass{article}\n\\tracinglostchars=2\n\\begin{document}\n${tex}\n\\end{document}\n`);
    const r = run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'doc.tex'], undefined, dir);
    if (!r) return null;
    const log = fs.existsSync(path.join(dir, 'doc.log')) ? fs.readFileSync(path.join(dir, 'doc.log'), 'latin1') : r.out;
    return { ok: r.ok && fs.existsSync(path.join(dir, 'doc.pdf')) && !/Missing character/.test(log), log };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('every kind of LaTeX export compiles with pdflatex', () => {
  const hostile = 'gpt3.5_pred & 50% #1 {x} ~ ^ \\ $ <b>|τ ε α Δ − ± × — “q” 中';
  const est = (mean: number) => ({ mean, lo: mean - 0.05, hi: mean + 0.05 });
  const report: BootstrapReport = {
    resamples: 100, seed: 7, level: 0.95, changes: 30,
    systems: [{ system: hostile, n: 30, con: est(0.2), comp: est(0.1), rel: est(0.12), human: { con: est(0.7), comp: est(0.6), rel: est(0.7), n: 28 } }],
    pairs: [],
    correlations: {
      n: 30,
      con: { spearman: 0.3, spearmanCi: [0.2, 0.4], kendall: 0.25, kendallCi: [0.15, 0.33] },
      comp: { spearman: NaN, spearmanCi: [NaN, NaN], kendall: NaN, kendallCi: [NaN, NaN] },
      rel: { spearman: 0.485, spearmanCi: [0.41, 0.55], kendall: 0.422, kendallCi: [0.36, 0.48] },
    },
  };
  const config = { dataset: 'dev_set #2.jsonl', scoring: "hard τ (the paper's)", tau: 0.149, prompt: 'Grade {{review}}\n100% & more' };
  const rng = mulberry32(3);
  const records: MetaRecord[] = [];
  const good: number[] = [];
  for (let c = 0; c < 12; c++)
    for (let s = 0; s < 3; s++) {
      const h = Math.round(rng() * 4) / 4;
      records.push({ changeId: `c${c}`, system: `s_${s}`, human: { con: h, comp: h, rel: h } });
      good.push(h + rng() * 0.3);
    }
  const metrics = [
    { id: 'crscore.rel', label: 'CRScore τ', values: good },
    { id: 'noisy_100%', label: 'Noisy & δ', values: good.map(() => rng()) },
  ];
  const lab = labAgreement(
    records.map(({ changeId, system, human }) => ({ changeId, system, human })),
    metrics.map((m) => ({ ...m, family: 'crscore' as const, config: { prompt: 'Rate {{review}} — 1…5 ≥ 3' } })),
    { resamples: 20, seed: 1 },
  );
  const exports: [string, string][] = [
    ['system table', formatSystemTable(report, 'latex', config)],
    ['agreement table', formatAgreementTable(report, 'latex', config)],
    ['meta-evaluation', formatMetaEval(metaEvaluate(records, metrics, { resamples: 20, seed: 1 }), 'latex', 'sig|τ=0.149|ε')],
    ['lab agreement', formatLabAgreement(lab, 'latex', config)],
    ['lab systems', formatLabSystems(lab, 'crscore.rel', 'latex', config)],
    ['lab ranking', formatLabRanking(lab, 'latex', config)],
    ['a table of every awkward character', renderTableSpec({ title: hostile, note: hostile, header: ['System', hostile], rows: [[hostile, '−0.1']], csvHeader: [], csvRows: [] }, 'latex', config)],
  ];
  for (const [name, tex] of exports) it(name, (ctx) => {
    expect(tex).toContain('\\begin{tabular}');
    const r = compile(tex);
    if (!r) return ctx.skip('pdflatex is not installed (Debian: texlive-latex-base): the LaTeX exports are not compiled here');
    expect(r.ok, r.log.split('\n').filter((l) => /^!|Missing character/.test(l)).join('\n') || r.log.slice(-2000)).toBe(true);
  });
});
