// Test helper: a table of the commonest labelled shape (reviewers' comments on bare hunks in CodeReviewer's nine
// languages, three binary labels, no reference review): columns patch, msg, lang, relevance, informativeness,
// expression. Each language has two hunks the analyzers warn on and one plain rename they find nothing in, so some
// changes have pseudo-references and some have none.
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

/** The nine languages as CodeReviewer's `lang` column spells them. */
export const NINE_LANGUAGES = Object.keys(HUNKS);

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The table's rows: `perLanguage` a language (the last of every three a plain rename), labels by row. */
export function nineLanguageRows(perLanguage = 3): { patch: string; msg: string; lang: string; relevance: number; informativeness: number; expression: number }[] {
  const rows = [];
  let row = 0;
  for (const lang of NINE_LANGUAGES)
    for (let j = 0; j < perLanguage; j++, row++) {
      const plain = j % 3 === 2;
      const patch = plain ? `@@ -1 +1 @@\n-  start(a${row});\n+  begin(a${row});` : HUNKS[lang](row);
      const onPoint = row % 2 === 0;
      const msg = onPoint ? `This empty catch swallows the error; check for null before the call (${row}).` : `ok ${row}`;
      rows.push({ patch, msg, lang, relevance: onPoint ? 1 : 0, informativeness: (row >> 1) % 2, expression: row % 3 === 0 ? 1 : 0 });
    }
  return rows;
}

/** The table as CSV, its columns patch, msg, lang, relevance, informativeness, expression. */
export function nineLanguageTable(perLanguage = 3): string {
  const lines = ['patch,msg,lang,relevance,informativeness,expression'];
  for (const r of nineLanguageRows(perLanguage)) lines.push([q(r.patch), q(r.msg), r.lang, r.relevance, r.informativeness, r.expression].join(','));
  return `${lines.join('\n')}\n`;
}

/** The table as JSONL with the fields `crscore score` reads (diff, review, lang) beside the labels. */
export function nineLanguageJsonl(perLanguage = 3): string {
  return nineLanguageRows(perLanguage).map(({ patch, msg, ...rest }) => JSON.stringify({ diff: patch, review: msg, ...rest })).join('\n') + '\n';
}
