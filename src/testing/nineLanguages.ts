// Generated bare hunks in CodeReviewer's nine languages (its `lang` codes: c, cpp, .cs, go, java, js, php, py, rb),
// and a labelled table of the commonest shape made of them: `patch, msg, lang, relevance, informativeness,
// expression`, binary labels, no reference review. Used by the benches (bench/treelang*.ts) and the e2e tests.
import type { CodeLanguage } from '../analyzers/languages.ts';

export const HUNKS: Record<string, (i: number) => string> = {
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
export const LANG: Record<string, CodeLanguage> = { c: 'c', cpp: 'cpp', '.cs': 'csharp', go: 'go', java: 'java', js: 'javascript', php: 'php', py: 'python', rb: 'ruby' };


/** CodeReviewer's language codes, in a fixed order. */
export const CODES = Object.keys(HUNKS);

/** `n` hunks, the languages in turn. */
export const nineLanguageHunks = (n: number): { lang: string; diff: string }[] =>
  Array.from({ length: n }, (_, i) => ({ lang: CODES[i % CODES.length], diff: HUNKS[CODES[i % CODES.length]](i) }));

const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);

/**
 * The table: one review per hunk. Every third review names what the change does (relevance 1), the others say
 * little or something else (relevance 0); informativeness and expression follow other rules, so each label differs.
 */
export function nineLanguageTable(n: number): string {
  const lines = ['patch,msg,lang,relevance,informativeness,expression'];
  nineLanguageHunks(n).forEach(({ lang, diff }, i) => {
    const added = diff.split('\n').find((l) => l.startsWith('+'))?.slice(1).trim() ?? '';
    const specific = i % 3 === 0;
    const msg = specific ? `The change adds \`${added.slice(0, 40)}\`; is it needed here?` : i % 3 === 1 ? 'Looks good to me.' : 'Please fix the formatting.';
    lines.push([diff, msg, lang, specific !== (i % 7 === 0) ? 1 : 0, (i >> 1) % 2, i % 5 === 0 ? 0 : 1].map(quote).join(','));
  });
  return `${lines.join('\n')}\n`;
}
