// Per language, a small set of rules, each named after the rule of the language's standard linter that it
// follows (cppcheck, go vet / staticcheck and the Go compiler, the .NET analyzers, RuboCop, PHPMD, ESLint,
// Pylint), with that linter's rule id and message. Each is documented in docs/analyzers.md under the anchor
// `rule-<linter>-<id>` (lower case). Java keeps the PMD rules (../java/rules), JavaScript JSHint.
import type { CodeLanguage } from '../languages.ts';
import { field, textOf, walk, type SyntaxNode, type SyntaxTree } from '../syntax.ts';
import type { AnalyzerWarning, LinterName } from '../types.ts';
import { LANG_CONFIG, type LangConfig } from './config.ts';
import {
  COMPARISONS,
  duplicateBranches,
  duplicateConditions,
  emptyCatches,
  enclosingFunction,
  functionName,
  longLines,
  nodesOfType,
  selfAssignments,
  selfComparisons,
  switchesWithoutDefault,
  todoComments,
  unusedLocals,
  type Finding,
} from './detect.ts';

export interface Rule {
  tool: LinterName;
  id: string;
  check(tree: SyntaxTree, cfg: LangConfig): { node?: SyntaxNode; line?: number; column?: number; message: string; relatedLine?: number }[];
}

const rule = (tool: LinterName, id: string, find: (t: SyntaxTree, c: LangConfig) => Finding[], message: (f: Finding, t: SyntaxTree, c: LangConfig) => string): Rule => ({
  tool,
  id,
  check: (t, c) => find(t, c).map((f) => ({ node: f.node, message: message(f, t, c), ...(f.related ? { relatedLine: f.related } : {}) })),
});

const fnName = (f: Finding, t: SyntaxTree, c: LangConfig) => {
  const fn = enclosingFunction(f.node, c);
  return fn ? functionName(t, fn) : '(global)';
};

/** PHPMD says "the method m()" inside a class and "the function f()" outside. */
const phpWhere = (f: Finding, t: SyntaxTree, c: LangConfig) => {
  const fn = enclosingFunction(f.node, c);
  return fn ? `${fn.type === 'method_declaration' ? 'method' : 'function'} ${functionName(t, fn)}()` : 'function (global)()';
};

const lineRule = (tool: LinterName, id: string, max: number, message: (len: number) => string, ignore?: RegExp): Rule => ({
  tool,
  id,
  check: (t) => longLines(t, max, ignore).map((l) => ({ line: l.line, column: max + 1, message: message(l.length) })),
});

const calls = (names: ReadonlySet<string>) => (t: SyntaxTree, c: LangConfig): Finding[] => {
  const out: Finding[] = [];
  walk(t.root, (n) => {
    if (!c.calls.has(n.type)) return;
    const fnNode = field(n, 'function') ?? field(n, 'method') ?? field(n, 'name');
    const name = fnNode ? textOf(t, fnNode) : '';
    const recv = field(n, 'receiver');
    const full = recv ? `${textOf(t, recv)}.${name}` : name;
    if (names.has(full) || names.has(name)) out.push({ node: n, subject: names.has(full) ? full : name });
  });
  return out;
};

/** PHP functions called by name (PHPMD reads function postfixes: `$log->print_r()` is a method, not one). */
const phpCalls = (names: ReadonlySet<string>) => (t: SyntaxTree): Finding[] => {
  const out: Finding[] = [];
  walk(t.root, (n) => {
    const fn = n.type === 'function_call_expression' ? field(n, 'function') : undefined;
    if (fn && names.has(textOf(t, fn))) out.push({ node: n, subject: textOf(t, fn) });
  });
  return out;
};

/** count() or sizeof() in a loop's condition, in a class, trait or enum only (PHPMD's rule reads nothing else). */
const countInLoops = (t: SyntaxTree): Finding[] =>
  nodesOfType(t, 'for_statement', 'while_statement', 'do_statement').flatMap((f) => {
    let p = f.node.parent;
    while (p && !['class_declaration', 'trait_declaration', 'enum_declaration'].includes(p.type)) p = p.parent;
    const cond = field(f.node, 'condition');
    if (!p || !cond) return [];
    const counted = phpCalls(new Set(['count', 'sizeof']))({ ...t, root: cond });
    return counted.length ? [{ node: f.node, subject: counted[0].subject, extra: f.node.type.replace(/_statement$/, '') }] : [];
  });

