// PyScent's code smells (paper Table 13) on a tree-sitter parse of the new file, reported as the
// CRScore pipeline's PyScent driver reports them: one summary warning per smell type, at the line
// of its worst instance, plus one per useless except handler. Runs in a worker and in Node.
import type { AnalyzerOutcome, AnalyzerWarning } from './types.ts';
import { firstSyntaxError } from './syntax.ts';
import { parsePlain, type TreeSitterAssets } from './treesitter.ts';
import { smellsOf } from './python/smells.ts';

export async function analyzePython(
  code: string,
  assets: TreeSitterAssets,
): Promise<AnalyzerWarning[]> {
  const tree = await parsePlain('python', code, assets);
  return tree ? smellsOf(tree) : [];
}

/** The smells, and where the parse failed when it did (PyScent's ast.parse would stop there). */
export async function pythonOutcome(code: string, assets: TreeSitterAssets): Promise<AnalyzerOutcome> {
  const tree = await parsePlain('python', code, assets);
  if (!tree) return { warnings: [], stopped: { line: 1, reason: 'the parser gave up' } };
  // tree-sitter accepts an indented first line; Python's ast.parse (PyScent's first step) does not.
  const first = code.split('\n').findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const indented = first >= 0 && /^[ \t]/.test(code.split('\n')[first]) ? { line: first + 1, reason: 'unexpected indent' } : null;
  const err = indented ?? firstSyntaxError(tree);
  return err ? { warnings: [], stopped: err } : { warnings: smellsOf(tree) };
}
