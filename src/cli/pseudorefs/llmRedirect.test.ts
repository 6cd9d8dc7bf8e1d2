// `crscore eval` with an LLM whose base URL answers 307 to another port: the other host must hear nothing (no key,
// no prompt), every review fails saying why, and the run exits 1. Before, the Anthropic key reached it on every
// request (fetch strips only Authorization on a cross-origin hop) and its answers were scored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { diagonalResponder } from '../../../e2e/stubs/linksStub';
import { crscoreAsync, FIXTURES } from '../shared/testing';

const KEY = 'sk-ant-cli-redirect-SECRET-0123456789';
const MINI = path.join(FIXTURES, 'mini.jsonl');

let base: LlmStub;
let other: LlmStub;
let dir: string;
afterEach(async () => {
  await base.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

for (const provider of ['anthropic', 'openai'] as const) {
  describe(`crscore eval --similarity llm-links (${provider}) on a base URL that redirects`, () => {
    beforeEach(async () => {
      base = await startLlmStub(provider);
      other = await startLlmStub(provider);
      other.respond = diagonalResponder();
      dir = mkdtempSync(path.join(tmpdir(), 'crscore-redirect-'));
    });

    it('sends nothing to the other host and fails every review with the reason', async () => {
      base.fallback = { kind: 'redirect', location: `${other.baseUrl}/${provider === 'openai' ? 'chat/completions' : 'messages'}` };
      const r = await crscoreAsync(
        ['eval', '--dataset', MINI, '--similarity', 'llm-links', '--llm-provider', provider, '--llm-base-url', base.baseUrl, '--llm-model', 'm', '--cache-dir', path.join(dir, 'cache')],
        { env: { CRSCORE_LLM_API_KEY: KEY } },
      );
      expect(other.seen).toBe(0);
      expect(base.count).toBe(5);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`answered with a redirect to another host (${new URL(other.baseUrl).host}); it was not followed, so neither the key nor the prompt went there`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout + r.stderr).not.toContain(KEY);
    });
  });
}
