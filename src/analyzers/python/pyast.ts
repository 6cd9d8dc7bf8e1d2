// Python-specific views of the tree-sitter tree, named after the `ast` nodes the original tools use.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { childOfType, childrenOfType, field, hasToken, named, textOf, walk } from '../syntax.ts';

export const isFunction = (n: SyntaxNode): boolean => n.type === 'function_definition';
export const isClass = (n: SyntaxNode): boolean => n.type === 'class_definition';
/** `async def`: Python's ast calls it AsyncFunctionDef, which PyScent's `ast.FunctionDef` checks miss. */
export const isAsync = (n: SyntaxNode): boolean => hasToken(n, 'async');
export const isPlainFunction = (n: SyntaxNode): boolean => isFunction(n) && !isAsync(n);

export function nameOf(tree: SyntaxTree, n: SyntaxNode): string {
  const name = field(n, 'name');
  return name ? textOf(tree, name) : '';
}

/** The statements of a block (`body` field of def/class, or any block node). */
export function statements(block: SyntaxNode | undefined): SyntaxNode[] {
  if (!block) return [];
  return named(block).filter((n) => n.type !== 'comment');
}

export function bodyOf(n: SyntaxNode): SyntaxNode[] {
  return statements(field(n, 'body'));
}

/** A statement with decorators is wrapped; ast puts the def/class itself in the body. */
export function unwrapDecorated(n: SyntaxNode): SyntaxNode {
  return n.type === 'decorated_definition' ? (field(n, 'definition') ?? n) : n;
}

/** Functions defined directly in a class body (ast's `node.body` FunctionDefs, decorated or not). */
export function classMethods(cls: SyntaxNode): SyntaxNode[] {
  return bodyOf(cls).map(unwrapDecorated).filter(isFunction);
}

export function decoratorNames(tree: SyntaxTree, fn: SyntaxNode): string[] {
  const wrapper = fn.parent?.type === 'decorated_definition' ? fn.parent : undefined;
  if (!wrapper) return [];
  return childrenOfType(wrapper, 'decorator').map((d) => {
    const expr = named(d)[0];
    if (!expr) return '';
    // get_object_name: a call's function, an attribute's last name, a name's id.
    let e = expr;
    while (e.type === 'call') e = field(e, 'function') ?? e;
    if (e.type === 'attribute') return textOf(tree, field(e, 'attribute') ?? e);
    return textOf(tree, e);
  });
}

export interface Param {
  name: string;
  node: SyntaxNode;
}

/** `ast.arguments.args`: the positional-or-keyword parameters (after `/`, before `*`/`*args`). */
export function positionalArgs(tree: SyntaxTree, fn: SyntaxNode): Param[] {
  const params = field(fn, 'parameters');
  if (!params) return [];
  const out: Param[] = [];
  for (const p of named(params)) {
    if (p.type === 'positional_separator') {
      out.length = 0;
      continue;
    }
    if (['list_splat_pattern', 'dictionary_splat_pattern', 'keyword_separator'].includes(p.type))
      break;
    const id = p.type === 'identifier' ? p : (field(p, 'name') ?? childOfType(p, 'identifier'));
    if (id && id.type === 'identifier') out.push({ name: textOf(tree, id), node: p });
  }
  // A bare `*` is an anonymous token in some grammar versions.
  return out;
}

/** The string-literal escapes Python 3 refuses in a non-raw literal (a SyntaxError). */
function badEscape(literal: string): boolean {
  const m = /^([a-zA-Z]*)(['"])/.exec(literal);
  if (!m) return false;
  const prefix = m[1].toLowerCase();
  if (prefix.includes('r')) return false;
  const bytes = prefix.includes('b');
  const escapes = /\\(x[0-9a-fA-F]{2}|N\{[^}]*\}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g;
  for (const e of literal.matchAll(escapes)) {
    const c = e[1][0];
    if (e[1].length === 1 && 'xNuU'.includes(c) && (c === 'x' || !bytes)) return true;
  }
  return false;
}

/**
 * Python 2 code (and other Python 3 syntax errors) that tree-sitter's grammar still accepts.
 * PyScent's tools run `ast.parse` under Python 3 and report nothing for such a file.
 */
export function hasPython2Syntax(tree: SyntaxTree): boolean {
  let found = false;
  walk(tree.root, (n) => {
    if (found) return false;
    switch (n.type) {
      case 'print_statement':
      case 'exec_statement':
        found = true;
        break;
      case 'except_clause':
        found = n.children.some((c) => c.type === ',');
        break;
      case 'raise_statement':
        found = n.children.some((c) => c.type === 'expression_list');
        break;
      case 'comparison_operator':
        found = n.children.some((c) => c.type === '<>');
        break;
      case 'integer':
        found = /^0+[1-9]|[lL]$/.test(textOf(tree, n));
        break;
      case 'string': {
        const text = textOf(tree, n);
        found = text.startsWith('`') || /^(ur|ru|ub|bu)/i.test(text) || badEscape(text);
        return false;
      }
    }
    return !found;
  });
  return found;
}

/** 1-based line of a node (ast's lineno). */
export const lineOf = (n: SyntaxNode): number => n.row + 1;
