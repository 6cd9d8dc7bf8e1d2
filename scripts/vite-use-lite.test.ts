// The threaded TF.js glue is sent to its pthreads as text (factory.toString()); its read of the enclosing
// `_scriptDir` must give undefined there, not throw, whatever the minifier makes of it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pthreadSafeGlue } from './vite-use-lite.ts';

const require = createRequire(import.meta.url);

describe('pthreadSafeGlue', () => {
  it("rewrites the package's guarded _scriptDir read (so a package update that moves it is noticed)", () => {
    const code = fs.readFileSync(require.resolve('@energetic-ai/core'), 'utf8');
    const out = pthreadSafeGlue(code);
    expect(out).not.toBe(code);
    expect(out).not.toContain('typeof _scriptDir !== "undefined" && _scriptDir');
  });

  it('reads undefined outside the closure and the value inside it', () => {
    const guarded = pthreadSafeGlue('(typeof _scriptDir !== "undefined" && _scriptDir) || "none"');
    // A factory's text evaluated where `_scriptDir` is not declared, as in a pthread's blob.
    expect(new Function(`return ${guarded};`)()).toBe('none');
    expect(new Function(`var _scriptDir = "app.js"; return ${guarded};`)()).toBe('app.js');
  });
});
