// The CLI's local generator in this process, on the generated random test model (public/models/tiny-qwen2, which
// writes until its token cap): Cancel stops it between tokens, a timeout is said as one, only the loaded model
// answers, and a folder's name in the cache key is its name and a hash of what it loads, never its path.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClaimsText } from '../../claims/generate.ts';
import { localGenerator } from '../../claims/local.ts';
import type { LlmSettings } from '../../claims/providers.ts';
import { ROOT } from '../shared/testing.ts';
import { resolveLocalModel, startLocalModel, type LocalModelRun } from './localModel.ts';

const TINY = path.join(ROOT, 'public/models/tiny-qwen2');
const HAVE = existsSync(path.join(TINY, 'onnx/model.onnx'));
if (!HAVE) console.warn('skipping the local generator tests: public/models/tiny-qwen2 is missing (npm run gen:tiny-qwen2 makes it)');

describe.skipIf(!HAVE)('the CLI local generator (a model in Node)', () => {
  const ref = HAVE ? resolveLocalModel(TINY) : null;
  let run: LocalModelRun;
  let tmp: string;
  const settings = (over: Partial<LlmSettings> = {}): LlmSettings => ({ provider: 'browser', baseUrl: '', model: ref!.model, apiKey: '', temperature: 0, maxNewTokens: 256, ...over });
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'crscore-localrun-'));
    run = await startLocalModel(ref!);
  });
  afterAll(async () => {
    await run?.dispose();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers through generateClaimsText, as the batch runner asks it', async () => {
    const r = await generateClaimsText({ settings: settings({ maxNewTokens: 16 }), prompt: 'GIT DIFF:\n-a\n+b\n' });
    expect(r.tokens).toBeGreaterThan(0);
    expect(r.tokens).toBeLessThanOrEqual(16);
    expect(run.stats.answers).toBe(1);
  });

  it('Cancel stops the generation between tokens: a cancelled error with the text so far', async () => {
    const ctrl = new AbortController();
    let pieces = 0;
    const err = await generateClaimsText({
      settings: settings(),
      prompt: 'GIT DIFF:\n-a\n+b\n',
      signal: ctrl.signal,
      onToken: () => {
        if (++pieces === 2) ctrl.abort();
      },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'cancelled', raw: expect.any(String) });
    expect(pieces).toBeLessThan(10);
  });

  it('an answer past its time is a timeout that names the flags', async () => {
    // The limit is the timeout plus a second per token: here a few milliseconds in all.
    const err = await generateClaimsText({ settings: settings(), prompt: 'GIT DIFF:\n-a\n+b\n', timeoutMs: 5 - 256_000 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout' });
    expect((err as Error).message).toContain('--llm-timeout');
  });

  it('only the loaded model answers', async () => {
    const err = await generateClaimsText({ settings: settings({ model: 'onnx-community/other' }), prompt: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'config' });
  });

  it("a folder is named by its name and the hash of its files: a copy elsewhere is the same model, another model is not", () => {
    const copy = path.join(tmp, 'tiny-qwen2');
    cpSync(TINY, copy, { recursive: true });
    expect(resolveLocalModel(copy).model).toBe(ref!.model);
    expect(ref!.model).toMatch(/^folder:tiny-qwen2@[0-9a-f]{12}$/);
    expect(ref!.model).not.toContain(ROOT);
    const other = resolveLocalModel(path.join(ROOT, 'public/models/tiny-qwen2-claims'));
    expect(other.model.split('@')[1]).not.toBe(ref!.model.split('@')[1]);
  });

  it('dispose unregisters the generator', async () => {
    const r2 = await startLocalModel(ref!);
    expect(localGenerator()).not.toBeNull();
    await r2.dispose();
    expect(localGenerator()).toBeNull();
    run = await startLocalModel(ref!); // afterAll disposes this one
  });
});
