// The five smells PyScent takes from pylint's design checker (pylint --disable=E,W,C,F,I, default
// options): R0915 too-many-statements (long method), R0913 too-many-arguments (long parameter list),
// R0912 too-many-branches (long branch), R0902 too-many-instance-attributes and R0904
// too-many-public-methods. Counting follows pylint 2.x's MisdesignChecker, quirks included.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { childOfType, childrenOfType, field, named, textOf, walk } from '../syntax.ts';
import {
  bodyOf,
  classMethods,
  decoratorNames,
  isAsync,
  isClass,
  isFunction,
  positionalArgs,
  statements,
  unwrapDecorated,
} from './pyast.ts';

export const MAX_STATEMENTS = 50;
/** The paper's n (Table 13: "more than n parameters, n = 6"); pylint's own default is 5. */
export const MAX_ARGS = 6;
export const MAX_BRANCHES = 12;
export const MAX_ATTRIBUTES = 7;
export const MAX_PUBLIC_METHODS = 20;
const IGNORED_ARGUMENT = /^(_.*|ignored_|unused_)/;

export interface Finding {
  node: SyntaxNode;
  metric: number;
}

const SIMPLE_STATEMENTS = new Set([
  'expression_statement',
  'import_statement',
  'import_from_statement',
  'future_import_statement',
  'pass_statement',
  'break_statement',
  'continue_statement',
  'raise_statement',
  'assert_statement',
  'delete_statement',
  'global_statement',
  'nonlocal_statement',
  'print_statement',
  'exec_statement',
  'type_alias_statement',
  'with_statement',
  'match_statement',
]);

const isExceptStar = (tree: SyntaxTree, c: SyntaxNode): boolean =>
  /^except\s*\*/.test(textOf(tree, c));

/** `else:` holding a lone `if` parses, in ast, exactly like an `elif`: pylint does not count it. */
function elseCounts(elseClause: SyntaxNode | undefined): boolean {
  if (!elseClause) return false;
  const body = statements(field(elseClause, 'body') ?? childOfType(elseClause, 'block'));
  return !(body.length === 1 && body[0].type === 'if_statement');
}

/** Branches pylint adds for one if/elif/try/for/while node (0 for anything else). */
function branchesOf(tree: SyntaxTree, n: SyntaxNode): number {
  switch (n.type) {
    case 'if_statement': {
      const elifs = childrenOfType(n, 'elif_clause');
      return 1 + (elifs.length === 0 && elseCounts(childOfType(n, 'else_clause')) ? 1 : 0);
    }
    case 'elif_clause': {
      const parent = n.parent!;
      const elifs = childrenOfType(parent, 'elif_clause');
      const last = elifs[elifs.length - 1] === n;
      return 1 + (last && elseCounts(childOfType(parent, 'else_clause')) ? 1 : 0);
    }
    case 'try_statement': {
      const handlers = childrenOfType(n, 'except_clause').concat(
        childrenOfType(n, 'except_group_clause'),
      );
      if (handlers.some((h) => h.type === 'except_group_clause' || isExceptStar(tree, h))) return 0;
      const finallyBranches = childOfType(n, 'finally_clause') ? 2 : 0;
      if (handlers.length === 0) return finallyBranches;
      return handlers.length + (childOfType(n, 'else_clause') ? 1 : 0) + finallyBranches;
    }
    case 'for_statement':
    case 'while_statement':
      if (isAsync(n)) return 0;
      return 1 + (childOfType(n, 'else_clause') ? 1 : 0);
    default:
      return 0;
  }
}

