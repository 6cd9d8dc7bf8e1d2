// Smaller quickstart rules seen in the study's reference output.
import type { SyntaxNode } from '../../syntax.ts';
import { childOfType, field, named } from '../../syntax.ts';
import type { JavaContext, JavaRule, Violation } from '../context.ts';
import { COLLECTION_TYPES, MAP_TYPES } from './typeNames.ts';

const STATEMENT_PARENTS = new Set([
  'block',
  'switch_block_statement_group',
  'constructor_body',
  'labeled_statement',
  'program',
  'switch_rule',
]);

/** tree-sitter calls every switch a switch_expression; PMD tells statements from expressions. */
const isSwitchStatement = (s: SyntaxNode): boolean =>
  STATEMENT_PARENTS.has(s.parent?.type ?? '') ||
  ['consequence', 'alternative', 'body'].includes(s.field ?? '');

const labelsOf = (s: SyntaxNode): SyntaxNode[] => {
  const body = field(s, 'body');
  if (!body) return [];
  return named(body).flatMap((g) =>
    g.type === 'switch_label' ? [g] : named(g).filter((c) => c.type === 'switch_label'),
  );
};
const isDefault = (ctx: JavaContext, label: SyntaxNode): boolean =>
  /\bdefault\b/.test(ctx.text(label));

/** A switch over an enum declared in this file whose cases name every constant. */
function exhaustiveEnumSwitch(ctx: JavaContext, s: SyntaxNode): boolean {
  const condition = field(s, 'condition');
  const subject = condition ? named(condition)[0] : undefined;
  if (!subject) return false;
  let typeName = '';
  if (subject.type === 'identifier')
    typeName = ctx.simpleTypeName(ctx.declaredType(ctx.text(subject), subject));
  else if (subject.type === 'field_access' && field(subject, 'object')?.type === 'this')
    typeName = ctx.simpleTypeName(ctx.declaredType(ctx.text(field(subject, 'field')!), s));
  const decl = ctx.ofType('enum_declaration').find((e) => ctx.name(e) === typeName);
  if (!decl) return false;
  const constants = named(field(decl, 'body')!)
    .filter((c) => c.type === 'enum_constant')
    .map((c) => ctx.name(c));
  const covered = new Set(
    labelsOf(s).flatMap((l) => named(l).map((x) => ctx.text(x).split('.').pop()!)),
  );
  return constants.every((c) => covered.has(c));
}

export const switchStmtsShouldHaveDefault: JavaRule = {
  name: 'SwitchStmtsShouldHaveDefault',
  check(ctx) {
    const out: Violation[] = [];
    for (const s of ctx.ofType('switch_expression')) {
      if (
        isSwitchStatement(s) &&
        !labelsOf(s).some((l) => isDefault(ctx, l)) &&
        !exhaustiveEnumSwitch(ctx, s)
      ) {
        out.push({
          node: s,
          message:
            'Switch statements should be exhaustive, add a default case (or missing enum branches)',
        });
      }
    }
    return out;
  },
};

export const defaultLabelNotLastInSwitchStmt: JavaRule = {
  name: 'DefaultLabelNotLastInSwitchStmt',
  check(ctx) {
    const out: Violation[] = [];
    for (const s of ctx.ofType('switch_expression')) {
      const labels = labelsOf(s);
      const i = labels.findIndex((l) => isDefault(ctx, l));
      if (isSwitchStatement(s) && i >= 0 && i < labels.length - 1)
        out.push({
          node: labels[i],
          message: 'The default label should be the last label in a switch statement',
        });
    }
    return out;
  },
};

export const returnEmptyCollectionRatherThanNull: JavaRule = {
  name: 'ReturnEmptyCollectionRatherThanNull',
  check(ctx) {
    const out: Violation[] = [];
    for (const r of ctx.ofType('return_statement')) {
      if (named(r)[0]?.type !== 'null_literal') continue;
      const owner = ctx.enclosing(r, [
        'method_declaration',
        'lambda_expression',
        'constructor_declaration',
      ]);
      if (owner?.type !== 'method_declaration') continue;
      const type = field(owner, 'type');
      const name = ctx.simpleTypeName(type);
      if (type?.type === 'array_type' || COLLECTION_TYPES.has(name) || MAP_TYPES.has(name)) {
        out.push({ node: r, message: 'Return an empty collection rather than null.' });
      }
    }
    return out;
  },
};

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;

export const localVariableNamingConventions: JavaRule = {
  name: 'LocalVariableNamingConventions',
  check(ctx) {
    const out: Violation[] = [];
    const report = (nameNode: SyntaxNode | undefined, kind: string): void => {
      if (!nameNode) return;
      const name = ctx.text(nameNode);
      if (name !== '_' && !CAMEL.test(name))
        out.push({
          node: nameNode,
          message: `The ${kind} name '${name}' doesn't match '[a-z][a-zA-Z0-9]*'`,
        });
    };
    for (const decl of ctx.ofType('local_variable_declaration')) {
      const kind = ctx.modifiers(decl).has('final') ? 'final local variable' : 'local variable';
      for (const d of decl.children)
        if (d.type === 'variable_declarator') report(field(d, 'name'), kind);
    }
    for (const loop of ctx.ofType('enhanced_for_statement'))
      report(
        field(loop, 'name'),
        ctx.modifiers(loop).has('final') ? 'final local variable' : 'local variable',
      );
    for (const c of ctx.ofType('catch_formal_parameter'))
      report(field(c, 'name'), 'exception block parameter');
    return out;
  },
};

