// PMD 7 bestpractices: UnusedPrivateField, UnusedPrivateMethod, UnusedFormalParameter and
// UnusedLocalVariable. PMD resolves every name to its declaration; here a name counts as used
// when the same identifier appears where that declaration is visible (shadowing is not modelled,
// so a shadowed, unused declaration can be missed).
import type { SyntaxNode } from '../../syntax.ts';
import { field, named, walk } from '../../syntax.ts';
import type { JavaContext, JavaRule, Violation } from '../context.ts';

const JAVA_LANG_ANNOTATIONS = new Set([
  'SuppressWarnings',
  'Deprecated',
  'FunctionalInterface',
  'SafeVarargs',
]);
const EXPLICITLY_UNUSED = /^(ignored|unused|_$)/;

/** Identifier occurrences under `root` with this text, other than `except`, that read a variable. */
function uses(
  ctx: JavaContext,
  root: SyntaxNode,
  name: string,
  except: SyntaxNode,
  readsOnly = false,
  isField = false,
): number {
  let count = 0;
  walk(root, (n) => {
    if (n === except || n.type !== 'identifier' || ctx.text(n) !== name) return;
    const p = n.parent!;
    // Method names and declarations of other things with the same name are not variable uses.
    if ((p.type === 'method_invocation' || p.type === 'method_reference') && n.field === 'name')
      return;
    if (
      [
        'method_declaration',
        'class_declaration',
        'interface_declaration',
        'enum_declaration',
        'record_declaration',
        'constructor_declaration',
        'annotation_type_declaration',
        'enum_constant',
      ].includes(p.type) &&
      n.field === 'name'
    )
      return;
    if (p.type === 'variable_declarator' && n.field === 'name') return;
    if (p.type === 'formal_parameter' && n.field === 'name') return;
    if (p.type === 'element_value_pair' && n.field === 'key') return;
    // A local or parameter of the same name hides the field (unless reached through `this.`).
    const qualified = p.type === 'field_access' && n.field === 'field';
    if (isField && !qualified && ctx.isLocalName(name, n)) return;
    if (readsOnly) {
      // `x = ...` and `this.x = ...` write the variable without reading it.
      const target =
        p.type === 'field_access' && n.field === 'field' && field(p, 'object')?.type === 'this'
          ? p
          : n;
      const assign = target.parent;
      if (
        assign?.type === 'assignment_expression' &&
        target.field === 'left' &&
        assign.children.find((c) => !c.named)?.type === '='
      )
        return;
    }
    count++;
  });
  return count;
}

export const unusedPrivateField: JavaRule = {
  name: 'UnusedPrivateField',
  check(ctx) {
    const out: Violation[] = [];
    for (const f of ctx.ofType('field_declaration')) {
      if (!ctx.modifiers(f).has('private') || ctx.annotations(f).length > 0) continue;
      const owner = ctx.ownerType(f);
      // PMD leaves classes with framework annotations alone (Lombok, Jackson, ...): those may
      // read fields reflectively. The study's output reports no field of an annotated class.
      if (
        !owner ||
        ctx.annotations(owner).some((a) => !JAVA_LANG_ANNOTATIONS.has(ctx.annotationName(a)))
      )
        continue;
      const scope = ctx.topLevelType(f) ?? owner;
      for (const d of f.children.filter((c) => c.type === 'variable_declarator')) {
        const nameNode = field(d, 'name')!;
        const name = ctx.text(nameNode);
        if (name === 'serialVersionUID' || name === 'serialPersistentFields') continue;
        // PMD counts reads only: a field that is only ever assigned is unused.
        if (uses(ctx, scope, name, nameNode, true, true) === 0)
          out.push({ node: nameNode, message: `Avoid unused private fields such as '${name}'.` });
      }
    }
    return out;
  },
};

const SERIALIZATION = new Set([
  'readObject',
  'writeObject',
  'readResolve',
  'writeReplace',
  'readObjectNoData',
]);

