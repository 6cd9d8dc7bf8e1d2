// What each grammar calls the things the language-neutral analyzers look for: functions and their names and
// parameters, conditions, assignments, comparisons, catch clauses, switches, comments. One table per
// language, so lizard's measures, the linter rules and the tree claims read every language the same way.
import type { CodeLanguage } from '../languages.ts';
import { field, textOf, type SyntaxNode, type SyntaxTree } from '../syntax.ts';

export interface LangConfig {
  functions: ReadonlySet<string>;
  /** Tokens that add one to the cyclomatic complexity (lizard's `_conditions` of the language). */
  conditions: ReadonlySet<string>;
  comments: ReadonlySet<string>;
  ifs: ReadonlySet<string>;
  /** else-if links that carry their own condition (elif, elsif, else if clauses). */
  elseIfs: ReadonlySet<string>;
  assignments: ReadonlySet<string>;
  binaries: ReadonlySet<string>;
  catches: ReadonlySet<string>;
  switches: ReadonlySet<string>;
  calls: ReadonlySet<string>;
  imports: ReadonlySet<string>;
  returns: ReadonlySet<string>;
  strings: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
  /** Nodes that declare a local variable (their declared names come from declaredNames). */
  declarations: ReadonlySet<string>;
  /** The leaf types that name a variable. */
  identifiers: ReadonlySet<string>;
}

const set = (...xs: string[]) => new Set(xs);
const C_CONDITIONS = set('if', 'for', 'while', '&&', '||', '?', 'catch', 'case');

const BASE = {
  comments: set('comment', 'line_comment', 'block_comment'),
  ifs: set('if_statement'),
  elseIfs: set(),
  assignments: set('assignment_expression'),
  binaries: set('binary_expression'),
  catches: set('catch_clause'),
  switches: set('switch_statement'),
  calls: set('call_expression'),
  returns: set('return_statement'),
  strings: set('string_literal', 'string', 'raw_string_literal', 'template_string', 'interpreted_string_literal', 'char_literal', 'character_literal', 'string_content'),
  numbers: set('number_literal', 'number', 'integer', 'float', 'integer_literal', 'real_literal', 'int_literal', 'float_literal', 'decimal_integer_literal', 'decimal_floating_point_literal', 'hex_integer_literal'),
  identifiers: set('identifier'),
};

// TypeScript's grammar names the same nodes as JavaScript's: one entry serves both.
const JS_LIKE: LangConfig = {
  ...BASE,
  functions: set('function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function'),
  conditions: set('if', 'for', 'while', '&&', '||', '?', 'catch', 'case'),
  calls: set('call_expression', 'new_expression'),
  imports: set('import_statement'),
  declarations: set('variable_declarator'),
};

