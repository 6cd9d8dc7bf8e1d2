// PMD 7 quickstart rules (those the Java dev rows' reference output shows) on a tree-sitter parse
// of the new file, with PMD's messages. Violations come back in line order, like PMD's report.
import type { AnalyzerOutcome, AnalyzerWarning } from './types.ts';
import { parsePlain, type TreeSitterAssets } from './treesitter.ts';
import { firstSyntaxError, walk, type SyntaxNode, type SyntaxTree } from './syntax.ts';
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

/** PMD's violations, and where the parse failed when it did (PMD reports nothing for such a file). */
export async function javaOutcome(code: string, assets: TreeSitterAssets): Promise<AnalyzerOutcome> {
  const tree = await parsePlain('java', code, assets);
  if (!tree) return { warnings: [], stopped: { line: 1, reason: 'the parser gave up' } };
  const err = firstSyntaxError(tree) ?? outsideDeclarations(tree) ?? (hasMalformedUnicodeEscape(tree.source) ? { line: 1, reason: 'a malformed \\u escape' } : null);
  return err ? { warnings: [], stopped: err } : { warnings: javaWarnings(tree) };
}

const TOP_LEVEL = /^(package_declaration|import_declaration|module_declaration|\w+_declaration|line_comment|block_comment)$/;

/** Statement keywords: `return n;` in a class body parses as a field of type "return". */
const KEYWORDS = new Set(['return', 'throw', 'break', 'continue', 'if', 'else', 'for', 'while', 'do', 'switch', 'try', 'catch', 'finally', 'new', 'assert', 'yield', 'case', 'default']);
const typeText = (tree: SyntaxTree, decl: SyntaxNode) => {
  const t = decl.children.find((c) => c.field === 'type');
  return t ? tree.source.slice(t.startIndex, t.endIndex) : '';
};

/** tree-sitter-java accepts bare statements at the top; javac (and PMD) want a compilation unit. */
function outsideDeclarations(tree: SyntaxTree): { line: number; reason: string } | null {
  const stray = tree.root.children.find((c) => c.named && !TOP_LEVEL.test(c.type));
  if (stray) return { line: stray.row + 1, reason: `a ${stray.type.replace(/_/g, ' ')} outside any class` };
  // It also takes a statement straight in a class body, outside any method.
  let loose: SyntaxNode | undefined;
  walk(tree.root, (n) => {
    if (loose) return false;
    if (n.type === 'class_body' || n.type === 'enum_body_declarations' || n.type === 'interface_body')
      loose = n.children.find((c) => c.type.endsWith('_statement') || (c.type === 'field_declaration' && KEYWORDS.has(typeText(tree, c))));
  });
  return loose ? { line: loose.row + 1, reason: `a ${loose.type.replace(/_/g, ' ')} outside any method` } : null;
}