function parameterTypes(ctx: JavaContext, m: SyntaxNode): string[] {
  return named(field(m, 'parameters')!)
    .filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter')
    .map((p) =>
      ctx.simpleTypeName(
        field(p, 'type') ??
          named(p).find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator'),
      ),
    );
}

function arityMatches(args: number, types: string[], varargs: boolean): boolean {
  return args === types.length || (varargs && args >= types.length - 1);
}

/** Argument types the file declares (null where unknown), for choosing among overloads. */
function argumentTypes(ctx: JavaContext, call: SyntaxNode): (string | null)[] {
  return named(field(call, 'arguments')!)
    .filter((a) => !a.type.endsWith('comment'))
    .map((a) =>
      a.type === 'identifier' ? ctx.simpleTypeName(ctx.declaredType(ctx.text(a), a)) || null : null,
    );
}

interface Overload {
  node: SyntaxNode;
  types: string[];
  varargs: boolean;
}

/** The overloads a call may reach: those whose known parameter types match exactly, else all that fit. */
function reachedBy(ctx: JavaContext, call: SyntaxNode, overloads: Overload[]): Overload[] {
  const args = argumentTypes(ctx, call);
  const fitting = overloads.filter((o) => arityMatches(args.length, o.types, o.varargs));
  if (fitting.length < 2) return fitting;
  const exact = fitting.filter((o) => args.every((t, i) => t === null || o.types[i] === t));
  return exact.length ? exact : fitting;
}

/** Calls on another object of a known, different type cannot reach this class's private method. */
function mayTargetOwnClass(ctx: JavaContext, call: SyntaxNode, owner: string): boolean {
  const object = field(call, 'object');
  if (!object || object.type === 'this' || object.type === 'super') return true;
  if (object.type !== 'identifier') return true;
  const text = ctx.text(object);
  if (text === owner) return true;
  const declared = ctx.simpleTypeName(ctx.declaredType(text, call));
  if (declared) return declared === owner;
  return !/^[A-Z]/.test(text);
}

/** JDK APIs that take a method reference: PMD could type those references and count them. */
const JDK_FUNCTIONAL_CALLS = new Set([
  'map',
  'flatMap',
  'filter',
  'forEach',
  'forEachOrdered',
  'peek',
  'anyMatch',
  'allMatch',
  'noneMatch',
  'reduce',
  'collect',
  'sorted',
  'comparing',
  'thenComparing',
  'removeIf',
  'replaceAll',
  'computeIfAbsent',
  'computeIfPresent',
  'compute',
  'merge',
  'ifPresent',
  'ifPresentOrElse',
  'orElseGet',
  'orElseThrow',
  'thenApply',
  'thenAccept',
  'thenRun',
  'thenCompose',
  'whenComplete',
  'handle',
  'exceptionally',
  'submit',
  'execute',
  'schedule',
  'scheduleAtFixedRate',
  'scheduleWithFixedDelay',
  'runAsync',
  'supplyAsync',
  'generate',
  'iterate',
  'toMap',
  'groupingBy',
  'mapping',
  'mapToObj',
  'mapToInt',
  'mapToLong',
]);
const JDK_CLASSES = new Set([
  'Collectors',
  'Comparator',
  'Stream',
  'IntStream',
  'Executors',
  'CompletableFuture',
  'Optional',
  'Objects',
  'Arrays',
  'Collections',
  'Thread',
]);

/** Is this `this::m` / `Type::m` reference one PMD 7.0 could resolve without the classpath? */
function resolvableReference(ctx: JavaContext, ref: SyntaxNode): boolean {
  const args = ref.parent;
  const call = args?.type === 'argument_list' ? args.parent : null;
  if (!call) return false;
  if (call.type === 'object_creation_expression')
    return JDK_CLASSES.has(ctx.simpleTypeName(field(call, 'type')));
  if (
    call.type !== 'method_invocation' ||
    !JDK_FUNCTIONAL_CALLS.has(ctx.text(field(call, 'name')!))
  )
    return false;
  const object = field(call, 'object');
  return (
    !object ||
    object.type !== 'identifier' ||
    !/^[A-Z]/.test(ctx.text(object)) ||
    JDK_CLASSES.has(ctx.text(object))
  );
}

