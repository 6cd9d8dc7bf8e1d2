// Analyzer issues for many changes: JSHint / PyScent / PMD on each change's new file (given, or the old file with
// the patch applied, see src/analyzers/filter.ts), the paper's filter by default. The analyze function is injected:
// the analyzers' worker in the browser, run.ts with Node's tree-sitter assets in the CLI.
import type { AnalyzeRequest, AnalyzerResult } from '../analyzers/run';
import type { WarningFilter } from '../analyzers/filter';
import type { JshintOptionSet } from '../analyzers/jshint';
import { detectLanguage, languageFromCode, type Language } from '../core/diff';
import { CODE_LANGUAGES, resolveCodeLanguage, type CodeLanguage, type LanguageSource } from '../analyzers/languages';
import type { PseudoReference } from '../core/types';

export type AnalyzeFn = (req: AnalyzeRequest) => Promise<AnalyzerResult[]>;

export interface IssuesChangeInput {
  id: string;
  diff: string;
  lang: string;
  newFile?: string | null;
  oldCode?: string | null;
  newCode?: string | null;
}

export interface IssuesOptions<C extends IssuesChangeInput = IssuesChangeInput> {
  filter: WarningFilter;
  options: JshintOptionSet;
  signal?: AbortSignal;
  onProgress?: (p: { total: number; done: number; failed: number }) => void;
  /**
   * The change's old and new code, read just before it is analyzed (the browser's large files leave it in the file):
   * one change's code in memory at a time. Absent: the change's own oldCode and newCode.
   */
  codeOf?: (c: C) => Promise<{ oldCode: string | null; newCode: string | null }>;
}

export interface ChangeIssues {
  id: string;
  refs: PseudoReference[];
  /** No analyzer for this language (not a failure: the paper has none either). */
  noAnalyzer: boolean;
  /**
   * Analyzers that could not run or could not parse the file, with why. Never reported as "0 issues". `partial`: it
   * ran and read the file up to a syntax error it could not get past (what it read still counts), a warning only.
   */
  failed: { analyzer: string; reason: string; partial?: boolean }[];
  /** What was analyzed: the given new file, the rebuilt one, or only the diff's new side. */
  newFile?: string;
  /** The language analyzed, and where it came from (the row's lang, its file name, or the code itself). */
  language?: CodeLanguage;
  languageFrom?: LanguageSource;
}

export function changeLanguage(c: Pick<IssuesChangeInput, 'lang' | 'newFile'>): Language {
  const byName = detectLanguage(c.newFile);
  return byName !== 'unknown' ? byName : languageFromCode(c.lang);
}

/** The language a change is analyzed in: its `lang`, else its file name, else its code (a bare hunk's lines). */
export function changeCodeLanguage(c: Pick<IssuesChangeInput, 'lang' | 'newFile' | 'diff'>): { language: CodeLanguage; from: LanguageSource } | null {
  const code = c.diff.split('\n').filter((l) => /^[ +-]/.test(l) && !/^(\+\+\+|---) /.test(l)).map((l) => l.slice(1)).join('\n');
  return resolveCodeLanguage({ lang: c.lang, fileName: c.newFile, code });
}

const HAS_ANALYZER: readonly CodeLanguage[] = CODE_LANGUAGES;

/** Why an analyzer could not look at the file, or at part of it (code that does not parse): never "0 issues". */
function couldNotAnalyze(r: AnalyzerResult): string | undefined {
  return r.error ?? r.unanalyzed;
}

export async function issuesForChanges<C extends IssuesChangeInput>(
  changes: readonly C[],
  analyzeFn: AnalyzeFn,
  opts: IssuesOptions<C>,
): Promise<ChangeIssues[]> {
  const out: ChangeIssues[] = [];
  let failed = 0;
  opts.onProgress?.({ total: changes.length, done: 0, failed });
  for (const c of changes) {
    if (opts.signal?.aborted) break;
    const found = changeCodeLanguage(c);
    const language = found?.language;
    const which = found ? { language: found.language, languageFrom: found.from } : {};
    if (!language || !HAS_ANALYZER.includes(language)) {
      out.push({ id: c.id, refs: [], noAnalyzer: true, failed: [] });
    } else {
      let results: AnalyzerResult[];
      try {
        // A change whose code cannot be read fails with why, like an analyzer that could not run (never "0 issues").
        const code = opts.codeOf ? await opts.codeOf(c) : c;
        results = await analyzeFn({
          language,
          diff: c.diff,
          oldCode: code.oldCode ?? undefined,
          newCode: code.newCode ?? undefined,
          filter: opts.filter,
          options: opts.options,
        });
      } catch (e) {
        out.push({ id: c.id, refs: [], noAnalyzer: false, failed: [{ analyzer: 'analyzers', reason: (e as Error).message }], ...which });
        failed++;
        opts.onProgress?.({ total: changes.length, done: out.length, failed });
        continue;
      }
      const bad = results.flatMap((r) => {
        const why = couldNotAnalyze(r);
        return why ? [{ analyzer: r.analyzer, reason: why, ...(r.error ? {} : { partial: true }) }] : [];
      });
      if (bad.length) failed++;
      out.push({
        id: c.id,
        // What did parse still counts: an analyzer that stopped part-way keeps the issues it found before.
        refs: results.filter((r) => !r.error).flatMap((r) => r.refs),
        noAnalyzer: results.length === 0,
        failed: bad,
        newFile: results[0]?.newFile,
        ...which,
      });
    }
    opts.onProgress?.({ total: changes.length, done: out.length, failed });
  }
  return out;
}
