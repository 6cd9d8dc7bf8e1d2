// LooseCoupling (bestpractices) and GenericsNaming (codestyle).
import { named } from '../../syntax.ts';
import type { JavaContext, JavaRule, Violation } from '../context.ts';
import { CONCRETE_COLLECTIONS, CONCRETE_MAPS } from './typeNames.ts';

/** Places where naming the implementation type is fine (PMD's isInAllowedSyntacticCtx). */
const ALLOWED_PARENTS = new Set([
  'object_creation_expression',
  'instanceof_expression',
  'cast_expression',
  'class_literal',
  'superclass',
  'scoped_type_identifier',
  'method_reference',
  'array_creation_expression',
]);

/** Packages whose collection classes PMD resolved in the study's run. */
const COLLECTION_PACKAGES = new Set([
  'java.util',
  'java.util.concurrent',
  'com.google.common.collect',
]);

/** Does the simple type name refer to the JDK's (or Guava's) class, going by the imports? */
function resolvesToKnownCollection(ctx: JavaContext, name: string): boolean {
  let onDemand = false;
  for (const imp of ctx.ofType('import_declaration')) {
    if (imp.children.some((c) => c.type === 'static')) continue;
    const path = ctx.text(
      named(imp).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier') ?? imp,
    );
    if (imp.children.some((c) => c.type === 'asterisk')) {
      if (COLLECTION_PACKAGES.has(path)) onDemand = true;
    } else if (path.endsWith(`.${name}`)) {
      return COLLECTION_PACKAGES.has(path.slice(0, -name.length - 1));
    }
  }
  return onDemand;
}

export const looseCoupling: JavaRule = {
  name: 'LooseCoupling',
  check(ctx) {
    const out: Violation[] = [];
    const typeParams = new Set(
      ctx
        .ofType('type_parameter')
        .map((t) => ctx.text(named(t).find((c) => c.type === 'type_identifier') ?? t)),
    );
    const declared = new Set(
      ctx
        .ofType(
          'class_declaration',
          'interface_declaration',
          'enum_declaration',
          'record_declaration',
        )
        .map((t) => ctx.name(t)),
    );
    const known = new Map<string, boolean>();
    for (const id of ctx.ofType('type_identifier')) {
      const name = ctx.text(id);
      if (!CONCRETE_COLLECTIONS.has(name) && !CONCRETE_MAPS.has(name)) continue;
      if (typeParams.has(name) || declared.has(name)) continue;
      // A qualified name (java.util.ArrayList) says where it comes from; a simple one needs an import.
      const qualified = id.parent?.type === 'scoped_type_identifier';
      if (qualified) {
        const prefix = ctx.text(id.parent!).replace(/\s/g, '');
        if (!COLLECTION_PACKAGES.has(prefix.slice(0, -name.length - 1))) continue;
      } else {
        if (!known.has(name)) known.set(name, resolvesToKnownCollection(ctx, name));
        if (!known.get(name)) continue;
      }
      // The type node is the (possibly qualified) identifier or its generic_type wrapper.
      const base = qualified ? id.parent! : id;
      const typeNode = base.parent?.type === 'generic_type' ? base.parent : base;
      const parent = typeNode.parent;
      if (!parent || ALLOWED_PARENTS.has(parent.type)) continue;
      // Signatures of @Override methods cannot change.
      const method =
        parent.type === 'method_declaration'
          ? parent
          : ctx.enclosing(typeNode, ['method_declaration', 'block', 'constructor_body']);
      if (method?.type === 'method_declaration' && ctx.hasAnnotation(method, 'Override')) continue;
      out.push({
        node: typeNode,
        message: `Avoid using implementation types like '${name}'; use the interface instead`,
      });
    }
    return out;
  },
};

export const genericsNaming: JavaRule = {
  name: 'GenericsNaming',
  check(ctx) {
    const out: Violation[] = [];
    for (const t of ctx.ofType('type_parameter')) {
      const id = named(t).find((c) => c.type === 'type_identifier');
      const name = id ? ctx.text(id) : '';
      if (name.length > 1 || name.toUpperCase() !== name)
        out.push({
          node: t,
          message: 'Generics names should be a one letter long and upper case.',
        });
    }
    return out;
  },
};
