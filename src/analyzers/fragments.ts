// Runs one analyzer on what there is to analyze, and never lets "could not parse" read as "no issues".
// A whole file (given, or rebuilt from the old file and the patch) is analyzed as it is. A diff alone is
// analyzed hunk by hunk: each hunk's new side as it stands, else wrapped so it parses (./fragment.ts);
// a hunk that parses in no form is reported as not analyzed, with the line and the tool's reason.
import type { Language } from '../core/diff.ts';
import { diffFile, toFileLines, type NewFile } from './filter.ts';
import { fragmentWrappers, type Wrapped } from './fragment.ts';
import type { CodeLanguage } from './languages.ts';
import type { AnalyzerName, AnalyzerOutcome, AnalyzerWarning } from './types.ts';

export interface NewFileRun {
  /** On new-file lines. */
  warnings: AnalyzerWarning[];
  /** What could not be analyzed and why; absent when everything was. */
  error?: string;
  /** Hunks that had to be wrapped to parse: "hunk 1: inside a function". */
  wrapped: string[];
}

/** A syntax error the tool reported but got past (JSHint's E codes): the text did not parse as it stands. */
const parsedCleanly = (o: AnalyzerOutcome) => !o.stopped && !o.warnings.some((w) => /^E\d/.test(w.rule));

const WHOLE_FILE_HINT = 'Give the whole file (Old & new files mode, or the old file with the diff) to analyze it.';

export async function analyzeNewFile(
  tool: AnalyzerName,
  language: Language | CodeLanguage,
  file: NewFile,
  input: { diff: string },
  run: (code: string) => Promise<AnalyzerOutcome>,
): Promise<NewFileRun> {
  if (file.source !== 'diff-new-side') {
    const o = await run(file.text);
    const warnings = toFileLines(o.warnings, file);
    if (!o.stopped) return { warnings, wrapped: [] };
    return {
      warnings,
      wrapped: [],
      error: `${tool} stopped at a syntax error on line ${o.stopped.line} (${o.stopped.reason}) and read nothing after it`,
    };
  }
  const warnings: AnalyzerWarning[] = [];
  const wrapped: string[] = [];
  const failed: string[] = [];
  const hunks = diffFile(input.diff)?.hunks ?? [];
  for (const [i, h] of hunks.entries()) {
    const lines = h.lines.filter((l) => l.type !== 'del');
    if (!lines.some((l) => l.text.trim() !== '')) continue;
    const code = lines.map((l) => l.text).join('\n');
    const asIs: Wrapped = { how: 'as it stands', text: code, prefixLines: 0, lines: lines.length };
    let first: { w: Wrapped; o: AnalyzerOutcome } | null = null;
    let chosen: { w: Wrapped; o: AnalyzerOutcome } | null = null;
    for (const w of [asIs, ...fragmentWrappers(language, code)]) {
      const o = await run(w.text);
      first ??= { w, o };
      if (parsedCleanly(o)) {
        chosen = { w, o };
        break;
      }
    }
    // No clean form: the hunk as it stands, if the tool at least read it to the end.
    chosen ??= first && !first.o.stopped ? first : null;
    const label = `hunk ${i + 1} (new lines ${lines[0].newLine}–${lines[lines.length - 1].newLine})`;
    if (!chosen) {
      const at = first?.o.stopped;
      const line = at ? lines[Math.min(lines.length, Math.max(1, at.line)) - 1]?.newLine : undefined;
      failed.push(`${label} does not parse on its own${at ? `: ${at.reason}${line ? ` at line ${line}` : ''}` : ''}`);
      continue;
    }
    if (chosen.w !== asIs) wrapped.push(`hunk ${i + 1}: ${chosen.w.how}`);
    for (const w of chosen.o.warnings) {
      const k = w.line - chosen.w.prefixLines;
      // Warnings on the wrapper's own lines say nothing about the hunk; a file-level one (line 0) stays.
      if (w.line < 1) warnings.push(w);
      else if (k >= 1 && k <= chosen.w.lines) {
        const r = w.relatedLine === undefined ? undefined : w.relatedLine - chosen.w.prefixLines;
        const related = r === undefined ? {} : { relatedLine: r >= 1 && r <= chosen.w.lines ? lines[r - 1].newLine! : w.relatedLine };
        warnings.push({ ...w, ...related, line: lines[k - 1].newLine! });
      }
    }
  }
  if (!failed.length) return { warnings, wrapped };
  return { warnings, wrapped, error: `${failed.join('; ')}. ${WHOLE_FILE_HINT}` };
}
