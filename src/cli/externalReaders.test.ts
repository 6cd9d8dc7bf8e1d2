// Our files as other programs read them: the annotation CSV (a data file) through Python's csv module or pandas,
// and the LaTeX tables through pdflatex. Each test runs where its program is installed and skips with a message
// otherwise.
import { spawnSync } from 'node:child_process';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readAnnotationCsv, writeAnnotationCsv, CSV_COLUMNS } from '../core/annotation.ts';
import fixtureA from '../../e2e/fixtures/annotator-a.csv?raw';

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
