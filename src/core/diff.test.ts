import { describe, expect, it } from 'vitest';
import {
  addedLines,
  applyUnifiedDiff,
  changedNewLines,
  detectLanguage,
  parseUnifiedDiff,
} from './diff.ts';

// A CodeReviewer-style hunk: no file headers, starts at "@@".
const HUNK = `@@ -10,4 +10,5 @@ def render(self):
     a = 1
-    b = 2
+    b = 3
+    c = 4
     return a`;

describe('parseUnifiedDiff', () => {
  it('numbers added, removed and context lines of a bare hunk', () => {
    const [file] = parseUnifiedDiff(HUNK);
    expect(file.oldName).toBeUndefined();
    const h = file.hunks[0];
    expect(h).toMatchObject({
      oldStart: 10,
      oldLines: 4,
      newStart: 10,
      newLines: 5,
      section: 'def render(self):',
    });
    expect(h.lines).toEqual([
      { type: 'context', text: '    a = 1', oldLine: 10, newLine: 10 },
      { type: 'del', text: '    b = 2', oldLine: 11 },
      { type: 'add', text: '    b = 3', newLine: 11 },
      { type: 'add', text: '    c = 4', newLine: 12 },
      { type: 'context', text: '    return a', oldLine: 12, newLine: 13 },
    ]);
    expect([...changedNewLines([file])]).toEqual([11, 12]);
  });

  it('reads file headers and several files', () => {
    const text = `--- a/src/x.js\n+++ b/src/x.js\n@@ -1 +1 @@\n-var a\n+let a\n--- a/y.py\n+++ b/y.py\n@@ -3,0 +4,1 @@\n+import os\n`;
    const files = parseUnifiedDiff(text);
    expect(files.map((f) => f.newName)).toEqual(['src/x.js', 'y.py']);
    expect(addedLines(files)).toEqual([
      { line: 1, text: 'let a', file: 'src/x.js' },
      { line: 4, text: 'import os', file: 'y.py' },
    ]);
  });

  it('keeps a hunk whose counts do not match (cut CodeReviewer hunks)', () => {
    const files = parseUnifiedDiff('@@ -1,9 +1,9 @@\n a\n-b\n+c');
    expect(files[0].hunks[0].lines.map((l) => l.type)).toEqual(['context', 'del', 'add']);
  });

  it('gives nothing for empty text', () => {
    expect(parseUnifiedDiff('')).toEqual([]);
  });

  // Found by diff.fuzz.test.ts: jsdiff accepts "@@ " with no numbers as a hunk header and numbers its lines NaN.
  it('never numbers lines NaN when a hunk header has no numbers', () => {
    const files = parseUnifiedDiff('@@ -10,     a = 1\n-    b = 2\n+    b = 3\n');
    const nums = files.flatMap((f) => f.hunks.flatMap((h) => [h.oldStart, h.newStart, ...h.lines.flatMap((l) => [l.oldLine ?? 0, l.newLine ?? 0])]));
    expect(nums.every(Number.isFinite)).toBe(true);
  });

  // Found by diff.fuzz.test.ts: an "@@...@@" line that is not a hunk header shifted every later section title.
  it('gives each hunk its own section when junk "@@" lines sit between hunks', () => {
    const text = '--- a/x.py\n+++ b/x.py\n@@ -1,1 +1,1 @@ first\n ctx\n@@-junk@@\n@@ -5,1 +5,1 @@ second\n ctx\n';
    expect(parseUnifiedDiff(text)[0].hunks.map((h) => h.section)).toEqual(['first', 'second']);
  });
});

describe('applyUnifiedDiff', () => {
  it('rebuilds the new file from the old one', () => {
    const old =
      Array.from({ length: 14 }, (_, k) =>
        k === 9 ? '    a = 1' : k === 10 ? '    b = 2' : k === 11 ? '    return a' : `l${k + 1}`,
      ).join('\n') + '\n';
    const patch = HUNK.replace('-10,4 +10,5', '-10,3 +10,4') + '\n';
    const out = applyUnifiedDiff(old, patch);
    expect(out?.split('\n').slice(9, 13)).toEqual([
      '    a = 1',
      '    b = 3',
      '    c = 4',
      '    return a',
    ]);
    expect(applyUnifiedDiff('nothing alike\n', patch)).toBeNull();
  });
});

describe('detectLanguage', () => {
  it('maps file names to the three study languages', () => {
    expect(
      ['a.js', 'a.ts', 'b.JSX', 'c.py', 'D.java', 'Makefile', 'x.rb'].map(detectLanguage),
    ).toEqual(['javascript', 'javascript', 'javascript', 'python', 'java', 'unknown', 'unknown']);
  });
});
