// What every analyzer (JSHint, the PyScent smells, the PMD rules) reports, before it becomes a
// pseudo-reference. Pure data: the same shape in the worker, the CLI and the tests.

export type AnalyzerName = 'JSHint' | 'PyScent' | 'PMD';

export interface AnalyzerWarning {
  tool: AnalyzerName;
  /** 1-based line in the new file. */
  line: number;
  /** 1-based column (JSHint's `character`); 1 where the tool gives none. */
  column: number;
  /** The tool's rule id: JSHint code (W033), PMD rule (UnusedLocalVariable), smell name (LongMethod). */
  rule: string;
  /** The tool's own wording. */
  message: string;
}
