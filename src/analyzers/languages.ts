// The languages the tree-sitter analyzers and tree claims read (CodeReviewer's nine, and TypeScript), how a
// change's language is found (the dataset's `lang`, else the file name, else the content), and which grammar
// parses each. Pure: shared by the worker, the CLI and the tests.

export type CodeLanguage = 'c' | 'cpp' | 'csharp' | 'go' | 'java' | 'javascript' | 'typescript' | 'php' | 'python' | 'ruby';
export const CODE_LANGUAGES: readonly CodeLanguage[] = ['c', 'cpp', 'csharp', 'go', 'java', 'javascript', 'typescript', 'php', 'python', 'ruby'];

/** The grammar files shipped by the npm packages (tree-sitter-c, -cpp, -c-sharp, -go, -java, -php, -python, -ruby, -typescript). */
export type GrammarId = 'c' | 'cpp' | 'c_sharp' | 'go' | 'java' | 'php_only' | 'python' | 'ruby' | 'typescript' | 'tsx';

/** JavaScript is read with the TSX grammar (a superset of JavaScript with JSX); PHP without its `<?php` tag. */
export const GRAMMAR: Record<CodeLanguage, GrammarId> = {
  c: 'c',
  cpp: 'cpp',
  csharp: 'c_sharp',
  go: 'go',
  java: 'java',
  javascript: 'tsx',
  typescript: 'typescript',
  php: 'php_only',
  python: 'python',
  ruby: 'ruby',
};

export const LANGUAGE_LABEL: Record<CodeLanguage, string> = {
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  php: 'PHP',
  python: 'Python',
  ruby: 'Ruby',
};

const CODES: Record<string, CodeLanguage> = {
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  cs: 'csharp',
  csharp: 'csharp',
  'c#': 'csharp',
  go: 'go',
  golang: 'go',
  java: 'java',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  javascript: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  typescript: 'typescript',
  php: 'php',
  py: 'python',
  pyw: 'python',
  python: 'python',
  python3: 'python',
  rb: 'ruby',
  ruby: 'ruby',
};

/** A language code or name as datasets write it ('py', '.cs', 'C++', 'golang'), or null. */
export function codeLanguageFromCode(code: string | null | undefined): CodeLanguage | null {
  const k = (code ?? '').trim().toLowerCase().replace(/^\./, '');
  return CODES[k] ?? null;
}

