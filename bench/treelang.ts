// Analyzers + tree claims on 2,500 generated bare hunks in CodeReviewer's nine languages (the table shape:
// a patch with no file header and a lang column), in the CLI's code path. Prints the time and the counts.
import { analyze } from '../src/analyzers/run.ts';
import { parseCode } from '../src/analyzers/linters.ts';
import { treeClaims } from '../src/analyzers/treeClaims/claims.ts';
import { nodeTreeSitterAssets } from '../src/analyzers/treesitterNode.ts';
import type { CodeLanguage } from '../src/analyzers/languages.ts';

const HUNKS: Record<string, (i: number) => string> = {
  c: (i) => `@@ -1,5 +1,6 @@ int f${i}(int a)\n   int n = g(a);\n-  if (n > ${i}) return 1;\n+  if (n >= ${i}) return 1;\n+  else if (n >= ${i}) return 2;\n   return n;\n }`,
  cpp: (i) => `@@ -1,4 +1,5 @@\n   auto v = std::vector<int>(${i});\n-  v.push_back(a);\n+  if (p != nullptr) v.push_back(a);\n+  v = v;\n   return v.size();`,
  '.cs': (i) => `@@ -1,4 +1,6 @@\n     public void Close${i}() {\n-        conn.Close();\n+        try { conn.Close(); }\n+        catch (Exception e) { throw e; }\n     }`,
  go: (i) => `@@ -1,4 +1,6 @@\n func (s *S) Close${i}(a int) error {\n+\tif s.conn == nil {\n+\t\treturn nil\n+\t}\n \treturn s.conn.Close()\n }`,
  java: (i) => `@@ -1,4 +1,6 @@\n   public void start(Output output) {\n-    register(listener, ${i});\n+    if (output != null) {\n+      output.onDestroy(listener);\n+    }\n   }`,
  js: (i) => `@@ -1,3 +1,4 @@\n function load${i}(path) {\n-  return read(path);\n+  var data = read(path, ${i});\n+  return data;\n }`,
  php: (i) => `@@ -1,3 +1,5 @@\n     public function close${i}() {\n+        var_dump($this->conn);\n+        try { $this->conn->close(); } catch (Exception $e) {}\n         return true;\n     }`,
  py: (i) => `@@ -1,3 +1,5 @@\n def load${i}(path):\n-    return open(path)\n+    try:\n+        return open(path)\n+    except:\n+        return None`,
  rb: (i) => `@@ -1,3 +1,6 @@\n   def close${i}\n+    begin\n+      @conn.close\n+    rescue\n+    end\n   end`,
};
const LANG: Record<string, CodeLanguage> = { c: 'c', cpp: 'cpp', '.cs': 'csharp', go: 'go', java: 'java', js: 'javascript', php: 'php', py: 'python', rb: 'ruby' };

const assets = nodeTreeSitterAssets();
const codes = Object.keys(HUNKS);
const rows = Array.from({ length: 2500 }, (_, i) => ({ lang: codes[i % codes.length], diff: HUNKS[codes[i % codes.length]](i) }));
const t0 = performance.now();
let issues = 0;
let claims = 0;
for (const r of rows) {
  const language = LANG[r.lang];
  for (const res of await analyze({ language, diff: r.diff, filter: 'paper', options: 'paper' }, assets)) issues += res.refs.length;
  claims += (await treeClaims(language, r.diff, (l, c) => parseCode(l, c, assets))).length;
}
const s = (performance.now() - t0) / 1000;
console.log(`analyzers + tree claims: ${rows.length} hunks in 9 languages, ${s.toFixed(1)} s (budget 20 s); ${issues} issues, ${claims} claims`);
