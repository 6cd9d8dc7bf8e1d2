// A parse that fails inside web-tree-sitter's runtime (a wasm abort on a huge file) leaves that instance unusable:
// every later parse, healthy files included, failed with it. The analyzers now move to a fresh instance, so only
// the file that failed fails.
import * as shipped from 'web-tree-sitter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyze } from './run.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';
import { runtimeFailures } from './treesitter.ts';

const assets = nodeTreeSitterAssets();
const change = (code: string) => ({ language: 'python' as const, diff: `@@ -1 +1 @@\n-x = 0\n+${code.split('\n')[0]}`, newCode: code, filter: 'none' as const, options: 'paper' as const });
const healthy = 'def f(a, b, c, d, e, f, g):\n    return a\n';

afterEach(() => vi.restoreAllMocks());

describe('the Python analyzer after a wasm abort', () => {
  it('only the change that aborted fails; the next one is analyzed by a fresh instance', async () => {
    const [before] = await analyze(change(healthy), assets);
    expect(before.error).toBeUndefined();
    // The shipped instance aborts, and stays aborted, as emscripten's runtime does.
    vi.spyOn(shipped.Parser.prototype, 'parse').mockImplementation(() => {
      throw new WebAssembly.RuntimeError('Aborted(). Build with -sASSERTIONS for more info.');
    });
    const failedBefore = runtimeFailures();
    const [aborted] = await analyze(change('x = 1\n'), assets);
    expect(aborted.error).toMatch(/Aborted/);
    // Counted: a context that cannot load a fresh instance (the browser's worker) is replaced on it (client.ts).
    expect(runtimeFailures()).toBe(failedBefore + 1);
    const [after] = await analyze(change(healthy), assets);
    expect(after.error).toBeUndefined();
    expect(after.warnings.map((w) => w.message)).toEqual(before.warnings.map((w) => w.message));
  }, 60_000);
});
