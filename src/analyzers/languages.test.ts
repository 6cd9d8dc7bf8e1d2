import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, GRAMMAR, codeLanguageFromContent, resolveCodeLanguage } from './languages.ts';
import { loadedGrammars, parsePlain } from './treesitter.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';

const assets = nodeTreeSitterAssets();

describe('languages', () => {
  it('takes the language from lang, else the file name, else the content, and says which', () => {
    expect(resolveCodeLanguage({ lang: '.cs', fileName: 'a.go' })).toEqual({ language: 'csharp', from: 'lang' });
    expect(resolveCodeLanguage({ lang: 'xx', fileName: 'src/a.rb' })).toEqual({ language: 'ruby', from: 'file name' });
    expect(resolveCodeLanguage({ lang: null, fileName: null, code: '\tif err != nil {\n\t\treturn err\n\t}\n\tx := f()' })).toEqual({ language: 'go', from: 'content' });
    expect(resolveCodeLanguage({ code: 'hello there' })).toBeNull();
  });

  it('reads the nine languages of CodeReviewer from the content of a hunk', () => {
    const hunks: [string, string][] = [
      ['php', '    $this->logger->info($msg);\n    foreach ($items as $item) {'],
      ['python', '    def close(self):\n        if self.conn is None:\n            return'],
      ['ruby', "  def close\n    @conn.close unless @conn.nil?\n  end"],
      ['csharp', 'using System;\n    public override string ToString()\n    {\n        var x = nameof(Foo);'],
      ['java', '    @Override\n    public void run() {\n        System.out.println(x);'],
      ['javascript', "  const x = require('x');\n  if (a === b) { console.log(x); }"],
      ['typescript', '  private name: string;\n  constructor(readonly id: number) {}'],
      ['c', '#include "x.h"\n  p = malloc(sizeof(*p));\n  if (p == NULL) return -1;'],
      ['cpp', '  std::vector<int> v;\n  auto it = v.begin();\n  if (p == nullptr) return;'],
    ];
    for (const [lang, code] of hunks) expect(codeLanguageFromContent(code), lang).toBe(lang);
  });

  it('parses each language with its grammar, loading a grammar only when its language is met', async () => {
    const before = loadedGrammars().length;
    const tree = await parsePlain(GRAMMAR.go, 'package main\nfunc f() {}\n', assets);
    expect(tree?.root.type).toBe('source_file');
    expect(loadedGrammars().length).toBe(before + 1);
    for (const l of CODE_LANGUAGES) {
      const t = await parsePlain(GRAMMAR[l], 'x', assets);
      expect(t, l).not.toBeNull();
    }
  });
});