/** What one node adds to every enclosing function's statement count. */
function statementsOf(tree: SyntaxTree, n: SyntaxNode): number {
  if (!n.named) return 0;
  if (SIMPLE_STATEMENTS.has(n.type)) return 1;
  switch (n.type) {
    case 'if_statement':
    case 'elif_clause':
      return branchesOf(tree, n);
    case 'try_statement': {
      const star =
        childrenOfType(n, 'except_clause').some((h) => isExceptStar(tree, h)) ||
        childOfType(n, 'except_group_clause');
      return star ? 1 : branchesOf(tree, n);
    }
    case 'except_clause':
    case 'except_group_clause':
      return 1;
    case 'for_statement':
      // pylint's visit_for covers only sync loops; `async for` falls to visit_default.
      return isAsync(n) ? 1 : 0;
    default:
      return 0;
  }
}

/** astroid keeps a def's or class's docstring out of its body, so pylint never counts it. */
function isDocstring(n: SyntaxNode): boolean {
  if (n.type !== 'expression_statement') return false;
  const block = n.parent;
  const owner = block?.parent;
  if (!block || block.type !== 'block' || !owner || !(isFunction(owner) || isClass(owner)))
    return false;
  if (statements(block)[0] !== n) return false;
  const expr = named(n);
  return expr.length === 1 && (expr[0].type === 'string' || expr[0].type === 'concatenated_string');
}

export function statementCount(tree: SyntaxTree, fn: SyntaxNode): number {
  let count = 1;
  const body = field(fn, 'body');
  if (body) walk(body, (n) => void (count += isDocstring(n) ? 0 : statementsOf(tree, n)));
  return count;
}

export function branchCount(tree: SyntaxTree, fn: SyntaxNode): number {
  let count = 0;
  const body = field(fn, 'body');
  if (!body) return 0;
  walk(body, (n) => {
    // Branches belong to the innermost scope: nested defs, classes and lambdas have their own.
    if (n !== body && (isFunction(n) || isClass(n) || n.type === 'lambda')) return false;
    count += branchesOf(tree, n);
  });
  return count;
}

/** Functions in pylint's message order for leave-time checks: a nested def closes first. */
function functionsPostOrder(root: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const visit = (n: SyntaxNode): void => {
    for (const c of n.children) visit(c);
    if (isFunction(n)) out.push(n);
  };
  visit(root);
  return out;
}

function all(root: SyntaxNode, pred: (n: SyntaxNode) => boolean): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  walk(root, (n) => void (pred(n) && out.push(n)));
  return out;
}

export function longMethods(tree: SyntaxTree): Finding[] {
  return functionsPostOrder(tree.root)
    .map((node) => ({ node, metric: statementCount(tree, node) }))
    .filter((f) => f.metric > MAX_STATEMENTS);
}

export function longBranches(tree: SyntaxTree): Finding[] {
  return functionsPostOrder(tree.root)
    .map((node) => ({ node, metric: branchCount(tree, node) }))
    .filter((f) => f.metric > MAX_BRANCHES);
}

export function longParameterLists(tree: SyntaxTree): Finding[] {
  const out: Finding[] = [];
  for (const fn of all(tree.root, isFunction)) {
    const args = positionalArgs(tree, fn);
    const counted = args.filter((a) => !IGNORED_ARGUMENT.test(a.name)).length;
    // pylint compares without the ignored names but reports them all.
    if (counted > MAX_ARGS) out.push({ node: fn, metric: args.length });
  }
  return out;
}

/** Targets that bind `obj.attr` in an assignment-like position. */
function assignedAttributes(tree: SyntaxTree, root: SyntaxNode, self: string): string[] {
  const names: string[] = [];
  const targetAttrs = (t: SyntaxNode | undefined): void => {
    if (!t) return;
    if (t.type === 'attribute') {
      const obj = field(t, 'object');
      const attr = field(t, 'attribute');
      if (obj?.type === 'identifier' && textOf(tree, obj) === self && attr)
        names.push(textOf(tree, attr));
      return;
    }
    if (
      [
        'pattern_list',
        'tuple_pattern',
        'list_pattern',
        'tuple',
        'list',
        'parenthesized_expression',
        'list_splat_pattern',
        'as_pattern_target',
      ].includes(t.type)
    ) {
      for (const c of named(t)) targetAttrs(c);
    }
  };
  walk(root, (n) => {
    if (n !== root && isClass(n)) return false;
    if (
      n.type === 'assignment' ||
      n.type === 'augmented_assignment' ||
      n.type === 'for_statement' ||
      n.type === 'for_in_clause'
    )
      targetAttrs(field(n, 'left'));
    if (n.type === 'as_pattern') targetAttrs(field(n, 'alias'));
  });
  return names;
}

