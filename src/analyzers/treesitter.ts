// Loads web-tree-sitter and the grammars once per context (worker, CLI, test run), each grammar only when a
// change in its language is met. Pure of DOM and Node imports: the caller says where the .wasm files are
// (URLs of the app's own origin in a browser, file paths in Node), so the same code runs in a Web Worker and
// under vitest.
import * as shipped from 'web-tree-sitter';
import type { Language, Parser } from 'web-tree-sitter';
import { firstSyntaxErrorOf, toSyntaxTree, type SyntaxNode, type SyntaxTree } from './syntax.ts';
import type { GrammarId } from './languages.ts';

/** web-tree-sitter's module: the one imported, or a fresh copy of it (its own wasm instance). */
export type TreeSitterModule = Pick<typeof shipped, 'Parser' | 'Language'>;

export interface TreeSitterAssets {
  /** web-tree-sitter.wasm (the runtime). */
  runtimeWasm: string;
  /** tree-sitter-python.wasm */
  pythonWasm: string;
  /** tree-sitter-java.wasm */
  javaWasm: string;
  /**
   * A fresh copy of web-tree-sitter's module, the n-th: loaded after a parse failed inside the runtime (an abort
   * on a huge file leaves the wasm instance unusable), so later files are parsed by a new instance. Node only: the
   * browser's analyzer worker says so instead (runtimeFailures) and its client starts a fresh worker.
   */
  freshModule?: (n: number) => Promise<TreeSitterModule>;
  /** The other grammars' .wasm files (absent: that language cannot be parsed here). */
  grammars?: Partial<Record<GrammarId, string>>;
}

/** A grammar id; 'python' and 'java' are the paper's two. */
export type TreeSitterLanguage = GrammarId;

let runtime: Promise<void> | null = null;
const languages = new Map<string, Promise<Language>>();
const parsers = new Map<string, Promise<Parser>>();
let module: Promise<TreeSitterModule> = Promise.resolve(shipped);
let instances = 0;
let failures = 0;

function initRuntime(assets: TreeSitterAssets): Promise<void> {
  // Parser.init may be called once per context; later calls reuse the first runtime.
  runtime ??= module.then((m) => m.Parser.init({ locateFile: () => assets.runtimeWasm })).catch((e: unknown) => {
    runtime = null;
    throw e;
  });
  return runtime;
}

function loadLanguage(path: string): Promise<Language> {
  let lang = languages.get(path);
  if (!lang) {
    lang = module.then((m) => m.Language.load(path));
    languages.set(path, lang);
    lang.catch(() => languages.delete(path));
  }
  return lang;
}

export function grammarWasm(language: TreeSitterLanguage, assets: TreeSitterAssets): string {
  if (language === 'python') return assets.pythonWasm;
  if (language === 'java') return assets.javaWasm;
  const wasm = assets.grammars?.[language];
  if (!wasm) throw new Error(`no tree-sitter grammar for ${language} here`);
  return wasm;
}

/** A parser for `language`, created once per grammar file and reused (parsing is synchronous). */
export function getParser(language: TreeSitterLanguage, assets: TreeSitterAssets): Promise<Parser> {
  let wasm: string;
  try {
    wasm = grammarWasm(language, assets);
  } catch (e) {
    return Promise.reject(e as Error);
  }
  let parser = parsers.get(wasm);
  if (!parser) {
    parser = (async () => {
      await initRuntime(assets);
      const p = new (await module).Parser();
      p.setLanguage(await loadLanguage(wasm));
      return p;
    })();
    parsers.set(wasm, parser);
    parser.catch(() => parsers.delete(wasm));
  }
  return parser;
}

/** The grammars whose parser has been asked for in this context (the bench checks they load on demand). */
export function loadedGrammars(): string[] {
  return [...parsers.keys()];
}

/**
 * Forgets the runtime, the grammars and the parsers after a parse failed inside them, and moves to a fresh
 * instance of web-tree-sitter where the context can load one: a wasm abort poisons its instance, and every later
 * file, healthy ones included, would fail with it.
 */
function recreate(assets: TreeSitterAssets): void {
  failures++;
  for (const p of parsers.values()) void p.then((x) => x.delete()).catch(() => undefined);
  parsers.clear();
  languages.clear();
  runtime = null;
  if (assets.freshModule) module = assets.freshModule(++instances);
}

/** A tree with a syntax error whose nodes are copied on first read. */
function lazyTree(source: string, firstError: SyntaxTree['firstError'], copy: () => SyntaxTree): SyntaxTree {
  let root: SyntaxNode | undefined;
  return {
    source,
    hasError: true,
    firstError,
    get root() {
      return (root ??= copy().root);
    },
  };
}

/**
 * How many parses failed inside the runtime in this context. A context that cannot load a fresh instance (the
 * browser's analyzer worker) reports it, and its owner replaces the whole context (src/analyzers/client.ts).
 */
export function runtimeFailures(): number {
  return failures;
}

/**
 * Parses `code` and copies the tree into plain objects (toSyntaxTree), freeing the wasm tree at once:
 * the analyzers walk the copy, so no wasm memory outlives a call. Null when the parser gives up. A failure inside
 * the runtime (an abort, a memory fault) is thrown for this file, and the next parse runs on a new instance.
 */
export async function parsePlain(language: TreeSitterLanguage, code: string, assets: TreeSitterAssets): Promise<SyntaxTree | null> {
  const parser = await getParser(language, assets);
  let parsed: ReturnType<Parser['parse']>;
  try {
    parsed = parser.parse(code);
  } catch (e) {
    recreate(assets);
    throw e;
  }
  if (!parsed) return null;
  try {
    if (!parsed.rootNode.hasError) return toSyntaxTree(parsed, code);
    // A text that does not parse is mostly tried in another form next (a hunk as it stands, then wrapped): its
    // tree is copied only when something reads it, by parsing it again then (parsing is deterministic).
    return lazyTree(code, firstSyntaxErrorOf(parsed, code), () => {
      let again: ReturnType<Parser['parse']>;
      try {
        again = parser.parse(code);
        if (!again) throw new Error('the parser gave up on a text it had parsed');
      } catch (e) {
        recreate(assets);
        throw e;
      }
      try {
        return toSyntaxTree(again, code);
      } finally {
        again.delete();
      }
    });
  } catch (e) {
    recreate(assets);
    throw e;
  } finally {
    try {
      parsed.delete();
    } catch {
      // The instance failed; recreate() already replaced it.
    }
  }
}
