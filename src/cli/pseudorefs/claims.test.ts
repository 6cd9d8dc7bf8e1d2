// `crscore claims`, `eval --pseudo-refs` and `score --pseudo-refs` against the LLM stub on 127.0.0.1, run as a
// person runs them (the real launcher in a child process): the concurrency limit, 429/500/hang/garbage, the folder
// cache (second run: 0 requests), resume after the process is killed mid-run, and the key nowhere.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { crscoreAsync, ROOT } from '../shared/testing';

const KEY = 'sk-cli-SECRET-abcdef0123456789';
const CR = path.join(ROOT, 'e2e/fixtures/codereviewer');
const TEST = path.join(CR, 'msg-test.jsonl');

const run = (args: string[], opts: { input?: string; onStderr?: (s: string, kill: () => void) => void } = {}) =>
  crscoreAsync(args, {
    env: { CRSCORE_LLM_API_KEY: KEY },
    input: opts.input,
    onStderr: opts.onStderr && ((s, child) => opts.onStderr!(s, () => child.kill('SIGKILL'))),
  });

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

let stub: LlmStub;
let cacheDir: string;
const llm = () => ['--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', cacheDir];
beforeEach(async () => {
  stub = await startLlmStub('openai');
  cacheDir = mkdtempSync(path.join(tmpdir(), 'crscore-cache-'));
});
afterEach(async () => {
  await stub.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('crscore claims', () => {
  it('writes the dataset with claims and analyzer issues; the second run sends nothing; the key is nowhere', async () => {
    stub.fallback = { kind: 'ok', delayMs: 100 };
    const args = ['claims', '--dataset', TEST, '--predictions', path.join(CR, 'codereviewer.txt'), '--predictions', path.join(CR, 'llama-ft.jsonl'), '--concurrency', '2', ...llm()];
    const r = await run(args);
    expect(r.stderr).toContain('6 requests to send');
    expect(r.code).toBe(0);
    expect(stub.count).toBe(6);
    expect(stub.maxInFlight).toBe(2);
    expect(stub.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    type Row = { reviews: { system: string }[]; pseudo_refs: { type: string; text: string }[]; pseudo_refs_config: unknown };
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Row);
    expect(rows).toHaveLength(6);
    expect(rows[0].reviews.map((x) => x.system)).toEqual(['msg', 'codereviewer', 'llama-ft']);
    expect(rows[0].pseudo_refs.filter((p) => p.type === 'claim')).toHaveLength(4);
    // The Java fixture declares an unused field and variable: PMD finds them in the rebuilt new file.
    expect(rows[1].pseudo_refs.some((p) => p.type === 'issue' && /Unused/.test(p.text))).toBe(true);
    expect(rows[0].pseudo_refs_config).toMatchObject({ source: 'generate', llm: { provider: 'openai', model: 'stub-model', format: 'paper', temperature: 0 }, analyzers: { filter: 'paper', options: 'paper' } });
    const again = await run(args);
    expect(again.code).toBe(0);
    expect(stub.count).toBe(6);
    expect(again.stderr).toContain('6 cached, 0 requests to send');
    const noTime = (t: string) => t.replace(/"generatedAt":"[^"]+"/g, '');
    expect(noTime(again.stdout)).toBe(noTime(r.stdout)); // the same rows, from the cache
    for (const text of [r.stdout, r.stderr, again.stderr, ...allFiles(cacheDir).map((f) => readFileSync(f, 'utf8'))]) expect(text).not.toContain(KEY);
    expect(allFiles(cacheDir)).toHaveLength(6);
  }, 60_000);

  it('429 (Retry-After), 500, a hang and a garbage answer: retried or listed per change; exit 1', async () => {
    const seen = new Map<string, number>();
    stub.respond = (req) => {
      const p = promptOf(req);
      const which = ['encoding', 'unused', 'result', 'email', 'total', 'Hello'].findIndex((w) => p.includes(w));
      const n = (seen.get(String(which)) ?? 0) + 1;
      seen.set(String(which), n);
      if (which === 0 && n === 1) return { kind: 'status', status: 429, retryAfter: '1' };
      if (which === 1 && n === 1) return { kind: 'status', status: 500 };
      if (which === 2) return { kind: 'never' };
      if (which === 3) return { kind: 'garbage' };
      return { kind: 'ok' };
    };
    const r = await run(['claims', '--dataset', TEST, '--pseudo-refs', 'claims', '--llm-timeout', '0.5', ...llm()]);
    expect(r.code).toBe(1);
    expect(seen.get('0')).toBe(2);
    expect(seen.get('1')).toBe(2);
    expect(seen.get('2')).toBe(4); // bounded: 4 tries
    expect(r.stderr).toMatch(/change 1002: No answer within 1 s/);
    expect(r.stderr).toMatch(/change 1003: The provider answered, but not with JSON/);
    expect(r.stderr).toMatch(/2 failed; 2 changes without pseudo-references \(not scorable\)/);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; pseudo_refs: unknown[] });
    expect(rows.map((x) => x.pseudo_refs.length)).toEqual([4, 4, 0, 0, 4, 4]);
    expect(r.stderr).not.toContain(KEY);
    // The same command once the server behaves asks only the two failed changes.
    stub.respond = undefined;
    const before = stub.count;
    const again = await run(['claims', '--dataset', TEST, '--pseudo-refs', 'claims', ...llm()]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('4 cached, 2 requests to send');
    expect(stub.count - before).toBe(2);
  }, 60_000);

  it('killed mid-run, the same command continues from the cache and asks only what is missing', async () => {
    stub.fallback = { kind: 'ok', delayMs: 400 };
    const args = ['claims', '--dataset', TEST, '--pseudo-refs', 'claims', '--concurrency', '1', ...llm()];
    const killed = await run(args, {
      onStderr: (_s, kill) => {
        if (allFiles(cacheDir).filter((f) => f.endsWith('.json')).length >= 2) kill();
      },
    });
    // stderr may not fire right after the second answer: poll the cache instead.
    expect(killed.signal ?? killed.code).toBeTruthy();
    const cachedBefore = allFiles(cacheDir).filter((f) => f.endsWith('.json')).length;
    expect(cachedBefore).toBeGreaterThanOrEqual(1);
    expect(cachedBefore).toBeLessThan(6);
    const before = stub.count;
    const r = await run(args);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${cachedBefore} cached, ${6 - cachedBefore} requests to send`);
    expect(stub.count - before).toBe(6 - cachedBefore);
  }, 60_000);
});

describe('Ctrl-C', () => {
  it('stops, says how to continue, and exits 130', async () => {
    stub.fallback = { kind: 'ok', delayMs: 400 };
    let sent = false;
    // No key in the environment here: the stub asks for none.
    const r = await crscoreAsync(['claims', '--dataset', TEST, '--pseudo-refs', 'claims', '--concurrency', '1', ...llm()], {
      onStderr: (stderr, child) => {
        if (!sent && /requests to send/.test(stderr)) {
          sent = true;
          setTimeout(() => child.kill('SIGINT'), 600);
        }
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('run the same command again to continue');
  }, 60_000);
});

describe('eval and score with --pseudo-refs', () => {
  it('eval --json reports pseudoRefs; analyzers need no key or server', async () => {
    const r = await run(['eval', '--dataset', TEST, '--predictions', path.join(CR, 'codereviewer.txt'), '--pseudo-refs', 'generate', '--calibrate-on', 'codereviewer', '--json', ...llm()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { pseudoRefs: Record<string, unknown>; counts: { reviews: number } };
    expect(out.pseudoRefs).toEqual({ source: 'generate', changes: 6, claims: 24, issues: expect.any(Number), requests: 6, cached: 0, failed: 0, notScorable: 0 });
    expect(out.counts.reviews).toBe(6);
    const a = await run(['eval', '--dataset', TEST, '--predictions', path.join(CR, 'codereviewer.txt'), '--pseudo-refs', 'analyzers', '--calibrate-on', 'codereviewer', '--json', '--cache-dir', cacheDir]);
    const ao = JSON.parse(a.stdout) as { pseudoRefs: { requests: number; claims: number; notScorable: number } };
    expect(ao.pseudoRefs).toMatchObject({ requests: 0, claims: 0 });
    expect(ao.pseudoRefs.notScorable).toBeGreaterThan(0); // the Go change has no analyzer
    expect(stub.count).toBe(6);
  }, 60_000);

  it('score --pseudo-refs claims generates each line\'s claims from its diff', async () => {
    const input = `${JSON.stringify({ id: 'a', diff: '@@ -1 +1 @@\n-x = 1\n+x = 2', review: 'The logging level changed to debug.' })}\n`;
    const r = await run(['score', '--pseudo-refs', 'claims', '--tau', '0.1', ...llm()], { input });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { scorable: boolean; matches: { pseudoReferences: unknown[] } };
    expect(out.scorable).toBe(true);
    expect(out.matches.pseudoReferences).toHaveLength(4);
  }, 60_000);

  it('--llm-provider anthropic speaks the Messages API with the key from the environment', async () => {
    const anthropic = await startLlmStub('anthropic');
    try {
      const input = `${JSON.stringify({ diff: '@@ -1 +1 @@\n-x = 1\n+x = 2', review: 'Fine.' })}\n`;
      const r = await run(['score', '--pseudo-refs', 'claims', '--llm-provider', 'anthropic', '--llm-base-url', anthropic.baseUrl, '--cache-dir', cacheDir], { input });
      expect(r.code).toBe(0);
      expect(anthropic.requests[0].headers['x-api-key']).toBe(KEY);
      expect((anthropic.requests[0].body as { model: string }).model).toBe('claude-sonnet-4-5');
      expect((JSON.parse(r.stdout) as { matches: { pseudoReferences: unknown[] } }).matches.pseudoReferences).toHaveLength(4);
    } finally {
      await anthropic.close();
    }
  }, 60_000);

  it('refuses a key flag and explains where the key goes', async () => {
    const r = await run(['claims', '--dataset', TEST, '--llm-api-key', 'x']);
    expect(r.code).toBe(2);
    const h = await run(['claims', '--help']);
    expect(h.stdout).toContain('CRSCORE_LLM_API_KEY');
  });
});
