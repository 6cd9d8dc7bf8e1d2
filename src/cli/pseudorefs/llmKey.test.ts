// Issue 35: every CLI path that needs an LLM checks its settings (the key) before it reads, plans, embeds or asks,
// says what is missing once, and sends nothing. The key check is the one the browser runs (settingsProblem).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { main } from '../main.ts';
import { crscoreAsync, FIXTURES } from '../shared/testing';

const MINI = path.join(FIXTURES, 'mini.jsonl');
// No key in the environment, whatever the person running the tests has set.
const noKey = (args: string[]) => crscoreAsync(args, { env: { CRSCORE_LLM_API_KEY: '' } });
const times = (text: string, what: string) => text.split(what).length - 1;

let stub: LlmStub;
beforeEach(async () => {
  stub = await startLlmStub('openai');
});
afterEach(async () => {
  await stub.close();
});

describe('an LLM path without a key', () => {
  // A folder that does not exist as the encoder: a run that embedded before it checked the key would fail on it.
  const noEncoder = ['--encoder', path.join(FIXTURES, 'no-such-encoder-folder')];

  it('eval --metrics …,llm-grade fails on the key before embed-ref embeds anything', async () => {
    const r = await noKey(['eval', '--dataset', MINI, '--metrics', 'crscore,embed-ref,llm-grade', ...noEncoder]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('llm-grade needs an LLM: api.openai.com needs an API key: set CRSCORE_LLM_API_KEY');
    expect(times(r.stderr, 'needs an API key')).toBe(1);
    expect(r.stderr).not.toMatch(/encoder|no-such-encoder-folder|requests? to send|\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('eval --similarity llm-links and --metrics llm-judge (Anthropic): said once, nothing planned', async () => {
    const links = await noKey(['eval', '--dataset', MINI, '--similarity', 'llm-links']);
    expect(links.code).toBe(2);
    expect(links.stderr).toContain('--similarity llm-links needs an LLM: api.openai.com needs an API key');
    expect(times(links.stderr, 'needs an API key')).toBe(1);
    expect(links.stderr).not.toContain('requests to send');
    const judge = await noKey(['eval', '--dataset', MINI, '--metrics', 'llm-judge', '--llm-provider', 'anthropic', ...noEncoder]);
    expect(judge.code).toBe(2);
    expect(judge.stderr).toContain('llm-judge needs an LLM: Anthropic needs an API key: set CRSCORE_LLM_API_KEY');
  });

  it('claims, eval --pseudo-refs claims and score --pseudo-refs generate: refused before the input is read', async () => {
    for (const args of [
      ['claims', '--dataset', path.join(FIXTURES, 'no-such-dataset.jsonl')],
      ['eval', '--dataset', path.join(FIXTURES, 'no-such-dataset.jsonl'), '--pseudo-refs', 'claims'],
      ['score', '--input', path.join(FIXTURES, 'no-such-dataset.jsonl'), '--pseudo-refs', 'generate'],
    ]) {
      const r = await noKey(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('needs an API key: set CRSCORE_LLM_API_KEY');
      expect(r.stderr).not.toContain('no such file');
    }
  });

  it('a local server needs no key: the run goes on to the server', async () => {
    stub.fallback = { kind: 'status', status: 400 };
    const dir = mkdtempSync(path.join(tmpdir(), 'crscore-llmkey-'));
    try {
      const r = await noKey(['eval', '--dataset', MINI, '--similarity', 'llm-links', '--llm-base-url', stub.baseUrl, '--llm-model', 'm', '--cache-dir', dir]);
      expect(r.stderr).not.toContain('needs an API key');
      expect(stub.count).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('returns at once: the check comes before the dataset is read (measured in this process)', async () => {
    const saved = process.env.CRSCORE_LLM_API_KEY;
    delete process.env.CRSCORE_LLM_API_KEY;
    const err: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const out = process.stdout.write.bind(process.stdout);
    process.stderr.write = ((s: string) => (err.push(String(s)), true)) as typeof process.stderr.write;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    try {
      await main(['eval', '--help']); // loads the command's modules, so the figure is the check's own
      const t0 = performance.now();
      const code = await main(['eval', '--dataset', MINI, '--metrics', 'crscore,embed-ref,llm-grade', ...noEncoder]);
      const ms = performance.now() - t0;
      process.stderr.write = write;
      process.stdout.write = out;
      console.log(`eval --metrics crscore,embed-ref,llm-grade without a key: exit ${code} after ${ms.toFixed(1)} ms`);
      expect(code).toBe(2);
      expect(err.join('')).toContain('needs an API key');
      expect(ms).toBeLessThan(1000);
    } finally {
      process.stderr.write = write;
      process.stdout.write = out;
      if (saved !== undefined) process.env.CRSCORE_LLM_API_KEY = saved;
    }
  });
});
