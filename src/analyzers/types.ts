// What every analyzer (JSHint, the PyScent smells, the PMD rules) reports, before it becomes a
// pseudo-reference. Pure data: the same shape in the worker, the CLI and the tests.

export type AnalyzerName = 'JSHint' | 'PyScent' | 'PMD' | 'Lizard' | LinterName;

/** The standard linter each language's rule set follows (its rule ids and messages). */
export type LinterName = 'cppcheck' | 'go vet' | 'staticcheck' | '.NET analyzers' | 'RuboCop' | 'PHPMD' | 'ESLint' | 'Pylint';

export interface AnalyzerWarning {
  tool: AnalyzerName;
  /** 1-based line in the new file. */
  line: number;
  /** 1-based column (JSHint's `character`); 1 where the tool gives none. */
  column: number;
  /** The tool's rule id: JSHint code (W033), PMD rule (UnusedLocalVariable), smell name (LongMethod). */
  rule: string;
  /** The tool's own wording; `{relatedLine}` in it stands for `relatedLine`, mapped to the file like `line`. */
  message: string;
  /** A second line the message names (cppcheck's "matches previous condition at line N"). */
  relatedLine?: number;
}

/** An analyzer's run on one text: its warnings, and where it stopped when it could not parse the text. */
export interface AnalyzerOutcome {
  warnings: AnalyzerWarning[];
  /** Set when the tool could not analyze the text (a syntax error it cannot get past): it found nothing there. */
  stopped?: { line: number; reason: string };
}