/** Ruby's debugger calls: bare identifiers (`byebug`) parse as identifiers, not calls. */
const rubyDebugger = (t: SyntaxTree, c: LangConfig): Finding[] => {
  const names = new Set(['binding.pry', 'binding.irb', 'byebug', 'debugger', 'remote_byebug', 'Pry.start']);
  const out = calls(names)(t, c);
  walk(t.root, (n) => {
    if (n.type === 'identifier' && names.has(textOf(t, n)) && n.parent && ['body_statement', 'then', 'else', 'program', 'do', 'begin', 'block_body'].includes(n.parent.type)) out.push({ node: n, subject: textOf(t, n) });
  });
  return out;
};

/** C#: the variable a catch declares, and whether its body reads it. */
const catchVariable = (t: SyntaxTree, n: SyntaxNode) => {
  const decl = n.children.find((c) => c.type === 'catch_declaration');
  const name = decl && field(decl, 'name');
  return { decl, name: name ? textOf(t, name) : undefined, type: decl && field(decl, 'type') ? textOf(t, field(decl, 'type')!) : undefined };
};

// cppcheck's duplicateExpression: comparisons, logic and the non-commutative arithmetic and bit operators
// (`a - a`, `a ^ a`); never `+`, `*` or shifts (checked with cppcheck 2.10).
const CPPCHECK_OPS = new Set([...COMPARISONS, '-', '/', '%', '^', '&', '|']);

const CPPCHECK: Rule[] = [
  rule('cppcheck', 'duplicateExpression', (t, c) => selfComparisons(t, c, CPPCHECK_OPS), (f) => `Same expression on both sides of '${f.subject}'.`),
  rule('cppcheck', 'selfAssignment', selfAssignments, (f) => `Redundant assignment of '${f.subject}' to itself.`),
  rule('cppcheck', 'multiCondition', duplicateConditions, () => `Expression is always false because 'else if' condition matches previous condition at line {relatedLine}.`),
  rule('cppcheck', 'duplicateBranch', duplicateBranches, () => "Found duplicate branches for 'if' and 'else'."),
  rule('cppcheck', 'unusedVariable', (t, c) => unusedLocals(t, c).filter((l) => !l.initialized), (f) => `Unused variable: ${f.subject}`),
  rule('cppcheck', 'unreadVariable', (t, c) => unusedLocals(t, c).filter((l) => l.initialized), (f) => `Variable '${f.subject}' is assigned a value that is never used.`),
];

const GO: Rule[] = [
  rule('go vet', 'assign', selfAssignments, (f) => `self-assignment of ${f.subject} to ${f.subject}`),
  rule('staticcheck', 'SA4000', (t, c) => selfComparisons(t, c), (f) => `identical expressions on the left and right side of the '${f.subject}' operator`),
  rule('staticcheck', 'SA9003', (t, c) => nodesOfType(t, 'if_statement').filter((f) => field(f.node, 'consequence')?.children.every((x) => !x.named || c.comments.has(x.type))), () => 'empty branch'),
  rule('go vet', 'unusedvariable', (t, c) => unusedLocals(t, c), (f) => `declared and not used: ${f.subject}`),
];