/**
 * UnusedPrivateMethod. Method references do not count as uses: PMD 7.0 cannot resolve them
 * without the classpath, and the study's output reports methods used only through `this::m`.
 */
export const unusedPrivateMethod: JavaRule = {
  name: 'UnusedPrivateMethod',
  check(ctx) {
    const out: Violation[] = [];
    const overloads = new Map<string, Overload[]>();
    for (const m of ctx.ofType('method_declaration')) {
      const name = ctx.name(m);
      const o = {
        node: m,
        types: parameterTypes(ctx, m),
        varargs: named(field(m, 'parameters')!).some((p) => p.type === 'spread_parameter'),
      };
      overloads.set(name, [...(overloads.get(name) ?? []), o]);
    }
    const used = new Set<SyntaxNode>();
    for (const c of ctx.ofType('method_invocation')) {
      const candidates = overloads.get(ctx.text(field(c, 'name')!));
      if (!candidates) continue;
      for (const o of reachedBy(ctx, c, candidates)) {
        if (mayTargetOwnClass(ctx, c, ctx.name(ctx.ownerType(o.node) ?? o.node))) used.add(o.node);
      }
    }
    for (const r of ctx.ofType('method_reference')) {
      const last = named(r).pop();
      if (last?.type !== 'identifier' || !resolvableReference(ctx, r)) continue;
      for (const o of overloads.get(ctx.text(last)) ?? []) used.add(o.node);
    }
    for (const m of ctx.ofType('method_declaration')) {
      if (!ctx.modifiers(m).has('private') || SERIALIZATION.has(ctx.name(m)) || used.has(m))
        continue;
      out.push({
        node: field(m, 'name')!,
        message: `Avoid unused private methods such as '${ctx.signature(m)}'.`,
      });
    }
    return out;
  },
};

export const unusedFormalParameter: JavaRule = {
  name: 'UnusedFormalParameter',
  check(ctx) {
    const out: Violation[] = [];
    for (const m of ctx.ofType('method_declaration', 'constructor_declaration')) {
      const isMethod = m.type === 'method_declaration';
      const mods = ctx.modifiers(m);
      if (isMethod && !mods.has('private')) continue;
      const body = field(m, 'body');
      if (!body || mods.has('abstract') || mods.has('native') || mods.has('default')) continue;
      if (isMethod && (SERIALIZATION.has(ctx.name(m)) || ctx.hasAnnotation(m, 'Override')))
        continue;
      for (const p of named(field(m, 'parameters')!)) {
        if (p.type !== 'formal_parameter' && p.type !== 'spread_parameter') continue;
        const nameNode = ctx.paramNameNode(p);
        if (!nameNode) continue;
        const name = ctx.text(nameNode);
        if (EXPLICITLY_UNUSED.test(name)) continue;
        if (uses(ctx, body, name, nameNode) === 0) {
          out.push({
            node: nameNode,
            message: `Avoid unused ${isMethod ? 'method' : 'constructor'} parameters such as '${name}'.`,
          });
        }
      }
    }
    return out;
  },
};

export const unusedLocalVariable: JavaRule = {
  name: 'UnusedLocalVariable',
  check(ctx) {
    const out: Violation[] = [];
    for (const decl of ctx.ofType('local_variable_declaration')) {
      // For-loop headers and resources are not plain local declarations in PMD's AST.
      if (decl.parent?.type === 'for_statement') continue;
      const block = decl.parent;
      if (!block) continue;
      for (const d of decl.children.filter((c) => c.type === 'variable_declarator')) {
        const nameNode = field(d, 'name')!;
        const name = ctx.text(nameNode);
        if (EXPLICITLY_UNUSED.test(name)) continue;
        let reads = 0;
        for (const sibling of block.children) {
          if (sibling.endIndex <= d.startIndex && sibling !== decl) continue;
          reads += uses(ctx, sibling, name, nameNode, true);
        }
        if (reads === 0) {
          out.push({ node: nameNode, message: `Avoid unused local variables such as '${name}'.` });
        }
      }
    }
    return out;
  },
};
