// Fuzz and property tests for the dataset importers (CSV and JSONL, every dialect): mutated real-looking files
// never throw and every issue names a real line; good rows mixed with broken ones are all kept, and every broken
// one is named with the line it starts on and nothing else is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzText, RUNS } from '../../testing/fuzz.ts';
import ann1 from './fixtures/synthetic-py-ann1.csv?raw';
import ann2 from './fixtures/synthetic-py-ann2.csv?raw';
import { readAnnotationCsv } from '../annotation.ts';
import { annotationItemsProblem } from '../annotationCheck.ts';
import { importCodeReviewerPredictions, importFiles, readPseudoRefs, type ImportResult } from './index.ts';

const cell = (unit: string[], max = 20) =>
  fc.string({ unit: fc.constantFrom(...unit), maxLength: max });
// Texts with the characters that matter to CSV and JSON: quotes, commas, line breaks, braces, odd Unicode.
const TEXT_UNIT = [
  'a',
  'b',
  ' ',
  ',',
  '"',
  "'",
  '\n',
  '{',
  '}',
  '[',
  ']',
  '\\',
  '\u00e9',
  '\u{1F600}',
  '.',
];
const diffText = cell(TEXT_UNIT).map((t) => `@@ -1 +1 @@\n-${t}\n+${t}x`);
const reviewText = cell(TEXT_UNIT, 40);
const likert = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(null));
const refText = fc.stringMatching(/^[A-Z][a-z ]{2,20}\.$/);

/** Well-formed everywhere a user's file can be looked at: issues name the file and a real line; rows are usable. */
function resultProblem(res: ImportResult, name: string, text: string): string | null {
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const e of res.errors) {
    if (e.file !== name) return `issue names file ${e.file}`;
    if (!Number.isInteger(e.line) || e.line < 1 || e.line > lines)
      return `issue names line ${e.line} of ${lines}`;
    if (typeof e.reason !== 'string' || e.reason.trim().length < 5)
      return `unclear reason ${JSON.stringify(e.reason)}`;
  }
  const ids = new Set<string>();
  for (const r of res.rows) {
    if (typeof r.id !== 'string' || ids.has(r.id)) return `id ${r.id}`;
    ids.add(r.id);
    if (typeof r.diff !== 'string') return `row ${r.id} without a diff`;
    for (const v of r.reviews)
      for (const s of [v.con, v.comp, v.rel])
        if (s !== null && !(s >= 1 && s <= 5)) return `score ${s}`;
  }
  return null;
}

/** A good row and, from the same generator, a way to break it; `k` makes ids unique. */
type Case<T> = { good: boolean; row: T; breakWith: number; cut: number };
const cases = <T>(row: fc.Arbitrary<T>) =>
  fc
    .array(fc.record({ good: fc.boolean(), row, breakWith: fc.nat(), cut: fc.nat() }), {
      minLength: 1,
      maxLength: 12,
    })
    .filter((cs) => cs.some((c) => c.good));

/** Joins records (each maybe several lines) with blank lines here and there; returns the text and each record's first line. */
function layout(
  records: string[],
  nl: string,
  blanks: boolean[],
): { text: string; lines: number[] } {
  let text = '';
  const lines: number[] = [];
  records.forEach((r, k) => {
    if (blanks[k % blanks.length]) text += nl;
    lines.push(text.split(/\r\n|\r|\n/).length);
    text += r + nl;
  });
  return { text, lines };
}

