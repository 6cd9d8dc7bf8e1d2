import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset.ts';
import { detectFormat, importFiles, parseHumanStudyCsv, readPseudoRefs } from '../../core/importers/index.ts';

// Project-made CSVs in the human study's format, stored under names that are not the published data's;
// the importer reads the language and annotator from the name a user's file has, so the tests give it that.
const fixture = (name: string, file: string) => ({
  name,
  text: fs.readFileSync(path.join(__dirname, '../../core/importers/fixtures', file), 'utf8'),
});

describe('human-study CSV', () => {
  it('reads blocks, pseudo-references, reviews and lists bad rows with their lines', () => {
    const f = fixture('py_ann1_review_qual_final.csv', 'synthetic-py-ann1.csv');
    expect(detectFormat(f)).toBe('human-study-csv');
    const { rows, errors } = parseHumanStudyCsv(f);
    expect(rows.map((r) => r.row.id)).toEqual(['py-7', 'py-9']);
    const r = rows[0].row;
    expect(r.diff).toBe('@@ -1,2 +1,3 @@\n-count = 0\n+total = 0');
    expect(r.pseudoRefs).toEqual([
      { no: 1, type: 'claim', text: 'Rename variable count to total.', necessary: 1 },
      { no: 2, type: 'issue', text: 'Add null check for user.', necessary: 0 },
    ]);
    expect(r.reviews.map((x) => [x.system, x.review, x.con, x.comp, x.rel])).toEqual([
      ['gpt3.5_pred', 'Rename count to total.\nLooks fine.', 5, 4, 4],
      ['knn_pred', 'Looks good to me', 2, 1, 1],
      ['codellama_13b_pred', null, 1, 1, 1],
      ['msg', 'Original review', 3, 3, 3],
    ]);
    // The "x" score: that record starts on line 8 (the first record spans lines 2-5).
    expect(errors).toEqual([{ file: f.name, line: 8, reason: 'Con "x" is not a number (review of lstm_pred skipped)' }]);
    expect(rows.map((x) => x.scored)).toEqual([true, false]);
  });

  it('merges two annotators, taking each diff from the one who scored it', () => {
    const res = importFiles([fixture('py_ann1_review_qual_final.csv', 'synthetic-py-ann1.csv'), fixture('py_ann2_review_qual_final.csv', 'synthetic-py-ann2.csv')]);
    expect(res.formats).toEqual(['human-study-csv']);
    expect(res.rows.map((r) => r.id)).toEqual(['py-7', 'py-9']);
    expect(res.rows[0].reviews[0].con).toBe(5); // ann1 scored py-7
    expect(res.rows[1].reviews[0].con).toBe(4); // ann2 scored py-9
    expect(res.rows[1].pseudoRefs.map((p) => p.text)).toEqual(['The constant a changes from 1 to 2.']);
    expect(res.errors.map((e) => `${e.file}:${e.line}`)).toEqual([
      'py_ann1_review_qual_final.csv:8',
      'py_ann2_review_qual_final.csv:11',
    ]);
    expect(res.errors[1].reason).toMatch(/without a "system"/);
    expect(res.notes[0]).toMatch(/1 from ann1, 1 from ann2/);
  });
});

