import { describe, expect, it } from 'vitest';
import { runJshint } from './jshint.ts';

const ES6 = "'const' is available in ES6 (use 'esversion: 6') or Mozilla JS extensions (use moz).";

describe('runJshint', () => {
  it('paper set: JSHint defaults (ES5) flag ES6 syntax and keep JSHint order, code and position', () => {
    expect(runJshint('const x = 1\n', 'paper')).toEqual([
      { tool: 'JSHint', line: 1, column: 1, rule: 'W104', message: ES6 },
      { tool: 'JSHint', line: 1, column: 12, rule: 'W033', message: 'Missing semicolon.' },
    ]);
  });

  it('modern set: ES2020 modules in a browser are fine, a missing semicolon is still reported', () => {
    expect(runJshint('import x from "y";\nexport default x;\n', 'modern')).toEqual([]);
    expect(runJshint('const x = 1\n', 'modern').map((w) => w.rule)).toEqual(['W033']);
  });

  it('paper set counts the extra newline the study wrote, as "% scanned" shows', () => {
    const code = 'var a = 1;\nvar r = /abc\nvar b = 2;\n';
    const last = (set: 'paper' | 'modern') => runJshint(code, set).at(-1)!.message;
    expect(last('paper')).toBe('Unrecoverable syntax error. (40% scanned).');
    expect(last('modern')).toBe('Unrecoverable syntax error. (50% scanned).');
  });

  it('does not leak options between runs (JSHint mutates the options object)', () => {
    runJshint('const x = 1;\n', 'modern');
    expect(runJshint('const x = 1;\n', 'paper').map((w) => w.rule)).toEqual(['W104']);
  });
});
