// The rules every reader shares (src/core/inputRules.ts), tried on the mapped-table reader, GradedReviews' workbook
// and the study's importers alike: large columns, booleans, spreadsheet error cells, deep JSON, dates out of range,
// bytes that are not UTF-8, mapping files of the wrong types, hexadecimal numbers.
import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from '../arrays';
import { importFiles } from '../importers/index';
import { readTextFile } from '../inputRules';
import { num, rawWorkbook, row, sharedStringsXml, sheetXml, str } from '../../testing/rawWorkbook';
import { readLikert } from '../dataset';
import { applyMapping, dimensionsOf, guessScale, importHumanData, mappingFromJson, mappingProblem, parseHumanSpec, parseMapSpec } from './index';

const enc = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

describe('a human dimension of any size', () => {
  it('200,000 scores: the scale given is used as given, the one guessed is guessed; no argument-limit overflow', async () => {
    const n = 200_000;
    const csv = `id,review,rel\n${Array.from({ length: n }, (_, k) => `${k},Fine ${k}.,${1 + (k % 5)}`).join('\n')}\n`;
    const given = await importHumanData('big.csv', enc(csv), { fields: { id: 'id', review: 'review' }, human: parseHumanSpec('rel:likert-5') });
    const guessed = { dataset: applyMapping(given.table, { fields: { id: 'id', review: 'review' }, human: [{ column: 'rel', dimension: 'rel' }] }, 'big.csv') };
    expect(given.dataset.errors).toEqual([]);
    expect(given.dataset.reviews).toHaveLength(n);
    expect(given.dataset.dimensions[0].scale).toEqual({ kind: 'likert', min: 1, max: 5 });
    expect(guessed.dataset.dimensions[0].scale).toEqual({ kind: 'likert', min: 1, max: 5 });
    expect(guessScale(Array.from({ length: n }, (_, k) => k % 2))).toEqual({ kind: 'binary' });
  });

  it('a scale given is never guessed: its values are not even looked at for it', () => {
    const t = { header: ['review', 'rel'], rows: [{ line: 2, cells: ['Ok.', 3] }], errors: [] };
    expect(dimensionsOf(t, { fields: { review: 'review' }, human: [{ column: 'rel', dimension: 'rel', scale: 'continuous' }] }).get('rel')!.scale).toEqual({ kind: 'continuous' });
    expect(applyMapping(t, { fields: { review: 'review' }, human: [{ column: 'rel', dimension: 'rel', scale: 'likert', max: 7 }] }, 't').dimensions[0].scale).toEqual({ kind: 'likert', min: 1, max: 7 });
  });

  it('maxOf, minOf and pushAll hold for any length, as Math.max, Math.min and push do for short ones', () => {
    const xs = Array.from({ length: 300_000 }, (_, k) => (k * 7919) % 300_001);
    expect(maxOf(xs)).toBe(300_000);
    expect(minOf(xs)).toBe(0);
    expect([maxOf([]), minOf([])]).toEqual([-Infinity, Infinity]);
    expect(maxOf([1, NaN, 2])).toBeNaN();
    const into: number[] = [];
    pushAll(into, xs);
    expect(into).toHaveLength(300_000);
  });
});

const GR = ['ID', 'groundTruth', 'relatedCode', "Tufano's", 'Grade', 'Auger', 'Grade'];
const grHeader = row(1, GR.map((h, k) => str(`${'ABCDEFG'[k]}1`, h)).join(''));
/** A GradedReviews row written by hand: ID, reference, code, then per system its review cell and its Grade cell (raw XML). */
const grRow = (r: number, cells: readonly [string, string, string, string]) =>
  row(r, num(`A${r}`, r - 1) + str(`B${r}`, `Rename v${r}.`) + str(`C${r}`, `code2comment :int f${r}() {}`) + cells.join(''));