/** astroid's instance_attrs: `self.x` bound in any method whose first argument is the instance. */
export function instanceAttributes(tree: SyntaxTree, cls: SyntaxNode): string[] {
  const attrs = new Set<string>();
  for (const fn of classMethods(cls)) {
    const decorators = decoratorNames(tree, fn);
    if (decorators.includes('staticmethod') || decorators.includes('classmethod')) continue;
    const params = field(fn, 'parameters');
    const first = params ? named(params)[0] : undefined;
    const id = first?.type === 'identifier' ? first : first ? field(first, 'name') : undefined;
    if (!id || id.type !== 'identifier') continue;
    const body = field(fn, 'body');
    if (body) for (const a of assignedAttributes(tree, body, textOf(tree, id))) attrs.add(a);
  }
  return [...attrs];
}

export function publicMethodCount(tree: SyntaxTree, cls: SyntaxNode): number {
  const names = new Set<string>();
  walk(field(cls, 'body') ?? cls, (n) => {
    if (isClass(n) && n !== cls) return false;
    if (isFunction(n)) {
      const name = textOf(tree, field(n, 'name')!);
      if (!name.startsWith('_')) names.add(name);
      return false;
    }
  });
  return names.size;
}

export function manyAttributes(tree: SyntaxTree): Finding[] {
  return all(tree.root, isClass)
    .map((node) => ({ node, metric: instanceAttributes(tree, node).length }))
    .filter((f) => f.metric > MAX_ATTRIBUTES);
}

export function manyMethods(tree: SyntaxTree): Finding[] {
  // leave_classdef: an inner class is reported before its outer class.
  const post: SyntaxNode[] = [];
  const visit = (n: SyntaxNode): void => {
    for (const c of n.children) visit(c);
    if (isClass(n)) post.push(n);
  };
  visit(tree.root);
  return post
    .map((node) => ({ node, metric: publicMethodCount(tree, node) }))
    .filter((f) => f.metric > MAX_PUBLIC_METHODS);
}

/** PyScent's listing for the many-attributes message: `X.attr = ...` assignments directly in __init__. */
export function initAssignedAttributes(tree: SyntaxTree, cls: SyntaxNode): string[] {
  const init = classMethods(cls).find(
    (f) => !isAsync(f) && textOf(tree, field(f, 'name')!) === '__init__',
  );
  if (!init) return [];
  const out: string[] = [];
  for (const stmt of bodyOf(init)) {
    if (stmt.type !== 'expression_statement') continue;
    let a: SyntaxNode | undefined = named(stmt)[0];
    // ast.Assign only (no annotation, no augmented), every target of a chain.
    while (a?.type === 'assignment' && !field(a, 'type')) {
      const left = field(a, 'left');
      if (left?.type === 'attribute') out.push(textOf(tree, field(left, 'attribute')!));
      const right = field(a, 'right');
      a = right?.type === 'assignment' ? right : undefined;
    }
  }
  return out;
}

/** Methods in the class body (not nested blocks) with public names, for the many-methods message. */
export function publicMethodNames(tree: SyntaxTree, cls: SyntaxNode): string[] {
  return bodyOf(cls)
    .map(unwrapDecorated)
    .filter((n) => isFunction(n) && !isAsync(n))
    .map((n) => textOf(tree, field(n, 'name')!))
    .filter((name) => !name.startsWith('_'));
}
