// A diff without its files gives the analyzers only each hunk's new side, which usually starts and ends
// inside a function: as it stands it does not parse, and a tool that stops at line 1 reports nothing. These
// wrappers make a hunk parse (its unmatched brackets closed, its lines inside a function or class, or its
// indentation undone), and say how many lines they put before it, so warnings map back to the hunk's lines.
import type { Language } from '../core/diff.ts';
import type { CodeLanguage } from './languages.ts';

export interface Wrapped {
  /** How the hunk was wrapped, for the report ("inside a function"). */
  how: string;
  text: string;
  /** Lines the wrapper put before the hunk: hunk line k is line k + prefixLines of `text`. */
  prefixLines: number;
  /** The hunk's line count: warnings outside 1..lines (on the wrapper) are dropped. */
  lines: number;
}

const PAIRS: Record<string, string> = { '}': '{', ')': '(', ']': '[' };
const CLOSE: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

/**
 * The brackets a C-like fragment leaves unmatched: closers with no opener before them (in order) and openers
 * never closed (innermost last). Strings, template literals, character literals and comments are skipped.
 */
export function unmatchedBrackets(code: string): { leadingClosers: string[]; openAtEnd: string[] } {
  const stack: string[] = [];
  const leadingClosers: string[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1];
    if (c === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      i++;
      while (i < code.length && code[i] !== c && !(c !== '`' && code[i] === '\n')) i += code[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c in CLOSE) stack.push(c);
    else if (c in PAIRS) {
      if (stack.length && stack[stack.length - 1] === PAIRS[c]) stack.pop();
      else if (!stack.length) leadingClosers.push(c);
    }
    i++;
  }
  return { leadingClosers, openAtEnd: stack };
}

function wrap(how: string, code: string, before: string[], after: string[]): Wrapped {
  const { leadingClosers, openAtEnd } = unmatchedBrackets(code);
  // Each leading closer gets its opener on a line of its own; each opener left open gets its closer after.
  const openers = leadingClosers.map((c) => PAIRS[c]).reverse();
  const head = [...before, ...(openers.length ? [openers.join(' ')] : [])];
  const tail = [...(openAtEnd.length ? [openAtEnd.map((o) => CLOSE[o]).reverse().join(' ')] : []), ...after];
  return { how, text: [...head, code, ...tail].join('\n'), prefixLines: head.length, lines: code.split('\n').length };
}

/** Python: the hunk's common indentation removed; lines indented deeper than a later line go under `if True:`. */
function wrapPython(code: string): Wrapped[] {
  const lines = code.split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  if (!indents.length) return [];
  const min = Math.min(...indents);
  const dedented = lines.map((l) => l.slice(Math.min(min, /^[ \t]*/.exec(l)![0].length))).join('\n');
  const out: Wrapped[] = [{ how: 'dedented', text: dedented, prefixLines: 0, lines: lines.length }];
  if (indents[0] > min) out.push({ how: 'dedented, inside a block', text: `if True:\n${dedented.replace(/^/gm, ' ')}`, prefixLines: 1, lines: lines.length });
  return out;
}

const RUBY_OPENER = /^\s*(def|class|module|if|unless|while|until|case|begin|for)\b|\bdo(\s*\|[^|]*\|)?\s*$/;

/** Ruby: an `end` with no opener before it gets a `begin`, an opener never closed gets its `end`; then inside a method. */
function wrapRuby(code: string): Wrapped[] {
  let depth = 0;
  let min = 0;
  for (const l of code.split('\n')) {
    const t = l.replace(/#.*$/, '');
    if (RUBY_OPENER.test(t) && !/\bend\s*$/.test(t)) depth++;
    if (/^\s*end\b/.test(t)) depth--;
    min = Math.min(min, depth);
  }
  const lines = code.split('\n').length;
  const before = Array.from({ length: -min }, () => 'begin');
  const after = Array.from({ length: depth - min }, () => 'end');
  const closed = { how: 'with its blocks closed', text: [...before, code, ...after].join('\n'), prefixLines: before.length, lines };
  const inMethod = { how: 'inside a method', text: ['def __hunk__', ...before, code, ...after, 'end'].join('\n'), prefixLines: before.length + 1, lines };
  return [closed, inMethod];
}

/** The ways to make a hunk of `language` parse, tried in order after the hunk as it stands. */
export function fragmentWrappers(language: Language | CodeLanguage, code: string): Wrapped[] {
  switch (language) {
    case 'javascript':
      return [wrap('inside a function', code, ['function __hunk__() {'], ['}'])];
    case 'java':
      return [
        wrap('inside a class', code, ['class Hunk__ {'], ['}']),
        wrap('inside a method', code, ['class Hunk__ {', 'void hunk__() {'], ['}', '}']),
      ];
    case 'python':
      return wrapPython(code);
    case 'typescript':
      return [wrap('inside a function', code, ['function __hunk__() {'], ['}']), wrap('inside a class', code, ['class Hunk__ {'], ['}'])];
    case 'c':
    case 'cpp':
      return [wrap('with its brackets closed', code, [], []), wrap('inside a function', code, ['void __hunk__() {'], ['}'])];
    case 'csharp':
      return [
        wrap('inside a class', code, ['class Hunk__ {'], ['}']),
        wrap('inside a method', code, ['class Hunk__ {', 'void __hunk__() {'], ['}', '}']),
      ];
    case 'go':
      return [wrap('with a package clause', code, ['package hunk'], []), wrap('inside a function', code, ['package hunk', 'func __hunk__() {'], ['}'])];
    case 'php':
      return [wrap('with its brackets closed', code, [], []), wrap('inside a function', code, ['function __hunk__() {'], ['}']), wrap('inside a class', code, ['class Hunk__ {'], ['}'])];
    case 'ruby':
      return wrapRuby(code);
    default:
      return [];
  }
}
