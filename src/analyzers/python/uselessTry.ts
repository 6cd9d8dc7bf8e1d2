// PyScent's useless try/except: a handler that catches everything (`except:`) or whose body is a
// lone `pass`. Like PyScent, it only looks at `try` statements at module level and directly in the
// body of module-level (non-async) functions. PyScent also meant to flag `except Exception:`, but
// compares the ast node with the string 'Exception', which is never equal: such a handler is only
// flagged when its body is `pass`. We reproduce what the tool reports.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { childrenOfType, named } from '../syntax.ts';
import { bodyOf, isPlainFunction, lineOf, statements, unwrapDecorated } from './pyast.ts';

export interface UselessHandler {
  node: SyntaxNode;
  line: number;
  reason: 'Too general exception' | 'Empty exception detected';
}

function check(tree: SyntaxTree, tryStmt: SyntaxNode, out: UselessHandler[]): void {
  for (const handler of childrenOfType(tryStmt, 'except_clause')) {
    // `except*` is ast.TryStar, which PyScent's ast.Try check skips.
    if (/^except\s*\*/.test(tree.source.slice(handler.startIndex, handler.endIndex))) return;
    const block = named(handler).find((c) => c.type === 'block');
    const caught = named(handler).filter((c) => c !== block && c.type !== 'comment');
    if (caught.length === 0) {
      out.push({ node: handler, line: lineOf(handler), reason: 'Too general exception' });
      continue;
    }
    const body = statements(block);
    if (body.length === 1 && body[0].type === 'pass_statement') {
      out.push({ node: handler, line: lineOf(handler), reason: 'Empty exception detected' });
    }
  }
}

export function uselessTryExcepts(tree: SyntaxTree): UselessHandler[] {
  const out: UselessHandler[] = [];
  for (const stmt of named(tree.root).filter((n) => n.type !== 'comment')) {
    const def = unwrapDecorated(stmt);
    if (isPlainFunction(def)) {
      for (const inner of bodyOf(def)) if (inner.type === 'try_statement') check(tree, inner, out);
    } else if (stmt.type === 'try_statement') {
      check(tree, stmt, out);
    }
  }
  return out;
}
