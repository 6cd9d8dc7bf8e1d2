// Node-only: where the tree-sitter .wasm files lie in node_modules (CLI and vitest).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { TreeSitterAssets, TreeSitterModule } from './treesitter.ts';

export function nodeTreeSitterAssets(): TreeSitterAssets {
  const require = createRequire(import.meta.url);
  return {
    runtimeWasm: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    pythonWasm: require.resolve('tree-sitter-python/tree-sitter-python.wasm'),
    javaWasm: require.resolve('tree-sitter-java/tree-sitter-java.wasm'),
    // The ES module under a URL of its own per instance: Node loads (and instantiates) it again.
    freshModule: (n) => {
      const url = pathToFileURL(require.resolve('web-tree-sitter').replace(/\.cjs$/, '.js')).href;
      return import(/* @vite-ignore */ `${url}?instance=${n}`) as Promise<TreeSitterModule>;
    },
    grammars: {
      c: require.resolve('tree-sitter-c/tree-sitter-c.wasm'),
      cpp: require.resolve('tree-sitter-cpp/tree-sitter-cpp.wasm'),
      c_sharp: require.resolve('tree-sitter-c-sharp/tree-sitter-c_sharp.wasm'),
      go: require.resolve('tree-sitter-go/tree-sitter-go.wasm'),
      php_only: require.resolve('tree-sitter-php/tree-sitter-php_only.wasm'),
      ruby: require.resolve('tree-sitter-ruby/tree-sitter-ruby.wasm'),
      typescript: require.resolve('tree-sitter-typescript/tree-sitter-typescript.wasm'),
      tsx: require.resolve('tree-sitter-typescript/tree-sitter-tsx.wasm'),
    },
  };
}
