// Workbooks built to exhaust a reader: one cell at XFD1048576, millions of empty rows, a part that inflates to
// hundreds of megabytes (declared, or hidden behind a header that lies). Each is a clear refusal or a small table,
// read in bounded memory, never a crash.
import { describe, expect, it } from 'vitest';
import { deflateRepeated, handZip, num, rawWorkbook, row, sheetXml, str, workbookParts } from '../../testing/rawWorkbook';
import { importHumanData, xlsxTable } from './index';
import { MAX_ENTRY_BYTES } from './zip';

const header = row(1, str('A1', 'id') + str('B1', 'review') + str('C1', 'rel'));

describe('XLSX bombs', () => {
  it('one cell at XFD1048576 is one cell: left out (it has no column), never a sheet of 17 billion cells', async () => {
    const data = rawWorkbook(sheetXml(header + row(2, str('A2', '1') + str('B2', 'Fine.') + num('C2', 4)) + row(1048576, num('XFD1048576', 1))));
    expect(data.byteLength).toBeLessThan(4000);
    const t = await xlsxTable('bomb.xlsx', data);
    expect(t.header).toEqual(['id', 'review', 'rel']);
    expect(t.rows).toEqual([{ line: 2, cells: ['1', 'Fine.', 4] }]);
    expect(t.errors.map((e) => e.reason)).toEqual(["1 cell right of the header's last column (first at XFD1048576) has no column name and is left out"]);
  });

  it('a header reaching XFD is refused by its width, not expanded', async () => {
    const t = await xlsxTable('wide.xlsx', rawWorkbook(sheetXml(row(1, str('A1', 'id') + str('XFD1', 'far')) + row(1048576, num('XFD1048576', 1)))));
    expect(t.header).toEqual([]);
    expect(t.errors[0].reason).toMatch(/not a readable XLSX workbook \(its header reaches column XFD \(16384 columns\), more than the 1024/);
  });

  it('2,000,000 empty <row/>: a clear refusal (a sheet has 1,048,576 rows), quickly and without recursion', async () => {
    const data = rawWorkbook(sheetXml(header + '<row/>'.repeat(2_000_000)));
    const t = await xlsxTable('rows.xlsx', data);
    expect(t.errors[0].reason).toMatch(/not a readable XLSX workbook \(a row numbered "1048577", which is no row of a sheet\)/);
    // A million empty rows within the sheet's bounds cost nothing: the table holds the rows with cells.
    const ok = await xlsxTable('rows.xlsx', rawWorkbook(sheetXml(header + '<row/>'.repeat(1_000_000) + row(1_000_002, str('A1000002', '1') + str('B1000002', 'Late.')))));
    expect(ok.rows).toEqual([{ line: 1_000_002, cells: ['1', 'Late.'] }]);
  });

  it('a 120 MB shared string in a 120 KB file (the 300 MB of the report alike) is refused by the size its header declares, before it is inflated', async () => {
    const big = deflateRepeated('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>', 'a', 120_000_000, '</t></si></sst>');
    expect(big.size).toBeGreaterThan(MAX_ENTRY_BYTES);
    expect(big.data.length).toBeLessThan(150_000);
    const sheet = deflateRepeated(sheetXml(header + row(2, '<c r="A2" t="s"><v>0</v></c>')), '', 0, '');
    const parts = [...workbookParts(), { name: 'xl/worksheets/sheet1.xml', deflated: sheet.data, declared: sheet.size }];
    const declared = await importHumanData('sst.xlsx', handZip([...parts, { name: 'xl/sharedStrings.xml', deflated: big.data, declared: big.size }]));
    expect(declared.dataset.errors[0].reason).toMatch(/^not a readable XLSX workbook \(xl\/sharedStrings\.xml declares 114 MB uncompressed, more than the 96 MB/);
    // The same part behind a header that says 1 KB: stopped as soon as it inflates past what it declared.
    const lying = await importHumanData('sst.xlsx', handZip([...parts, { name: 'xl/sharedStrings.xml', deflated: big.data, declared: 1024 }]));
    expect(lying.dataset.errors[0].reason).toMatch(/^not a readable XLSX workbook \(xl\/sharedStrings\.xml inflates past the 1024 bytes its header declares/);
  });
});
