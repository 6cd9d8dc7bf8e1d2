// lizard's per-function measures (Yin, lizard.ws) on a tree-sitter parse: cyclomatic complexity (1 + the
// language's condition tokens), NLOC (lines holding code, not comments), token count, parameter count, length
// (first to last line) and the nesting depth of control structures. A nested function is measured on its own
// and its tokens are left out of the enclosing one, as lizard's reader does. Warnings follow lizard's default
// thresholds (CCN > 15, length > 1000, parameters > 100) and its `-w` (clang-style) warning text.
import type { CodeLanguage } from '../languages.ts';
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import type { AnalyzerWarning } from '../types.ts';
import { LANG_CONFIG, functionName, parameterCount } from './config.ts';

export interface FunctionMeasures {
  name: string;
  /** 1-based first and last line. */
  startLine: number;
  endLine: number;
  nloc: number;
  ccn: number;
  tokens: number;
  params: number;
  length: number;
  nestingDepth: number;
}

export const LIZARD_THRESHOLDS = { cyclomatic_complexity: 15, length: 1000, parameter_count: 100 } as const;

const CONTROL = /^(if|unless|while|until|for|for_in|for_range|foreach|for_each|enhanced_for|do|switch|expression_switch|type_switch|select|try|with|case|match|begin)(_statement|_expression)?$/;

function isControl(n: SyntaxNode): boolean {
  return n.named && CONTROL.test(n.type) && n.type !== 'case_statement';
}

export function measureFunctions(tree: SyntaxTree, language: CodeLanguage): FunctionMeasures[] {
  const cfg = LANG_CONFIG[language];
  const out: FunctionMeasures[] = [];
  const visit = (fn: SyntaxNode) => {
    let ccn = 1;
    let tokens = 0;
    let maxDepth = 0;
    const rows = new Set<number>();
    // Iterative walk of the function's own nodes: nested functions are measured separately.
    const stack: [SyntaxNode, number][] = fn.children.map((c) => [c, 0] as [SyntaxNode, number]).reverse();
    while (stack.length) {
      const [n, depth] = stack.pop()!;
      if (cfg.functions.has(n.type) && n.named) {
        visit(n);
        continue;
      }
      if (cfg.comments.has(n.type)) continue;
      const d = isControl(n) ? depth + 1 : depth;
      if (d > maxDepth) maxDepth = d;
      if (n.children.length === 0 || cfg.strings.has(n.type)) {
        if (n.endIndex > n.startIndex) {
          tokens++;
          for (let r = n.row; r <= n.endRow; r++) rows.add(r);
          if (!n.named && cfg.conditions.has(n.type)) ccn++;
        }
        continue;
      }
      for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], d]);
    }
    out.push({
      name: functionName(tree, fn),
      startLine: fn.row + 1,
      endLine: fn.endRow + 1,
      nloc: rows.size,
      ccn,
      tokens,
      params: parameterCount(fn, cfg.comments),
      length: fn.endRow - fn.row + 1,
      nestingDepth: maxDepth,
    });
  };
  const stack: SyntaxNode[] = [tree.root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.named && cfg.functions.has(n.type)) {
      visit(n);
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out.sort((a, b) => a.startLine - b.startLine);
}

/** lizard -w: "<file>:<line>: warning: <name> has <nloc> NLOC, <ccn> CCN, <tokens> token, <params> PARAM, <length> length, <nd> ND". */
export function lizardMessage(f: FunctionMeasures): string {
  return `${f.name} has ${f.nloc} NLOC, ${f.ccn} CCN, ${f.tokens} token, ${f.params} PARAM, ${f.length} length, ${f.nestingDepth} ND`;
}

/** One warning per function over a default threshold; `rule` names the first measure it exceeds. */
export function lizardWarnings(tree: SyntaxTree, language: CodeLanguage, skip: (f: FunctionMeasures) => boolean = () => false): AnalyzerWarning[] {
  const out: AnalyzerWarning[] = [];
  for (const f of measureFunctions(tree, language)) {
    if (skip(f)) continue;
    const over =
      f.ccn > LIZARD_THRESHOLDS.cyclomatic_complexity ? 'cyclomatic_complexity'
      : f.length > LIZARD_THRESHOLDS.length ? 'length'
      : f.params > LIZARD_THRESHOLDS.parameter_count ? 'parameter_count'
      : null;
    if (over) out.push({ tool: 'Lizard', line: f.startLine, column: 1, rule: over, message: lizardMessage(f) });
  }
  return out;
}
