import { describe, expect, it } from 'vitest';
import { addToTally, compareLines, emptyTally, precisionRecall, referenceLines } from './compare.ts';

describe('referenceLines', () => {
  it("drops JSHint CLI's blank line and error count", () => {
    const out = 'line 1, col 1, Use the function form of "use strict".\nline 4, col 3, Missing semicolon.\n\n2 errors';
    expect(referenceLines('javascript', out)).toEqual([
      'line 1, col 1, Use the function form of "use strict".',
      'line 4, col 3, Missing semicolon.',
    ]);
  });

  it("keeps PMD rule lines and drops PMD's processing errors", () => {
    const out = "19:\tUnnecessaryImport:\tUnused import 'a.B'\n-\tLexException: Lexical error in file 'x.java' at line 3\n";
    expect(referenceLines('java', out)).toEqual(["19:\tUnnecessaryImport:\tUnused import 'a.B'"]);
  });
});

describe('compareLines', () => {
  it('treats lines as multisets and lists what is extra and missing', () => {
    const c = compareLines(['a', 'b', 'b', 'x'], ['b', 'a', 'b', 'b', 'y']);
    expect(c).toMatchObject({ matched: 3, predicted: 4, reference: 5, exact: false, extra: ['x'], missing: ['b', 'y'] });
  });

  it('is exact when only the order differs', () => {
    expect(compareLines(['b', 'a'], ['a', 'b']).exact).toBe(true);
  });

  it('adds up rows into micro precision and recall', () => {
    const t = emptyTally();
    addToTally(t, compareLines(['a', 'b'], ['a', 'b']));
    addToTally(t, compareLines(['c', 'd'], ['c', 'e', 'f']));
    expect(t).toEqual({ rows: 2, exactRows: 1, matched: 3, predicted: 4, reference: 5 });
    expect(precisionRecall(t)).toEqual({ precision: 3 / 4, recall: 3 / 5 });
  });
});