export const LANG_CONFIG: Record<CodeLanguage, LangConfig> = {
  c: { ...BASE, functions: set('function_definition'), conditions: C_CONDITIONS, imports: set('preproc_include'), declarations: set('declaration') },
  cpp: {
    ...BASE,
    functions: set('function_definition', 'lambda_expression'),
    conditions: C_CONDITIONS,
    imports: set('preproc_include', 'using_declaration'),
    declarations: set('declaration'),
  },
  csharp: {
    ...BASE,
    functions: set('method_declaration', 'constructor_declaration', 'local_function_statement', 'operator_declaration', 'lambda_expression', 'anonymous_method_expression'),
    conditions: set('if', 'for', 'while', '&&', '||', '?', 'catch', 'case', '??'),
    calls: set('invocation_expression'),
    imports: set('using_directive'),
    declarations: set('variable_declarator'),
  },
  go: {
    ...BASE,
    functions: set('function_declaration', 'method_declaration', 'func_literal'),
    conditions: C_CONDITIONS,
    assignments: set('assignment_statement'),
    switches: set('expression_switch_statement', 'type_switch_statement'),
    catches: set(),
    imports: set('import_spec'),
    declarations: set('short_var_declaration', 'var_spec'),
  },
  java: {
    ...BASE,
    functions: set('method_declaration', 'constructor_declaration', 'lambda_expression'),
    conditions: C_CONDITIONS,
    calls: set('method_invocation', 'object_creation_expression'),
    imports: set('import_declaration'),
    declarations: set('variable_declarator'),
  },
  javascript: JS_LIKE,
  typescript: JS_LIKE,
  php: {
    ...BASE,
    functions: set('function_definition', 'method_declaration', 'anonymous_function', 'anonymous_function_creation_expression', 'arrow_function'),
    conditions: set('if', 'elseif', 'for', 'foreach', 'while', '&&', '||', '?', 'catch', 'case', 'match'),
    elseIfs: set('else_if_clause'),
    calls: set('function_call_expression', 'member_call_expression', 'scoped_call_expression', 'object_creation_expression'),
    imports: set('namespace_use_declaration', 'require_expression', 'require_once_expression', 'include_expression', 'include_once_expression'),
    declarations: set(),
    identifiers: set('variable_name'),
    strings: set('string', 'encapsed_string', 'string_content', 'string_value'),
  },
  python: {
    ...BASE,
    functions: set('function_definition', 'lambda'),
    conditions: set('if', 'for', 'while', 'and', 'or', 'elif', 'except', 'finally'),
    ifs: set('if_statement'),
    elseIfs: set('elif_clause'),
    assignments: set('assignment', 'augmented_assignment'),
    binaries: set('comparison_operator', 'boolean_operator', 'binary_operator'),
    catches: set('except_clause'),
    switches: set('match_statement'),
    calls: set('call'),
    imports: set('import_statement', 'import_from_statement'),
    declarations: set(),
  },
  ruby: {
    ...BASE,
    functions: set('method', 'singleton_method', 'lambda'),
    conditions: set('if', 'until', 'for', 'while', 'and', 'or', 'elsif', 'elseif', 'rescue', 'ensure', 'when', '||', '&&', '?'),
    ifs: set('if', 'unless'),
    elseIfs: set('elsif'),
    assignments: set('assignment', 'operator_assignment'),
    binaries: set('binary'),
    catches: set('rescue'),
    switches: set('case'),
    calls: set('call'),
    imports: set(),
    returns: set('return'),
    declarations: set(),
    strings: set('string', 'string_content'),
  },
};

/** The function's name as the language writes it (`Class::method` is kept as lizard keeps it), or '(anonymous)'. */
export function functionName(tree: SyntaxTree, fn: SyntaxNode): string {
  const name = field(fn, 'name');
  if (name) return textOf(tree, name);
  // C and C++: the name sits in the declarator chain (pointer_declarator → function_declarator → identifier).
  let d = field(fn, 'declarator');
  while (d && d.type !== 'identifier' && d.type !== 'qualified_identifier' && d.type !== 'field_identifier' && d.type !== 'destructor_name' && d.type !== 'operator_name') {
    d = field(d, 'declarator');
  }
  if (d) return textOf(tree, d);
  // A function assigned to a name (`const f = () => ...`, `f = function () {}`).
  const p = fn.parent;
  const holder = p && (field(p, 'name') ?? field(p, 'left'));
  if (holder && holder !== fn) return textOf(tree, holder);
  return '(anonymous)';
}

/** The node listing the parameters, or null. */
export function parameterList(fn: SyntaxNode): SyntaxNode | null {
  const direct = field(fn, 'parameters');
  if (direct) return direct;
  let d = field(fn, 'declarator');
  while (d) {
    const p = field(d, 'parameters');
    if (p) return p;
    d = field(d, 'declarator');
  }
  return fn.children.find((c) => c.type === 'parameter_list' || c.type === 'formal_parameters' || c.type === 'method_parameters' || c.type === 'lambda_parameters' || c.type === 'block_parameters') ?? null;
}

/** Lizard's parameter count: one per parameter, and Go's `a, b int` as two. */
export function parameterCount(fn: SyntaxNode, comments: ReadonlySet<string>): number {
  const list = parameterList(fn);
  if (!list) {
    // An arrow function's single bare parameter (`x => x`).
    const p = field(fn, 'parameter');
    return p ? 1 : 0;
  }
  if (list.named && list.children.length === 0) return 1; // `x => x`: the identifier is the list
  let n = 0;
  for (const c of list.children) {
    if (!c.named || comments.has(c.type)) continue;
    if (c.type === 'parameter_declaration' || c.type === 'variadic_parameter_declaration') {
      const names = c.children.filter((x) => x.field === 'name').length;
      n += Math.max(1, names);
    } else n++;
  }
  return n;
}
