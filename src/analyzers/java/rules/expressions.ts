// Expression-level rules: UselessParentheses (the unambiguous cases), AssignmentInOperand and
// UnnecessaryFullyQualifiedName (member qualifiers that an enclosing type or a static import
// already bring into scope).
import type { SyntaxNode } from '../../syntax.ts';
import { field, named } from '../../syntax.ts';
import { LITERAL_TYPES, type JavaContext, type JavaRule, type Violation } from '../context.ts';

const PRIMARY = new Set([
  ...LITERAL_TYPES,
  'identifier',
  'null_literal',
  'method_invocation',
  'field_access',
  'object_creation_expression',
  'array_access',
  'this',
  'class_literal',
  'parenthesized_expression',
  'method_reference',
]);

/** Positions where an expression stands alone, so parentheses around it never change anything. */
function standsAlone(p: SyntaxNode): boolean {
  const parent = p.parent;
  if (!parent) return false;
  // PMD 7.0 reports a parenthesized initializer or return value, not an assignment's right side.
  if (parent.type === 'variable_declarator' && p.field === 'value') return true;
  if (
    parent.type === 'return_statement' ||
    parent.type === 'argument_list' ||
    parent.type === 'lambda_expression'
  )
    return true;
  if (parent.type === 'parenthesized_expression' && SYNTAX_PARENS.has(parent.parent?.type ?? ''))
    return true;
  return parent.type === 'array_access' && p.field === 'index';
}

/** Statements whose own syntax has parentheses around an expression. */
const SYNTAX_PARENS = new Set([
  'if_statement',
  'while_statement',
  'do_statement',
  'switch_expression',
  'synchronized_statement',
]);

const operatorOf = (n: SyntaxNode): string => n.children.find((c) => !c.named)?.type ?? '';

/** `(a && b) && c`: grouping an associative logical operator with itself changes nothing. */
function sameLogicalOperator(p: SyntaxNode, inner: SyntaxNode): boolean {
  const parent = p.parent;
  if (parent?.type !== 'binary_expression' || inner.type !== 'binary_expression') return false;
  const op = operatorOf(inner);
  return (op === '&&' || op === '||') && operatorOf(parent) === op;
}

export const uselessParentheses: JavaRule = {
  name: 'UselessParentheses',
  check(ctx) {
    const out: Violation[] = [];
    for (const p of ctx.ofType('parenthesized_expression')) {
      // The parentheses of if/while/switch/synchronized are syntax, not an expression's.
      if (SYNTAX_PARENS.has(p.parent?.type ?? '')) continue;
      const inner = named(p).filter((c) => !c.type.endsWith('comment'));
      if (inner.length !== 1) continue;
      const alone =
        standsAlone(p) &&
        inner[0].type !== 'assignment_expression' &&
        inner[0].type !== 'lambda_expression';
      const ternaryCondition = p.parent?.type === 'ternary_expression' && p.field === 'condition';
      if (
        (PRIMARY.has(inner[0].type) && p.parent?.type !== 'cast_expression') ||
        alone ||
        (ternaryCondition && PRIMARY.has(inner[0].type)) ||
        sameLogicalOperator(p, inner[0])
      ) {
        out.push({ node: p, message: 'Useless parentheses.' });
      }
    }
    return out;
  },
};

/**
 * AssignmentInOperand as the quickstart ruleset configures it (allowWhile): an assignment or an
 * increment/decrement inside the condition of an if, a for or a switch. Reported on the condition.
 */
export const assignmentInOperand: JavaRule = {
  name: 'AssignmentInOperand',
  check(ctx) {
    const out: Violation[] = [];
    const conditions = [
      ...ctx.ofType('if_statement').map((s) => field(s, 'condition')),
      ...ctx.ofType('for_statement').map((s) => field(s, 'condition')),
      ...ctx.ofType('switch_expression').map((s) => field(s, 'condition')),
    ];
    for (const c of conditions) {
      if (!c) continue;
      const inner = c.type === 'parenthesized_expression' ? (named(c)[0] ?? c) : c;
      const impure = ctx
        .ofType('assignment_expression', 'update_expression')
        .some((e) => e.startIndex >= c.startIndex && e.endIndex <= c.endIndex);
      if (impure) out.push({ node: inner, message: 'Avoid assignments in operands' });
    }
    return out;
  },
};

