// Cyclomatic complexity the way radon's ComplexityVisitor counts it (radon 6), and its ranks
// (paper Table 5). PyScent runs `radon cc -nc` and counts the blocks of rank C or worse.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { childOfType, childrenOfType, field, walk } from '../syntax.ts';
import { bodyOf, isClass, isFunction, unwrapDecorated } from './pyast.ts';

export interface Block {
  kind: 'function' | 'method' | 'class';
  node: SyntaxNode;
  name: string;
  complexity: number;
}

export function rank(cc: number): 'A' | 'B' | 'C' | 'D' | 'E' | 'F' {
  if (cc <= 5) return 'A';
  if (cc <= 10) return 'B';
  if (cc <= 20) return 'C';
  if (cc <= 30) return 'D';
  if (cc <= 40) return 'E';
  return 'F';
}

/** Decision points one node adds (radon's generic_visit), before looking at its children. */
function decisions(tree: SyntaxTree, n: SyntaxNode): number {
  switch (n.type) {
    case 'if_statement':
    case 'elif_clause':
    case 'conditional_expression':
      return 1;
    case 'try_statement': {
      const handlers =
        childrenOfType(n, 'except_clause').length + childrenOfType(n, 'except_group_clause').length;
      return handlers + (childOfType(n, 'else_clause') ? 1 : 0);
    }
    case 'boolean_operator':
      return 1;
    case 'for_statement':
    case 'while_statement':
      return 1 + (childOfType(n, 'else_clause') ? 1 : 0);
    case 'for_in_clause': {
      // A comprehension counts 1 plus its `if`s; the `if_clause`s follow their `for` as siblings.
      let ifs = 0;
      const siblings = n.parent!.children;
      for (
        let i = siblings.indexOf(n) + 1;
        i < siblings.length && siblings[i].type !== 'for_in_clause';
        i++
      ) {
        if (siblings[i].type === 'if_clause') ifs++;
      }
      return 1 + ifs;
    }
    case 'assert_statement':
      return 1;
    case 'match_statement': {
      const cases = field(n, 'body')
        ? childrenOfType(field(n, 'body')!, 'case_clause')
        : childrenOfType(n, 'case_clause');
      const wildcard = cases.some((c) => {
        const pattern = childOfType(c, 'case_pattern');
        return (
          pattern !== undefined &&
          pattern.children.length === 0 &&
          tree.source.slice(pattern.startIndex, pattern.endIndex) === '_'
        );
      });
      return Math.max(0, cases.length - (wildcard ? 1 : 0));
    }
    default:
      return 0;
  }
}

/** Complexity of the code under `root`, not descending into nested functions or classes. */
function bodyComplexity(tree: SyntaxTree, root: SyntaxNode): number {
  let cc = 0;
  walk(root, (n) => {
    if (n !== root && (isFunction(n) || isClass(n))) return false;
    cc += decisions(tree, n);
    // radon's visit_Assert does not look inside the assertion.
    if (n.type === 'assert_statement') return false;
  });
  return cc;
}

function functionComplexity(tree: SyntaxTree, fn: SyntaxNode): number {
  const body = field(fn, 'body');
  return 1 + (body ? bodyComplexity(tree, body) : 0);
}

const nameOf = (tree: SyntaxTree, n: SyntaxNode): string => {
  const name = field(n, 'name');
  return name ? tree.source.slice(name.startIndex, name.endIndex) : '';
};

/**
 * radon's blocks: functions and classes not nested in another function or class (they may sit
 * inside module-level if/try), and each such class's methods. Closures and inner classes are
 * not blocks of their own.
 */
export function complexityBlocks(tree: SyntaxTree): Block[] {
  const functions: Block[] = [];
  const classes: Block[][] = [];
  walk(tree.root, (n) => {
    if (isFunction(n)) {
      functions.push({
        kind: 'function',
        node: n,
        name: nameOf(tree, n),
        complexity: functionComplexity(tree, n),
      });
      return false;
    }
    if (isClass(n)) {
      classes.push(classBlocks(tree, n));
      return false;
    }
  });
  return [...functions, ...classes.flat()];
}

function classBlocks(tree: SyntaxTree, cls: SyntaxNode): Block[] {
  const name = nameOf(tree, cls);
  const methods: Block[] = [];
  let real = 1;
  for (const stmt of bodyOf(cls)) {
    const child = unwrapDecorated(stmt);
    // Methods are the defs reachable from the body without crossing another def or class.
    walk(child, (n) => {
      if (isFunction(n)) {
        const cc = functionComplexity(tree, n);
        methods.push({
          kind: 'method',
          node: n,
          name: `${name}.${nameOf(tree, n)}`,
          complexity: cc,
        });
        real += cc;
        return false;
      }
      if (isClass(n)) return false;
      real += decisions(tree, n);
      if (n.type === 'assert_statement') return false;
    });
  }
  // radon's Class.complexity: the average over methods, plus one when there are several.
  const complexity = methods.length
    ? Math.trunc(real / methods.length) + (methods.length > 1 ? 1 : 0)
    : real;
  return [{ kind: 'class', node: cls, name, complexity }, ...methods];
}
