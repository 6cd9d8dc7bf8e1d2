// Shared views of a Java tree-sitter parse for the PMD rule ports: declarations, modifiers,
// names in use, constants and declared types (PMD has full symbol and type resolution; these are
// the approximations a single file allows). Split by concept: tree.ts (declarations as written),
// scopes.ts (names and types in scope), this file (compile-time constants) and the rule interface.
import type { SyntaxNode } from '../syntax.ts';
import { field, named } from '../syntax.ts';
import { JavaScopes } from './scopes.ts';

export { LITERAL_TYPES, TYPE_DECLARATIONS } from './tree.ts';

export interface Violation {
  /** The node whose first line PMD reports (its "report location"). */
  node: SyntaxNode;
  message: string;
}

export interface JavaRule {
  name: string;
  check(ctx: JavaContext): Violation[];
}

export class JavaContext extends JavaScopes {
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
