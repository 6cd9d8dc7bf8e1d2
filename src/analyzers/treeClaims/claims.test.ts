import { describe, expect, it } from 'vitest';
import { parseCode } from '../linters.ts';
import { nodeTreeSitterAssets } from '../treesitterNode.ts';
import type { CodeLanguage } from '../languages.ts';
import { treeClaims } from './claims.ts';

const assets = nodeTreeSitterAssets();
const claims = async (l: CodeLanguage, diff: string) => (await treeClaims(l, diff, (lang, c) => parseCode(lang, c, assets))).map((r) => r.text);

describe('tree claims', () => {
  it("a null check, a call added and a literal changed, in the paper's style (Java, a bare hunk)", async () => {
    const diff = '@@ -10,5 +10,8 @@ public void start(Output output) {\n   init();\n-  register(listener, 5);\n+  if (output != null) {\n+    output.onDestroy(listener);\n+  }\n+  register(listener, 10);\n   return;\n }';
    expect(await claims('java', diff)).toEqual([
      'The change adds a null check on `output` before calling `output.onDestroy`.',
      'The change adds a call to `output.onDestroy`.',
      'The change changes the literal `5` to `10`.',
    ]);
  });

  it('exception handling, a return value and imports (Python)', async () => {
    const diff = '@@ -1,4 +1,6 @@\n-import os\n+import sys\n def load(path, mode):\n-    return open(path)\n+    try:\n+        return open(path, mode)\n+    except IOError:\n+        return None';
    expect(await claims('python', diff)).toEqual([
      'The change adds exception handling that catches `IOError`.',
      'The change makes `load` return `open(path, mode)` instead of `open(path)`.',
      'The change adds an import of `sys`.',
      'The change removes the import of `os`.',
      'The change inserts a statement: `try:`.',
      'The change inserts a return statement: `return None`.',
    ]);
  });

  it('parameters retyped and added (Go), a method renamed (Ruby), a condition changed (C)', async () => {
    expect(await claims('go', '@@ -1,3 +1,3 @@\n-func Close(a int) error {\n+func Close(a int64, b string) error {\n \treturn nil\n }')).toEqual([
      'The change changes the type of the parameter `a` of `Close` from `int` to `int64`.',
      'The change adds a parameter `b` of type `string` to `Close`.',
    ]);
    expect(await claims('ruby', '@@ -1,3 +1,3 @@\n-  def shut(conn)\n+  def close(conn)\n     conn.finish\n   end')).toEqual(['The change renames the method `shut` to `close`.']);
    expect(await claims('c', '@@ -3,3 +3,3 @@ int f(int n)\n   int k = 0;\n-  if (n > 0)\n+  if (n >= 0)\n     k++;')).toEqual(['The change changes the condition `n > 0` to `n >= 0`.']);
  });

  it('a method removed and a comment added (C#), a moved statement (TypeScript)', async () => {
    expect(await claims('csharp', '@@ -1,6 +1,3 @@\n class A {\n-  void Old() {\n-    Run();\n-  }\n+  // kept for callers\n }')).toEqual([
      'The change removes the method `Old`.',
      'The change removes the call to `Run`.',
      'The change adds a comment: `kept for callers`.',
    ]);
    expect(await claims('typescript', '@@ -1,4 +1,4 @@\n-  start();\n   const x = load();\n+  start();\n   return x;')).toEqual(['The change moves a call `start();`.']);
  });
  it('a C# local names its variable, not its type (`var` or `int`)', async () => {
    for (const decl of ['var total = count * 2;', 'int total = count * 2;'])
      expect(await claims('csharp', `@@ -1,3 +1,4 @@\n public int F(int count) {\n+    ${decl}\n     return count;\n }`)).toEqual([`The change inserts an assignment to \`total\`: \`${decl}\`.`]);
  });
});
