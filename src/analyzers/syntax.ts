// A plain, immutable copy of a tree-sitter parse: the rule code walks it many times, and plain
// objects are cheaper than wasm-backed nodes and can be freed with the tree right after parsing.
import type { Tree } from 'web-tree-sitter';

export interface SyntaxNode {
  type: string;
  named: boolean;
  /** Field name in the parent (`name`, `body`, ...), or null. */
  field: string | null;
  /** 0-based row and column of the first character. */
  row: number;
  column: number;
  endRow: number;
  startIndex: number;
  endIndex: number;
  missing: boolean;
  parent: SyntaxNode | null;
  children: SyntaxNode[];
}

export interface SyntaxTree {
  root: SyntaxNode;
  source: string;
  /** True when tree-sitter had to recover from a syntax error. */
  hasError: boolean;
  /** The first syntax error, where it was found on the wasm tree before the copy (see firstSyntaxError). */
  firstError?: { line: number; reason: string } | null;
}

// Whether a node type is named depends on its type id alone: asked once per language and id, not per node.
const namedByLanguage = new WeakMap<object, Map<number, boolean>>();

export function toSyntaxTree(tree: Tree, source: string): SyntaxTree {
  const cursor = tree.walk();
  const language = tree.language;
  let namedOf = namedByLanguage.get(language);
  if (!namedOf) namedByLanguage.set(language, (namedOf = new Map()));
  const types = language.types;
  const fields = language.fields;
  // A MISSING node only comes with error recovery: a clean tree has none, so the cursor is not asked.
  const hasError = tree.rootNode.hasError;
  // Each cursor getter crosses into wasm: the fewest calls per node (one per position, not one per coordinate).
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const typeId = cursor.nodeTypeId;
    let named = namedOf.get(typeId);
    if (named === undefined) namedOf.set(typeId, (named = cursor.nodeIsNamed));
    const start = cursor.startPosition;
    return {
      type: types[typeId] || 'ERROR',
      named,
      field: fields[cursor.currentFieldId] ?? null,
      row: start.row,
      column: start.column,
      endRow: cursor.endPosition.row,
      startIndex: cursor.startIndex,
      endIndex: cursor.endIndex,
      missing: hasError && cursor.nodeIsMissing,
      parent,
      children: [],
    };
  };
  const root = make(null);
  // Iterative walk: deep expressions would overflow a recursive one.
  const stack: SyntaxNode[] = [root];
  let node = root;
  if (cursor.gotoFirstChild()) {
    for (;;) {
      const child = make(node);
      node.children.push(child);
      if (cursor.gotoFirstChild()) {
        stack.push(child);
        node = child;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || stack.length === 1) {
          cursor.delete();
          return { root, source, hasError };
        }
        stack.pop();
        node = stack[stack.length - 1];
      }
    }
  }
  cursor.delete();
  return { root, source, hasError };
}

export function textOf(tree: SyntaxTree, node: SyntaxNode): string {
  return tree.source.slice(node.startIndex, node.endIndex);
}

export function named(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c) => c.named);
}

export function field(node: SyntaxNode, name: string): SyntaxNode | undefined {
  return node.children.find((c) => c.field === name);
}

export function fields(node: SyntaxNode, name: string): SyntaxNode[] {
  return node.children.filter((c) => c.field === name);
}

export function childOfType(node: SyntaxNode, type: string): SyntaxNode | undefined {
  return node.children.find((c) => c.named && c.type === type);
}

export function childrenOfType(node: SyntaxNode, type: string): SyntaxNode[] {
  return node.children.filter((c) => c.named && c.type === type);
}

/** Whether an anonymous token (keyword, operator) is a direct child. */
export function hasToken(node: SyntaxNode, token: string): boolean {
  return node.children.some((c) => !c.named && c.type === token);
}

/** Pre-order, document order. `enter` returning false skips the node's children. */
export function walk(node: SyntaxNode, enter: (n: SyntaxNode) => boolean | void): void {
  const stack: SyntaxNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (enter(n) === false) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
}

/** Breadth-first, like Python's `ast.walk` (the order PyScent breaks ties in). */
export function walkBreadthFirst(node: SyntaxNode, visit: (n: SyntaxNode) => void): void {
  const queue: SyntaxNode[] = [node];
  for (let i = 0; i < queue.length; i++) {
    visit(queue[i]);
    queue.push(...queue[i].children);
  }
}

/** Named descendants of the given types (anonymous tokens such as the `lambda` keyword share
 * type names with nodes, so they are left out). */
export function descendants(node: SyntaxNode, type: string | string[]): SyntaxNode[] {
  const types = typeof type === 'string' ? [type] : type;
  const out: SyntaxNode[] = [];
  walk(node, (n) => {
    if (n !== node && n.named && types.includes(n.type)) out.push(n);
  });
  return out;
}

type ErrorAt = { row: number; missing: boolean; type: string; startIndex: number; endIndex: number };

function errorReason(source: string, n: ErrorAt | null): { line: number; reason: string } {
  if (!n) return { line: 1, reason: 'a syntax error' };
  return { line: n.row + 1, reason: n.missing ? `missing ${n.type}` : `a syntax error near ${JSON.stringify(source.slice(n.startIndex, Math.min(n.endIndex, n.startIndex + 20)))}` };
}

/** Where tree-sitter had to recover: the first ERROR or MISSING node (1-based line), or null for a clean parse. */
export function firstSyntaxError(tree: SyntaxTree): { line: number; reason: string } | null {
  if (!tree.hasError) return null;
  if (tree.firstError !== undefined) return tree.firstError;
  let found: SyntaxNode | null = null;
  walk(tree.root, (n) => {
    if (!found && (n.type === 'ERROR' || n.missing)) found = n;
  });
  return errorReason(tree.source, found);
}

/**
 * firstSyntaxError on the wasm tree itself, in the same pre-order, entering only the nodes that hold an error
 * (a node without one holds no ERROR or MISSING node): a tree that does not parse is often never copied.
 */
export function firstSyntaxErrorOf(tree: Tree, source: string): { line: number; reason: string } | null {
  if (!tree.rootNode.hasError) return null;
  const cursor = tree.walk();
  try {
    for (;;) {
      const type = cursor.nodeType;
      const missing = cursor.nodeIsMissing;
      if (type === 'ERROR' || missing) return errorReason(source, { row: cursor.startPosition.row, missing, type, startIndex: cursor.startIndex, endIndex: cursor.endIndex });
      if (cursor.currentNode.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return errorReason(source, null);
    }
  } finally {
    cursor.delete();
  }
}
