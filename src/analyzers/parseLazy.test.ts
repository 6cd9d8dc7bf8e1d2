// A text that does not parse is copied only when read (treesitter.ts): its first syntax error, found on the wasm
// tree, must be the one the copied tree gives, and the copy must be the tree a parse gives.
import { describe, expect, it } from 'vitest';
import { GRAMMAR, type CodeLanguage } from './languages.ts';
import { firstSyntaxError, walk, type SyntaxTree } from './syntax.ts';
import { parsePlain } from './treesitter.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';

const assets = nodeTreeSitterAssets();
const BROKEN: [CodeLanguage, string][] = [
  ['c', '  int n = g(a);\n  if (n > 1) return 1;\n  return n;\n}'],
  ['cpp', 'int f( {\n  return 1;\n'],
  ['php', '    public function close() {\n        return true;\n    }'],
  ['python', 'def f(a):\n    return (a +\n'],
  ['java', 'class A { void f() { int x = ; } }'],
  ['ruby', 'def f\n  if a\nend'],
  ['go', 'func (s *S) Close(a int) error {\n\tif s.conn == nil {\n\t\treturn nil\n'],
];
const shape = (t: SyntaxTree) => {
  const out: string[] = [];
  walk(t.root, (n) => void out.push(`${n.type}:${n.named ? 1 : 0}:${n.field}:${n.row}:${n.column}:${n.endRow}:${n.startIndex}:${n.endIndex}:${n.missing ? 1 : 0}`));
  return out;
};

describe('trees of texts that do not parse', () => {
  it.each(BROKEN)('%s: the first error found before the copy is the copied tree’s, and the copy is whole', async (language, code) => {
    const tree = (await parsePlain(GRAMMAR[language], code, assets))!;
    expect(tree.hasError).toBe(true);
    expect(tree.firstError).not.toBeUndefined();
    const copied: SyntaxTree = { root: tree.root, source: tree.source, hasError: true };
    expect(firstSyntaxError(tree)).toEqual(firstSyntaxError(copied));
    expect(firstSyntaxError(tree)?.reason).toMatch(/^(missing |a syntax error near )/);
    // Read twice: the copy is made once and stays.
    expect(tree.root).toBe(tree.root);
    expect(shape(tree).length).toBeGreaterThan(3);
  });

  it('a clean text is copied at once and names no error', async () => {
    const tree = (await parsePlain('c', 'int f(int a) { return a; }', assets))!;
    expect([tree.hasError, tree.firstError, firstSyntaxError(tree)]).toEqual([false, undefined, null]);
  });
});
