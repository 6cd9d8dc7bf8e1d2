// UnnecessaryImport (PMD 7, codestyle): unused, duplicate, java.lang and same-package imports.
import type { SyntaxNode } from '../../syntax.ts';
import { childOfType, named, walk } from '../../syntax.ts';
import type { JavaContext, JavaRule, Violation } from '../context.ts';

/** Type names javadoc refers to: {@link Foo}, {@linkplain Foo#bar}, {@value Foo#X}, @see, @throws. */
const JDK = /^(java|javax|jdk)\./;

const JAVADOC_REFERENCE =
  /(?:\{@(?:link|linkplain|value)\s+|@(?:see|throws|exception)\s+)([\w.]+)?(?:#(\w+))?/g;

function importParts(
  ctx: JavaContext,
  imp: SyntaxNode,
): { name: string; isStatic: boolean; onDemand: boolean } {
  const isStatic = imp.children.some((c) => c.type === 'static');
  const onDemand = childOfType(imp, 'asterisk') !== undefined;
  const nameNode = named(imp).find(
    (c) => c.type === 'scoped_identifier' || c.type === 'identifier',
  );
  return { name: nameNode ? ctx.text(nameNode) : '', isStatic, onDemand };
}

/** Names used outside import/package declarations, plus javadoc references. */
function usedNames(ctx: JavaContext): Set<string> {
  const used = new Set<string>();
  walk(ctx.tree.root, (n) => {
    if (n.type === 'import_declaration' || n.type === 'package_declaration') return false;
    if (n.type === 'identifier' || n.type === 'type_identifier') used.add(ctx.text(n));
    if (n.type === 'block_comment' && ctx.text(n).startsWith('/**')) {
      for (const m of ctx.text(n).matchAll(JAVADOC_REFERENCE)) {
        if (m[1]) used.add(m[1].split('.')[0]);
        if (m[2]) used.add(m[2]);
      }
    }
  });
  return used;
}

export const unnecessaryImport: JavaRule = {
  name: 'UnnecessaryImport',
  check(ctx) {
    const out: Violation[] = [];
    const imports = ctx.ofType('import_declaration');
    if (!imports.length) return out;
    const used = usedNames(ctx);
    const pkgNode = ctx.ofType('package_declaration')[0];
    const pkg = pkgNode ? ctx.text(named(pkgNode)[named(pkgNode).length - 1]) : '';
    const seen = new Set<string>();
    for (const imp of imports) {
      const { name, isStatic, onDemand } = importParts(ctx, imp);
      if (!name) continue;
      const key = `${isStatic}:${name}:${onDemand}`;
      const shown = onDemand ? `${name}.*` : name;
      if (seen.has(key)) {
        out.push({ node: imp, message: `Duplicate import '${shown}'` });
        continue;
      }
      seen.add(key);
      const container = onDemand ? name : name.slice(0, name.lastIndexOf('.'));
      if (!isStatic && container === 'java.lang' && (onDemand || !name.slice(10).includes('.'))) {
        out.push({
          node: imp,
          message: `Unnecessary import from the java.lang package '${shown}'`,
        });
        continue;
      }
      if (!isStatic && pkg && container === pkg) {
        out.push({ node: imp, message: `Unnecessary import from the current package '${shown}'` });
        continue;
      }
      // The study ran PMD without the projects' classpath. PMD 7.0 then reports every static
      // import and every on-demand import from outside the JDK as unused, used or not (37 of the
      // 40 single static imports in the Java dev rows; the 3 left were java.util members in use).
      const unresolvable = !JDK.test(container);
      if (onDemand) {
        if (unresolvable)
          out.push({
            node: imp,
            message: isStatic ? `Unused static import '${shown}'` : `Unused import '${shown}'`,
          });
        continue;
      }
      const simple = name.slice(name.lastIndexOf('.') + 1);
      if (isStatic && unresolvable)
        out.push({ node: imp, message: `Unused static import '${name}'` });
      else if (!used.has(simple))
        out.push({
          node: imp,
          message: isStatic ? `Unused static import '${name}'` : `Unused import '${name}'`,
        });
    }
    return out;
  },
};
