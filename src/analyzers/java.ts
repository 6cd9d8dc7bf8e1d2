// PMD 7 quickstart rules (those the Java dev rows' reference output shows) on a tree-sitter parse
// of the new file, with PMD's messages. Violations come back in line order, like PMD's report.
import type { AnalyzerWarning } from './types.ts';
import { parsePlain, type TreeSitterAssets } from './treesitter.ts';
import type { SyntaxTree } from './syntax.ts';
import { JavaContext } from './java/context.ts';
import { JAVA_RULES } from './java/rules/index.ts';
import { isSuppressed, nopmdRows } from './java/suppress.ts';
import { hasMalformedUnicodeEscape } from './java/lexical.ts';

export function javaWarnings(tree: SyntaxTree): AnalyzerWarning[] {
  // PMD reports nothing for a file it cannot lex or parse.
  if (tree.hasError || hasMalformedUnicodeEscape(tree.source)) return [];
  const ctx = new JavaContext(tree);
  const nopmd = nopmdRows(ctx);
  const out: AnalyzerWarning[] = [];
  for (const rule of JAVA_RULES) {
    for (const v of rule.check(ctx)) {
      if (isSuppressed(ctx, v.node, rule.name, nopmd)) continue;
      out.push({
        tool: 'PMD',
        rule: rule.name,
        line: v.node.row + 1,
        column: v.node.column + 1,
        message: v.message,
      });
    }
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

export async function analyzeJava(
  code: string,
  assets: TreeSitterAssets,
): Promise<AnalyzerWarning[]> {
  const tree = await parsePlain('java', code, assets);
  return tree ? javaWarnings(tree) : [];
}
