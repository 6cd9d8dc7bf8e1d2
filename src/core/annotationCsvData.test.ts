// The human study's format is a data file: written byte-faithful (no spreadsheet quote), and read back to the
// same rows, by papaparse and by this app's importer (Python's readers: src/cli/shared/externalReaders.test.ts).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readAnnotationCsv, writeAnnotationCsv, CSV_COLUMNS } from './annotation.ts';
import { toCsv } from './csvSafe.ts';
import fixtureA from '../../e2e/fixtures/annotator-a.csv?raw';

const items = () => {
  const a = readAnnotationCsv({ name: 'py_ada_review_qual_final.csv', text: fixtureA }).items;
  // Cells a spreadsheet would take for formulas: a review and a pseudo-reference that start with - or =, and one
  // that starts with a quote before a dash (read as written, not as an escaped cell).
  a[0].reviews[0] = { ...a[0].reviews[0], review: '- remove this line\n+ and add that one' };
  a[0].pseudoRefs[0] = { ...a[0].pseudoRefs[0], text: '=SUM(A1) is the claim' };
  a[0].reviews[1] = { ...a[0].reviews[1], review: "'-- a quoted dash" };
  return a;
};

/** Rows of the file as plain CSV (no app-specific unquoting), header first. */
const plainRows = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe("the human study's format is a data file", () => {
  it('no cell gains a leading quote: every diff starts as the diff does, "no link" is -', () => {
    const its = items();
    const csv = writeAnnotationCsv(its);
    const rows = plainRows(csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const col = (name: string) => rows.slice(1).map((r) => r[CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number])]);
    expect(col('diff').filter((d) => d !== '')).toEqual(its.map((i) => i.diff));
    for (const d of col('diff')) expect(d.startsWith("'")).toBe(false);
    expect(col('claims addressed')).toContain('-');
    expect(col('review')).toContain('- remove this line\n+ and add that one');
    expect(col('review')).toContain("'-- a quoted dash");
    expect(col('claim')).toContain('=SUM(A1) is the claim');
    // Nothing written starts with a quote that the items did not have.
    const given = new Set(its.flatMap((i) => [i.diff, ...i.pseudoRefs.map((p) => p.text), ...i.reviews.map((r) => r.review ?? '')]));
    for (const r of rows.slice(1)) for (const c of r) if (c.startsWith("'")) expect(given.has(c), c).toBe(true);
  });

  it('a round trip through the importer gives the same rows, a quote-led cell included', () => {
    const its = items();
    const csv = writeAnnotationCsv(its);
    const back = readAnnotationCsv({ name: 'py_ada_review_qual_final.csv', text: csv });
    expect(back.errors).toEqual([]);
    expect(back.items).toEqual(its);
    expect(writeAnnotationCsv(back.items)).toBe(csv);
  });

  it('an annotation CSV of an earlier version (spreadsheet-quoted) still imports without the quotes', () => {
    const its = items().map((i) => ({ ...i, reviews: i.reviews.filter((r) => !r.review?.startsWith("'")) }));
    const quoted = toCsv({ fields: [...CSV_COLUMNS], data: plainRows(writeAnnotationCsv(its)).slice(1) }, { newline: '\n', quotes: false });
    expect(quoted).toContain('"\'@@ -10,7');
    expect(readAnnotationCsv({ name: 'py_ada_review_qual_final.csv', text: quoted }).items).toEqual(its);
  });
});