describe('JSONL and plain formats', () => {
  it('reads dev.jsonl lines through the core parser, keeping good lines', () => {
    const text = [
      JSON.stringify({ id: 'py-1', lang: 'py', diff: 'd', pseudo_refs: [{ no: 1, type: 'claim', text: 'p' }], reviews: [{ system: 's', review: 'r', con: 5, comp: 5, rel: 5 }] }),
      '{"id": broken',
      JSON.stringify({ id: 'x', reviews: [] }),
    ].join('\n');
    const res = importFiles([{ name: 'dev.jsonl', text }]);
    expect(res.formats).toEqual(['crscore-jsonl']);
    expect(res.rows).toEqual(parseDatasetJsonl(text).rows);
    expect(res.errors.map((e) => [e.line, e.reason.slice(0, 16)])).toEqual([
      [2, 'not valid JSON ('],
      [3, 'missing "diff" ('],
    ]);
  });

  it('reads CodeReviewer JSONL: msg is the reference, *_pred fields are systems', () => {
    const text = [
      JSON.stringify({ patch: '@@ -1 +1 @@\n-a\n+b', msg: 'Why b?', oldf: 'a\n', lang: 'py', id: 3, gpt_pred: 'Rename a to b.', pseudo_refs: ['a becomes b'] }),
      JSON.stringify({ msg: 'no patch' }),
      JSON.stringify({ patch: '@@ -1 +1 @@\n-x\n+y', msg: 'ok' }),
    ].join('\n');
    const res = importFiles([{ name: 'msg-test.jsonl', text }]);
    expect(res.formats).toEqual(['codereviewer-jsonl']);
    expect(res.rows).toHaveLength(2);
    expect(res.rows[0]).toMatchObject({ id: '3', lang: 'py', oldCode: 'a\n', pseudoRefs: [{ text: 'a becomes b', type: 'claim' }] });
    expect(res.rows[0].reviews.map((r) => [r.system, r.review])).toEqual([
      ['msg', 'Why b?'],
      ['gpt_pred', 'Rename a to b.'],
    ]);
    expect(res.rows[1].reviews.map((r) => r.system)).toEqual(['msg']);
    expect(res.errors).toEqual([{ file: 'msg-test.jsonl', line: 2, reason: 'missing "patch" (a non-empty string)' }]);
  });

  it('reads plain CSV, grouping reviews of one change and rejecting bad scores', () => {
    const text = [
      'id,diff,review,system,pseudo_refs,con,comp,rel,lang,reference',
      'c1,"@@ -1 +1 @@\n-a\n+b",Rename a.,sysA,"[""a is renamed to b"", {""text"": ""unused b"", ""type"": ""issue""}]",4,3,3,python,Why b?',
      'c1,"@@ -1 +1 @@\n-a\n+b",Nice.,sysB,,1,1,1,,',
      'c2,,No diff here,sysA,,1,1,1,,',
      'c3,"@@ -1 +1 @@\n-x\n+y",Hmm,sysA,one claim,7,1,1,js,',
    ].join('\n');
    const res = importFiles([{ name: 'mine.csv', text }]);
    expect(res.formats).toEqual(['plain-csv']);
    expect(res.rows).toHaveLength(1);
    const r = res.rows[0];
    expect(r.lang).toBe('py');
    expect(r.pseudoRefs.map((p) => [p.text, p.type])).toEqual([
      ['a is renamed to b', 'claim'],
      ['unused b', 'issue'],
    ]);
    expect(r.reviews.map((x) => [x.system, x.con])).toEqual([
      ['msg', null],
      ['sysA', 4],
      ['sysB', 1],
    ]);
    expect(res.errors.map((e) => [e.line, e.reason])).toEqual([
      [8, 'missing "diff" (a non-empty string)'],
      [9, 'con 7 is outside the Likert range 1–5'],
    ]);
  });

  it('reads plain JSONL and pseudo_refs given as lines of text', () => {
    expect(readPseudoRefs('first\n\nsecond')).toMatchObject([{ text: 'first' }, { text: 'second' }]);
    expect(readPseudoRefs('[oops')).toMatch(/does not parse/);
    const text = JSON.stringify({ diff: 'd', review: 'r', system: 's', pseudo_refs: ['p'], con: 2, comp: 2, rel: 2, file: 'a.java' });
    const res = importFiles([{ name: 'x.jsonl', text }]);
    expect(res.formats).toEqual(['plain-jsonl']);
    expect(res.rows[0]).toMatchObject({ lang: 'java', reviews: [{ system: 's', con: 2 }] });
  });

  it('names a file it cannot read', () => {
    const res = importFiles([{ name: 'notes.txt', text: 'hello' }]);
    expect(res.rows).toEqual([]);
    expect(res.errors[0].reason).toMatch(/not a format/);
  });
});

const DATA = path.resolve(process.cwd(), '../shared/data/crscore-human-study');
const haveData = fs.existsSync(path.join(DATA, 'dev.jsonl'));
if (!haveData) console.warn(`skipping the published-CSV check: ${DATA} is absent`);

describe.skipIf(!haveData)('the published human-study CSVs (../shared/data)', () => {
  it('both annotators of each language merge into exactly dev.jsonl (paper merge)', () => {
    const dev = parseDatasetJsonl(fs.readFileSync(path.join(DATA, 'dev.jsonl'), 'utf8')).rows;
    const raw = path.join(DATA, 'raw');
    const files = fs.readdirSync(raw).sort().map((n) => ({ name: n, text: fs.readFileSync(path.join(raw, n), 'utf8') }));
    const res = importFiles(files);
    expect(res.errors).toEqual([]);
    const byId = new Map(res.rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(dev.length);
    for (const d of dev) {
      const r = byId.get(d.id)!;
      expect(r, d.id).toBeDefined();
      expect(r.diff).toBe(d.diff);
      expect(r.pseudoRefs.map((p) => [p.no, p.type, p.text])).toEqual(d.pseudoRefs.map((p) => [p.no, p.type, p.text]));
      const key = (x: { system: string; review: string | null; con: number | null; comp: number | null; rel: number | null }) =>
        JSON.stringify([x.system, x.review, x.con, x.comp, x.rel]);
      expect(r.reviews.map(key).sort(), d.id).toEqual(d.reviews.map(key).sort());
    }
  });
});
