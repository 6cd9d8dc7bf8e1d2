// The analyzers' Web Worker: JSHint and the tree-sitter analyzers off the main thread. Thin on purpose;
// the work is in run.ts. The .wasm files are imported with ?url so the build emits one copy of each.
import * as Comlink from 'comlink';
import runtimeWasm from 'web-tree-sitter/web-tree-sitter.wasm?url';
import pythonWasm from 'tree-sitter-python/tree-sitter-python.wasm?url';
import javaWasm from 'tree-sitter-java/tree-sitter-java.wasm?url';
import { analyze, type AnalyzeRequest } from './run.ts';

const assets = { runtimeWasm, pythonWasm, javaWasm };

const api = {
  analyze: (req: AnalyzeRequest) => analyze(req, assets),
  ping: () => 'pong' as const,
};

export type AnalyzerWorkerApi = typeof api;

Comlink.expose(api);
