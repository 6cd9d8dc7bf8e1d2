// Shared views of a Java tree-sitter parse for the PMD rule ports: declarations, modifiers,
// names in use, constants and declared types (PMD has full symbol and type resolution; these are
// the approximations a single file allows).
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { childOfType, field, named, textOf, walk } from '../syntax.ts';

export interface Violation {
  /** The node whose first line PMD reports (its "report location"). */
  node: SyntaxNode;
  message: string;
}

export interface JavaRule {
  name: string;
  check(ctx: JavaContext): Violation[];
}

/** String methods that return a String. */
const STRING_METHODS = new Set([
  'trim',
  'strip',
  'stripLeading',
  'stripTrailing',
  'substring',
  'replace',
  'replaceAll',
  'replaceFirst',
  'toLowerCase',
  'toUpperCase',
  'concat',
  'intern',
  'repeat',
  'formatted',
]);

/** tree-sitter-java's node types for literal values (null apart: rules differ on it). */
export const LITERAL_TYPES: ReadonlySet<string> = new Set([
  'string_literal',
  'character_literal',
  'decimal_integer_literal',
  'hex_integer_literal',
  'octal_integer_literal',
  'binary_integer_literal',
  'decimal_floating_point_literal',
  'true',
  'false',
]);

export const TYPE_DECLARATIONS = new Set([
  'class_declaration',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
  'annotation_type_declaration',
]);

export class JavaContext {
  readonly tree: SyntaxTree;
  private all: SyntaxNode[] | null = null;
  private byType = new Map<string, SyntaxNode[]>();

  constructor(tree: SyntaxTree) {
    this.tree = tree;
  }

  text(n: SyntaxNode): string {
    return textOf(this.tree, n);
  }

  /** Every named node, in document order. */
  nodes(): SyntaxNode[] {
    if (!this.all) {
      const out: SyntaxNode[] = [];
      walk(this.tree.root, (n) => void (n.named && out.push(n)));
      this.all = out;
    }
    return this.all;
  }

  ofType(...types: string[]): SyntaxNode[] {
    const key = types.join('|');
    let list = this.byType.get(key);
    if (!list) {
      const set = new Set(types);
      list = this.nodes().filter((n) => set.has(n.type));
      this.byType.set(key, list);
    }
    return list;
  }

  /** Modifier keywords (`private`, `static`, ...) of a declaration. */
  modifiers(decl: SyntaxNode): Set<string> {
    const mods = childOfType(decl, 'modifiers');
    const out = new Set<string>();
    if (mods) for (const c of mods.children) if (!c.named) out.add(c.type);
    return out;
  }

  /** Simple names of a declaration's annotations (`Override`, `SuppressWarnings`, ...). */
  annotations(decl: SyntaxNode): SyntaxNode[] {
    const mods = childOfType(decl, 'modifiers');
    return mods
      ? named(mods).filter((c) => c.type === 'annotation' || c.type === 'marker_annotation')
      : [];
  }

  annotationName(a: SyntaxNode): string {
    const name = field(a, 'name');
    const text = name ? this.text(name) : '';
    return text.split('.').pop() ?? text;
  }

  hasAnnotation(decl: SyntaxNode, simpleName: string): boolean {
    return this.annotations(decl).some((a) => this.annotationName(a) === simpleName);
  }

  name(decl: SyntaxNode): string {
    const n = field(decl, 'name');
    return n ? this.text(n) : '';
  }

  /** The innermost enclosing node of one of `types`. */
  enclosing(n: SyntaxNode, types: Set<string> | string[]): SyntaxNode | null {
    const set = types instanceof Set ? types : new Set(types);
    for (let p = n.parent; p; p = p.parent) if (set.has(p.type)) return p;
    return null;
  }

  /** The type declaration a member belongs to (its class body's owner). */
  ownerType(member: SyntaxNode): SyntaxNode | null {
    return this.enclosing(member, TYPE_DECLARATIONS);
  }

