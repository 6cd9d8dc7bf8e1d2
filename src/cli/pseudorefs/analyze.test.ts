import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crscore, FIXTURES } from '../shared/testing.ts';
import type { AnalyzeSummary } from './analyze.ts';

const MINI = path.join(FIXTURES, 'analyze-mini.jsonl');

describe('crscore analyze', () => {
  it("skips and names a change whose code is above the read-back cap (8 MB); the changes after it are analyzed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crscore-analyze-'));
    try {
      const file = path.join(dir, 'huge.jsonl');
      const big = `${'x = [1, 2, 3]\n'.repeat(650_000)}`; // 9.1 MB of Python
      const healthy = 'def f(a, b, c, d, e, f, g):\n    return a\n';
      const row = (id: string, code: string) => JSON.stringify({ id, lang: 'py', diff: '@@ -1 +1 @@\n-y = 0\n+x = [1, 2, 3]', new_code: code, reviews: [] });
      writeFileSync(file, `${row('py-huge', big)}\n${row('py-ok', healthy)}\n`);
      const r = crscore(['analyze', '--dataset', file, '--json']);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/change py-huge: its code takes 9\.1 MB, more than the 8 MB read for one change; left out/);
      const s = JSON.parse(r.stdout) as AnalyzeSummary;
      expect(s.skipped.tooLarge).toBe(1);
      expect(s.counts.python).toMatchObject({ rows: 1, failed: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it("prints each row's kept warnings in the paper's form, and compares with the reference output", () => {
    const r = crscore(['analyze', '--dataset', MINI, '--compare-reference']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('js-ok  JSHint  1 warning, 1 kept (paper filter)\n  line 2, col 10, Missing semicolon.');
    expect(r.stdout).toContain('reference_analyzer_output: same 1 lines');
    // js-off: line 2 is missing from the reference, the reference's line 5 is not ours.
    expect(r.stdout).toContain('reference_analyzer_output: 1 of 2 reference lines matched, 1 extra');
    expect(r.stdout).toContain('    - line 5, col 1, A warning our JSHint does not give.');
    expect(r.stdout).toContain('    + line 2, col 10, Missing semicolon.');
    expect(r.stdout).toMatch(/js {5}exact 1\/2 rows \(50\.0%\), precision 0\.6667, recall 0\.6667/);
    expect(r.stderr).toContain('line 7: not valid JSON');
  });

  it('--json: one summary object with exact rows, precision and recall per language', () => {
    const r = crscore(['analyze', '--dataset', MINI, '--compare-reference', '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as AnalyzeSummary;
    expect(s.js).toEqual({ rows: 2, exactRows: 1, precision: 2 / 3, recall: 2 / 3 });
    expect(s.counts.js).toEqual({ rows: 3, warnings: 4, kept: 3, failed: 0 });
    expect(s.java).toEqual({ rows: 1, exactRows: 1, precision: 1, recall: 1 });
    expect(s.python.rows).toBe(1);
    expect(s.skipped).toEqual({ noAnalyzer: 1, noReference: 1, badLines: 1, tooLarge: 0 });
    // js-ok's issue pseudo-reference is reproduced; js-off has none and the filter keeps one warning.
    expect(s.issuePseudoReferences?.js).toEqual({ rows: 2, exactRows: 1, precision: 0.5, recall: 1 });
  });

  it('--filter and --options change what is kept and how JSHint reads the code', () => {
    const none = JSON.parse(crscore(['analyze', '--dataset', MINI, '--filter', 'none', '--json']).stdout) as AnalyzeSummary;
    expect(none.counts.js.kept).toBe(none.counts.js.warnings);
    expect(none.js.precision).toBeNull();
    const modern = JSON.parse(crscore(['analyze', '--dataset', MINI, '--options', 'modern', '--json']).stdout) as AnalyzeSummary;
    expect(modern.counts.js.warnings).toBe(3); // no ES6 warning for `const`
  });

  it('usage errors exit with 2 and say what is wrong', () => {
    expect(crscore(['analyze']).stderr).toContain('--dataset FILE is required');
    const bad = crscore(['analyze', '--dataset', MINI, '--filter', 'lines']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--filter must be one of paper, added, none; got "lines"');
    const missing = crscore(['analyze', '--dataset', 'nope.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read nope.jsonl: no such file');
    expect(crscore(['analyze', '--help']).stdout).toContain('--compare-reference');
  });
});

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping dev-data analyze test: ${DEV} not found`);

describe.skipIf(!haveDev)('crscore analyze on the dev half', () => {
  it("JSHint's paper mode reproduces every JS row's reference output, and the paper filter its issue pseudo-references", () => {
    const r = crscore(['analyze', '--dataset', DEV, '--compare-reference', '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as AnalyzeSummary;
    expect(s.js.rows).toBe(50);
    expect(s.js.exactRows).toBe(s.js.rows);
    expect(s.issuePseudoReferences?.js.exactRows).toBe(s.issuePseudoReferences?.js.rows);
  });
});