const seedsJsonl = [
  '{"id": "py-1", "lang": "py", "diff": "@@ -1 +1 @@\\n-a\\n+b", "pseudo_refs": [{"no": 1, "type": "claim", "text": "a becomes b", "necessary": 1}], "reviews": [{"system": "gpt3.5_pred", "review": "Why b?", "con": 4, "comp": 3, "rel": 3}, {"system": "msg", "review": null}]}\n{"id": "py-2", "diff": "@@ -2 +2 @@\\n-x\\n+y", "reviews": []}\n',
  '{"id": 7, "patch": "@@ -1 +1 @@\\n-a\\n+b", "msg": "rename it", "oldf": "a\\n", "lang": "py", "knn_pred": "LGTM"}\n{"patch": "@@ -3 +3 @@\\n-c\\n+d", "msg": "why?", "oldf": "c"}\n',
  '{"id": "r1", "diff": "@@ -1 +1 @@\\n-a\\n+b", "review": "Looks fine. Rename?", "system": "s1", "pseudo_refs": ["a becomes b"], "con": 5, "comp": "4", "rel": 4}\n{"id": "r1", "diff": "@@ -1 +1 @@\\n-a\\n+b", "review": "Nit", "system": "s2"}\n',
];
const seedsCsv = [
  ann1,
  ann2,
  'id,diff,review,system,pseudo_refs,con,comp,rel\nr1,"@@ -1 +1 @@\n-a\n+b","Looks fine, ""really"".",s1,"[""a becomes b""]",5,4,4\nr2,"@@ -2 +2 @@\n-x\n+y",Why?,s2,"x changes\ny stays",,,\n',
];