  topLevelType(n: SyntaxNode): SyntaxNode | null {
    let top: SyntaxNode | null = null;
    for (let p: SyntaxNode | null = n; p; p = p.parent) if (TYPE_DECLARATIONS.has(p.type)) top = p;
    return top;
  }

  /** Type text without type arguments or annotations: `Map<K, V>` → `Map`, `a.b.C` → `C`. */
  simpleTypeName(type: SyntaxNode | undefined): string {
    if (!type) return '';
    switch (type.type) {
      case 'generic_type':
        return this.simpleTypeName(named(type).find((c) => c.type !== 'type_arguments'));
      case 'scoped_type_identifier':
        return this.simpleTypeName(
          named(type)
            .filter((c) => c.type === 'type_identifier')
            .pop(),
        );
      case 'array_type':
        return (
          this.simpleTypeName(field(type, 'element')) +
          '[]'.repeat(this.text(field(type, 'dimensions') ?? type).split('[').length - 1)
        );
      case 'annotated_type':
        return this.simpleTypeName(
          named(type)
            .filter((c) => !c.type.endsWith('annotation'))
            .pop(),
        );
      default:
        return this.text(type);
    }
  }

  /** `Type` of a variable named `name` visible at `at`: locals/params (nearest), then fields. */
  declaredType(name: string, at: SyntaxNode): SyntaxNode | undefined {
    for (let scope = at.parent; scope; scope = scope.parent) {
      for (const c of scope.children) {
        if (c.startIndex > at.startIndex && scope.type !== 'class_body') break;
        const t = this.typeOfDeclaration(c, name);
        if (t) return t;
      }
      if (
        scope.type === 'method_declaration' ||
        scope.type === 'constructor_declaration' ||
        scope.type === 'lambda_expression'
      ) {
        const params = field(scope, 'parameters');
        for (const p of params ? named(params) : []) {
          if (
            (p.type === 'formal_parameter' || p.type === 'spread_parameter') &&
            this.paramName(p) === name
          )
            return field(p, 'type') ?? named(p)[0];
        }
      }
      if (
        scope.type === 'enhanced_for_statement' &&
        field(scope, 'name') &&
        this.text(field(scope, 'name')!) === name
      )
        return field(scope, 'type');
      if (scope.type === 'catch_clause') {
        const param = childOfType(scope, 'catch_formal_parameter');
        if (param && field(param, 'name') && this.text(field(param, 'name')!) === name)
          return childOfType(param, 'catch_type');
      }
    }
    return undefined;
  }

  /** Is `name` at `at` a local variable, parameter or lambda parameter (shadowing any field)? */
  isLocalName(name: string, at: SyntaxNode): boolean {
    for (
      let scope = at.parent;
      scope &&
      scope.type !== 'class_body' &&
      scope.type !== 'enum_body' &&
      scope.type !== 'interface_body';
      scope = scope.parent
    ) {
      for (const c of scope.children) {
        if (c.startIndex > at.startIndex) break;
        if (c.type === 'local_variable_declaration' && this.typeOfDeclaration(c, name)) return true;
      }
      if (scope.type === 'for_statement' || scope.type === 'try_with_resources_statement') {
        for (const d of scope.children) {
          if (d.type === 'local_variable_declaration' && this.typeOfDeclaration(d, name))
            return true;
          if (
            d.type === 'resource_specification' &&
            named(d).some((r) => field(r, 'name') && this.text(field(r, 'name')!) === name)
          )
            return true;
        }
      }
      if (
        scope.type === 'method_declaration' ||
        scope.type === 'constructor_declaration' ||
        scope.type === 'lambda_expression'
      ) {
        const params = field(scope, 'parameters');
        if (params?.type === 'identifier' && this.text(params) === name) return true;
        for (const p of params ? named(params) : []) {
          if (p.type === 'identifier' && this.text(p) === name) return true;
          if (
            (p.type === 'formal_parameter' || p.type === 'spread_parameter') &&
            this.paramName(p) === name
          )
            return true;
        }
      }
      if (
        scope.type === 'enhanced_for_statement' &&
        field(scope, 'name') &&
        this.text(field(scope, 'name')!) === name
      )
        return true;
      if (scope.type === 'catch_clause') {
        const param = childOfType(scope, 'catch_formal_parameter');
        if (param && field(param, 'name') && this.text(field(param, 'name')!) === name) return true;
      }
    }
    return false;
  }

