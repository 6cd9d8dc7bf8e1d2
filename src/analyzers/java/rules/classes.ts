// Class-level rules: ClassWithOnlyPrivateConstructorsShouldBeFinal, MissingOverride (overrides
// PMD can see without a classpath: Object's methods and supertypes declared in the same file),
// OverrideBothEqualsAndHashcode, AvoidProtectedFieldInFinalClass, UnnecessaryConstructor,
// FinalFieldCouldBeStatic, UselessQualifiedThis, AvoidUsingVolatile.
import type { SyntaxNode } from '../../syntax.ts';
import { field, named } from '../../syntax.ts';
import { LITERAL_TYPES, type JavaContext, type JavaRule, type Violation } from '../context.ts';

function bodyMembers(decl: SyntaxNode): SyntaxNode[] {
  const body = field(decl, 'body');
  return body ? named(body) : [];
}

/** Simple names of a class's superclass and interfaces. */
function supertypes(ctx: JavaContext, decl: SyntaxNode): string[] {
  const out: string[] = [];
  for (const c of decl.children) {
    if (c.type === 'superclass') out.push(...named(c).map((t) => ctx.simpleTypeName(t)));
    if (c.type === 'super_interfaces' || c.type === 'extends_interfaces') {
      for (const list of named(c)) out.push(...named(list).map((t) => ctx.simpleTypeName(t)));
    }
  }
  return out;
}

export const classWithOnlyPrivateConstructorsShouldBeFinal: JavaRule = {
  name: 'ClassWithOnlyPrivateConstructorsShouldBeFinal',
  check(ctx) {
    const out: Violation[] = [];
    const classes = ctx.ofType('class_declaration');
    const extended = new Set(
      classes.flatMap((c) =>
        named(c)
          .filter((x) => x.type === 'superclass')
          .flatMap((s) => named(s).map((t) => ctx.simpleTypeName(t))),
      ),
    );
    for (const c of classes) {
      const mods = ctx.modifiers(c);
      if (mods.has('final') || mods.has('abstract') || extended.has(ctx.name(c))) continue;
      const ctors = bodyMembers(c).filter((m) => m.type === 'constructor_declaration');
      // No constructor: the implicit one has the class's own visibility.
      const allPrivate = ctors.length
        ? ctors.every((k) => ctx.modifiers(k).has('private'))
        : mods.has('private');
      if (allPrivate)
        out.push({
          node: field(c, 'name')!,
          message: 'This class has only private constructors and may be final',
        });
    }
    return out;
  },
};

/** `name(A, B)` with simple type names and no type arguments, to match overrides. */
function erasure(ctx: JavaContext, m: SyntaxNode): string {
  const params = named(field(m, 'parameters')!).filter(
    (p) => p.type === 'formal_parameter' || p.type === 'spread_parameter',
  );
  return `${ctx.name(m)}(${params.map((p) => ctx.simpleTypeName(field(p, 'type') ?? named(p).find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator'))).join(',')})`;
}

const OBJECT_METHODS: Record<string, number> = {
  toString: 0,
  hashCode: 0,
  equals: 1,
  clone: 0,
  finalize: 0,
};

/** Abstract or default methods of common JDK supertypes, by name and arity (PMD knows the JDK). */
const JDK_SUPERTYPE_METHODS: Record<string, Record<string, number>> = {
  Iterable: { iterator: 0, forEach: 1, spliterator: 0 },
  Comparable: { compareTo: 1 },
  Comparator: { compare: 2 },
  Runnable: { run: 0 },
  Callable: { call: 0 },
  AutoCloseable: { close: 0 },
  Closeable: { close: 0 },
  Iterator: { hasNext: 0, next: 0, remove: 0 },
  Supplier: { get: 0 },
  Function: { apply: 1 },
  BiFunction: { apply: 2 },
  Consumer: { accept: 1 },
  BiConsumer: { accept: 2 },
  Predicate: { test: 1 },
  Thread: { run: 0 },
};

export const missingOverride: JavaRule = {
  name: 'MissingOverride',
  check(ctx) {
    const out: Violation[] = [];
    const types = ctx.ofType(
      'class_declaration',
      'interface_declaration',
      'enum_declaration',
      'record_declaration',
    );
    const byName = new Map(types.map((t) => [ctx.name(t), t]));
    const inherited = (t: SyntaxNode, seen = new Set<SyntaxNode>()): SyntaxNode[] => {
      const out: SyntaxNode[] = [];
      for (const s of supertypes(ctx, t)) {
        const sup = byName.get(s);
        if (!sup || seen.has(sup)) continue;
        seen.add(sup);
        out.push(
          ...bodyMembers(sup).filter((m) => m.type === 'method_declaration'),
          ...inherited(sup, seen),
        );
      }
      return out;
    };
    for (const t of types) {
      const parents = inherited(t).filter(
        (m) => !ctx.modifiers(m).has('private') && !ctx.modifiers(m).has('static'),
      );
      for (const m of bodyMembers(t)) {
        if (
          m.type !== 'method_declaration' ||
          ctx.hasAnnotation(m, 'Override') ||
          ctx.modifiers(m).has('static') ||
          ctx.modifiers(m).has('private')
        )
          continue;
        const name = ctx.name(m);
        const arity = named(field(m, 'parameters')!).filter(
          (p) => p.type === 'formal_parameter' || p.type === 'spread_parameter',
        ).length;
        const sig = ctx.signature(m);
        const jdk = supertypes(ctx, t).some((st) => JDK_SUPERTYPE_METHODS[st]?.[name] === arity);
        const overrides =
          (OBJECT_METHODS[name] === arity && (name !== 'equals' || sig === 'equals(Object)')) ||
          jdk ||
          parents.some((p) => erasure(ctx, p) === erasure(ctx, m));
        if (overrides)
          out.push({
            node: field(m, 'name')!,
            message: `The method '${sig}' is missing an @Override annotation.`,
          });
      }
    }
    return out;
  },
};

