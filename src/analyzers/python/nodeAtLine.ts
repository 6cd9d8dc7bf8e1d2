// The driver quotes `ast.unparse(node)` for the first node (ast.walk order) starting on a line.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { textOf, walkBreadthFirst } from '../syntax.ts';
import { astorSource } from './render.ts';

const NOT_AST = new Set(['module', 'block', 'comment', 'decorated_definition']);

export function nodeAtLine(tree: SyntaxTree, line: number): SyntaxNode | undefined {
  let found: SyntaxNode | undefined;
  walkBreadthFirst(tree.root, (n) => {
    if (!found && n.named && !NOT_AST.has(n.type) && n.row === line - 1) found = n;
  });
  return found;
}

/** One-line re-print of that node; compound statements keep their source text. */
export function nodeSourceAtLine(tree: SyntaxTree, line: number): string {
  const n = nodeAtLine(tree, line);
  if (!n) return '';
  if (n.children.some((c) => c.type === 'block')) return textOf(tree, n);
  // ast.unparse, unlike astor, neither wraps a lone lambda in parentheses nor writes `lambda :`.
  const text = astorSource(tree, n).replace(/\blambda :/g, 'lambda:');
  return n.type === 'lambda' ? text.slice(1, -1) : text;
}