const DOTNET: Rule[] = [
  rule('.NET analyzers', 'CS1717', selfAssignments, () => 'Assignment made to same variable; did you mean to assign something else?'),
  rule('.NET analyzers', 'CS1718', (t, c) => selfComparisons(t, c, new Set(['==', '!=', '<', '>', '<=', '>='])), () => 'Comparison made to same variable; did you mean to compare something else?'),
  rule(
    '.NET analyzers',
    'CA1031',
    (t, c) => nodesOfType(t, ...c.catches).filter((f) => {
      const v = catchVariable(t, f.node);
      const rethrows = f.node.children.some((b) => b.type === 'block' && /\bthrow\b/.test(textOf(t, b)));
      return !rethrows && (!v.decl || v.type === 'Exception' || v.type === 'System.Exception') && !f.node.children.some((x) => x.type === 'catch_filter_clause');
    }),
    (f, t, c) => `Modify '${fnName(f, t, c)}' to catch a more specific allowed exception type, or rethrow the exception`,
  ),
  rule(
    '.NET analyzers',
    'CA2200',
    (t, c) => nodesOfType(t, ...c.catches).flatMap((f) => {
      const v = catchVariable(t, f.node);
      if (!v.name) return [];
      const out: Finding[] = [];
      walk(f.node, (n) => {
        if (n.type === 'throw_statement') {
          const e = n.children.find((x) => x.named);
          if (e && textOf(t, e) === v.name) out.push({ node: n });
        }
      });
      return out;
    }),
    () => 'Re-throwing caught exception changes stack information',
  ),
  rule(
    '.NET analyzers',
    'CS0168',
    (t, c) => [
      ...unusedLocals(t, c).filter((l) => !l.initialized),
      ...nodesOfType(t, ...c.catches).flatMap((f) => {
        const v = catchVariable(t, f.node);
        if (!v.name) return [];
        let uses = 0;
        walk(f.node, (n) => void (n.type === 'identifier' && textOf(t, n) === v.name && uses++));
        return uses === 1 ? [{ node: v.decl!, subject: v.name }] : [];
      }),
    ],
    (f) => `The variable '${f.subject}' is declared but never used`,
  ),
  rule('.NET analyzers', 'CS0219', (t, c) => unusedLocals(t, c).filter((l) => l.initialized && /^(\d|"|'|true|false|null)/.test(textOf(t, l.node).split('=').slice(1).join('=').trim())), (f) => `The variable '${f.subject}' is assigned but its value is never used`),
];

const RUBOCOP: Rule[] = [
  rule('RuboCop', 'Lint/SuppressedException', (t, c) => emptyCatches(t, c).filter((f) => f.extra !== 'comment'), () => 'Do not suppress exceptions.'),
  rule('RuboCop', 'Lint/UselessAssignment', unusedLocals, (f) => `Useless assignment to variable - \`${f.subject}\`.`),
  rule('RuboCop', 'Lint/DuplicateElsifCondition', duplicateConditions, () => 'Duplicate `elsif` condition detected.'),
  rule('RuboCop', 'Lint/BinaryOperatorWithIdenticalOperands', (t, c) => selfComparisons(t, c, new Set(['==', '!=', '===', '<', '>', '<=', '>=', '&&', '||', 'and', 'or', '<=>', '=~'])), (f) => `Binary operator \`${f.subject}\` has identical operands.`),
  rule('RuboCop', 'Lint/SelfAssignment', selfAssignments, () => 'Self-assignment detected.'),
  rule('RuboCop', 'Lint/Debugger', rubyDebugger, (f) => `Remove debugger entry point \`${f.subject}\`.`),
  lineRule('RuboCop', 'Layout/LineLength', 120, (n) => `Line is too long. [${n}/120]`),
];

const PHPMD: Rule[] = [
  rule('PHPMD', 'UnusedLocalVariable', unusedLocals, (f) => `Avoid unused local variables such as '${f.subject}'.`),
  // A catch holding only a comment is not reported (checked with PHPMD 2.13).
  rule('PHPMD', 'EmptyCatchBlock', (t, c) => emptyCatches(t, c).filter((f) => f.extra !== 'comment'), (f, t, c) => `Avoid using empty try-catch blocks in ${fnName(f, t, c)}.`),
  rule('PHPMD', 'GotoStatement', (t) => nodesOfType(t, 'goto_statement'), (f, t, c) => `The ${phpWhere(f, t, c)} utilizes a goto statement.`),
  // `die(…)` parses as a call; `exit(…)` and `exit;` as exit statements.
  rule('PHPMD', 'ExitExpression', (t) => [...nodesOfType(t, 'exit_statement'), ...phpCalls(new Set(['die']))(t)], (f, t, c) => `The ${phpWhere(f, t, c)} contains an exit expression.`),
  rule('PHPMD', 'EvalExpression', phpCalls(new Set(['eval'])), (f, t, c) => `The ${phpWhere(f, t, c)} contains an eval expression.`),
  rule('PHPMD', 'DevelopmentCodeFragment', phpCalls(new Set(['var_dump', 'print_r', 'debug_zval_dump', 'debug_print_backtrace'])), (f, t, c) => `The ${phpWhere(f, t, c)} calls the typical debug function ${f.subject}() which is mostly only used during development.`),
  rule('PHPMD', 'CountInLoopExpression', countInLoops, (f) => `Avoid using ${f.subject}() function in ${f.extra} loops.`),
];

const ESLINT: Rule[] = [
  rule('ESLint', 'no-empty', (t, c) => emptyCatches(t, c).filter((f) => f.extra !== 'comment'), () => 'Empty block statement.'),
  rule('ESLint', 'no-unused-vars', unusedLocals, (f) => `'${f.subject}' is assigned a value but never used.`),
  rule('ESLint', 'no-self-assign', selfAssignments, (f) => `'${f.subject}' is assigned to itself.`),
  rule('ESLint', 'no-self-compare', (t, c) => selfComparisons(t, c, new Set(['==', '!=', '===', '!==', '<', '>', '<=', '>='])), () => 'Comparing to itself is potentially pointless.'),
  rule('ESLint', 'no-dupe-else-if', duplicateConditions, () => 'This branch can never execute. Its condition is a duplicate or covered by previous conditions in the if-else-if chain.'),
  rule('ESLint', 'no-debugger', (t) => nodesOfType(t, 'debugger_statement'), () => "Unexpected 'debugger' statement."),
  rule('ESLint', 'default-case', switchesWithoutDefault, () => 'Expected a default case.'),
  rule('ESLint', 'no-var', (t) => nodesOfType(t, 'variable_declaration'), () => 'Unexpected var, use let or const instead.'),
  rule('ESLint', 'no-warning-comments', todoComments, (f) => `Unexpected '${f.extra!.toLowerCase()}' comment: '${f.subject}'.`),
];

const PYLINT: Rule[] = [
  rule('Pylint', 'W0511', (t, c) => todoComments(t, c, 'pylint'), (f) => f.subject!),
  // pylint's ignore-long-lines default: a line holding only a URL (after an optional `# `) is never too long.
  lineRule('Pylint', 'C0301', 100, (n) => `Line too long (${n}/100)`, /^\s*(# )?<?https?:\/\/\S+>?$/),
  rule('Pylint', 'W0702', (t) => nodesOfType(t, 'except_clause').filter((f) => !f.node.children.some((c) => c.named && c.type !== 'block' && c.type !== 'comment')), () => 'No exception type(s) specified'),
  rule('Pylint', 'W0612', unusedLocals, (f) => `Unused variable '${f.subject}'`),
  // pylint's self-assigning-variable reads names only (`self.v = self.v` is an attribute, not a variable).
  rule('Pylint', 'W0127', (t, c) => selfAssignments(t, c).filter((f) => field(f.node, 'left')?.type === 'identifier'), (f) => `Assigning the same variable '${f.subject}' to itself`),
  // pylint compares names and constants only (`a.x == a.x` is not reported).
  rule('Pylint', 'R0124', (t, c) => selfComparisons(t, c, new Set(['==', '!=', '<', '>', '<=', '>=', 'is', 'is not'])).filter((f) => /^([A-Za-z_]\w*|\d[\w.]*|'[^']*'|"[^"]*")$/.test(f.extra ?? '')), (f) => `Redundant comparison - ${f.extra} ${f.subject} ${f.extra}`),
  rule(
    'Pylint',
    'W0107',
    (t) => nodesOfType(t, 'pass_statement').filter((f) => (f.node.parent?.children.filter((c) => c.named && c.type !== 'comment').length ?? 0) > 1),
    () => 'Unnecessary pass statement',
  ),
];

export const RULE_SETS: Partial<Record<CodeLanguage, Rule[]>> = {
  c: CPPCHECK,
  cpp: CPPCHECK,
  go: GO,
  csharp: DOTNET,
  ruby: RUBOCOP,
  php: PHPMD,
  typescript: ESLINT,
  javascript: ESLINT,
  python: PYLINT,
};

/** The rule set's warnings on one parse, in line order. */
export function ruleWarnings(tree: SyntaxTree, language: CodeLanguage): AnalyzerWarning[] {
  const cfg = LANG_CONFIG[language];
  const out: AnalyzerWarning[] = [];
  for (const r of RULE_SETS[language] ?? [])
    for (const v of r.check(tree, cfg))
      out.push({ tool: r.tool, rule: r.id, line: v.node ? v.node.row + 1 : v.line!, column: v.node ? v.node.column + 1 : (v.column ?? 1), message: v.message, ...(v.relatedLine ? { relatedLine: v.relatedLine } : {}) });
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
