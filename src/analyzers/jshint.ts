// JSHint, the paper's JavaScript analyzer. Pure JS: the same code runs in the worker, the CLI and vitest.
import { JSHINT } from 'jshint';
import type { AnalyzerOutcome, AnalyzerWarning } from './types.ts';

export type JshintOptionSet = 'paper' | 'modern';

/**
 * paper: no configuration at all, as the study ran `jshint file.js` (JSHint's defaults: ES5).
 * modern: ES modules in a browser. 11 (ES2020) is the newest version JSHint 2.13 knows; larger values
 * behave the same, and later syntax (class fields, `#private`) is still reported as an error.
 */
export const JSHINT_OPTIONS: Readonly<Record<JshintOptionSet, Readonly<Record<string, unknown>>>> = {
  paper: {},
  modern: { esversion: 11, module: true, browser: true },
};

/** JSHint's warnings for one file, in JSHint's order (not sorted: the paper's output keeps that order). */
export function runJshint(code: string, options: JshintOptionSet = 'paper'): AnalyzerWarning[] {
  // The study wrote each file as `content + "\n"`; that extra line changes the "(N% scanned)" figure
  // of an unrecoverable syntax error, so the paper set adds it too.
  const source = (options === 'paper' ? `${code}\n` : code).replace(/^\uFEFF/, '');
  // JSHint mutates the options object it is given: pass a copy.
  JSHINT(source, { ...JSHINT_OPTIONS[options] });
  return JSHINT.errors
    .filter((e): e is NonNullable<typeof e> => e != null)
    .map((e) => ({
      tool: 'JSHint' as const,
      line: e.line,
      column: e.character ?? 1,
      rule: e.code ?? '',
      message: e.reason,
    }));
}

/** JSHint's run with where it gave up: E041 "Unrecoverable syntax error" means the rest went unread. */
export function jshintOutcome(code: string, options: JshintOptionSet = 'paper'): AnalyzerOutcome {
  const warnings = runJshint(code, options);
  const fatal = warnings.find((w) => w.rule === 'E041');
  if (!fatal) return { warnings };
  // The syntax error that made it give up is the one reported just before E041 (or E041 itself).
  const cause = [...warnings].reverse().find((w) => w.rule.startsWith('E') && w.rule !== 'E041') ?? fatal;
  return { warnings, stopped: { line: cause.line, reason: cause.message } };
}
