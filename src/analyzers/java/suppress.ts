// PMD's suppressions: `@SuppressWarnings("PMD")`, `("PMD.RuleName")` (and "unused" for the
// Unused* rules) on an enclosing declaration, and a `// NOPMD` comment on the violation's line.
import type { SyntaxNode } from '../syntax.ts';
import type { JavaContext } from './context.ts';

export function isSuppressed(
  ctx: JavaContext,
  node: SyntaxNode,
  rule: string,
  nopmdRows: Set<number>,
): boolean {
  if (nopmdRows.has(node.row)) return true;
  for (let p: SyntaxNode | null = node; p; p = p.parent) {
    for (const a of ctx.annotations(p)) {
      if (ctx.annotationName(a) !== 'SuppressWarnings') continue;
      const text = ctx.text(a);
      if (text.includes('"PMD"') || text.includes(`"PMD.${rule}"`)) return true;
      if (rule.startsWith('Unused') && text.includes('"unused"')) return true;
    }
  }
  return false;
}

export function nopmdRows(ctx: JavaContext): Set<number> {
  return new Set(
    ctx
      .ofType('line_comment', 'block_comment')
      .filter((c) => ctx.text(c).includes('NOPMD'))
      .map((c) => c.row),
  );
}
