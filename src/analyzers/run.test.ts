import { describe, expect, it } from 'vitest';
import { analyze, analyzerFor } from './run.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';

const assets = nodeTreeSitterAssets();
const DIFF = '@@ -10,2 +10,3 @@\n var a = 1;\n-var b = 2;\n+var b = 2\n+var c = 3\n';

describe('analyze', () => {
  it('JSHint on the diff new side: file line numbers, the paper filter, pseudo-references', async () => {
    const [r] = await analyze({ language: 'javascript', diff: DIFF, filter: 'paper', options: 'paper' }, assets);
    expect(r.analyzer).toBe('JSHint');
    expect(r.newFile).toBe('diff-new-side');
    expect(r.error).toBeUndefined();
    expect(r.warnings.map((w) => [w.line, w.rule])).toEqual([
      [11, 'W033'],
      [12, 'W033'],
    ]);
    expect(r.refs.map((x) => x.text)).toEqual(['line 11, col 10, Missing semicolon.', 'line 12, col 10, Missing semicolon.']);
    expect(r.refs.every((x) => x.kind === 'issue' && x.source === 'JSHint')).toBe(true);
  });

  it('on the rebuilt file, warnings outside the diff are found but filtered out', async () => {
    const old = `${Array.from({ length: 9 }, (_, k) => `var v${k} = ${k}`).join('\n')}\nvar a = 1;\nvar b = 2;\n`;
    const [r] = await analyze({ language: 'javascript', diff: DIFF, oldCode: old, filter: 'added', options: 'paper' }, assets);
    expect(r.newFile).toBe('rebuilt');
    expect(r.warnings).toHaveLength(11); // 9 old lines without semicolons + the 2 added ones
    expect(r.kept.map((w) => w.line)).toEqual([11, 12]);
    const [all] = await analyze({ language: 'javascript', diff: DIFF, oldCode: old, filter: 'none', options: 'paper' }, assets);
    expect(all.refs).toHaveLength(11);
  });

  it('PMD on a rebuilt Java file: the paper filter keeps the added unused import, not the old unused field', async () => {
    const old = ['package shop;', '', 'public class Cart {', '    private int unused;', '', '    int total() {', '        return 0;', '    }', '}', ''].join('\n');
    const diff = ['@@ -1,3 +1,4 @@', ' package shop;', ' ', '+import java.util.List;', ' public class Cart {'].join('\n');
    const run = (filter: 'paper' | 'none') => analyze({ language: 'java', diff, oldCode: old, filter, options: 'paper' }, assets);
    const [paper] = await run('paper');
    expect(paper.newFile).toBe('rebuilt');
    expect(paper.error).toBeUndefined();
    expect(paper.refs.map((r) => [r.source, r.line, r.text])).toEqual([
      ['PMD', 3, "line 3, UnnecessaryImport:\tUnused import 'java.util.List'"],
    ]);
    const [all] = await run('none');
    expect(all.warnings.map((w) => [w.rule, w.line])).toEqual([
      ['UnnecessaryImport', 3],
      ['UnusedPrivateField', 5],
    ]);
  });

  it('one analyzer per language, none for others', async () => {
    expect([analyzerFor('javascript'), analyzerFor('python'), analyzerFor('java'), analyzerFor('unknown')]).toEqual([
      'JSHint',
      'PyScent',
      'PMD',
      undefined,
    ]);
    expect(await analyze({ language: 'unknown', diff: DIFF, filter: 'paper', options: 'paper' }, assets)).toEqual([]);
  });

  it('reports an error instead of throwing: nothing to analyze, or a grammar that cannot load', async () => {
    const [empty] = await analyze({ language: 'javascript', diff: '@@ -1,1 +0,0 @@\n-gone\n', filter: 'paper', options: 'paper' }, assets);
    expect(empty.error).toMatch(/nothing to analyze/);
    const broken = { ...assets, pythonWasm: '/nonexistent/tree-sitter-python.wasm' };
    const [py] = await analyze({ language: 'python', diff: '@@ -1 +1 @@\n-x = 1\n+x = 2\n', filter: 'paper', options: 'paper' }, broken);
    expect(py.analyzer).toBe('PyScent');
    expect(py.error).toBeTruthy();
    expect(py.refs).toEqual([]);
  });
});
