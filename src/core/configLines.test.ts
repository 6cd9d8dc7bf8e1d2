import { describe, expect, it } from 'vitest';
import { render, type Table } from './researchTables.ts';
import { readCsv } from './importers/csv.ts';
import { configLine, configHeader, readConfigHeader } from './configLines.ts';

const HOSTILE = 'dev.jsonl\n=HYPERLINK("http://evil.example","x")';
const table: Table = { title: 'T', note: 'n', csvHeader: ['a'], csvRows: [[1]], header: ['a'], rows: [['1']] };

/** Every cell a spreadsheet could make of a line: split on the separators it may guess (comma, semicolon, tab). */
const cells = (line: string) => line.split(/[,;\t]/).map((c) => c.trim().replace(/^"+/, ''));
const formula = (c: string) => /^[=+\-@]/.test(c) && !/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?[\]}]*$/.test(c);

describe('configuration lines', () => {
  it('a hostile dataset name cannot start a line or a cell of a CSV export (render)', () => {
    const csv = render(table, 'csv', { dataset: HOSTILE });
    for (const line of csv.split(/\r\n|\r|\n/)) {
      expect(line.startsWith('=')).toBe(false);
      for (const c of cells(line)) expect(formula(c), `${line} → ${c}`).toBe(false);
    }
  });

  it('removes control characters and neutralises every piece a separator could cut out', () => {
    expect(configLine('dataset', HOSTILE)).toBe(`# dataset: dev.jsonl '=HYPERLINK("http://evil.example","x")`);
    expect(configLine('dataset', '=cmd|x')).toBe("# dataset: '=cmd|x");
    expect(configLine('k', 'a,-2+3+cmd;@SUM(1)\t+1+cmd\r\n-0.5')).toBe("# k: a,'-2+3+cmd;'@SUM(1) '+1+cmd -0.5");
    expect(configLine('k', 'a,"=1+1"')).toBe(`# k: a,"'=1+1"`);
    // Plain numbers, JSON included, are left alone.
    expect(configLine('calibration', { tau: -0.25, sd: [0.1, -0.2] })).toBe('# calibration: {"tau":-0.25,"sd":[0.1,-0.2]}');
    expect(configLine('tau', -0.1)).toBe('# tau: -0.1');
    expect(configLine('a\nb', 'x\u2028y\u0000z')).toBe('# a_b: x y z');
  });

  it('a CSV reader skips the lines and reads them back', () => {
    const text = `${configHeader({ 'crscore-scores': 1, signature: 'metric:paper|tau:0.1(option)', dataset: 'a,b.jsonl' }).join('\n')}\nid,system\n1,x\n`;
    const { config, body, lines } = readConfigHeader(text);
    expect(config).toEqual({ 'crscore-scores': '1', signature: 'metric:paper|tau:0.1(option)', dataset: 'a,b.jsonl' });
    expect(lines).toBe(3);
    expect(readCsv(body).records.map((r) => r.data)).toEqual([{ id: '1', system: 'x' }]);
    // Undefined values are left out, in the order given.
    expect(configHeader({ a: 1, b: undefined, c: null })).toEqual(['# a: 1', '# c: null']);
  });
});