  /** The local `T name = ...;` declaration visible at `at`, if any. */
  localDeclarator(
    name: string,
    at: SyntaxNode,
  ): { declaration: SyntaxNode; declarator: SyntaxNode } | undefined {
    for (let scope = at.parent; scope && scope.type !== 'class_body'; scope = scope.parent) {
      for (const c of scope.children) {
        if (c.startIndex > at.startIndex) break;
        if (c.type !== 'local_variable_declaration') continue;
        const d = c.children.find(
          (x) =>
            x.type === 'variable_declarator' &&
            field(x, 'name') &&
            this.text(field(x, 'name')!) === name,
        );
        if (d) return { declaration: c, declarator: d };
      }
    }
    return undefined;
  }

  /** Is `e` known to be a String (what PMD's type resolution sees without the classpath)? */
  isString(e: SyntaxNode | undefined): boolean {
    if (!e) return false;
    switch (e.type) {
      case 'string_literal':
        return true;
      case 'parenthesized_expression':
        return this.isString(named(e)[0]);
      case 'binary_expression':
        return (
          e.children.some((c) => c.type === '+') &&
          (this.isString(field(e, 'left')) || this.isString(field(e, 'right')))
        );
      case 'identifier':
        return this.simpleTypeName(this.declaredType(this.text(e), e)) === 'String';
      case 'method_invocation': {
        const name = this.text(field(e, 'name')!);
        const object = field(e, 'object');
        if (name === 'toString' && named(field(e, 'arguments')!).length === 0) return true;
        if (
          object &&
          this.text(object) === 'String' &&
          ['valueOf', 'format', 'join', 'copyValueOf'].includes(name)
        )
          return true;
        if (object && STRING_METHODS.has(name)) return this.isString(object);
        if (!object || object.type === 'this') {
          const m = this.ofType('method_declaration').find((d) => this.name(d) === name);
          return m !== undefined && this.simpleTypeName(field(m, 'type')) === 'String';
        }
        return false;
      }
      default:
        return false;
    }
  }

  private typeOfDeclaration(decl: SyntaxNode, name: string): SyntaxNode | undefined {
    if (decl.type !== 'local_variable_declaration' && decl.type !== 'field_declaration')
      return undefined;
    for (const d of decl.children) {
      if (
        d.type === 'variable_declarator' &&
        field(d, 'name') &&
        this.text(field(d, 'name')!) === name
      )
        return field(decl, 'type');
    }
    return undefined;
  }

  paramName(p: SyntaxNode): string {
    if (p.type === 'spread_parameter') {
      const d = childOfType(p, 'variable_declarator');
      return d && field(d, 'name') ? this.text(field(d, 'name')!) : '';
    }
    const n = field(p, 'name');
    return n ? this.text(n) : '';
  }

  paramNameNode(p: SyntaxNode): SyntaxNode | undefined {
    if (p.type === 'spread_parameter') {
      const d = childOfType(p, 'variable_declarator');
      return d ? field(d, 'name') : undefined;
    }
    return field(p, 'name');
  }

  /** A type as PMD prints it in messages: its source text, spaced `A<B, C>`, without annotations. */
  typeText(type: SyntaxNode | undefined): string {
    if (!type) return '';
    if (type.type === 'annotated_type')
      return this.typeText(
        named(type)
          .filter((c) => !c.type.endsWith('annotation'))
          .pop(),
      );
    return this.text(type)
      .replace(/\s+/g, ' ')
      .replace(/\s*,\s*/g, ', ')
      .replace(/<\s+/g, '<')
      .replace(/\s+>/g, '>')
      .replace(/\s*\[\s*\]/g, '[]');
  }