export const overrideBothEqualsAndHashcode: JavaRule = {
  name: 'OverrideBothEqualsAndHashcode',
  check(ctx) {
    const out: Violation[] = [];
    for (const t of ctx.ofType('class_declaration', 'record_declaration', 'enum_declaration')) {
      const methods = bodyMembers(t).filter((m) => m.type === 'method_declaration');
      const equals = methods.find((m) => ctx.signature(m) === 'equals(Object)');
      const hash = methods.find((m) => ctx.signature(m) === 'hashCode()');
      const lone = equals && !hash ? equals : hash && !equals ? hash : undefined;
      if (lone)
        out.push({
          node: field(lone, 'name')!,
          message: 'Ensure you override both equals() and hashCode()',
        });
    }
    return out;
  },
};

export const avoidProtectedFieldInFinalClass: JavaRule = {
  name: 'AvoidProtectedFieldInFinalClass',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('class_declaration')) {
      if (!ctx.modifiers(c).has('final')) continue;
      for (const f of bodyMembers(c)) {
        if (f.type === 'field_declaration' && ctx.modifiers(f).has('protected')) {
          out.push({
            node: f,
            message:
              'Avoid protected fields in a final class.  Change to private or package access.',
          });
        }
      }
    }
    return out;
  },
};

export const unnecessaryConstructor: JavaRule = {
  name: 'UnnecessaryConstructor',
  check(ctx) {
    const out: Violation[] = [];
    for (const c of ctx.ofType('class_declaration', 'enum_declaration')) {
      const ctors = bodyMembers(c).filter((m) => m.type === 'constructor_declaration');
      if (ctors.length !== 1) continue;
      const k = ctors[0];
      const params = named(field(k, 'parameters')!).filter((p) => !p.type.endsWith('comment'));
      const body = field(k, 'body');
      const statements = body ? named(body).filter((s) => !s.type.endsWith('comment')) : [];
      const onlySuper =
        statements.length === 0 ||
        (statements.length === 1 &&
          statements[0].type === 'explicit_constructor_invocation' &&
          ctx.text(statements[0]).replace(/\s/g, '') === 'super();');
      const vis = (n: SyntaxNode) =>
        ['public', 'protected', 'private'].find((v) => ctx.modifiers(n).has(v)) ?? '';
      const sameVisibility = c.type === 'enum_declaration' || vis(k) === vis(c);
      if (
        params.length === 0 &&
        onlySuper &&
        sameVisibility &&
        ctx.annotations(k).length === 0 &&
        !k.children.some((x) => x.type === 'throws')
      ) {
        out.push({
          node: field(k, 'name')!,
          message: 'Avoid unnecessary constructors - the compiler will generate these for you',
        });
      }
    }
    return out;
  },
};

export const finalFieldCouldBeStatic: JavaRule = {
  name: 'FinalFieldCouldBeStatic',
  check(ctx) {
    const out: Violation[] = [];
    for (const f of ctx.ofType('field_declaration')) {
      const mods = ctx.modifiers(f);
      if (
        !mods.has('final') ||
        mods.has('static') ||
        ctx.ownerType(f)?.type !== 'class_declaration'
      )
        continue;
      for (const d of f.children.filter((c) => c.type === 'variable_declarator')) {
        const value = field(d, 'value');
        if (value && LITERAL_TYPES.has(value.type))
          out.push({ node: field(d, 'name')!, message: 'This final field could be made static' });
      }
    }
    return out;
  },
};

export const uselessQualifiedThis: JavaRule = {
  name: 'UselessQualifiedThis',
  check(ctx) {
    const out: Violation[] = [];
    for (const fa of ctx.ofType('field_access')) {
      const object = field(fa, 'object');
      const f = field(fa, 'field');
      if (!object || f?.type !== 'this') continue;
      // The class whose body holds the expression (an anonymous class's body belongs to `new`).
      const body = ctx.enclosing(fa, ['class_body', 'enum_body', 'interface_body']);
      const owner = body?.parent;
      if (
        owner &&
        owner.type !== 'object_creation_expression' &&
        ctx.name(owner) === ctx.text(object)
      ) {
        out.push({ node: fa, message: 'Useless qualified this usage in the same class.' });
      }
    }
    return out;
  },
};

export const avoidUsingVolatile: JavaRule = {
  name: 'AvoidUsingVolatile',
  check(ctx) {
    return ctx
      .ofType('field_declaration')
      .filter((f) => ctx.modifiers(f).has('volatile'))
      .map((f) => ({ node: f, message: 'Use of modifier volatile is not recommended.' }));
  },
};
