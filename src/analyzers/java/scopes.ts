// Names in scope for the PMD rule ports: which declaration a name refers to at a point, its declared
// type, and whether an expression is a String (PMD resolves types; a single file allows these approximations).
import type { SyntaxNode } from '../syntax.ts';
import { childOfType, field, named } from '../syntax.ts';
import { JavaTree } from './tree.ts';

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

export class JavaScopes extends JavaTree {
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

  protected typeOfDeclaration(decl: SyntaxNode, name: string): SyntaxNode | undefined {
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
}
