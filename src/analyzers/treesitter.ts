// Loads web-tree-sitter and the Python/Java grammars once per context (worker, CLI, test run).
// Pure of DOM and Node imports: the caller says where the .wasm files are (URLs in a browser,
// file paths in Node), so the same code runs in a Web Worker and under vitest.
import { Language, Parser } from 'web-tree-sitter';
import { toSyntaxTree, type SyntaxTree } from './syntax.ts';

export interface TreeSitterAssets {
  /** web-tree-sitter.wasm (the runtime). */
  runtimeWasm: string;
  /** tree-sitter-python.wasm */
  pythonWasm: string;
  /** tree-sitter-java.wasm */
  javaWasm: string;
}

export type TreeSitterLanguage = 'python' | 'java';

let runtime: Promise<void> | null = null;
const languages = new Map<string, Promise<Language>>();
const parsers = new Map<string, Promise<Parser>>();

function initRuntime(assets: TreeSitterAssets): Promise<void> {
  // Parser.init may be called once per context; later calls reuse the first runtime.
  runtime ??= Parser.init({ locateFile: () => assets.runtimeWasm }).catch((e: unknown) => {
    runtime = null;
    throw e;
  });
  return runtime;
}

function loadLanguage(path: string): Promise<Language> {
  let lang = languages.get(path);
  if (!lang) {
    lang = Language.load(path);
    languages.set(path, lang);
    lang.catch(() => languages.delete(path));
  }
  return lang;
}

/** A parser for `language`, created once per grammar file and reused (parsing is synchronous). */
export function getParser(language: TreeSitterLanguage, assets: TreeSitterAssets): Promise<Parser> {
  const wasm = language === 'python' ? assets.pythonWasm : assets.javaWasm;
  let parser = parsers.get(wasm);
  if (!parser) {
    parser = (async () => {
      await initRuntime(assets);
      const p = new Parser();
      p.setLanguage(await loadLanguage(wasm));
      return p;
    })();
    parsers.set(wasm, parser);
    parser.catch(() => parsers.delete(wasm));
  }
  return parser;
}

/**
 * Parses `code` and copies the tree into plain objects (toSyntaxTree), freeing the wasm tree at once:
 * the analyzers walk the copy, so no wasm memory outlives a call. Null when the parser gives up.
 */
export async function parsePlain(language: TreeSitterLanguage, code: string, assets: TreeSitterAssets): Promise<SyntaxTree | null> {
  const parsed = (await getParser(language, assets)).parse(code);
  if (!parsed) return null;
  try {
    return toSyntaxTree(parsed, code);
  } finally {
    parsed.delete();
  }
}
