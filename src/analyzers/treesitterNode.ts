// Node-only: where the tree-sitter .wasm files lie in node_modules (CLI and vitest).
import { createRequire } from 'node:module';
import type { TreeSitterAssets } from './treesitter.ts';

export function nodeTreeSitterAssets(): TreeSitterAssets {
  const require = createRequire(import.meta.url);
  return {
    runtimeWasm: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    pythonWasm: require.resolve('tree-sitter-python/tree-sitter-python.wasm'),
    javaWasm: require.resolve('tree-sitter-java/tree-sitter-java.wasm'),
  };
}
