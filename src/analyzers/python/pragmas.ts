// pylint's inline pragmas (`# pylint: disable=too-many-branches`) for the design messages PyScent
// reads. A simplified model of pylint's block rules, enough for the def/class-line messages:
// a pragma on its own line holds until the end of the def/class (or module) it sits in; one at
// the top of a def/class body (before its first statement) or on its header line also covers
// the def/class itself; `disable-next` covers the next line; `skip-file` silences everything.
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { field, walk } from '../syntax.ts';
import { isClass, isFunction, statements } from './pyast.ts';

export type DesignMessage = 'R0915' | 'R0913' | 'R0912' | 'R0902' | 'R0904';

const SYMBOLS: Record<DesignMessage, string> = {
  R0915: 'too-many-statements',
  R0913: 'too-many-arguments',
  R0912: 'too-many-branches',
  R0902: 'too-many-instance-attributes',
  R0904: 'too-many-public-methods',
};

interface Pragma {
  row: number;
  action: 'disable' | 'enable' | 'disable-next';
  ids: string[];
  standalone: boolean;
  /** Innermost def/class containing the comment, or null at module level. */
  scope: SyntaxNode | null;
}

const PRAGMA = /#\s*pylint\s*:\s*([\w-]+)\s*(?:=\s*([\w\s,-]*))?/;

export class PylintPragmas {
  private readonly pragmas: Pragma[] = [];
  readonly skipFile: boolean = false;

  constructor(tree: SyntaxTree) {
    const scopes: SyntaxNode[] = [];
    walk(tree.root, (n) => {
      if (isFunction(n) || isClass(n)) scopes.push(n);
      if (n.type !== 'comment') return;
      const m = PRAGMA.exec(tree.source.slice(n.startIndex, n.endIndex));
      if (!m) return;
      const action = m[1].toLowerCase();
      if (action === 'skip-file') {
        (this as { skipFile: boolean }).skipFile = true;
        return;
      }
      const kind =
        action === 'disable' || action === 'disable-msg'
          ? 'disable'
          : action === 'enable' || action === 'enable-msg'
            ? 'enable'
            : action === 'disable-next'
              ? 'disable-next'
              : null;
      if (!kind || !m[2]) return;
      const lineStart = tree.source.lastIndexOf('\n', n.startIndex - 1) + 1;
      const standalone = tree.source.slice(lineStart, n.startIndex).trim() === '';
      const scope = scopes.filter((s) => s.row < n.row && s.endRow >= n.row).pop() ?? null;
      this.pragmas.push({
        row: n.row,
        action: kind,
        ids: m[2]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        standalone,
        scope,
      });
    });
    this.pragmas.sort((a, b) => a.row - b.row);
  }

  /** Is `message`, reported on the def/class `node`, switched off by a pragma? */
  disabled(message: DesignMessage, node: SyntaxNode): boolean {
    if (this.skipFile) return true;
    const names = new Set([message, SYMBOLS[message], 'all', 'R', 'design']);
    const firstChild = statements(field(node, 'body'))[0];
    const bodyStart = firstChild ? firstChild.row : node.endRow;
    let off = false;
    for (const p of this.pragmas) {
      if (!p.ids.some((id) => names.has(id))) continue;
      let applies: boolean;
      if (p.action === 'disable-next') applies = p.row === node.row - 1;
      else if (!p.standalone) applies = p.row >= node.row && p.row < bodyStart;
      else if (p.scope === node) applies = p.row <= bodyStart;
      else
        applies =
          p.row < node.row &&
          (p.scope === null || (p.scope.row < node.row && p.scope.endRow >= node.row));
      if (applies) off = p.action !== 'enable';
    }
    return off;
  }
}