export const avoidThreadGroup: JavaRule = {
  name: 'AvoidThreadGroup',
  check(ctx) {
    const out: Violation[] = [];
    for (const n of ctx.ofType('object_creation_expression')) {
      if (ctx.simpleTypeName(field(n, 'type')) === 'ThreadGroup')
        out.push({ node: n, message: 'Avoid using java.lang.ThreadGroup; it is not thread safe' });
    }
    for (const n of ctx.ofType('method_invocation')) {
      if (ctx.text(field(n, 'name')!) === 'getThreadGroup')
        out.push({ node: n, message: 'Avoid using java.lang.ThreadGroup; it is not thread safe' });
    }
    return out;
  },
};

export const packageCase: JavaRule = {
  name: 'PackageCase',
  check(ctx) {
    return ctx
      .ofType('package_declaration')
      .filter((p) => {
        const name = ctx.text(
          named(p)
            .filter((c) => !c.type.endsWith('annotation'))
            .pop() ?? p,
        );
        return name.toLowerCase() !== name;
      })
      .map((p) => ({ node: p, message: 'Package name contains upper case characters' }));
  },
};

export const avoidDollarSigns: JavaRule = {
  name: 'AvoidDollarSigns',
  check(ctx) {
    const out: Violation[] = [];
    const decls = ctx.ofType(
      'class_declaration',
      'interface_declaration',
      'enum_declaration',
      'method_declaration',
      'variable_declarator',
      'formal_parameter',
    );
    for (const d of decls) {
      const name = field(d, 'name');
      if (name && ctx.text(name).includes('$'))
        out.push({
          node: name,
          message: 'Avoid using dollar signs in variable/method/class/interface names',
        });
    }
    return out;
  },
};

export const oneDeclarationPerLine: JavaRule = {
  name: 'OneDeclarationPerLine',
  check(ctx) {
    const out: Violation[] = [];
    for (const decl of ctx.ofType('local_variable_declaration', 'field_declaration')) {
      if (decl.parent?.type === 'for_statement') continue;
      const declarators = decl.children.filter((c) => c.type === 'variable_declarator');
      const rows = new Set(declarators.map((d) => d.row));
      // strictMode=false: declarations split over lines are fine.
      if (declarators.length > 1 && rows.size !== declarators.length) {
        out.push({
          node: declarators[1],
          message: 'Use one line for each declaration, it enhances code readability.',
        });
      }
    }
    return out;
  },
};

export const avoidCatchingThrowable: JavaRule = {
  name: 'AvoidCatchingThrowable',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('catch_formal_parameter')) {
      const types = childOfType(c, 'catch_type');
      if (types && named(types).some((t) => ctx.simpleTypeName(t) === 'Throwable')) {
        out.push({
          node: c,
          message: 'A catch statement should never catch throwable since it includes errors.',
        });
      }
    }
    return out;
  },
};

export const unnecessaryAnnotationValueElement: JavaRule = {
  name: 'UnnecessaryAnnotationValueElement',
  check(ctx) {
    const out: Violation[] = [];
    for (const a of ctx.ofType('annotation')) {
      const args = field(a, 'arguments');
      const pairs = args ? named(args).filter((p) => !p.type.endsWith('comment')) : [];
      if (
        pairs.length === 1 &&
        pairs[0].type === 'element_value_pair' &&
        ctx.text(field(pairs[0], 'key')!) === 'value'
      ) {
        out.push({
          node: a,
          message: 'Avoid the use of value in annotations when its the only element',
        });
      }
    }
    return out;
  },
};

export const useLocaleWithCaseConversions: JavaRule = {
  name: 'UseLocaleWithCaseConversions',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('method_invocation')) {
      const name = ctx.text(field(c, 'name')!);
      // PMD matches String#toLowerCase(): the receiver must be known to be a String.
      if (
        (name === 'toLowerCase' || name === 'toUpperCase') &&
        named(field(c, 'arguments')!).length === 0 &&
        ctx.isString(field(c, 'object'))
      ) {
        out.push({
          node: c,
          message: 'When doing a String.toLowerCase()/toUpperCase() call, use a Locale',
        });
      }
    }
    return out;
  },
};

export const optimizableToArrayCall: JavaRule = {
  name: 'OptimizableToArrayCall',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('method_invocation')) {
      if (ctx.text(field(c, 'name')!) !== 'toArray') continue;
      const arg = named(field(c, 'arguments')!)[0];
      if (arg?.type !== 'array_creation_expression') continue;
      const dims = named(arg).filter((d) => d.type === 'dimensions_expr');
      if (dims.length === 1 && /\.size\(\s*\)$/.test(ctx.text(named(dims[0])[0] ?? dims[0])))
        out.push({ node: c, message: 'This call to Collection.toArray() may be optimizable' });
    }
    return out;
  },
};

export const unnecessaryLocalBeforeReturn: JavaRule = {
  name: 'UnnecessaryLocalBeforeReturn',
  check(ctx) {
    const out: Violation[] = [];
    for (const r of ctx.ofType('return_statement')) {
      const value = named(r)[0];
      const block = r.parent;
      if (value?.type !== 'identifier' || !block || block.type !== 'block') continue;
      const siblings = named(block).filter((c) => !c.type.endsWith('comment'));
      const prev = siblings[siblings.indexOf(r) - 1];
      if (prev?.type !== 'local_variable_declaration') continue;
      const declarators = prev.children.filter((c) => c.type === 'variable_declarator');
      const name = ctx.text(value);
      if (
        declarators.length === 1 &&
        ctx.text(field(declarators[0], 'name')!) === name &&
        field(declarators[0], 'value') &&
        ctx.annotations(prev).length === 0
      ) {
        out.push({
          node: field(declarators[0], 'name')!,
          message: `Consider simply returning the value vs storing it in local variable '${name}'`,
        });
      }
    }
    return out;
  },
};
