// A Java tree-sitter parse as the PMD rule ports read it: nodes by type, declarations, their modifiers,
// annotations, names, and types as written.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { childOfType, field, named, textOf, walk } from '../syntax.ts';

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

export class JavaTree {
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
}
