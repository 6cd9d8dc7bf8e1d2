// PyScent's long lambda (> 60 characters) and long list comprehension (> 72 characters): the
// length of astor's re-print of the node, counted over ast.walk (breadth-first) order.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { walkBreadthFirst } from '../syntax.ts';
import { astorLength, astorSource } from './render.ts';

export const LAMBDA_LIMIT = 60;
export const LIST_COMP_LIMIT = 72;

export interface LongExpression {
  node: SyntaxNode;
  line: number;
  length: number;
}

function longOfType(tree: SyntaxTree, type: string, limit: number): LongExpression[] {
  const out: LongExpression[] = [];
  walkBreadthFirst(tree.root, (n) => {
    if (n.named && n.type === type) {
      const length = astorLength(astorSource(tree, n));
      if (length > limit) out.push({ node: n, line: n.row + 1, length });
    }
  });
  return out;
}

export const longLambdas = (tree: SyntaxTree): LongExpression[] =>
  longOfType(tree, 'lambda', LAMBDA_LIMIT);
export const longListComprehensions = (tree: SyntaxTree): LongExpression[] =>
  longOfType(tree, 'list_comprehension', LIST_COMP_LIMIT);

/** PyScent reports the first of the longest (a strictly greater length replaces the worst). */
export function longest(found: LongExpression[]): LongExpression | undefined {
  let worst: LongExpression | undefined;
  for (const f of found) if (!worst || f.length > worst.length) worst = f;
  return worst;
}
