// LiteralsFirstInComparisons (bestpractices) and UseCollectionIsEmpty (bestpractices).
import type { SyntaxNode } from '../../syntax.ts';
import { field, named } from '../../syntax.ts';
import type { JavaContext, JavaRule, Violation } from '../context.ts';
import { COLLECTION_TYPES, MAP_TYPES } from './typeNames.ts';

const COMPARISONS = new Set([
  'equals',
  'equalsIgnoreCase',
  'compareTo',
  'compareToIgnoreCase',
  'contentEquals',
]);

export const literalsFirstInComparisons: JavaRule = {
  name: 'LiteralsFirstInComparisons',
  check(ctx) {
    const out: Violation[] = [];
    for (const call of ctx.ofType('method_invocation')) {
      if (!COMPARISONS.has(ctx.text(field(call, 'name')!))) continue;
      const object = field(call, 'object');
      const args = named(field(call, 'arguments')!).filter((a) => !a.type.endsWith('comment'));
      if (!object || args.length !== 1 || object.type === 'super') continue;
      if (ctx.isStringConstant(args[0]) && !ctx.isConstant(object))
        out.push({ node: call, message: 'Position literals first in String comparisons' });
    }
    return out;
  },
};

/** The declared type (simple name) of what `e` evaluates to, where the file says it. */
function typeOf(ctx: JavaContext, e: SyntaxNode): string {
  if (e.type === 'identifier') return ctx.simpleTypeName(ctx.declaredType(ctx.text(e), e));
  if (e.type === 'field_access' && field(e, 'object')?.type === 'this') {
    const name = ctx.text(field(e, 'field')!);
    const f = ctx
      .ofType('field_declaration')
      .find((d) =>
        d.children.some(
          (c) => c.type === 'variable_declarator' && ctx.text(field(c, 'name')!) === name,
        ),
      );
    return f ? ctx.simpleTypeName(field(f, 'type')) : '';
  }
  if (
    e.type === 'method_invocation' &&
    (!field(e, 'object') || field(e, 'object')!.type === 'this')
  ) {
    const name = ctx.text(field(e, 'name')!);
    const m = ctx.ofType('method_declaration').find((d) => ctx.name(d) === name);
    return m ? ctx.simpleTypeName(field(m, 'type')) : '';
  }
  return '';
}

function isSizeCall(ctx: JavaContext, e: SyntaxNode | undefined): SyntaxNode | null {
  if (e?.type !== 'method_invocation' || ctx.text(field(e, 'name')!) !== 'size') return null;
  if (named(field(e, 'arguments')!).length !== 0) return null;
  const object = field(e, 'object');
  if (!object) return null;
  const type = typeOf(ctx, object);
  return COLLECTION_TYPES.has(type) || MAP_TYPES.has(type) ? e : null;
}

const literal = (ctx: JavaContext, e: SyntaxNode | undefined, value: string): boolean =>
  e?.type === 'decimal_integer_literal' && ctx.text(e) === value;

export const useCollectionIsEmpty: JavaRule = {
  name: 'UseCollectionIsEmpty',
  check(ctx) {
    const out: Violation[] = [];
    for (const b of ctx.ofType('binary_expression')) {
      const op = b.children.find((c) => !c.named)?.type ?? '';
      const left = field(b, 'left');
      const right = field(b, 'right');
      const sizeLeft = isSizeCall(ctx, left);
      const sizeRight = isSizeCall(ctx, right);
      const flagged =
        (sizeLeft &&
          ((['==', '!='].includes(op) && literal(ctx, right, '0')) ||
            (op === '>' && literal(ctx, right, '0')) ||
            (op === '<' && literal(ctx, right, '1')) ||
            (op === '>=' && literal(ctx, right, '1')) ||
            (op === '<=' && literal(ctx, right, '0')))) ||
        (sizeRight &&
          ((['==', '!='].includes(op) && literal(ctx, left, '0')) ||
            (op === '<' && literal(ctx, left, '0')) ||
            (op === '>' && literal(ctx, left, '1')) ||
            (op === '<=' && literal(ctx, left, '1')) ||
            (op === '>=' && literal(ctx, left, '0'))));
      if (flagged)
        out.push({
          node: (sizeLeft ?? sizeRight)!,
          message:
            'Substitute calls to size() == 0 (or size() != 0, size() > 0, size() < 1) with calls to isEmpty()',
        });
    }
    return out;
  },
};
