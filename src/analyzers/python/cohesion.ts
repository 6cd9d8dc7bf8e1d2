// Class cohesion as mschwager/cohesion computes it (PyScent runs `cohesion --files` and flags a
// class whose "Total" is below 30% and not 0): for each method, the share of the class's
// variables it uses through `self`, averaged over the methods.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { field, named, textOf, walk } from '../syntax.ts';
import { bodyOf, isClass, isPlainFunction, unwrapDecorated } from './pyast.ts';

export const COHESION_LIMIT = 30;

export interface ClassCohesion {
  node: SyntaxNode;
  name: string;
  /** Percentage rounded to 2 decimals, 0 where the class has no variables or no methods. */
  percentage: number;
}

/** cohesion's get_object_name: follow call→func, attribute→attr, subscript→value to a name. */
function objectName(tree: SyntaxTree, n: SyntaxNode | undefined): string | null {
  while (n) {
    switch (n.type) {
      case 'identifier':
        return textOf(tree, n);
      case 'attribute':
        n = field(n, 'attribute');
        break;
      case 'call':
        n = field(n, 'function');
        break;
      case 'subscript':
        n = field(n, 'value');
        break;
      default:
        return null;
    }
  }
  return null;
}

/** `self.x` attributes under `root` whose name is not also called somewhere under `root`. */
function instanceVariables(tree: SyntaxTree, root: SyntaxNode): string[] {
  const attrs: string[] = [];
  const called = new Set<string>();
  walk(root, (n) => {
    if (n.type === 'attribute') {
      const obj = field(n, 'object');
      if (obj?.type === 'identifier' && textOf(tree, obj) === 'self')
        attrs.push(textOf(tree, field(n, 'attribute')!));
    } else if (n.type === 'call') {
      const name = objectName(tree, n);
      if (name !== null) called.add(name);
    }
  });
  return attrs.filter((a) => !called.has(a));
}

/** Targets of the plain assignments in the class body (ast.Assign: no annotation). */
function classVariables(tree: SyntaxTree, cls: SyntaxNode): string[] {
  const out: string[] = [];
  for (const stmt of bodyOf(cls)) {
    if (stmt.type !== 'expression_statement') continue;
    let a: SyntaxNode | undefined = named(stmt)[0];
    while (a?.type === 'assignment' && !field(a, 'type')) {
      const name = objectName(tree, field(a, 'left'));
      if (name !== null) out.push(name);
      const right = field(a, 'right');
      a = right?.type === 'assignment' ? right : undefined;
    }
  }
  return out;
}

export function classCohesions(tree: SyntaxTree): ClassCohesion[] {
  // cohesion keys its results by class name: a later class of the same name replaces the earlier.
  const byName = new Map<string, ClassCohesion>();
  const classes: SyntaxNode[] = [];
  walk(tree.root, (n) => void (isClass(n) && classes.push(n)));
  for (const cls of classes) {
    const name = textOf(tree, field(cls, 'name')!);
    const variables = new Set([...classVariables(tree, cls), ...instanceVariables(tree, cls)]);
    const methods = new Map<string, SyntaxNode>();
    for (const stmt of bodyOf(cls)) {
      const fn = unwrapDecorated(stmt);
      if (isPlainFunction(fn)) methods.set(textOf(tree, field(fn, 'name')!), fn);
    }
    let used = 0;
    for (const fn of methods.values()) used += new Set(instanceVariables(tree, fn)).size;
    const total = variables.size * methods.size;
    const percentage = total ? Math.round((used / total) * 100 * 100) / 100 : 0;
    byName.set(name, { node: cls, name, percentage });
  }
  return [...byName.values()];
}

export function lowCohesionClasses(tree: SyntaxTree): ClassCohesion[] {
  return classCohesions(tree).filter((c) => c.percentage < COHESION_LIMIT && c.percentage !== 0);
}
