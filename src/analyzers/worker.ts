// The analyzers' Web Worker: JSHint, the tree-sitter analyzers and the tree claims off the main thread. Thin
// on purpose; the work is in run.ts and treeClaims/ (the functions the CLI calls). The .wasm files are imported
// with ?url so the build emits one copy of each on the app's origin; a grammar is fetched only when a change in
// its language is met. A parse that failed inside tree-sitter's runtime (a wasm abort) poisons this context's
// instance: each answer says so (`recreate`), and the client replaces the worker, so tree-sitter is created anew.
import * as Comlink from 'comlink';
import { Parser } from 'web-tree-sitter';
import runtimeWasm from 'web-tree-sitter/web-tree-sitter.wasm?url';
import pythonWasm from 'tree-sitter-python/tree-sitter-python.wasm?url';
import javaWasm from 'tree-sitter-java/tree-sitter-java.wasm?url';
import cWasm from 'tree-sitter-c/tree-sitter-c.wasm?url';
import cppWasm from 'tree-sitter-cpp/tree-sitter-cpp.wasm?url';
import csharpWasm from 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm?url';
import goWasm from 'tree-sitter-go/tree-sitter-go.wasm?url';
import phpWasm from 'tree-sitter-php/tree-sitter-php_only.wasm?url';
import rubyWasm from 'tree-sitter-ruby/tree-sitter-ruby.wasm?url';
import typescriptWasm from 'tree-sitter-typescript/tree-sitter-typescript.wasm?url';
import tsxWasm from 'tree-sitter-typescript/tree-sitter-tsx.wasm?url';
import { analyze, type AnalyzeRequest } from './run.ts';
import { parseCode } from './linters.ts';
import { treeClaims } from './treeClaims/claims.ts';
import { runtimeFailures, type TreeSitterAssets } from './treesitter.ts';
import type { CodeLanguage } from './languages.ts';

const assets: TreeSitterAssets = {
  runtimeWasm,
  pythonWasm,
  javaWasm,
  grammars: { c: cWasm, cpp: cppWasm, c_sharp: csharpWasm, go: goWasm, php_only: phpWasm, ruby: rubyWasm, typescript: typescriptWasm, tsx: tsxWasm },
};

/** What every call answers: its value or its error, and whether this worker's tree-sitter failed inside its runtime. */
export type WorkerAnswer<T> = { value: T; recreate: boolean } | { error: string; recreate: boolean };

export interface TreeClaimsRequest {
  language: CodeLanguage;
  diff: string;
}

const answer = async <T>(work: Promise<T>): Promise<WorkerAnswer<T>> => {
  try {
    const value = await work;
    return { value, recreate: runtimeFailures() > 0 };
  } catch (e) {
    // The change that made the runtime fail fails alone: the answer says so, and the next change gets a fresh worker.
    return { error: e instanceof Error ? e.message : String(e), recreate: runtimeFailures() > 0 };
  }
};

const api = {
  analyze: (req: AnalyzeRequest) => answer(analyze(req, assets)),
  /** The tree claims of one change: src/analyzers/treeClaims, on this worker's parsers. */
  treeClaims: (req: TreeClaimsRequest) => answer(treeClaims(req.language, req.diff, (l, c) => parseCode(l, c, assets))),
  ping: () => 'pong' as const,
  /** e2e builds only: every later parse of this worker aborts, as an emscripten runtime does after a wasm abort. */
  abortParses: () => {
    if (import.meta.env.MODE !== 'e2e') return false;
    Parser.prototype.parse = () => {
      throw new WebAssembly.RuntimeError('Aborted(). Build with -sASSERTIONS for more info.');
    };
    return true;
  },
};

export type AnalyzerWorkerApi = typeof api;

Comlink.expose(api);
