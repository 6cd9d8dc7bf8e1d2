// Empty blocks: EmptyCatchBlock (errorprone), UncommentedEmptyMethodBody and
// UncommentedEmptyConstructor (documentation).
import type { SyntaxNode } from '../../syntax.ts';
import { childOfType, field, named } from '../../syntax.ts';
import type { JavaRule, Violation } from '../context.ts';

const isComment = (n: SyntaxNode): boolean =>
  n.type === 'line_comment' || n.type === 'block_comment';
const statementsOf = (block: SyntaxNode): SyntaxNode[] => named(block).filter((c) => !isComment(c));
const hasComment = (block: SyntaxNode): boolean => named(block).some(isComment);

export const emptyCatchBlock: JavaRule = {
  name: 'EmptyCatchBlock',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('catch_clause')) {
      const body = field(c, 'body');
      const param = childOfType(c, 'catch_formal_parameter');
      const name = param && field(param, 'name') ? ctx.text(field(param, 'name')!) : '';
      // allowCommentedBlocks=false; allowExceptionNameRegex=^(ignored|expected)$
      if (body && statementsOf(body).length === 0 && !/^(ignored|expected)$/.test(name))
        out.push({ node: c, message: 'Avoid empty catch blocks' });
    }
    return out;
  },
};

export const uncommentedEmptyMethodBody: JavaRule = {
  name: 'UncommentedEmptyMethodBody',
  check(ctx) {
    const out: Violation[] = [];
    for (const m of ctx.ofType('method_declaration')) {
      const body = field(m, 'body');
      if (body && named(body).length === 0)
        out.push({ node: body, message: 'Document empty method body' });
    }
    return out;
  },
};

export const uncommentedEmptyConstructor: JavaRule = {
  name: 'UncommentedEmptyConstructor',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('constructor_declaration')) {
      if (
        ctx.modifiers(c).has('private') ||
        ctx.hasAnnotation(c, 'Inject') ||
        ctx.hasAnnotation(c, 'Autowired')
      )
        continue;
      const body = field(c, 'body');
      if (body && named(body).length === 0 && !hasComment(body))
        out.push({ node: field(c, 'name') ?? c, message: 'Document empty constructor' });
    }
    return out;
  },
};
