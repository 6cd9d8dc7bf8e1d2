// Pure helpers around the analyzers: which text to analyze, which warnings a diff keeps, and how a
// warning reads as a pseudo-reference. No DOM, no Node: shared by the worker, the CLI and the tests.
import { applyUnifiedDiff, parseUnifiedDiff, type DiffFile } from '../core/diff.ts';
import type { PseudoReference } from '../core/types.ts';
import type { AnalyzerWarning } from './types.ts';

/** paper: the reference code's text match on +/- lines; added: the new file's added lines; none: all. */
export type WarningFilter = 'paper' | 'added' | 'none';

/** Where the analyzed text came from. */
export type NewFileSource = 'new-code' | 'rebuilt' | 'diff-new-side';

export interface NewFile {
  text: string;
  source: NewFileSource;
  /** For 'diff-new-side': line k (1-based) of `text` is line lineMap[k] of the new file. */
  lineMap?: number[];
}

// Each analyzer of a change reads its diff three times (the new side, the hunks, the filter), and a change has
// two or three analyzers: the last diff's parse is kept (read-only, as every caller treats it).
let lastDiff: { diff: string; file: DiffFile | undefined } | null = null;

/** The first file of the diff that has hunks (the analyzers look at one file, as in the paper). */
export function diffFile(diff: string): DiffFile | undefined {
  if (lastDiff?.diff !== diff) lastDiff = { diff, file: parseUnifiedDiff(diff).find((f) => f.hunks.length > 0) };
  return lastDiff.file;
}

/**
 * The new file to analyze: `newCode` when given; else the old file with the patch applied; else the
 * diff's new side (context and added lines of every hunk), with a map back to new-file line numbers.
 */
export function newFileFor(input: { diff: string; oldCode?: string; newCode?: string }): NewFile {
  if (input.newCode) return { text: input.newCode, source: 'new-code' };
  if (input.oldCode) {
    const rebuilt = applyUnifiedDiff(input.oldCode, input.diff);
    if (rebuilt !== null) return { text: rebuilt, source: 'rebuilt' };
  }
  const lines: string[] = [];
  const lineMap: number[] = [0];
  for (const h of diffFile(input.diff)?.hunks ?? [])
    for (const l of h.lines)
      if (l.type !== 'del') {
        lines.push(l.text);
        lineMap.push(l.newLine!);
      }
  return { text: lines.join('\n'), source: 'diff-new-side', lineMap };
}

/** Warnings on the analyzed text → warnings on new-file lines (a no-op for a whole file). */
export function toFileLines(warnings: AnalyzerWarning[], file: NewFile): AnalyzerWarning[] {
  const map = file.lineMap;
  if (!map) return warnings;
  return warnings.map((w) => ({ ...w, line: map[w.line] ?? w.line, ...(w.relatedLine === undefined ? {} : { relatedLine: map[w.relatedLine] ?? w.relatedLine }) }));
}

/** The reference code's trim (remove_space_clean): spaces, tabs and carriage returns at both ends. */
export function trimLine(s: string): string {
  return s.replace(/^[ \t\r]+|[ \t\r]+$/g, '');
}

/** New-file line number → text, for the analyzed file. */
function lineTexts(file: NewFile): (line: number) => string | undefined {
  const lines = file.text.split('\n');
  if (!file.lineMap) return (line) => lines[line - 1];
  const byLine = new Map<number, string>();
  file.lineMap.forEach((n, k) => k > 0 && byLine.set(n, lines[k - 1]));
  return (line) => byLine.get(line);
}

/** A warning about the whole file (line 0): the reference code kept such smells (line -1) in every case. */
const isFileLevel = (w: AnalyzerWarning) => w.line < 1;

/**
 * Keep the warnings the mode keeps. A file-level warning (line 0) is always kept. `warnings` carry new-file line numbers (see toFileLines).
 * paper: the warning's line, trimmed, equals the trimmed text of some added or deleted line of the diff
 * (so a warning on an unchanged line that happens to repeat a changed line is kept, as in the study).
 * added: the warning's line is an added line of the diff.
 */
export function filterWarnings(
  warnings: AnalyzerWarning[],
  file: NewFile,
  diff: string,
  mode: WarningFilter,
): AnalyzerWarning[] {
  if (mode === 'none') return warnings;
  const hunks = diffFile(diff)?.hunks ?? [];
  if (mode === 'added') {
    const added = new Set(hunks.flatMap((h) => h.lines.filter((l) => l.type === 'add').map((l) => l.newLine!)));
    return warnings.filter((w) => isFileLevel(w) || added.has(w.line));
  }
  const changed = new Set(hunks.flatMap((h) => h.lines.filter((l) => l.type !== 'context').map((l) => trimLine(l.text))));
  const textAt = lineTexts(file);
  return warnings.filter((w) => {
    const text = textAt(w.line);
    return isFileLevel(w) || (text !== undefined && changed.has(trimLine(text)));
  });
}

/** The line as the tool prints it: JSHint "line N, col M, reason"; PMD "N:\tRule:\tmessage"; PyScent its message. */
/** The message with the line it names filled in. */
export function messageOf(w: AnalyzerWarning): string {
  return w.relatedLine === undefined ? w.message : w.message.replace('{relatedLine}', String(w.relatedLine));
}

export function toolLine(w: AnalyzerWarning): string {
  if (w.tool === 'JSHint') return `line ${w.line}, col ${w.column}, ${w.message}`;
  if (w.tool === 'PMD') return `${w.line}:\t${w.rule}:\t${w.message}`;
  if (w.tool === 'PyScent') return w.message;
  // lizard -w prints "file:line: warning: ..."; the linters "file:line:col: message [rule]".
  if (w.tool === 'Lizard') return `${w.line}: warning: ${w.message}`;
  return `${w.line}:${w.column}: ${messageOf(w)} [${w.rule}]`;
}

/**
 * The pseudo-reference text in the paper's form (as the study's issue pseudo-references read):
 * JSHint "line N, col M, reason"; PMD "line N, Rule:\tmessage"; PyScent the smell's message.
 */
export function paperText(w: AnalyzerWarning): string {
  if (w.tool === 'PMD') return `line ${w.line}, ${w.rule}:\t${w.message}`;
  if (w.tool === 'JSHint' || w.tool === 'PyScent') return toolLine(w);
  // The other tools in the PMD form: "line N, Rule:\tmessage".
  return `line ${w.line}, ${w.rule}:\t${messageOf(w)}`;
}

/** A plain-language form shown beside the paper's text. */
export function readableText(w: AnalyzerWarning): string {
  const where = isFileLevel(w) ? 'whole file' : w.tool === 'JSHint' ? `line ${w.line}, column ${w.column}` : `line ${w.line}`;
  const rule = w.rule ? ` ${w.rule}` : '';
  return `${messageOf(w).trim()} (${w.tool}${rule}, ${where})`;
}

export function toPseudoReference(w: AnalyzerWarning): PseudoReference {
  const ref: PseudoReference = { kind: 'issue', source: w.tool, text: paperText(w), readable: readableText(w) };
  return isFileLevel(w) ? ref : { ...ref, line: w.line };
}
