// Issue 14, item 3: an analyzer never reports "0 issues" for code it could not analyze.
import { describe, expect, it } from 'vitest';
import { unmatchedBrackets } from './fragment.ts';
import { analyze } from './run.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';

const assets = nodeTreeSitterAssets();

// The new side starts inside a function (closing an if) and ends with its closing brace: JSHint alone
// stops at line 1 ("Unmatched '}'") and used to report nothing.
const JS_HUNK = [
  '@@ -20,6 +20,7 @@ function total(items) {',
  '       sum += items[i].price;',
  '     }',
  '-    return sum;',
  '+    count = items.length',
  '+    return sum / count;',
  '   }',
  ' ',
  ' module.exports = total;',
].join('\n');

describe('analyzers on a diff alone', () => {
  it('JSHint: a hunk that starts mid-function is analyzed inside a function wrapper, on the right lines', async () => {
    const [r] = await analyze({ language: 'javascript', diff: JS_HUNK, filter: 'added', options: 'paper' }, assets);
    expect(r.unanalyzed).toBeUndefined();
    expect(r.wrapped).toEqual(['hunk 1: inside a function']);
    expect(r.kept.map((w) => [w.line, w.rule])).toEqual([[22, 'W033']]);
    expect(r.refs[0].text).toBe('line 22, col 25, Missing semicolon.');
  });

  it('JSHint: a hunk that parses in no form says so instead of "0 issues"', async () => {
    const diff = ['@@ -1,2 +1,2 @@', '-const a = f(1,', '+const a = f(1, ,', '+  2;; ) )) => {'].join('\n');
    const [r] = await analyze({ language: 'javascript', diff, filter: 'added', options: 'paper' }, assets);
    expect(r.refs).toEqual([]);
    expect(r.unanalyzed).toMatch(/hunk 1 \(new lines 1–2\) does not parse on its own/);
    expect(r.unanalyzed).toMatch(/whole file/);
  });

  it('PMD: a hunk inside a method body is analyzed inside a class and a method', async () => {
    const diff = ['@@ -5,2 +5,4 @@', '     int n = 0;', '+    try { n = read(); }', '+    catch (IOException e) { }', '     return n;'].join('\n');
    const [r] = await analyze({ language: 'java', diff, filter: 'added', options: 'paper' }, assets);
    expect(r.unanalyzed).toBeUndefined();
    expect(r.wrapped).toEqual(['hunk 1: inside a method']);
    expect(r.kept.map((w) => [w.rule, w.line])).toEqual([['EmptyCatchBlock', 7]]);
  });

  it('PyScent: an indented hunk is dedented; one that cannot parse is reported', async () => {
    const ok = ['@@ -3,2 +3,3 @@', '         x = 1', '+        try:', '+            y = 2', '+        except Exception:', '+            pass'].join('\n');
    const [good] = await analyze({ language: 'python', diff: ok, filter: 'none', options: 'paper' }, assets);
    expect(good.unanalyzed).toBeUndefined();
    expect(good.wrapped?.[0]).toMatch(/^hunk 1: dedented/);
    const bad = ['@@ -1,1 +1,2 @@', '+def f(:', '+    return ((('].join('\n');
    const [r] = await analyze({ language: 'python', diff: bad, filter: 'none', options: 'paper' }, assets);
    expect(r.refs).toEqual([]);
    expect(r.unanalyzed).toMatch(/does not parse on its own/);
  });
});

describe('analyzers on a whole file that does not parse', () => {
  it('PMD and PyScent say where they stopped', async () => {
    const [java] = await analyze({ language: 'java', diff: '@@ -1 +1 @@\n-class A {}\n+class A {', newCode: 'class A {\n  void f( {\n}\n', filter: 'none', options: 'paper' }, assets);
    expect(java.unanalyzed).toMatch(/PMD stopped at a syntax error on line \d/);
    const [py] = await analyze({ language: 'python', diff: '@@ -1 +1 @@\n-x = 1\n+def f(:', newCode: 'def f(:\n  pass\n', filter: 'none', options: 'paper' }, assets);
    expect(py.unanalyzed).toMatch(/PyScent stopped at a syntax error on line 1/);
  });
});

describe('unmatchedBrackets', () => {
  it('skips strings and comments, and lists leading closers and open openers', () => {
    expect(unmatchedBrackets('} x("}")\n// }\nif (a) { [')).toEqual({ leadingClosers: ['}'], openAtEnd: ['{', '['] });
    expect(unmatchedBrackets('a(`)`) /* { */')).toEqual({ leadingClosers: [], openAtEnd: [] });
  });
});