describe('importers, fuzzed', () => {
  it(`never throw on ${RUNS} mutated CSV and JSONL files; every issue names the file and a real line`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fuzzText(seedsJsonl).map((t) => ({ name: 'data.jsonl', text: t })),
          fuzzText(seedsCsv).map((t) => ({ name: 'py_ann1_review_qual_final.csv', text: t })),
        ),
        (f) => {
          const res = importFiles([f]);
          expect(resultProblem(res, f.name, f.text)).toBeNull();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`never throw on ${RUNS / 2} JSONL files whose fields hold any JSON value (even {"toString": 1})`, () => {
    const key = fc.constantFrom(
      'id',
      'diff',
      'patch',
      'review',
      'reviews',
      'system',
      'msg',
      'oldf',
      'lang',
      'pseudo_refs',
      'text',
      'no',
      'con',
      'comp',
      'rel',
      'claims_addressed',
      'reference',
      'file',
      'knn_pred',
      'toString',
      'valueOf',
    );
    const value = fc.object({
      key,
      maxDepth: 3,
      maxKeys: 6,
      values: [
        fc.string({ maxLength: 12 }),
        fc.integer({ min: -1, max: 6 }),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
      ],
    });
    // Each file's first line fixes its dialect; later lines are anything.
    const first = fc.constantFrom(
      { diff: 'd', review: 'r' },
      { patch: 'p', msg: 'm' },
      { diff: 'd', reviews: [] },
    );
    fc.assert(
      fc.property(
        first,
        fc.array(fc.tuple(fc.constantFrom('diff', 'patch', 'reviews', 'review'), value), {
          minLength: 1,
          maxLength: 6,
        }),
        (head, rows) => {
          const text = [head, ...rows.map(([k, v]) => ({ ...head, [k]: v, ...v }))]
            .map((o) => JSON.stringify(o))
            .join('\n');
          const res = importFiles([{ name: 'any.jsonl', text }]);
          expect(resultProblem(res, 'any.jsonl', text)).toBeNull();
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it(`plain JSONL: ${RUNS / 4} files of good rows mixed with broken ones keep every good row and name every broken line`, () => {
    const row = fc.record({
      diff: diffText,
      review: reviewText,
      system: fc.constantFrom('s1', 's2', 'gpt3.5_pred'),
      pseudo_refs: fc.array(refText, { maxLength: 3 }),
      con: likert,
      comp: likert,
      rel: likert,
    });
    // Each breaks the row in a way the importer must name: not JSON, not an object, no diff, a bad score, bad pseudo_refs, a non-text review.
    const breakers: ((o: Record<string, unknown>, cut: number) => string)[] = [
      (o, cut) => JSON.stringify(o).slice(0, 1 + (cut % (JSON.stringify(o).length - 1))),
      (o) => JSON.stringify([o]),
      (o) => JSON.stringify({ ...o, diff: ' ' }),
      (o) => JSON.stringify({ ...o, con: 9 }),
      (o) => JSON.stringify({ ...o, rel: 'high' }),
      (o) => JSON.stringify({ ...o, pseudo_refs: '[not json' }),
      (o) => JSON.stringify({ ...o, pseudo_refs: [{ no: 1 }] }),
      (o) => JSON.stringify({ ...o, review: { text: 'x' } }),
    ];
    fc.assert(
      fc.property(
        cases(row),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        (cs, nl, blanks) => {
          const records = cs.map((c, k) => {
            const o = { id: `row-${k}`, ...c.row };
            return c.good ? JSON.stringify(o) : breakers[c.breakWith % breakers.length](o, c.cut);
          });
          const { text, lines } = layout(records, nl, blanks);
          const res = importFiles([{ name: 'mixed.jsonl', text }]);
          expect(resultProblem(res, 'mixed.jsonl', text)).toBeNull();
          const good = cs.flatMap((c, k) => (c.good ? [{ id: `row-${k}`, ...c.row }] : []));
          expect(
            res.rows.map((r) => [
              r.id,
              r.diff,
              r.reviews.map((v) => [v.system, v.review ?? '', v.con, v.comp, v.rel]),
            ]),
          ).toEqual(
            good.map((g) => [
              g.id,
              g.diff,
              [[g.system, g.review.trim() === '' ? '' : g.review, g.con, g.comp, g.rel]],
            ]),
          );
          expect(res.errors.map((e) => e.line)).toEqual(
            cs.flatMap((c, k) => (c.good ? [] : [lines[k]])),
          );
        },
      ),
      { numRuns: RUNS / 4 },
    );
  });

  it(`plain CSV: ${RUNS / 4} files with quoted multi-line cells keep every good row and name every broken record's first line`, () => {
    const row = fc.record({
      diff: diffText,
      review: reviewText,
      system: fc.constantFrom('s1', 's2'),
      refs: fc.array(refText, { maxLength: 3 }),
      con: likert,
      comp: likert,
      rel: likert,
    });
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    type Row = {
      id: string;
      diff: string;
      review: string;
      system: string;
      refs: string[];
      con: number | null;
      comp: number | null;
      rel: number | null;
    };
    const render = (r: Row, patch: Partial<Record<string, string>> = {}) =>
      [
        r.id,
        r.diff,
        r.review,
        r.system,
        JSON.stringify(r.refs),
        r.con ?? '',
        r.comp ?? '',
        r.rel ?? '',
      ]
        .map(
          (v, k) =>
            patch[['id', 'diff', 'review', 'system', 'pseudo_refs', 'con', 'comp', 'rel'][k]] ??
            String(v),
        )
        .map(q)
        .join(',');
    const breakers: ((r: Row) => string)[] = [
      (r) => render(r, { diff: '' }),
      (r) => render(r, { con: 'x' }),
      (r) => render(r, { comp: '0' }),
      (r) => render(r, { pseudo_refs: '[broken' }),
      (r) => `${render(r)},"one field too many"`,
      (r) => [r.id, r.diff, r.review].map(q).join(','),
    ];
    fc.assert(
      fc.property(
        cases(row),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        (cs, nl, blanks) => {
          const rows = cs.map((c, k) => ({ id: `row-${k}`, ...c.row }));
          const records = cs.map((c, k) =>
            c.good ? render(rows[k]) : breakers[c.breakWith % breakers.length](rows[k]),
          );
          const header = 'id,diff,review,system,pseudo_refs,con,comp,rel';
          const { text, lines } = layout(records, nl, blanks);
          const full = header + nl + text;
          const res = importFiles([{ name: 'mixed.csv', text: full }]);
          expect(resultProblem(res, 'mixed.csv', full)).toBeNull();
          const good = rows.filter((_, k) => cs[k].good);
          expect(
            res.rows.map((r) => [
              r.id,
              r.diff,
              r.pseudoRefs.map((p) => p.text),
              r.reviews.map((v) => [v.system, v.review ?? '', v.con, v.comp, v.rel]),
            ]),
          ).toEqual(
            good.map((g) => [
              g.id,
              g.diff,
              g.refs,
              [[g.system, g.review.trim() === '' ? '' : g.review, g.con, g.comp, g.rel]],
            ]),
          );
          expect(res.errors.map((e) => e.line)).toEqual(
            cs.flatMap((c, k) => (c.good ? [] : [lines[k] + 1])),
          );
        },
      ),
      { numRuns: RUNS / 4 },
    );
  });

  it(`human-study CSV: ${RUNS / 8} generated files keep every block and good review, and name every bad review row`, () => {
    const review = fc.record({
      text: reviewText,
      system: fc.constantFrom('gpt3.5_pred', 'knn_pred', 'msg'),
      good: fc.boolean(),
      bad: fc.constantFrom('x', '7', '0', '-1'),
    });
    const block = fc.record({
      diff: diffText,
      claim: refText,
      reviews: fc.array(review, { minLength: 1, maxLength: 4 }),
    });
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        (blocks, nl) => {
          const header =
            'id,index,diff,claim_no,claim,necessary?,type,review,system,claims addressed,Con (P),Comp (R),Rel (F),old_file,new_file';
          const records: string[] = [];
          const bad: number[] = [];
          blocks.forEach((b, i) =>
            b.reviews.forEach((r, j) => {
              const first = j === 0;
              const con = r.good ? '3' : r.bad;
              if (!r.good) bad.push(records.length);
              records.push(
                [
                  first ? `${i + 1}` : '',
                  first ? `${100 + i}` : '',
                  first ? q(b.diff) : '',
                  first ? '1' : '',
                  first ? q(b.claim) : '',
                  '',
                  first ? 'claim' : '',
                  q(r.text),
                  r.system,
                  '-',
                  con,
                  '2',
                  '2',
                  first ? 'old.py' : '',
                  first ? 'new.py' : '',
                ].join(','),
              );
            }),
          );
          const { text, lines } = layout(records, nl, [false]);
          const full = header + nl + text;
          const name = 'py_marcus_review_qual_final.csv';
          const res = importFiles([{ name, text: full }]);
          expect(resultProblem(res, name, full)).toBeNull();
          expect(
            res.rows.map((r) => [
              r.id,
              r.diff,
              r.pseudoRefs.map((p) => p.text),
              r.reviews.map((v) => v.system),
            ]),
          ).toEqual(
            blocks.map((b, i) => [
              `py-${100 + i}`,
              b.diff,
              [b.claim],
              b.reviews.filter((r) => r.good).map((r) => r.system),
            ]),
          );
          expect(res.errors.map((e) => e.line)).toEqual(bad.map((k) => lines[k] + 1));
        },
      ),
      { numRuns: RUNS / 8 },
    );
  });

  it(`dev.jsonl and CodeReviewer JSONL: ${RUNS / 8} mixed files each keep good rows and name broken lines`, () => {
    const dev = fc.record({
      diff: diffText,
      pseudo_refs: fc.array(refText, { maxLength: 3 }),
      reviews: fc.array(
        fc.record({
          system: fc.constantFrom('a_pred', 'msg'),
          review: fc.option(reviewText, { nil: null }),
          con: likert,
        }),
        { maxLength: 3 },
      ),
    });
    const devBreakers: ((o: Record<string, unknown>) => string)[] = [
      (o) => JSON.stringify({ ...o, reviews: undefined }),
      (o) => JSON.stringify({ ...o, diff: 5 }),
      (o) => JSON.stringify({ ...o, reviews: [{ review: 'no system' }] }),
      (o) => JSON.stringify({ ...o, pseudo_refs: 'not an array' }),
      (o) => `${JSON.stringify(o).slice(0, -1)},}`,
    ];
    const cr = fc.record({
      patch: diffText,
      msg: reviewText,
      oldf: fc.string({ maxLength: 20 }),
      lang: fc.constantFrom('py', 'java', 'js'),
    });
    const crBreakers: ((o: Record<string, unknown>) => string)[] = [
      (o) => JSON.stringify({ ...o, patch: '' }),
      (o) => JSON.stringify({ ...o, msg: 42 }),
      (o) => JSON.stringify({ ...o, patch: undefined }),
      (o) => JSON.stringify(o).replace(/^\{/, '{{'),
    ];
    const check = <T extends object>(
      cs: Case<T>[],
      breakers: ((o: Record<string, unknown>) => string)[],
      key: string,
    ) => {
      const records = cs.map((c, k) =>
        c.good
          ? JSON.stringify({ id: `row-${k}`, ...c.row })
          : breakers[c.breakWith % breakers.length]({ id: `row-${k}`, ...c.row }),
      );
      // The dialect is read from the first good line: put one first.
      const first = cs.findIndex((c) => c.good);
      const order = [first, ...cs.keys()].filter((k, i, a) => a.indexOf(k) === i);
      const { text, lines } = layout(
        order.map((k) => records[k]),
        '\n',
        [false],
      );
      const res = importFiles([{ name: 'x.jsonl', text }]);
      expect(resultProblem(res, 'x.jsonl', text)).toBeNull();
      expect(res.rows.map((r) => r.id)).toEqual(
        order.filter((k) => cs[k].good).map((k) => `row-${k}`),
      );
      expect(res.rows.map((r) => r.diff)).toEqual(
        order.filter((k) => cs[k].good).map((k) => (cs[k].row as Record<string, string>)[key]),
      );
      expect(res.errors.map((e) => e.line)).toEqual(
        order.flatMap((k, i) => (cs[k].good ? [] : [lines[i]])),
      );
    };
    fc.assert(
      fc.property(cases(dev), cases(cr), (a, b) => {
        check(a, devBreakers, 'diff');
        check(b, crBreakers, 'patch');
      }),
      { numRuns: RUNS / 8 },
    );
  });
});

// The other files the app reads as data: CodeReviewer predictions beside their test file (Research), one
// annotator's CSV with its codes (Annotate), and a pseudo_refs cell. Mutated copies never throw, and every issue
// names a file the user gave and a line that exists.
describe('every other importer, fuzzed', () => {
  const testFile = [
    JSON.stringify({ id: 7, patch: '@@ -1 +1 @@\n-a\n+b', msg: 'ref one', oldf: 'a\n', lang: 'py' }),
    JSON.stringify({ id: 8, patch: '@@ -1 +1 @@\n-c\n+d', msg: 'ref two', oldf: 'c\n', lang: 'py' }),
  ].join('\n');
  const predsText = 'first review\nsecond review\n';
  const predsJsonl = [JSON.stringify({ id: 7, review: 'x' }), JSON.stringify({ id: 8, review: 'y' })].join('\n');
  const lineCount = (t: string) => t.split(/\r\n|\r|\n/).length;

  it(`CodeReviewer predictions: ${RUNS / 4} mutated test and predictions files never throw; issues name a given file and a real line`, () => {
    fc.assert(
      fc.property(fuzzText([testFile]), fuzzText([predsText, predsJsonl]), (t, p) => {
        const test = { name: 'msg-test.jsonl', text: t };
        const preds = { name: 'sys.jsonl', text: p };
        const r = importCodeReviewerPredictions(test, [preds]);
        for (const e of r.errors) {
          expect(['msg-test.jsonl', 'sys.jsonl']).toContain(e.file);
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(lineCount(e.file === 'sys.jsonl' ? p : t) + 1);
        }
        for (const row of r.rows) expect(typeof row.diff).toBe('string');
      }),
      { numRuns: RUNS / 4 },
    );
  });

  it(`annotation CSV (Annotate's import): ${RUNS / 8} mutated annotator files never throw and give well-formed items`, () => {
    fc.assert(
      fc.property(fuzzText([ann1, ann2]), (text) => {
        const r = readAnnotationCsv({ name: 'py_someone_review_qual_final.csv', text });
        expect(annotationItemsProblem(r.items)).toBeNull();
        for (const e of r.errors) expect(e.line).toBeLessThanOrEqual(lineCount(text) + 1);
      }),
      { numRuns: RUNS / 8 },
    );
  });

  it(`pseudo_refs cells: ${RUNS / 4} arbitrary JSON values give a list of references or a reason, never a throw`, () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fuzzText(['[{"no": 1, "type": "claim", "text": "A."}]', 'A.\nB.'])), (v) => {
        const r = readPseudoRefs(v);
        if (typeof r !== 'string') for (const p of r) expect(typeof p.text).toBe('string');
      }),
      { numRuns: RUNS / 4 },
    );
  });
});