/** From a file name's extension, or null. */
export function codeLanguageFromFileName(name: string | null | undefined): CodeLanguage | null {
  const ext = /\.([A-Za-z0-9+#]+)$/.exec(name ?? '')?.[1];
  return ext ? codeLanguageFromCode(ext) : null;
}

// Content cues, each a weight for one language; the strongest total wins. Written for diff hunks, which show
// a few lines of a function: keywords and punctuation that only one of the ten languages uses.
const CUES: [CodeLanguage, RegExp, number][] = [
  ['php', /<\?php|\$[A-Za-z_]\w*\s*(->|=|\[|;|\))/, 3],
  ['php', /\bfunction\s+\w+\s*\(\s*\$|\bpublic function\b|\bforeach\s*\(\s*\$|\$this->/, 3],
  ['go', /^\s*package\s+\w+\s*$|\bfunc\s+(\(\w+\s+\*?\w+\)\s*)?\w+\s*\(|\s:=\s|\bif err != nil\b|\bgo func\b|\bchan\b|\bdefer\b/m, 3],
  ['python', /^\s*(def\s+\w+\s*\(.*\)\s*(->\s*[^:]+)?:\s*$|elif\b|from\s+\w[\w.]*\s+import\b|class\s+\w+(\(.*\))?:\s*$|if .*:\s*$|self\.)/m, 2],
  ['python', /\bNone\b|\bTrue\b|\bFalse\b|^\s*@\w+|\bprint\(|^\s*except\b.*:\s*$/m, 1],
  ['ruby', /^\s*(def\s+\w+[?!]?(\(.*\))?\s*$|end\s*$|require\s+['"]|module\s+[A-Z]\w*\s*$|elsif\b|unless\b)|\bdo\s*\|\w+|\battr_(reader|accessor)\b|\bputs\b|@\w+\s*=|\.each\b/m, 2],
  ['ruby', /\bnil\b|=>|:\w+\s*=>|^\s*rescue\b/m, 1],
  ['csharp', /\busing\s+System\b|\bnamespace\s+[\w.]+\s*[{;]?\s*$|\bpublic\s+(override\s+|async\s+|static\s+)*\w+(<[\w, <>]+>)?\s+\w+\s*\(.*\)\s*$|\bvar\s+\w+\s*=|\bstring\b|\bawait\b|\{\s*get;|\bforeach\s*\(\s*var\b|\bnameof\(/m, 1],
  ['csharp', /\b(Console|String|Task|IEnumerable|Dictionary|List)\b[.<]|\bthrow new \w*Exception\(|\bout\s+\w+\s+\w+\)/, 1],
  ['java', /\bimport\s+java\.|\bpublic\s+(final\s+)?class\b|@Override\b|\bSystem\.out\.|\bprivate\s+final\b|\bthrows\s+\w+|\bnew\s+\w+<>\(|\bString\[\]/, 2],
  ['javascript', /\bconst\s+\w+\s*=|\blet\s+\w+\s*=|=>|\bfunction\s*\w*\s*\(|\brequire\(['"]|\bmodule\.exports\b|===|!==|\bconsole\.\w+\(|\bundefined\b|\bdocument\.|\bexport\s+(default\s+)?/, 1],
  ['typescript', /:\s*(string|number|boolean|void|any|unknown)\b|\binterface\s+\w+\s*\{|\btype\s+\w+\s*=|\bas\s+\w+|<\w+>\(|\breadonly\b|\bimport\s+type\b|\bprivate\s+\w+\s*:/, 2],
  ['c', /^\s*#\s*(include|define|ifdef|ifndef|endif)\b|\bmalloc\(|\bfree\(|\bprintf\(|\bsizeof\b|\bstruct\s+\w+\s*\*|\bNULL\b|->\w+/m, 1],
  ['cpp', /\bstd::|\btemplate\s*<|\bnamespace\s+\w+\s*\{|::\w+\(|\bnullptr\b|\bauto\s+\w+\s*=|\bconst\s+\w+&|\bvirtual\b|\bcout\b|#include\s*<\w+>/m, 2],
];

/** The language the content looks most like, or null when no cue is seen. */
export function codeLanguageFromContent(code: string): CodeLanguage | null {
  const score = new Map<CodeLanguage, number>();
  for (const [lang, re, w] of CUES) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    const n = Math.min(5, (code.match(g) ?? []).length);
    if (n) score.set(lang, (score.get(lang) ?? 0) + n * w);
  }
  // A C cue with a C++ one reads as C++; TypeScript's own syntax on top of JavaScript's reads as TypeScript.
  if (score.has('cpp') && score.has('c')) score.set('cpp', score.get('cpp')! + score.get('c')!);
  if (score.has('typescript') && score.has('javascript')) score.set('typescript', score.get('typescript')! + score.get('javascript')!);
  let best: CodeLanguage | null = null;
  let top = 0;
  for (const [lang, s] of score) if (s > top) [best, top] = [lang, s];
  return best;
}

export type LanguageSource = 'lang' | 'file name' | 'content';

/** A change's language and where it came from: the dataset's `lang`, else the file name, else the content. */
export function resolveCodeLanguage(c: { lang?: string | null; fileName?: string | null; code?: string | null }): { language: CodeLanguage; from: LanguageSource } | null {
  const byCode = codeLanguageFromCode(c.lang);
  if (byCode) return { language: byCode, from: 'lang' };
  const byName = codeLanguageFromFileName(c.fileName);
  if (byName) return { language: byName, from: 'file name' };
  const byContent = c.code ? codeLanguageFromContent(c.code) : null;
  return byContent ? { language: byContent, from: 'content' } : null;
}
