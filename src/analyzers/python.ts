// PyScent's code smells (paper Table 13) on a tree-sitter parse of the new file, reported as the
// CRScore pipeline's PyScent driver reports them: one summary warning per smell type, at the line
// of its worst instance, plus one per useless except handler. Runs in a worker and in Node.
import type { AnalyzerWarning } from './types.ts';
import { parsePlain, type TreeSitterAssets } from './treesitter.ts';
import { smellsOf } from './python/smells.ts';

export async function analyzePython(
  code: string,
  assets: TreeSitterAssets,
): Promise<AnalyzerWarning[]> {
  const tree = await parsePlain('python', code, assets);
  return tree ? smellsOf(tree) : [];
}