  /** PMD's displaySignature: `name(Type1, Type2...)`, types as written. */
  signature(decl: SyntaxNode): string {
    const params = field(decl, 'parameters');
    const types = (params ? named(params) : [])
      .filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter')
      .map((p) => {
        const type =
          field(p, 'type') ??
          named(p).find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator');
        let t = this.typeText(type);
        const dims = field(p, 'dimensions');
        if (dims) t += '[]'.repeat(this.text(dims).split('[').length - 1);
        return p.type === 'spread_parameter' ? t + '...' : t;
      });
    return `${this.name(decl)}(${types.join(', ')})`;
  }

  /** Compile-time constant String fields of the file: `static final String X = "..."`. */
  private constants: Map<string, SyntaxNode> | null = null;
  constantFields(): Map<string, SyntaxNode> {
    if (!this.constants) {
      this.constants = new Map();
      for (const f of this.ofType('field_declaration', 'constant_declaration')) {
        const mods = this.modifiers(f);
        const iface =
          f.type === 'constant_declaration' || this.ownerType(f)?.type === 'interface_declaration';
        if (!iface && !(mods.has('static') && mods.has('final'))) continue;
        for (const d of f.children) {
          const value = d.type === 'variable_declarator' ? field(d, 'value') : undefined;
          if (value) this.constants.set(this.text(field(d, 'name')!), value);
        }
      }
    }
    return this.constants;
  }

  /** Does `e` fold to a constant (literals, constant fields, and operators over them)? */
  isConstant(e: SyntaxNode | undefined, seen = new Set<string>()): boolean {
    if (!e) return false;
    switch (e.type) {
      case 'string_literal':
      case 'character_literal':
      case 'decimal_integer_literal':
      case 'hex_integer_literal':
      case 'octal_integer_literal':
      case 'binary_integer_literal':
      case 'decimal_floating_point_literal':
      case 'hex_floating_point_literal':
      case 'true':
      case 'false':
        return true;
      case 'parenthesized_expression':
        return this.isConstant(named(e)[0], seen);
      case 'binary_expression':
        return this.isConstant(field(e, 'left'), seen) && this.isConstant(field(e, 'right'), seen);
      case 'unary_expression':
        return this.isConstant(field(e, 'operand'), seen);
      case 'identifier': {
        const name = this.text(e);
        if (seen.has(name)) return false;
        seen.add(name);
        // A local `final` variable with a constant initializer is a constant too; any other local
        // or parameter of that name hides the field.
        if (this.isLocalName(name, e)) {
          const local = this.localDeclarator(name, e);
          return (
            local !== undefined &&
            this.isConstant(field(local.declarator, 'value'), seen) &&
            this.modifiers(local.declaration).has('final')
          );
        }
        const value = this.constantFields().get(name);
        return value !== undefined && this.isConstant(value, seen);
      }
      case 'field_access': {
        // `Type.CONSTANT` for a type declared in this file.
        const object = field(e, 'object');
        const name = field(e, 'field');
        if (object?.type !== 'identifier' || !name) return false;
        const owner = this.constantFields().get(this.text(name));
        const ownerType = owner ? this.ownerType(owner) : null;
        return (
          ownerType !== null &&
          this.name(ownerType) === this.text(object) &&
          !seen.has(this.text(name)) &&
          this.isConstant(owner, new Set([...seen, this.text(name)]))
        );
      }
      default:
        return false;
    }
  }

  private constantDeclarationType(name: string): SyntaxNode | undefined {
    const value = this.constantFields().get(name);
    const decl = value?.parent?.parent;
    return decl ? field(decl, 'type') : undefined;
  }

  isStringConstant(e: SyntaxNode | undefined): boolean {
    if (!e || !this.isConstant(e)) return false;
    if (e.type === 'string_literal') return true;
    if (e.type === 'identifier')
      return this.simpleTypeName(this.constantDeclarationType(this.text(e))) === 'String';
    if (e.type === 'binary_expression')
      return [field(e, 'left'), field(e, 'right')].some((x) => this.isStringConstant(x));
    if (e.type === 'parenthesized_expression') return this.isStringConstant(named(e)[0]);
    return false;
  }
}
