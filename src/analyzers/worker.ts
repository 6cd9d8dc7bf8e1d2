// The analyzers' Web Worker: JSHint, the tree-sitter analyzers and the tree claims off the main thread. Thin
// on purpose; the work is in run.ts and treeClaims/. The .wasm files are imported with ?url so the build emits
// one copy of each on the app's origin; a grammar is fetched only when a change in its language is met.
import * as Comlink from 'comlink';
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

const assets = {
  runtimeWasm,
  pythonWasm,
  javaWasm,
  grammars: { c: cWasm, cpp: cppWasm, c_sharp: csharpWasm, go: goWasm, php_only: phpWasm, ruby: rubyWasm, typescript: typescriptWasm, tsx: tsxWasm },
};

const api = {
  analyze: (req: AnalyzeRequest) => analyze(req, assets),
  ping: () => 'pong' as const,
};

export type AnalyzerWorkerApi = typeof api;

Comlink.expose(api);
