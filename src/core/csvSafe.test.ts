import Papa from 'papaparse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeCell, toCsv, unsafeCell } from './csvSafe';
import { readCsv } from './importers/csv';
import { render } from './researchTables';

describe('CSV cells are safe to open in a spreadsheet', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1', "'=1", "''@x", '- removed line', '-', '+'])('%j is prefixed with a quote', (s) => {
    expect(safeCell(s)).toBe(`'${s}`);
  });
  it.each(['-0.25', '+3', '1e-4', '-1.5E+3', '0.5', '.5', 'hello', '', "'5", 'a=b', ' =1'])('%j stays as it is', (s) => {
    expect(safeCell(s)).toBe(s);
  });
  it('toCsv prefixes formula strings in every column and keeps numbers numbers', () => {
    const csv = toCsv([{ system: '=cmd|"/c calc"!A1', score: -0.25, text: '-0.25', review: '@evil' }]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('system,score,text,review');
    expect(row).toBe(`"'=cmd|""/c calc""!A1",-0.25,-0.25,"'@evil"`);
  });
  it('research tables prefix formula cells in CSV and escape HTML and pipes in Markdown', () => {
    const t = { title: 'T', note: 'n', header: ['System', 'x'], rows: [['<img src=x onerror=alert(1)>|a', '-0.1']], csvHeader: ['system', 'x'], csvRows: [['=1+1', -0.1]] };
    const csv = render(t, 'csv', {});
    expect(csv).toContain("'=1+1,-0.1");
    const md = render(t, 'markdown', {});
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;\\|a');
    expect(md).not.toContain('<img');
  });
  it('a row whose cells are all blank is read as a blank line and skipped, as a spreadsheet\'s blank row is', () => {
    expect(readCsv(toCsv({ fields: ['c0'], data: [['']] }, { newline: '\n' })).records).toEqual([]);
    expect(readCsv(toCsv({ fields: ['a', 'b'], data: [[' ', '']] }, { newline: '\n' })).records).toEqual([]);
  });
  it('a one-column table is not split on a delimiter guessed from its cells', () => {
    expect(readCsv(toCsv({ fields: ['c0'], data: [['||-'], ['a;b']] }, { newline: '\n' })).records.map((r) => r.data)).toEqual([{ c0: '||-' }, { c0: 'a;b' }]);
  });
  it('any string survives toCsv then readCsv unchanged (the quote comes off on reading)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.constantFrom('', '=', '+', '-', '@', '\t', "'", "'=", "''-", '-0.5')), { minLength: 1, maxLength: 5 }), (cells) => {
        const values = cells.map(([s, pre]) => pre + s);
        const csv = toCsv({ fields: values.map((_, i) => `c${i}`), data: [values] }, { newline: '\n' });
        const records = readCsv(csv).records;
        // readCsv skips blank rows (every written cell blank), like the empty lines a spreadsheet leaves.
        if (values.map(safeCell).join('').trim() === '') {
          expect(records).toEqual([]);
          return;
        }
        const back = records[0]?.data ?? {};
        expect(values.map((_, i) => back[`c${i}`])).toEqual(values);
        for (const v of Papa.parse<string[]>(csv).data[1] ?? []) expect(safeCell(unsafeCell(v))).toBe(v);
      }),
      { numRuns: 1000 },
    );
  });
});
