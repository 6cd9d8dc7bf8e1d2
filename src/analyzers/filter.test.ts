import { describe, expect, it } from 'vitest';
import {
  filterWarnings,
  newFileFor,
  paperText,
  readableText,
  toFileLines,
  toolLine,
  toPseudoReference,
  trimLine,
} from './filter.ts';
import type { AnalyzerWarning } from './types.ts';

const OLD = ['function f(a) {', '  var x = a', '  return x;', '}', 'var y = 1;', 'var z = 2;', ''].join('\n');
// Line 2 gains a semicolon; a new line 3 is added.
const DIFF = [
  '@@ -1,4 +1,5 @@',
  ' function f(a) {',
  '-  var x = a',
  '+  var x = a;',
  '+  var x2 = a',
  '   return x;',
  ' }',
].join('\n');
const NEW = ['function f(a) {', '  var x = a;', '  var x2 = a', '  return x;', '}', 'var y = 1;', 'var z = 2;', ''].join('\n');

const w = (line: number, extra: Partial<AnalyzerWarning> = {}): AnalyzerWarning => ({
  tool: 'JSHint',
  line,
  column: 3,
  rule: 'W033',
  message: 'Missing semicolon.',
  ...extra,
});

describe('newFileFor', () => {
  it('uses the given new file as is', () => {
    expect(newFileFor({ diff: DIFF, oldCode: 'ignored', newCode: NEW })).toEqual({ text: NEW, source: 'new-code' });
  });

  it('rebuilds the new file from the old file and the patch', () => {
    expect(newFileFor({ diff: DIFF, oldCode: OLD })).toEqual({ text: NEW, source: 'rebuilt' });
  });

  it("falls back to the diff's new side, with new-file line numbers, when the patch does not fit", () => {
    const diff = DIFF.replace('@@ -1,4 +1,5 @@', '@@ -20,4 +30,5 @@');
    const f = newFileFor({ diff, oldCode: 'something else entirely\n' });
    expect(f.source).toBe('diff-new-side');
    expect(f.text).toBe(['function f(a) {', '  var x = a;', '  var x2 = a', '  return x;', '}'].join('\n'));
    expect(f.lineMap).toEqual([0, 30, 31, 32, 33, 34]);
    expect(toFileLines([w(3)], f)[0].line).toBe(32);
  });

  it("uses the diff's new side when no file is given", () => {
    expect(newFileFor({ diff: DIFF }).source).toBe('diff-new-side');
  });
});

describe('filterWarnings', () => {
  const file = { text: NEW, source: 'new-code' as const };

  it('paper: keeps warnings whose line text (trimmed) equals an added or deleted line', () => {
    // Line 2 "var x = a;" is added; 3 added; 4 "return x;" is context; 6 unchanged.
    const kept = filterWarnings([w(2), w(3), w(4), w(6)], file, DIFF, 'paper');
    expect(kept.map((k) => k.line)).toEqual([2, 3]);
  });

  it('paper: an unchanged line that repeats the text of a deleted line is kept, as in the reference code', () => {
    const newCode = NEW.replace('var z = 2;', '  var x = a'); // line 7 now reads like the deleted line
    const kept = filterWarnings([w(7)], { text: newCode, source: 'new-code' }, DIFF, 'paper');
    expect(kept.map((k) => k.line)).toEqual([7]);
  });

  it('added: keeps warnings on added lines only', () => {
    const newCode = NEW.replace('var z = 2;', '  var x = a');
    const kept = filterWarnings([w(2), w(3), w(4), w(7)], { text: newCode, source: 'new-code' }, DIFF, 'added');
    expect(kept.map((k) => k.line)).toEqual([2, 3]);
  });

  it('paper works on the diff new side through the line map', () => {
    const diff = DIFF.replace('@@ -1,4 +1,5 @@', '@@ -20,4 +30,5 @@');
    const f = newFileFor({ diff });
    const kept = filterWarnings(toFileLines([w(2), w(4)], f), f, diff, 'paper');
    expect(kept.map((k) => k.line)).toEqual([31]);
  });

  it('a file-level warning (line 0) is kept by both filters, as the reference code kept line -1 smells', () => {
    const whole = w(0, { tool: 'PyScent', rule: 'ShotgunSurgery', message: 'Shotgun smell detected' });
    expect(filterWarnings([whole, w(6)], file, DIFF, 'paper')).toEqual([whole]);
    expect(filterWarnings([whole, w(6)], file, DIFF, 'added')).toEqual([whole]);
    expect(toPseudoReference(whole)).toEqual({
      kind: 'issue',
      source: 'PyScent',
      text: 'Shotgun smell detected',
      readable: 'Shotgun smell detected (PyScent ShotgunSurgery, whole file)',
    });
  });

  it('none keeps everything', () => {
    expect(filterWarnings([w(6)], file, DIFF, 'none')).toHaveLength(1);
  });

  it("trims like the reference code (spaces, tabs, CR), not other whitespace", () => {
    expect(trimLine(' \t x = 1;\r')).toBe('x = 1;');
    expect(trimLine('\u00a0x')).toBe('\u00a0x');
  });
});

describe('pseudo-reference text', () => {
  it("JSHint: the paper's 'line N, col M, reason', with a readable form beside it", () => {
    const ref = toPseudoReference(w(12, { column: 5 }));
    expect(ref).toEqual({
      kind: 'issue',
      source: 'JSHint',
      line: 12,
      text: 'line 12, col 5, Missing semicolon.',
      readable: 'Missing semicolon. (JSHint W033, line 12, column 5)',
    });
  });

  it("PMD: the tool prints 'N:\\tRule:\\tmessage'; the study's pseudo-reference reads 'line N, Rule:\\tmessage'", () => {
    const pmd: AnalyzerWarning = { tool: 'PMD', line: 73, column: 1, rule: 'UnnecessaryImport', message: "Unused import 'a.B'" };
    expect(toolLine(pmd)).toBe("73:\tUnnecessaryImport:\tUnused import 'a.B'");
    expect(paperText(pmd)).toBe("line 73, UnnecessaryImport:\tUnused import 'a.B'");
    expect(readableText(pmd)).toBe("Unused import 'a.B' (PMD UnnecessaryImport, line 73)");
  });

  it('PyScent: the smell message as the tool words it', () => {
    const py: AnalyzerWarning = { tool: 'PyScent', line: 3, column: 1, rule: 'LongParameterList', message: 'Long parameter list in `f`' };
    expect(paperText(py)).toBe('Long parameter list in `f`');
    expect(toPseudoReference(py).line).toBe(3);
  });
});
