import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradedReviewsRows, GRADED_REVIEWS_HEADER, unwritableText, workbook, type SheetCell } from '../../testing/workbook';
import { csvTable, distribution, guessScale, humanDataFromTable, importHumanData, jsonlTable, mappingFromJson, numberRepeated, parseHumanSpec, parseMapSpec, readNumber, xlsxTable, type HumanDataset } from './index';

const enc = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

describe('GradedReviews\' workbook, in its published layout', () => {
  it('is recognised by its header: four systems, one review each, the grade as the one dimension', async () => {
    const rows = gradedReviewsRows(30);
    const r = await importHumanData('dataset.xlsx', await workbook(rows));
    expect(r.layout).toBe('graded-reviews');
    const d = r.dataset;
    expect(d.errors).toEqual([]);
    expect(d.changes).toHaveLength(30);
    expect(d.reviews).toHaveLength(120);
    expect(d.dimensions).toEqual([{ name: 'grade', scale: { kind: 'likert', min: 1, max: 5 }, annotators: [''] }]);
    expect(new Set(d.reviews.map((x) => x.system))).toEqual(new Set(["Tufano's", 'commentFinder', 'Auger', 'LLaMA-Reviewer']));
    // The code is a method, not a diff: the "code2comment :" prefix is gone.
    expect(d.changes[0]).toMatchObject({ id: '1', lang: 'java', code: { kind: 'snippet', code: 'public int method1(int v1) { return v1 + 1; }' }, references: ['Please rename variable v1 to something clearer.'] });
    // Every grade is kept, in the sheet's order.
    expect(d.reviews.map((x) => x.scores.grade[0])).toEqual(rows.slice(1).flatMap((row) => [row[4], row[6], row[8], row[10]]));
    // An empty review stays: it was graded like the others.
    expect(d.reviews.find((x) => x.changeId === '7' && x.system === 'LLaMA-Reviewer')?.review).toBe('');
    const dist = distribution(d, 'grade');
    expect([...dist.values()].reduce((a, b) => a + b, 0)).toBe(120);
  });

  it('a missing column, a grade out of range and an empty sheet each say what is wrong', async () => {
    const rows = gradedReviewsRows(5);
    const noCode = rows.map((r) => [...r.slice(0, 2), ...r.slice(3)]);
    const a = await importHumanData('a.xlsx', await workbook(noCode));
    // Without relatedCode the header is not GradedReviews': it falls to the mapping, which names what it could not find.
    expect(a.layout).toBe('mapped');
    const forced = humanDataFromTable(await xlsxTable('a.xlsx', await workbook(noCode)), 'a.xlsx');
    expect(forced.dataset.reviews.length).toBeLessThanOrEqual(5);
    const { readGradedReviews } = await import('./gradedReviews');
    expect(readGradedReviews(await xlsxTable('a.xlsx', await workbook(noCode)), 'a.xlsx').errors[0].reason).toMatch(/column 3 should be "relatedCode"/);

    const wrong = rows.map((r) => [...r]);
    wrong[3][6] = 7;
    wrong[4][8] = 'four';
    const b = await importHumanData('b.xlsx', await workbook(wrong));
    expect(b.dataset.errors).toEqual([
      { file: 'b.xlsx', line: 4, reason: 'commentFinder\'s Grade 7 is outside the Likert range 1–5' },
      { file: 'b.xlsx', line: 5, reason: 'Auger\'s Grade "four" is not a number' },
    ]);
    expect(b.dataset.changes.map((c) => c.id)).toEqual(['1', '2', '5']); // nothing else is lost

    const c = await importHumanData('c.xlsx', await workbook([[null]]));
    expect(c.dataset.errors.map((e) => e.reason).join()).toMatch(/empty/);
    const notXlsx = await importHumanData('d.xlsx', enc('ID,groundTruth'));
    expect(notXlsx.dataset.errors[0].reason).toMatch(/not a readable XLSX workbook/);
  });

  it('read from a CSV export too (a repeated "Grade" header comes back numbered)', async () => {
    const rows = gradedReviewsRows(4);
    const csv = rows.map((r) => r.map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`).join(',')).join('\n');
    const r = humanDataFromTable(csvTable('g.csv', csv), 'g.csv');
    expect(r.layout).toBe('graded-reviews');
    expect(r.dataset.reviews).toHaveLength(16);
  });
});

describe('mapping any table', () => {
  it('a binary-labelled CSV without system or id: one system "human", changes by code, the scale guessed binary', () => {
    const csv = 'diff_hunk,comment,relevant,informative\n"@@ -1 +1 @@\n-a\n+b",Use b.,1,0\n"@@ -1 +1 @@\n-a\n+b",Why?,0,0\n"@@ -2 +2 @@\n-c\n+d",Good.,1,1\n';
    const r = humanDataFromTable(csvTable('labels.csv', csv), 'labels.csv');
    expect(r.mapping).toEqual({ fields: { diff: 'diff_hunk', review: 'comment' }, human: [{ column: 'relevant', dimension: 'relevant', scale: 'binary' }, { column: 'informative', dimension: 'informative', scale: 'binary' }] });
    const d = r.dataset;
    expect(d.errors).toEqual([]);
    expect(d.changes.map((c) => c.id)).toEqual(['change-1', 'change-2']);
    expect(d.reviews.map((x) => [x.changeId, x.system, x.line])).toEqual([['change-1', 'human', 2], ['change-1', 'human', 5], ['change-2', 'human', 8]]);
    expect(d.dimensions.map((x) => [x.name, x.scale.kind])).toEqual([['relevant', 'binary'], ['informative', 'binary']]);
    expect(d.notes.join(' ')).toMatch(/one system, "human"/);
  });

  it('every bad row is named with its line and why; the rest is kept', () => {
    const csv = 'id,review,system,rel\n1,Fine.,a,3\n2,,a,4\n3,Hm.,a,9\n4,Ok.,a,0x10\n5,Yes.,b,5\n';
    const r = humanDataFromTable(csvTable('x.csv', csv), 'x.csv', { fields: { id: 'id', review: 'review', system: 'system' }, human: parseHumanSpec('rel:likert-5') });
    expect(r.dataset.errors).toEqual([
      { file: 'x.csv', line: 3, reason: 'no review in column "review"' },
      { file: 'x.csv', line: 4, reason: 'rel 9 is outside the Likert range 1–5' },
      { file: 'x.csv', line: 5, reason: 'rel "0x10" is not a number' },
    ]);
    expect(r.dataset.reviews.map((x) => x.changeId)).toEqual(['1', '5']);
  });

  it('several columns of one dimension are its annotators', () => {
    const csv = 'id,review,rel_a,rel_b\n1,Fine.,3,4\n2,Bad.,1,\n';
    const r = humanDataFromTable(csvTable('x.csv', csv), 'x.csv', { fields: { id: 'id', review: 'review' }, human: parseHumanSpec('rel_a:likert@rel,rel_b:likert@rel') });
    expect(r.dataset.dimensions).toEqual([{ name: 'rel', scale: { kind: 'likert', min: 1, max: 4 }, annotators: ['rel_a', 'rel_b'] }]);
    expect(r.dataset.reviews.map((x) => x.scores.rel)).toEqual([[3, 4], [1, null]]);
  });

  it('a CSV, a JSONL and an XLSX of the same rows give the same dataset', async () => {
    // Text as reviews and code hold it: unicode, the CSV's own quote, comma and line breaks, spaces at either end;
    // but what the workbook writer cannot write as it is (src/testing/workbook.ts: unwritableText).
    const unit = fc.oneof(fc.constantFrom(',', '"', "'", '\n', '\r\n', '\r', ' ', '\t', ';', '=', 'é', 'ß', '😀', '中', 'e\u0301', '\u2028', '\u0085'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }));
    const text = fc
      .array(unit, { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(''))
      .filter((s) => unwritableText(s) === null);
    // An empty cell: absent, or an empty string.
    const empty = fc.constantFrom(null, '');
    /** A number as a number or as its text (a CSV holds only text; a sheet and JSON hold either). */
    const num = (n: fc.Arbitrary<number>) => fc.tuple(n, fc.boolean()).map(([v, asText]) => (asText ? String(v) : v));
    const row = fc.record({
      id: fc.oneof(num(fc.integer({ min: 1, max: 6 })), fc.constantFrom('c1', 'c2')),
      system: fc.oneof(fc.constantFrom('a', 'b', 'sys, "c"'), empty),
      review: fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: empty, weight: 1 }),
      code: fc.oneof(text, empty),
      reference: fc.oneof(text, empty),
      label: fc.oneof(num(fc.constantFrom(0, 1)), empty),
      score: fc.oneof(num(fc.integer({ min: 1, max: 5 })), empty),
      score_1: fc.oneof(num(fc.integer({ min: 1, max: 5 })), empty),
      mean: fc.oneof(num(fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => v + 0)), empty),
    });
    const keys = ['id', 'system', 'review', 'code', 'reference', 'label', 'score', 'score_1', 'mean'] as const;
    // A second annotator's column under the same name, as GradedReviews' Grade columns are: a CSV reader numbers it
    // score_1, and so must the sheet's (JSON has one key a name: there it is score_1).
    const header = keys.map((k) => (k === 'score_1' ? 'score' : k));
    const mapping = {
      fields: { id: 'id', system: 'system', review: 'review', code: 'code', reference: 'reference' },
      human: [{ column: 'label', dimension: 'label' }, { column: 'score', dimension: 'score', scale: 'likert' as const }, { column: 'score_1', dimension: 'score' }, { column: 'mean', dimension: 'mean' }],
    };
    const csvCell = (v: SheetCell) => (v === null ? '' : /[",\r\n]|^\s|\s$/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
    // Lines differ by format (a CSV record spans its line breaks; a sheet's rows start at 2): compared apart.
    const strip = (d: HumanDataset) => ({ ...d, source: '', changes: d.changes.map((c) => ({ ...c, line: 0 })), reviews: d.reviews.map((x) => ({ ...x, line: 0 })), errors: d.errors.map((e) => e.reason) });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
        const cells: SheetCell[][] = rows.map((r) => keys.map((k) => r[k]));
        const csv = [header, ...cells].map((r) => r.map(csvCell).join(',')).join('\r\n');
        const jsonl = rows.map((r) => JSON.stringify(r)).join('\n');
        const a = strip(humanDataFromTable(csvTable('t.csv', csv), 't.csv', mapping).dataset);
        const b = strip(humanDataFromTable(jsonlTable('t.jsonl', jsonl), 't.jsonl', mapping).dataset);
        const c = strip(humanDataFromTable(await xlsxTable('t.xlsx', await workbook([header, ...cells])), 't.xlsx', mapping).dataset);
        expect(b).toEqual(a);
        expect(c).toEqual(a);
        // Every row is a review or a named error: none is lost.
        expect(a.reviews.length + a.errors.length).toBe(rows.length);
      }),
      { numRuns: 40 },
    );
  });
});

describe('specs and values', () => {
  it('--map and --human, and the browser\'s mapping file', () => {
    expect(parseMapSpec('id=ID,review=Comment text')).toEqual({ id: 'ID', review: 'Comment text' });
    expect(() => parseMapSpec('body=Comment')).toThrow(/FIELD one of id, diff/);
    expect(parseHumanSpec('relevant:binary,score,rel:likert-7@r')).toEqual([{ column: 'relevant', dimension: 'relevant', scale: 'binary' }, { column: 'score', dimension: 'score' }, { column: 'rel', dimension: 'r', scale: 'likert', max: 7 }]);
    expect(() => parseHumanSpec('x:binary-3')).toThrow(/COLUMN\[:likert\[-K\]/);
    expect(mappingFromJson({ fields: { review: 'c' }, human: [{ column: 'x', scale: 'binary' }] })).toEqual({ fields: { review: 'c' }, human: [{ column: 'x', dimension: 'x', scale: 'binary' }] });
    expect(() => mappingFromJson({ fields: { nope: 'c' }, human: [] })).toThrow(/unknown field "nope"/);
    expect(() => mappingFromJson([])).toThrow(/a mapping file holds/);
  });
  it('a sheet numbers a repeated column name as the CSV reader does (Grade, Grade_1, …)', () => {
    const name = fc.constantFrom('a', 'a_1', 'a_2', 'a_1_1', 'Grade', 'Grade_1', 'b');
    const csvHeader = (header: string[]) => csvTable('h.csv', `${header.join(',')}\n${header.map(() => '1').join(',')}`).header;
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 8 }), (header) => {
        expect(numberRepeated(header)).toEqual(csvHeader(header));
      }),
    );
    expect(numberRepeated(['ID', 'Grade', 'x', 'Grade', 'Grade_1', 'Grade'])).toEqual(['ID', 'Grade', 'x', 'Grade_2', 'Grade_1', 'Grade_3']);
  });

  it('numbers are decimal; scales are guessed from values', () => {
    expect(['4', ' -0.5 ', '1e3', '', '0x10', '0b11', 'Infinity', '1,5'].map(readNumber)).toEqual([4, -0.5, 1000, null, 'bad', 'bad', 'bad', 'bad']);
    expect(guessScale([0, 1, 1, null])).toEqual({ kind: 'binary' });
    expect(guessScale([1, 2, 5, 4])).toEqual({ kind: 'likert', min: 1, max: 5 });
    expect(guessScale([0.2, 0.9])).toEqual({ kind: 'continuous' });
    expect(GRADED_REVIEWS_HEADER).toHaveLength(11);
  });
});