const TYPES = [
  'class_declaration',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
];

/** Names of a type's members (static ones, or all with `any`: methods, fields, enum constants). */
function staticMembers(ctx: JavaContext, type: SyntaxNode, any = false): Set<string> {
  const names = new Set<string>();
  const body = field(type, 'body');
  const members = (body ? named(body) : []).flatMap((m) =>
    m.type === 'enum_body_declarations' ? named(m) : [m],
  );
  for (const m of members) {
    const isStatic = any || ctx.modifiers(m).has('static') || type.type === 'interface_declaration';
    if (m.type === 'enum_constant') names.add(ctx.name(m));
    if (m.type === 'method_declaration' && isStatic) names.add(ctx.name(m));
    if ((m.type === 'field_declaration' || m.type === 'constant_declaration') && isStatic) {
      for (const d of m.children)
        if (d.type === 'variable_declarator') names.add(ctx.text(field(d, 'name')!));
    }
  }
  return names;
}

export const unnecessaryFullyQualifiedName: JavaRule = {
  name: 'UnnecessaryFullyQualifiedName',
  check(ctx) {
    const out: Violation[] = [];
    const staticImports = new Map<string, Set<string>>();
    for (const imp of ctx.ofType('import_declaration')) {
      if (!imp.children.some((c) => c.type === 'static')) continue;
      const path = ctx.text(named(imp).find((c) => c.type === 'scoped_identifier')!);
      const onDemand = imp.children.some((c) => c.type === 'asterisk');
      const parts = path.split('.');
      const type = onDemand ? parts[parts.length - 1] : parts[parts.length - 2];
      const member = onDemand ? '*' : parts[parts.length - 1];
      staticImports.set(type, new Set([...(staticImports.get(type) ?? []), member]));
    }
    const members = new Map<SyntaxNode, Set<string>>();
    for (const n of ctx.ofType('field_access', 'method_invocation')) {
      const object = field(n, 'object');
      const member = field(n, n.type === 'field_access' ? 'field' : 'name');
      if (object?.type !== 'identifier' || member?.type !== 'identifier') continue;
      const qualifier = ctx.text(object);
      const name = ctx.text(member);
      if (!/^[A-Z]/.test(qualifier) || ctx.declaredType(qualifier, n)) continue;
      // Explicit type arguments (`Type.<K>m()`) need the qualifier; so does a local that hides the name.
      if (n.children.some((c) => c.type === 'type_arguments') || ctx.isLocalName(name, n)) continue;
      const imported = staticImports.get(qualifier);
      if (imported && (imported.has(name) || imported.has('*'))) {
        out.push({
          node: n,
          message: `Unnecessary qualifier '${qualifier}': '${name}' is already in scope`,
        });
        continue;
      }
      for (let t = ctx.enclosing(n, TYPES); t; t = ctx.enclosing(t, TYPES)) {
        if (!members.has(t)) members.set(t, staticMembers(ctx, t, true));
        if (ctx.name(t) === qualifier) {
          // PMD words it by the kind of member: a field is "declared in an enclosing type".
          const why =
            n.type === 'field_access' ? ' because it is declared in an enclosing type' : '';
          if (members.get(t)!.has(name))
            out.push({
              node: n,
              message: `Unnecessary qualifier '${qualifier}': '${name}' is already in scope${why}`,
            });
          break;
        }
        // A member of that name in a nearer type would be picked instead: the qualifier is needed.
        if (members.get(t)!.has(name)) break;
      }
    }
    return out;
  },
};
