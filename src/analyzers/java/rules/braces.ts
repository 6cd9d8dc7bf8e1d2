// ControlStatementBraces (codestyle), default properties: loops are reported on the loop, if/else
// on the unbraced branch (an `else if` is not a branch that needs braces).
import { field } from '../../syntax.ts';
import type { JavaRule, Violation } from '../context.ts';

const MESSAGE = 'This statement should have braces';

export const controlStatementBraces: JavaRule = {
  name: 'ControlStatementBraces',
  check(ctx) {
    const out: Violation[] = [];
    for (const loop of ctx.ofType(
      'while_statement',
      'for_statement',
      'enhanced_for_statement',
      'do_statement',
    )) {
      const body = field(loop, 'body');
      if (body && body.type !== 'block') out.push({ node: loop, message: MESSAGE });
    }
    for (const stmt of ctx.ofType('if_statement')) {
      for (const branch of [field(stmt, 'consequence'), field(stmt, 'alternative')]) {
        if (branch && branch.type !== 'block' && branch.type !== 'if_statement')
          out.push({ node: branch, message: MESSAGE });
      }
    }
    return out;
  },
};
