// Language-neutral detectors over a tree-sitter parse, read through each language's table (./config.ts):
// what the linters' rules look for (a self-assignment, a comparison of a thing with itself, a repeated
// else-if condition, an empty catch, a switch without default, goto, an unused local, a TODO comment, a long
// line). The rule sets (./ruleSets.ts) give each finding its linter's rule id and message.
import { field, textOf, walk, type SyntaxNode, type SyntaxTree } from '../syntax.ts';
import type { LangConfig } from './config.ts';
import { functionName } from './config.ts';

export interface Finding {
  node: SyntaxNode;
  /** What the message names (a variable, an operator, a function, a line's length). */
  subject?: string;
  extra?: string;
  /** A second line the message names (1-based). */
  related?: number;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const unparen = (s: string) => {
  let t = squash(s);
  while (/^\(.*\)$/.test(t) && balanced(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t;
};
function balanced(s: string): boolean {
  let d = 0;
  for (const c of s) {
    if (c === '(') d++;
    else if (c === ')' && --d < 0) return false;
  }
  return d === 0;
}

function nodesOf(tree: SyntaxTree, types: ReadonlySet<string>): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  walk(tree.root, (n) => {
    if (n.named && types.has(n.type)) out.push(n);
  });
  return out;
}

/** The operands and operator of a binary node (fields left/right, or Python's bare children). */
export function binaryParts(tree: SyntaxTree, n: SyntaxNode): { left: SyntaxNode; op: string; right: SyntaxNode } | null {
  const left = field(n, 'left') ?? n.children.find((c) => c.named);
  const right = field(n, 'right') ?? [...n.children].reverse().find((c) => c.named);
  if (!left || !right || left === right) return null;
  const opNode = field(n, 'operator') ?? n.children.find((c) => !c.named && c.startIndex >= left.endIndex && c.endIndex <= right.startIndex);
  if (!opNode) return null;
  // Python chains (a < b < c) are one node: only a plain two-operand form is read.
  if (n.children.filter((c) => c.named).length > 2 && !field(n, 'left')) return null;
  return { left, op: squash(textOf(tree, opNode)), right };
}

const ASSIGN_OPS = new Set(['=', ':=']);

export function selfAssignments(tree: SyntaxTree, cfg: LangConfig): Finding[] {
  return nodesOf(tree, cfg.assignments).flatMap((n) => {
    const left = field(n, 'left');
    const right = field(n, 'right');
    const op = n.children.find((c) => !c.named && left && right && c.startIndex >= left.endIndex && c.endIndex <= right.startIndex);
    if (!left || !right || (op && !ASSIGN_OPS.has(op.type))) return [];
    // `a = (a)` is the same assignment: the linters compare the expressions, not their parentheses.
    const l = unparen(textOf(tree, left));
    return l !== '' && l === unparen(textOf(tree, right)) && !/[(]/.test(l) ? [{ node: n, subject: l }] : [];
  });
}

export const COMPARISONS = new Set(['==', '!=', '===', '!==', '<', '>', '<=', '>=', '&&', '||', 'and', 'or', 'is', 'is not']);

export function selfComparisons(tree: SyntaxTree, cfg: LangConfig, ops: ReadonlySet<string> = COMPARISONS): Finding[] {
  return nodesOf(tree, cfg.binaries).flatMap((n) => {
    const p = binaryParts(tree, n);
    if (!p || !ops.has(p.op)) return [];
    const l = squash(textOf(tree, p.left));
    // A call may differ from itself (f() == f() reads twice): only side-effect-free operands count. Parentheses
    // that group (`(a + b) != (a + b)`) are no call: a call is a name, `]` or `)` followed by `(`.
    return l === squash(textOf(tree, p.right)) && !/[\w\])]\s*\(|\+\+|--/.test(l) ? [{ node: n, subject: p.op, extra: l }] : [];
  });
}

function condition(n: SyntaxNode): SyntaxNode | undefined {
  return field(n, 'condition');
}

/** A node's tokens joined by one space: `a==1` and `a == 1` read the same, as the linters compare tokens. */
function tokensOf(tree: SyntaxTree, n: SyntaxNode): string {
  const out: string[] = [];
  walk(n, (c) => {
    if (c.children.length === 0 && c.endIndex > c.startIndex) out.push(textOf(tree, c));
  });
  return out.join(' ');
}

/** An else-if chain's links after `head`: else-if clauses and `else { if … }` written as one chain. */
function chainLinks(n: SyntaxNode, cfg: LangConfig): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const alts = n.children.filter((c) => c.field === 'alternative' || cfg.elseIfs.has(c.type));
  for (const alt of alts) {
    if (cfg.ifs.has(alt.type) || cfg.elseIfs.has(alt.type)) {
      out.push(alt, ...chainLinks(alt, cfg));
      continue;
    }
    // else_clause holding a single if (C, JavaScript, PHP's `else if`).
    const inner = alt.children.filter((c) => c.named);
    const body = field(alt, 'body');
    const only = body && cfg.ifs.has(body.type) ? body : inner.length === 1 && cfg.ifs.has(inner[0].type) ? inner[0] : undefined;
    if (only) out.push(only, ...chainLinks(only, cfg));
  }
  return out;
}

/** A condition that repeats an earlier one of the same if-else-if chain; `extra` is the earlier one's line. */
export function duplicateConditions(tree: SyntaxTree, cfg: LangConfig): Finding[] {
  const inChain = new Set<SyntaxNode>();
  const out: Finding[] = [];
  for (const head of nodesOf(tree, cfg.ifs)) {
    if (inChain.has(head)) continue;
    const links = chainLinks(head, cfg);
    links.forEach((l) => inChain.add(l));
    const seen = new Map<string, SyntaxNode>();
    for (const n of [head, ...links]) {
      const c = condition(n);
      if (!c) continue;
      const key = unparen(tokensOf(tree, c));
      const first = seen.get(key);
      if (first) out.push({ node: c, subject: key, related: first.row + 1 });
      else seen.set(key, c);
    }
  }
  return out;
}

/** if / else with the same code in both branches. */
export function duplicateBranches(tree: SyntaxTree, cfg: LangConfig): Finding[] {
  return nodesOf(tree, cfg.ifs).flatMap((n) => {
    const then = field(n, 'consequence') ?? field(n, 'body');
    const alt = field(n, 'alternative');
    if (!then || !alt || alt.type !== 'else_clause') return [];
    const elseBody = field(alt, 'body') ?? alt.children.find((c) => c.named);
    if (!elseBody || cfg.ifs.has(elseBody.type)) return [];
    const a = squash(textOf(tree, then));
    return a.length > 2 && a === squash(textOf(tree, elseBody)) ? [{ node: n }] : [];
  });
}

const isComment = (cfg: LangConfig) => (c: SyntaxNode) => cfg.comments.has(c.type);

/** The block a catch/rescue/except runs. */
function handlerBody(n: SyntaxNode): SyntaxNode | undefined {
  return field(n, 'body') ?? n.children.find((c) => c.type === 'block' || c.type === 'compound_statement' || c.type === 'then');
}

/** Catch clauses that do nothing; `extra` is 'comment' when a comment is all they hold. */
export function emptyCatches(tree: SyntaxTree, cfg: LangConfig): Finding[] {
  return nodesOf(tree, cfg.catches).flatMap((n) => {
    const body = handlerBody(n);
    const stmts = (body ? body.children : n.children.filter((c) => c.field !== 'variable' && c.field !== 'exceptions')).filter((c) => c.named && c.type !== 'exception_variable' && c.type !== 'exceptions');
    const code = stmts.filter((c) => !isComment(cfg)(c));
    if (code.length) return [];
    // Ruby: a rescue whose statements follow it in the begin body is not empty.
    if (n.type === 'rescue' && !body && n.parent && n.parent.children.indexOf(n) < n.parent.children.length - 1) {
      const after = n.parent.children.slice(n.parent.children.indexOf(n) + 1).filter((c) => c.named && c.type !== 'else' && c.type !== 'ensure');
      if (after.length) return [];
    }
    return [{ node: n, extra: stmts.length ? 'comment' : undefined }];
  });
}

/** A switch with no default branch (`default:`, a `switch_default`, Ruby's `else`). */
export function switchesWithoutDefault(tree: SyntaxTree, cfg: LangConfig): Finding[] {
  return nodesOf(tree, cfg.switches).flatMap((n) => {
    let has = false;
    walk(n, (c) => {
      if (c !== n && cfg.switches.has(c.type)) return false;
      if (c.type === 'switch_default' || c.type === 'default_statement' || c.type === 'default_case' || (c.named && c.type === 'else' && n.type === 'case') || (!c.named && c.type === 'default')) has = true;
    });
    return has ? [] : [{ node: n }];
  });
}

export function nodesOfType(tree: SyntaxTree, ...types: string[]): Finding[] {
  return nodesOf(tree, new Set(types)).map((node) => ({ node }));
}

/**
 * Comments holding TODO, FIXME or XXX; `subject` is the comment without its markers, `extra` the keyword.
 * `pylint`: as pylint's fixme reads them, the note right after a `#` and followed by `:`, a space or the end.
 */
export function todoComments(tree: SyntaxTree, cfg: LangConfig, mode: 'anywhere' | 'pylint' = 'anywhere'): Finding[] {
  return nodesOf(tree, cfg.comments).flatMap((n) => {
    const text = textOf(tree, n);
    const m = mode === 'pylint' ? /#\s*(TODO|FIXME|XXX)(?=:|\s|$)/i.exec(`#${text.replace(/^#/, '').trimStart()}`) : /\b(TODO|FIXME|XXX)\b/i.exec(text);
    if (!m) return [];
    const body = text.replace(/^(\/\/+|\/\*+|#+)\s*/, '').replace(/\s*\*+\/$/, '').split('\n')[0].trim();
    return [{ node: n, subject: body, extra: m[1] }];
  });
}

/** Lines longer than `max` characters; `subject` is the length. Lines are the source's own. */
export function longLines(tree: SyntaxTree, max: number, ignore?: RegExp): { line: number; length: number }[] {
  return tree.source.split('\n').flatMap((l, i) => ([...l].length > max && !ignore?.test(l) ? [{ line: i + 1, length: [...l].length }] : []));
}

/** The real functions of the tree: a wrapper the fragment code added (named __hunk__) is not one. */
export function functionsOf(tree: SyntaxTree, cfg: LangConfig): SyntaxNode[] {
  return nodesOf(tree, cfg.functions).filter((f) => !/__hunk__|Hunk__/.test(functionName(tree, f)));
}

/** The function a node lies in, or null. */
export function enclosingFunction(n: SyntaxNode, cfg: LangConfig): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (cfg.functions.has(p.type)) return p;
  return null;
}

/** A declared local: the name's node and whether the declaration gives it a value. */
export interface Local {
  name: SyntaxNode;
  initialized: boolean;
  /** The declaring node (for the warning's line). */
  node: SyntaxNode;
}

function declaratorName(d: SyntaxNode | undefined): SyntaxNode | undefined {
  while (d && d.type !== 'identifier') {
    if (d.type === 'function_declarator') return undefined;
    d = field(d, 'declarator');
  }
  return d;
}

/** The locals declared in `fn` (not in nested functions), by the language's declaration nodes. */
export function declaredLocals(_tree: SyntaxTree, fn: SyntaxNode, cfg: LangConfig): Local[] {
  const out: Local[] = [];
  walk(fn, (n) => {
    if (n !== fn && cfg.functions.has(n.type)) return false;
    if (!cfg.declarations.has(n.type)) return;
    if (n.type === 'declaration') {
      // C and C++: `int x;`, `int x = 1, *p;`
      for (const d of n.children.filter((c) => c.field === 'declarator')) {
        const name = declaratorName(d.type === 'init_declarator' ? field(d, 'declarator') : d);
        if (name) out.push({ name, initialized: d.type === 'init_declarator', node: n });
      }
    } else if (n.type === 'short_var_declaration') {
      const left = field(n, 'left');
      for (const id of left?.children.filter((c) => c.type === 'identifier') ?? []) out.push({ name: id, initialized: true, node: n });
    } else if (n.type === 'var_spec') {
      const init = !!field(n, 'value');
      for (const id of n.children.filter((c) => c.field === 'name')) out.push({ name: id, initialized: init, node: n });
    } else if (n.type === 'variable_declarator') {
      const name = field(n, 'name');
      if (name?.type === 'identifier') out.push({ name, initialized: !!field(n, 'value') || n.children.filter((c) => c.named).length > 1, node: n });
    }
  });
  return out;
}

/** How often each identifier text occurs in `fn` (nested functions included: a closure may read it). */
export function identifierCounts(tree: SyntaxTree, fn: SyntaxNode, cfg: LangConfig): Map<string, number> {
  const counts = new Map<string, number>();
  walk(fn, (n) => {
    if (cfg.identifiers.has(n.type)) {
      const t = textOf(tree, n);
      counts.set(t, (counts.get(t) ?? 0) + 1);
      return false;
    }
  });
  return counts;
}

/** Locals that nothing reads: declared (or, in PHP, Python and Ruby, assigned) once and never named again. */
export function unusedLocals(tree: SyntaxTree, cfg: LangConfig): (Finding & { initialized: boolean })[] {
  const out: (Finding & { initialized: boolean })[] = [];
  for (const fn of functionsOf(tree, cfg)) {
    const counts = identifierCounts(tree, fn, cfg);
    const params = new Set<string>();
    const plist = field(fn, 'parameters');
    if (plist) walk(plist, (n) => void (cfg.identifiers.has(n.type) && params.add(textOf(tree, n))));
    const locals = declaredLocals(tree, fn, cfg);
    if (!cfg.declarations.size) {
      // Assignment languages: a plain name on the left of `=` inside the function.
      walk(fn, (n) => {
        if (n !== fn && cfg.functions.has(n.type)) return false;
        // PHP's foreach key and value (PHPMD reads them as locals: allow-unused-foreach-variables is off by default).
        if (n.type === 'foreach_statement') {
          for (const c of n.children.filter((x) => x.named).slice(1)) {
            for (const v of c.type === 'pair' ? c.children : [c]) if (cfg.identifiers.has(v.type)) locals.push({ name: v, initialized: true, node: v });
          }
          return;
        }
        // Python's for-loop names (pylint reads an unused one as unused-variable).
        const target = n.type === 'for_statement' ? field(n, 'left') : n.type === 'assignment' || n.type === 'assignment_expression' ? field(n, 'left') : undefined;
        if (!target) return;
        // `x, y = a`: each name of an unpacking is a local of its own.
        const names = target.type === 'pattern_list' || target.type === 'tuple_pattern' ? target.children : [target];
        for (const v of names) if (cfg.identifiers.has(v.type)) locals.push({ name: v, initialized: true, node: n });
      });
    }
    // PHP's compact('x') reads $x.
    walk(fn, (n) => {
      if (n.type !== 'function_call_expression' || textOf(tree, field(n, 'function') ?? n) !== 'compact') return;
      walk(n, (a) => void (a.type === 'string_content' || a.type === 'string_value' ? counts.set(`$${textOf(tree, a)}`, 2) : undefined));
    });
    for (const l of locals) {
      const name = textOf(tree, l.name);
      if (/^\$?_/.test(name) || name === '$this' || params.has(name)) continue;
      if ((counts.get(name) ?? 0) === 1) out.push({ node: l.node, subject: name, initialized: l.initialized });
    }
  }
  return out;
}

export { functionName };
