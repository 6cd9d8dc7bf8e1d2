// GuardLogStatement (bestpractices): a log call whose message or arguments cost something
// (a method call, a concatenation that is not constant) outside an `if (log.isXEnabled())`.
// Like PMD, any call named like a log level counts, whatever its receiver.
import type { SyntaxNode } from '../../syntax.ts';
import { field, named } from '../../syntax.ts';
import type { JavaContext, JavaRule, Violation } from '../context.ts';

const GUARDS: Record<string, string> = {
  trace: 'isTraceEnabled',
  debug: 'isDebugEnabled',
  info: 'isInfoEnabled|isLoggable',
  warn: 'isWarnEnabled',
  error: 'isErrorEnabled',
  log: 'isLoggable',
  finest: 'isLoggable',
  finer: 'isLoggable',
  fine: 'isLoggable',
  warning: 'isLoggable',
  severe: 'isLoggable',
};

/** `Level.FINE` → `fine` (java.util.logging's level argument). */
function julLevel(ctx: JavaContext, e: SyntaxNode | undefined): string | null {
  if (e?.type !== 'field_access') return null;
  const object = field(e, 'object');
  if (!object || !/(^|\.)Level$/.test(ctx.text(object))) return null;
  return ctx.text(field(e, 'field')!).toLowerCase();
}

/** PMD's isDirectAccess: a literal, lambda, variable, `this`, method reference, field or array access. */
function isDirectAccess(ctx: JavaContext, e: SyntaxNode | undefined): boolean {
  if (!e) return false;
  switch (e.type) {
    case 'identifier':
    case 'this':
    case 'lambda_expression':
    case 'method_reference':
    case 'string_literal':
    case 'character_literal':
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'decimal_floating_point_literal':
    case 'true':
    case 'false':
    case 'null_literal':
    case 'class_literal':
      return true;
    case 'field_access': {
      const object = field(e, 'object');
      return !object || isDirectAccess(ctx, object) || object.type === 'scoped_identifier';
    }
    case 'array_access':
      return isDirectAccess(ctx, field(e, 'array')) && isDirectAccess(ctx, field(e, 'index'));
    default:
      return false;
  }
}

const cheap = (ctx: JavaContext, e: SyntaxNode): boolean =>
  isDirectAccess(ctx, e) || ctx.isConstant(e);

export const guardLogStatement: JavaRule = {
  name: 'GuardLogStatement',
  check(ctx) {
    const out: Violation[] = [];
    for (const stmt of ctx.ofType('expression_statement')) {
      const call = named(stmt)[0];
      if (call?.type !== 'method_invocation') continue;
      const method = ctx.text(field(call, 'name')!);
      const args = named(field(call, 'arguments')!).filter((a) => !a.type.endsWith('comment'));
      const level = method === 'log' ? julLevel(ctx, args[0]) : method;
      if (!level || !(level in GUARDS) || args.length === 0) continue;
      const messageIndex = method === 'log' ? 1 : 0;
      const needsGuard = args.slice(messageIndex).some((a) => !cheap(ctx, a));
      if (!needsGuard) continue;
      // PMD looks at the two nearest enclosing ifs for a call to the matching guard method.
      let guarded = false;
      let ifs = 0;
      for (let p = stmt.parent; p && ifs < 2 && !guarded; p = p.parent) {
        if (p.type !== 'if_statement') continue;
        ifs++;
        const condition = field(p, 'condition');
        const calls = condition
          ? [
              condition,
              ...ctx
                .ofType('method_invocation')
                .filter(
                  (c) => c.startIndex >= condition.startIndex && c.endIndex <= condition.endIndex,
                ),
            ]
          : [];
        guarded = calls.some((c) => {
          if (c.type !== 'method_invocation') return false;
          const guard = ctx.text(field(c, 'name')!);
          if (!GUARDS[level].includes(guard)) return false;
          if (guard !== 'isLoggable') return true;
          return julLevel(ctx, named(field(c, 'arguments')!)[0]) === level;
        });
      }
      if (!guarded)
        out.push({ node: stmt, message: 'Logger calls should be surrounded by log level guards.' });
    }
    return out;
  },
};