describe('booleans', () => {
  it('TRUE in an XLSX Grade column is a bad cell, named; the same as its CSV, which is refused', async () => {
    const sheet = grHeader + grRow(2, [str('D2', 'rename'), '<c r="E2" t="b"><v>1</v></c>', str('F2', 'ok'), num('G2', 2)]) + grRow(3, [str('D3', 'why'), num('E3', 3), str('F3', 'fine'), num('G3', 4)]);
    const d = (await importHumanData('b.xlsx', rawWorkbook(sheetXml(sheet)))).dataset;
    expect(d.errors).toEqual([{ file: 'b.xlsx', line: 2, reason: "Tufano's Grade TRUE is a boolean, not a score (only a binary dimension reads TRUE and FALSE, as 1 and 0)" }]);
    expect(d.reviews.map((r) => r.scores.grade[0])).toEqual([3, 4]);
    const csv = (await importHumanData('b.csv', enc(`${GR.join(',')}\n1,Rename.,code2comment :x,rename,TRUE,ok,2\n`))).dataset;
    expect(csv.errors.map((e) => e.reason)).toEqual(['Tufano\'s Grade "TRUE" is not a number']);
  });

  it('true in JSONL is refused on a Likert dimension, and read as 1 on a binary one', async () => {
    const jsonl = '{"review":"Fine.","rel":true,"ok":true}\n{"review":"Hm.","rel":3,"ok":false}\n';
    const likert = (await importHumanData('l.jsonl', enc(jsonl), { fields: { review: 'review' }, human: parseHumanSpec('rel:likert-5') })).dataset;
    expect(likert.errors).toEqual([{ file: 'l.jsonl', line: 1, reason: 'rel TRUE is a boolean, not a score (only a binary dimension reads TRUE and FALSE, as 1 and 0)' }]);
    expect(likert.reviews).toHaveLength(1);
    const binary = (await importHumanData('l.jsonl', enc(jsonl), { fields: { review: 'review' }, human: [{ column: 'ok', dimension: 'ok' }] })).dataset;
    expect(binary.dimensions[0].scale).toEqual({ kind: 'binary' });
    expect(binary.reviews.map((r) => r.scores.ok[0])).toEqual([1, 0]);
  });
});

describe('spreadsheet error cells and formulas without their result', () => {
  it("GradedReviews' D851 (#VALUE!): named with its cell and error, that review left out and counted, never an empty review", async () => {
    const rows = Array.from({ length: 849 }, (_, k) => grRow(k + 2, [str(`D${k + 2}`, 'rename'), num(`E${k + 2}`, 1), str(`F${k + 2}`, 'ok'), num(`G${k + 2}`, 2)]));
    rows.push(grRow(851, ['<c r="D851" t="e"><f>A1+"x"</f><v>#VALUE!</v></c>', num('E851', 1), str('F851', 'fine'), num('G851', 3)]));
    rows.push(grRow(852, [str('D852', 'why'), '<c r="E852"><f>1+1</f></c>', '<c r="F852" t="str"><f>CONCAT("a","b")</f></c>', num('G852', 2)]));
    const d = (await importHumanData('dataset.xlsx', rawWorkbook(sheetXml(grHeader + rows.join(''))))).dataset;
    expect(d.errors).toEqual([
      { file: 'dataset.xlsx', line: 851, reason: "Tufano's review: cell D851 holds the spreadsheet error #VALUE!; that review is left out" },
      { file: 'dataset.xlsx', line: 852, reason: "Tufano's Grade: cell E852 holds a formula saved without its result (open and save the workbook in a spreadsheet program to compute it); that review is left out" },
      { file: 'dataset.xlsx', line: 852, reason: "Auger's review: cell F852 holds a formula saved without its result (open and save the workbook in a spreadsheet program to compute it); that review is left out" },
    ]);
    expect(d.changes).toHaveLength(851);
    expect(d.reviews).toHaveLength(851 * 2 - 3);
    expect(d.reviews.filter((r) => r.review === '')).toEqual([]);
    expect(d.reviews.find((r) => r.line === 851)).toMatchObject({ system: 'Auger', review: 'fine', scores: { grade: [3] } });
  });

  it('on the mapped path, a row whose review cell is #N/A is left out and named', async () => {
    const sheet = row(1, str('A1', 'review') + str('B1', 'rel')) + row(2, '<c r="A2" t="e"><v>#N/A</v></c>' + num('B2', 3)) + row(3, str('A3', 'Fine.') + num('B3', 4));
    const d = (await importHumanData('m.xlsx', rawWorkbook(sheetXml(sheet)), { fields: { review: 'review' }, human: parseHumanSpec('rel:likert-5') })).dataset;
    expect(d.errors).toEqual([{ file: 'm.xlsx', line: 2, reason: 'the review column "review": cell A2 holds the spreadsheet error #N/A' }]);
    expect(d.reviews.map((r) => r.review)).toEqual(['Fine.']);
  });
});

