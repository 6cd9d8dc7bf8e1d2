// Issue 38, the CLI's failures as a person meets them: some llm-links reviews fail under --metaeval / --scores-out,
// LLM requests fail under --metrics … --metaeval, an unwritable --scores-out, and stdout that goes away (a pipe
// closed by `head`) or fills up (/dev/full). Each ends with a message and the right exit code, never a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptOf, startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { diagonalResponder } from '../../../e2e/stubs/linksStub';
import { crscoreAsync, FIXTURES, ROOT } from '../shared/testing';

const KEY = 'sk-fail-SECRET-0123456789abcdef';
const MINI = path.join(FIXTURES, 'mini.jsonl');
const STACK = /\n\s+at |unexpected error|node:internal/;

const run = (args: string[]) => crscoreAsync(args, { env: { CRSCORE_LLM_API_KEY: KEY } });

let stub: LlmStub;
let dir: string;
const llm = () => ['--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(dir, 'cache')];
beforeEach(async () => {
  stub = await startLlmStub('openai');
  // java-3 · lstm_pred's review ("Unused import.") fails with a 400 (not retried); the others are linked.
  stub.respond = (req) => (JSON.stringify(req.body).includes('Unused import.') ? { kind: 'status', status: 400 } : diagonalResponder()(req));
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-fail-'));
});
afterEach(async () => {
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('eval --similarity llm-links with a failed review', () => {
  it('--metaeval reports the reviews that succeeded, says how many failed and why, and exits 1', async () => {
    const r = await run(['eval', '--dataset', MINI, '--similarity', 'llm-links', '--metaeval', '--bootstrap', '20', ...llm()]);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stderr).toContain('1 of 7 reviews failed');
    expect(r.stderr).toMatch(/review java-3 · lstm_pred: .*400/);
    expect(r.stdout).toContain('signature:');
    expect(r.stdout).toContain('crscore.rel');
    expect(r.code).toBe(1);
    // Requests and reviews in their own units: 5 planned, 5 sent, 1 failed; 1 of 7 reviews failed.
    expect(r.stderr).toContain('5 requests to send');
    expect(r.stderr).toContain('llm-links: 5 requests sent, 1 failed; 7 reviews: 1 cached, 1 failed');
    expect(stub.count).toBe(5);
  });

  it('--scores-out writes every review, the failed one without CRScore values, and exits 1', async () => {
    const out = path.join(dir, 'scores.csv');
    const r = await run(['eval', '--dataset', MINI, '--similarity', 'llm-links', '--scores-out', out, ...llm()]);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.code).toBe(1);
    // The file describes itself first (# lines); its CRScore columns are named by configuration.
    const lines = readFileSync(out, 'utf8').trim().split('\n').filter((l) => !l.startsWith('#'));
    const header = lines[0].split(',');
    const rel = header.findIndex((h) => /^crscore(-[\w.-]+)?\.rel$/.test(h));
    expect(rel).toBeGreaterThan(-1);
    const failed = lines.filter((l) => l.includes('java-3') && l.includes('lstm_pred'));
    expect(failed).toHaveLength(1);
    expect(failed[0].split(',')[rel]).toBe('');
    const scored = lines.slice(1).filter((l) => l.split(',')[rel] !== '');
    expect(scored.length).toBeGreaterThanOrEqual(5);
  });
});

describe('eval --metrics llm-grade with failed requests', () => {
  beforeEach(() => {
    stub.respond = (req) => (promptOf(req).includes('Looks good to me') ? { kind: 'status', status: 400 } : { kind: 'ok', text: 'Grade: 3' });
  });
  for (const flag of ['--metaeval', '--signature']) {
    it(`${flag} exits 1, as stderr says`, async () => {
      const r = await run(['eval', '--dataset', MINI, '--metrics', 'crscore,llm-grade', flag, '--bootstrap', '20', ...llm()]);
      expect(r.stderr).toContain('the exit code is 1');
      expect(r.stdout).not.toBe('');
      expect(r.code).toBe(1);
    });
  }
});

describe('--scores-out that cannot be written is refused before the work', () => {
  const cases: [string, (d: string) => string, RegExp][] = [
    ['a missing folder', (d) => path.join(d, 'missing', 'scores.csv'), /folder .* does not exist/],
    ['a folder named .csv', (d) => (mkdirSync(path.join(d, 'dir.csv')), path.join(d, 'dir.csv')), /is a folder/],
    ['a wrong extension', (d) => path.join(d, 'scores.txt'), /name a \.csv or \.jsonl file/],
    ['/dev/full', () => '/dev/full', /name a \.csv or \.jsonl file|full/],
  ];
  for (const [what, file, message] of cases) {
    it(what, async () => {
      const f = file(dir);
      const r = await run(['eval', '--dataset', MINI, '--similarity', 'llm-links', '--scores-out', f, ...llm()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(STACK);
      expect(stub.count).toBe(0);
    });
  }
});

describe('stdout that goes away or fills up', () => {
  const sh = (cmd: string) => spawnSync('bash', ['-c', cmd], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  const cli = `"${process.execPath}" bin/crscore.mjs`;

  it('a pipe closed early (| head -c100): no stack trace, exit 0 or 141', () => {
    const one = readFileSync(path.join(FIXTURES, 'score.jsonl'), 'utf8').split('\n').filter((l) => l.startsWith('{')).join('\n');
    const big = path.join(dir, 'big.jsonl');
    writeFileSync(big, `${Array.from({ length: 400 }, () => one).join('\n')}\n`);
    const r = sh(`${cli} score --input "${big}" 2>"${dir}/err" | head -c100 >/dev/null; echo "\${PIPESTATUS[0]}"`);
    const err = readFileSync(path.join(dir, 'err'), 'utf8');
    expect(err).not.toMatch(STACK);
    expect(err).not.toContain('EPIPE');
    expect(['0', '141']).toContain(r.stdout.trim());
  });

  it.runIf(existsSync('/dev/full'))('a full disk (> /dev/full): one line, exit 1', () => {
    const r = sh(`${cli} eval --dataset "${MINI}" >/dev/full`);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stderr).toMatch(/^crscore: cannot write to stdout: no space left on device \(ENOSPC\)$/m);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('crscore:'))).toHaveLength(1);
  });
});