describe('inputs that crashed the mapped-table reader', () => {
  it('a JSONL line nested 200,000 deep is one bad row, named; the rest of the import stays', async () => {
    const deep = `{"review":"Deep.","rel":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const jsonl = `{"review":"Fine.","rel":4}\n${deep}\n{"review":"Ok.","rel":2}\n`;
    const d = (await importHumanData('deep.jsonl', enc(jsonl), { fields: { review: 'review' }, human: parseHumanSpec('rel:likert-5') })).dataset;
    expect(d.errors).toEqual([{ file: 'deep.jsonl', line: 2, reason: 'nested too deep (more than 64 levels of arrays and objects)' }]);
    expect(d.reviews.map((r) => r.review)).toEqual(['Fine.', 'Ok.']);
  });

  it('a date-styled cell of 1e20 is a bad cell (no date), named; a date in range reads as its ISO text', async () => {
    const sheet = row(1, str('A1', 'review') + str('B1', 'when') + str('C1', 'rel')) + row(2, str('A2', 'Fine.') + num('B2', '1e20', 1) + num('C2', 3)) + row(3, str('A3', 'Ok.') + num('B3', 45000, 1) + num('C3', 4));
    const r = await importHumanData('dates.xlsx', rawWorkbook(sheetXml(sheet)), { fields: { review: 'review', id: 'when' }, human: parseHumanSpec('rel:likert-5') });
    expect(r.table.rows[1].cells[1]).toBe('2023-03-15T00:00:00.000Z');
    expect(r.dataset.errors).toEqual([{ file: 'dates.xlsx', line: 2, reason: 'the id column "when": cell B2 holds the date serial 1e20, which is no date (past the year 275760)' }]);
    expect(r.dataset.changes.map((c) => c.id)).toEqual(['2023-03-15T00:00:00.000Z']);
  });
});

describe('one rule for text, on every reader', () => {
  const csv = 'id,review,rel\n1,Fine.,4\n2,Caf\xe9 au lait.,3\n3,Ok.,2\n';
  const latin1 = Uint8Array.from(csv, (c) => c.charCodeAt(0));
  const mapping = { fields: { id: 'id', review: 'review' }, human: parseHumanSpec('rel:likert-5') };

  it('a line with bytes that are not UTF-8 is a bad row, named, on the mapped path as on the study path; never U+FFFD in a review', async () => {
    const d = (await importHumanData('l1.csv', latin1.buffer, mapping)).dataset;
    expect(d.errors).toEqual([{ file: 'l1.csv', line: 3, reason: 'CSV: line 3 is not valid UTF-8: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8' }]);
    expect(d.reviews.map((r) => r.review)).toEqual(['Fine.', 'Ok.']);
    const jsonl = new TextEncoder().encode('{"review":"Fine.","rel":4}\n{"review":"Caf\u00e9","rel":3}\n');
    const bad = Uint8Array.from([...jsonl.subarray(0, 35), 0xe9, ...jsonl.subarray(37)]);
    const j = (await importHumanData('l1.jsonl', bad.buffer, { ...mapping, fields: { review: 'review' } })).dataset;
    expect(j.errors).toEqual([{ file: 'l1.jsonl', line: 2, reason: 'not valid UTF-8: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8' }]);
    // The study's importers, by the same rule.
    const study = importFiles([readTextFile('plain.csv', Uint8Array.from('diff,review\n"@@ -1 +1 @@\n-a\n+b",Caf\xe9\n', (c) => c.charCodeAt(0))).file!]);
    expect(study.errors[0].reason).toMatch(/byte 0xE9 is not UTF-8/);
  });

  it('UTF-16 and NUL bytes refuse the file whole, with the words the CLI uses, on the mapped path and the study path', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...csv].flatMap((c) => [c.charCodeAt(0), 0])]);
    const nul = new TextEncoder().encode('id,review,rel\n1,Fine.\u0000,4\n');
    const u = await importHumanData('u16.csv', utf16.buffer, mapping);
    expect(u.table.header).toEqual([]);
    expect(u.dataset.errors.map((e) => e.reason)).toEqual([expect.stringMatching(/^u16\.csv is UTF-16 \(little-endian byte-order mark FF FE\), not UTF-8; save it as UTF-8/)]);
    const noBom = new Uint8Array([...[...csv].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect((await importHumanData('u16.csv', noBom.buffer, mapping)).dataset.errors[0].reason).toMatch(/looks like UTF-16 \(every other byte is NUL\)/);
    expect((await importHumanData('nul.csv', nul.buffer, mapping)).dataset.errors[0].reason).toMatch(/^nul\.csv contains NUL bytes \(first at byte 21\): a binary file, not UTF-8 text$/);
    const refused = readTextFile('u16.jsonl', utf16);
    expect(refused.problem).toMatch(/^is UTF-16/);
    expect(importFiles([{ name: 'u16.jsonl', text: '', refused: `u16.jsonl ${refused.problem}` }]).errors[0].reason).toMatch(/^u16\.jsonl is UTF-16/);
  });
});

describe('one validator for mappings, the CLI\'s and the browser\'s', () => {
  const ok = { fields: { review: 'review' }, human: [{ column: 'rel', dimension: 'rel', scale: 'likert', max: 5 }] };
  it('wrong types, a column mapped twice and prototype names are refused with what is wrong; a good mapping passes', () => {
    expect(mappingProblem(ok)).toBeNull();
    expect(mappingFromJson(ok)).toEqual(ok);
    const cases: [unknown, RegExp][] = [
      [{ ...ok, human: [{ column: 'rel', dimension: 5 }] }, /human\[0\]'s dimension must be a non-empty name/],
      [{ ...ok, human: [{ column: 'rel', dimension: '' }] }, /human\[0\]'s dimension must be a non-empty name/],
      [{ ...ok, human: [{ column: 'rel', max: 1e21 }] }, /human\[0\]'s max must be a whole number from 2 to 100/],
      [{ fields: null, human: [] }, /"fields" must be an object/],
      [{ fields: { review: 'text', reference: 'text' }, human: [] }, /the column "text" is mapped to both review and reference/],
      [{ fields: { review: 'text' }, human: [{ column: 'text' }] }, /the column "text" is both the review and a human score/],
      [JSON.parse('{"fields":{"review":"r"},"human":[{"column":"x","dimension":"__proto__"}]}'), /"__proto__" cannot name a dimension/],
      [{ fields: { review: 'r' }, human: [{ column: 'constructor' }] }, /"constructor" cannot name a dimension/],
      [JSON.parse('{"fields":{"__proto__":"r"},"human":[]}'), /unknown field "__proto__"/],
      [{ fields: { review: '' }, human: [] }, /field "review" must name a column/],
      [{ fields: { review: 'r' }, human: [{ column: 'x', scale: 'binary', max: 5 }] }, /gives a max, which only a likert scale has/],
    ];
    for (const [m, why] of cases) {
      expect(mappingProblem(m), JSON.stringify(m)).toMatch(why);
      expect(() => mappingFromJson(m)).toThrow(why);
    }
    // The CLI's flags build mappings the same function judges.
    expect(mappingProblem({ fields: parseMapSpec('review=text,reference=text'), human: [] })).toMatch(/mapped to both/);
    expect(mappingProblem({ fields: parseMapSpec('review=r'), human: parseHumanSpec('x:likert-1000000000000000000000') })).toMatch(/max must be a whole number from 2 to 100/);
    expect(mappingProblem({ fields: parseMapSpec('review=r'), human: parseHumanSpec('x@__proto__') })).toMatch(/cannot name a dimension/);
  });
});

describe('one bad cell refuses only itself; numbers are decimal on every path', () => {
  it('NaN, a shared-string index out of range, style 999, a boolean of 2, 0x3: each cell named, the rest of the workbook read', async () => {
    const bad = ['<c r="E2"><v>NaN</v></c>', '<c r="D3" t="s"><v>7</v></c>', '<c r="E4" s="999"><v>2</v></c>', '<c r="E5" t="b"><v>2</v></c>', '<c r="E6"><v>0x3</v></c>'];
    const rows = bad.map((c, k) => {
      const r = k + 2;
      const review = c.includes(`"D${r}"`) ? c : str(`D${r}`, 'rename');
      const grade = c.includes(`"E${r}"`) ? c : num(`E${r}`, 2);
      return grRow(r, [review, grade, str(`F${r}`, 'ok'), num(`G${r}`, 3)]);
    });
    const sst = sharedStringsXml(['only one']);
    const d = (await importHumanData('cells.xlsx', rawWorkbook(sheetXml(grHeader + rows.join('')), { sharedStrings: sst }))).dataset;
    expect(d.errors.map((e) => [e.line, e.reason])).toEqual([
      [2, 'Tufano\'s Grade: cell E2 holds the number "NaN", which is not a decimal number; that review is left out'],
      [3, 'Tufano\'s review: cell D3 names shared string "7", which the workbook does not hold (it has 1); that review is left out'],
      [4, 'Tufano\'s Grade: cell E4 has style "999", which the workbook\'s styles do not hold (it has 2); that review is left out'],
      [5, 'Tufano\'s Grade: cell E5 holds the boolean "2", which is neither 0 nor 1; that review is left out'],
      [6, 'Tufano\'s Grade: cell E6 holds the number "0x3", which is not a decimal number; that review is left out'],
    ]);
    // Every row is kept with its other system's review.
    expect(d.changes).toHaveLength(5);
    expect(d.reviews.map((r) => [r.system, r.scores.grade[0]])).toEqual(Array.from({ length: 5 }, () => ['Auger', 3]));
  });

  it("0x3, 0b11 and 0o4 are no human scores on the study's path either (readLikert), nor on the mapped path", async () => {
    for (const v of ['0x3', '0b11', '0o4', ' 0x3 ']) expect(readLikert(v, 'rel')).toBe(`rel "${v}" is not a number`);
    expect([readLikert('3', 'rel'), readLikert(' 4.5 ', 'rel'), readLikert('2e0', 'rel')]).toEqual([3, 4.5, 2]);
    const csv = 'review,rel\nFine.,0b11\nOk.,3\n';
    const d = (await importHumanData('h.csv', enc(csv), { fields: { review: 'review' }, human: parseHumanSpec('rel:likert-5') })).dataset;
    expect(d.errors.map((e) => e.reason)).toEqual(['rel "0b11" is not a number']);
  });
});
