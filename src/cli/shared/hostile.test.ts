// Issue 27, the CLI tried as an unlucky user and as an attacker would: files as people have them (a BOM, UTF-16,
// bytes that are not UTF-8, an empty file), flags out of range, output paths that cannot be written, data that
// tries to drive the terminal, and `crscore github` with a token, a link to a stranger, a slow or huge answer.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePr } from '../../../e2e/stubs/githubFixture.ts';
import { startGithubStub, type GithubStub } from '../../../e2e/stubs/githubStub.ts';
import { decodeText, firstInvalidUtf8, inert } from './io.ts';
import { crscore, crscoreAsync, FIXTURES } from './testing.ts';

let dir: string;
const file = (name: string, bytes: Uint8Array | string) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};
const scoreRows = readFileSync(path.join(FIXTURES, 'score.jsonl'), 'utf8');
const mini = path.join(FIXTURES, 'mini.jsonl');

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-hostile-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files as people have them', () => {
  it('strips a UTF-8 byte-order mark: every row is read (before: line 1 was dropped and the run exited 0)', () => {
    const bom = file('bom.jsonl', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(scoreRows, 'utf8')]));
    const plain = crscore(['score', '--tau', '0.5', '--input', path.join(FIXTURES, 'score.jsonl')]);
    const r = crscore(['score', '--tau', '0.5', '--input', bom]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/line 1/);
    expect(r.stdout).toBe(plain.stdout);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThan(1);
    // Before the fix, row 1 ("a") failed to parse as JSON and went missing.
    expect(JSON.parse(r.stdout.split('\n')[0]).id).toBe('a');
  });

  it('refuses UTF-16 (either byte order, with or without a BOM), NUL bytes, invalid UTF-8 and empty files, naming the problem', () => {
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(scoreRows, 'utf16le')]);
    const utf16be = Buffer.from(utf16le.subarray(2)).swap16();
    const cases: [string, Uint8Array | string, RegExp][] = [
      ['utf16le.jsonl', utf16le, /is UTF-16 \(little-endian byte-order mark FF FE\), not UTF-8; save it as UTF-8/],
      ['utf16be.jsonl', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), /is UTF-16 \(big-endian byte-order mark FE FF\)/],
      ['utf16-nobom.jsonl', Buffer.from(scoreRows, 'utf16le'), /looks like UTF-16 \(every other byte is NUL\)/],
      ['binary.jsonl', Buffer.concat([Buffer.from('{"id": "a"}\n'), Buffer.from([0x00, 0x01, 0x02, 0x03]), Buffer.from('x'.repeat(100))]), /contains NUL bytes \(first at byte 12\): a binary file/],
      // "café" in Windows-1252 on line 2: the byte 0xE9 alone is not UTF-8.
      ['latin1.jsonl', Buffer.concat([Buffer.from(scoreRows.split('\n')[0] + '\n{"id": "caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]), /is not valid UTF-8: byte 0xE9 at line 2 \(offset \d+\)/],
      ['empty.jsonl', '', /is empty \(0 bytes\)/],
      ['blank.jsonl', ' \n\n\t\n', /has no content \(only whitespace\)/],
    ];
    for (const [name, bytes, message] of cases) {
      const p = file(name, bytes);
      for (const args of [
        ['score', '--tau', '0.5', '--input', p],
        // A dataset keeps its good lines and names each line with bytes that are not UTF-8 (issue 38; below).
        ...(name === 'latin1.jsonl' ? [] : [['eval', '--dataset', p, '--tau', '0.5']]),
      ]) {
        const r = crscore(args);
        expect(r.code, `${name} ${args[0]}`).toBe(2);
        expect(r.stderr, name).toMatch(message);
        expect(r.stderr).toContain(name);
        expect(r.stdout, name).toBe('');
      }
    }
    // Piped in, the same checks hold.
    const piped = crscore(['score', '--tau', '0.5'], '');
    expect(piped.code).toBe(2);
  });

  it('a dataset with a line that is not UTF-8: that line is named, the rest evaluated (before: the file was refused)', () => {
    const lines = readFileSync(mini, 'utf8').trimEnd().split('\n');
    const bad = Buffer.concat([Buffer.from('{"id": "caf'), Buffer.from([0xe9]), Buffer.from('", "diff": "d", "reviews": []}')]);
    const p = file('mixed.jsonl', Buffer.concat([Buffer.from(`${lines[0]}\n`), bad, Buffer.from(`\n${lines.slice(1).join('\n')}\n`)]));
    const r = crscore(['eval', '--dataset', p, '--tau', '0.5']);
    expect(r.stderr).toContain(`${p} line 2: not valid UTF-8: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8 (line skipped)`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toBe('');
  });

  it('decodeText and the UTF-8 check agree with the standard decoder on tricky sequences', () => {
    const enc = new TextEncoder();
    for (const s of ['plain', 'café', '日本語', '😀 emoji', '\u{10FFFF}'])
      expect(firstInvalidUtf8(enc.encode(s)), s).toBe(-1);
    const bad: [number[], number][] = [
      [[0x61, 0xc0, 0x80], 1], // overlong "/"
      [[0xed, 0xa0, 0x80], 0], // a UTF-16 surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
      [[0x61, 0x62, 0xe2, 0x82], 2], // cut short at the end
      [[0x80], 0], // a lone continuation byte
    ];
    for (const [bytes, at] of bad) {
      expect(firstInvalidUtf8(new Uint8Array(bytes)), bytes.join(' ')).toBe(at);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes))).toThrow();
    }
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'x')).toBe('a');
  });
});

describe('flags out of range are refused before any work', () => {
  it.each([
    [['score', '--tau', '5', '--input', path.join(FIXTURES, 'score.jsonl')], /--tau must be from 0 to 1 \(a similarity threshold\), got 5/],
    [['score', '--tau=-1', '--input', path.join(FIXTURES, 'score.jsonl')], /--tau must be from 0 to 1 .*got -1/],
    [['eval', '--dataset', mini, '--tau', '1.5'], /--tau must be from 0 to 1/],
    [['eval', '--dataset', mini, '--tau', 'NaN'], /--tau must be a number from 0 to 1, got "NaN"/],
    [['eval', '--dataset', mini, '--preset', 'plus', '--cv', '1000'], /--cv 1000: only 2 changes have scorable reviews, so at most 2 folds/],
    [['eval', '--dataset', mini, '--preset', 'plus', '--cv', '1'], /--cv: expected a whole number of folds ≥ 2/],
    [['eval', '--dataset', mini, '--preset', 'plus', '--cv', '2.5'], /--cv: expected a whole number of folds ≥ 2/],
    [['eval', '--dataset', mini, '--bootstrap=-5'], /--bootstrap: expected a whole number from 0 to 100000/],
    [['eval', '--dataset', mini, '--bootstrap', '1e9'], /--bootstrap: expected a whole number from 0 to 100000/],
    [['eval', '--dataset', mini, '--pseudo-refs', 'analyzers', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64, got "0"/],
    [['eval', '--dataset', mini, '--pseudo-refs', 'analyzers', '--concurrency', '2.5'], /--concurrency must be a whole number/],
    [['eval', '--dataset', mini, '--pseudo-refs', 'claims', '--llm-timeout', '0'], /--llm-timeout must be a number from 0.1 to 3600/],
    [['github', 'a/b#1', '--timeout', '0'], /--timeout must be a number above 0/],
    [['github', 'a/b#1', '--timeout=-3'], /--timeout must be a number above 0/],
  ])('%j', (args, message) => {
    const r = crscore(args);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('--folds above the number of changes is refused before training', () => {
    const out = path.join(dir, 'w.json');
    const r = crscore(['train-linker', '--dataset', mini, '--out', out, '--folds', '50']);
    expect(r.stderr).toMatch(/--folds 50: only \d+ changes have reviews to learn from/);
    expect(r.code).toBe(2);
  });
});

describe('output paths are checked before the work; a late failure loses nothing', () => {
  it('refuses an --out or --links-out in a missing folder, a folder, or a read-only place', () => {
    const ro = path.join(dir, 'ro');
    mkdirSync(ro, { recursive: true });
    chmodSync(ro, 0o500);
    const cases: [string[], RegExp][] = [
      [['train-linker', '--dataset', mini, '--out', path.join(dir, 'missing', 'w.json')], /--out .*w\.json: the folder .*missing does not exist/],
      [['train-linker', '--dataset', mini, '--out', dir], /--out .*: is a folder; give a file name/],
      [['eval', '--dataset', mini, '--links-out', path.join(dir, 'nowhere', 'links.jsonl')], /--links-out .*links\.jsonl: the folder .*nowhere does not exist/],
    ];
    // root ignores permissions: the read-only case only means something for other users.
    if (process.getuid?.() !== 0) cases.push([['eval', '--dataset', mini, '--links-out', path.join(ro, 'links.jsonl')], /--links-out .*: the folder .*ro is not writable/]);
    for (const [args, message] of cases) {
      const r = crscore(args);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    }
    chmodSync(ro, 0o700);
  });
});

describe('terminal output is inert', () => {
  const EVIL = '\u001b[2J evil';
  it('inert() escapes every control character but newline and tab, and keeps JSON the same data', () => {
    expect(inert(`a${EVIL}\r\u0007\u009b\u202e\tb\n`)).toBe('a\\u001B[2J evil\\u000D\\u0007\\u009B\\u202E\tb\n');
    const json = JSON.stringify({ s: `x\u007f\u009b\u202ey${EVIL}` });
    expect(JSON.parse(inert(json))).toEqual(JSON.parse(json));
    // eslint-disable-next-line no-control-regex
    expect(inert(json)).not.toMatch(/[\u007f-\u009f\u202e\u001b]/);
  });

  it('a system named "\\u001b[2J evil" and a review with escape codes reach the terminal as text, in tables and JSON', () => {
    const rows = readFileSync(mini, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reviews: { system: string; review: string }[] });
    for (const r of rows)
      for (const v of r.reviews) {
        if (v.system === 'knn_pred') v.system = EVIL;
        v.review = `${v.review}\u001b]0;pwned\u0007\u009b31m`;
      }
    const p = file('evil.jsonl', rows.map((r) => JSON.stringify(r)).join('\n'));
    for (const args of [
      ['eval', '--dataset', p, '--tau', '0.6'],
      ['eval', '--dataset', p, '--tau', '0.6', '--json'],
    ]) {
      const r = crscore(args);
      expect(r.code, args.join(' ')).toBe(0);
      // eslint-disable-next-line no-control-regex
      expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      if (args.includes('--json')) expect(JSON.parse(r.stdout).systemRanking.systems.map((x: { system: string }) => x.system)).toContain(EVIL);
      else expect(r.stdout).toContain('\\u001B[2J evil');
    }
    // Per-row output (score) and error messages too: a file name with an escape code.
    const named = file('\u001b[31mred.jsonl', '');
    const r = crscore(['score', '--tau', '0.5', '--input', named]);
    expect(r.stderr).toContain('\\u001B[31mred.jsonl is empty');
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('crscore github: the token goes only where it was meant to go', () => {
  const TOKEN = 'ghp_HOSTILE0CLI0TOKEN0abcdef012345';
  let stub: GithubStub;
  beforeAll(async () => {
    stub = await startGithubStub({ prefix: '/api/v3', pulls: [samplePr()] });
  });
  afterAll(() => stub.close());
  const run = (args: string[], env: Record<string, string> = {}) => crscoreAsync(args, { env: { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: '', ...env } });

  it('a link to another host is refused: no request, no token (before: GITHUB_TOKEN went to https://HOST/api/v3)', async () => {
    stub.requests.length = 0;
    const r = await run(['github', `${stub.web}/octo-org/shop-service/pull/42`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/This link is on 127\.0\.0\.1:\d+, but the API base is https:\/\/api\.github\.com.*never picks a server from a link/);
    expect(stub.requests).toHaveLength(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('an explicit --api-base (or GITHUB_API_URL) is the only way to send the token to another host', async () => {
    for (const [args, env] of [
      [['--api-base', stub.apiBase], {}],
      [[], { GITHUB_API_URL: stub.apiBase }],
    ] as [string[], Record<string, string>][]) {
      stub.requests.length = 0;
      const r = await run(['github', `${stub.web}/octo-org/shop-service/pull/42`, ...args], env);
      expect(r.code, r.stderr).toBe(0);
      expect(stub.requests.length).toBeGreaterThan(3);
      expect(stub.requests.every((q) => q.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    }
    // A github.com link with an Enterprise base is refused too: the link says github.com, the base says otherwise.
    const gh = await run(['github', 'https://github.com/octo-org/shop-service/pull/42', '--api-base', stub.apiBase]);
    expect(gh.code).toBe(2);
    expect(gh.stderr).toMatch(/This is a github\.com link, but the API base is http:\/\/127\.0\.0\.1:\d+\/api\/v3/);
  });

  it("a comment's path cannot reach another endpoint, and a next link cannot leave the API", async () => {
    const pr = samplePr();
    pr.comments.push({ id: 9001, path: '../../../../user', line: 1, body: 'Traversal.', user: 'mallory' }, { id: 9002, path: 'a/./../../../orgs/x', line: 1, body: 'Dots.', user: 'mallory' });
    const hostile = await startGithubStub({ pulls: [pr] });
    try {
      const r = await run(['github', 'octo-org/shop-service#42', '--api-base', hostile.apiBase]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/unusable file path \("\.\.\/\.\.\/\.\.\/\.\.\/user"\)/);
      const paths = hostile.requests.map((q) => new URL(q.url, 'http://x').pathname);
      expect(paths.every((p) => p.startsWith('/repos/octo-org/shop-service/'))).toBe(true);
      expect(paths.some((p) => p === '/user' || p.includes('/orgs/'))).toBe(false);

      hostile.pageSize = 1;
      hostile.hostile.nextLink = 'http://127.0.0.1:9/user?page=2';
      hostile.requests.length = 0;
      const away = await run(['github', 'octo-org/shop-service#42', '--api-base', hostile.apiBase]);
      expect(away.code).toBe(1);
      expect(away.stderr).toMatch(/next-page link for .* points away from 127\.0\.0\.1:\d+ \(to 127\.0\.0\.1:9\/user\); stopped/);
      hostile.hostile.nextLink = `${hostile.apiBase}/user?page=2`;
      const endpoint = await run(['github', 'octo-org/shop-service#42', '--api-base', hostile.apiBase]);
      expect(endpoint.code).toBe(1);
      expect(endpoint.stderr).toMatch(/points away/);
      expect(hostile.requests.some((q) => q.url.startsWith('/user'))).toBe(false);
    } finally {
      await hostile.close();
    }
  });

  it('a server that does not answer times out, and an oversize answer is refused, each with a clear message', async () => {
    stub.delayMs = 5000;
    const slow = await run(['github', 'octo-org/shop-service#42', '--api-base', stub.apiBase, '--timeout', '1']);
    stub.delayMs = 0;
    expect(slow.code).toBe(1);
    expect(slow.stderr).toMatch(/127\.0\.0\.1:\d+ did not answer within 1 s \(pull request octo-org\/shop-service#42\)/);
    stub.hostile.padBytes = 21 * 1024 * 1024;
    const huge = await run(['github', 'octo-org/shop-service#42', '--api-base', stub.apiBase]);
    stub.hostile.padBytes = 0;
    expect(huge.code).toBe(1);
    expect(huge.stderr).toMatch(/The answer for pull request octo-org\/shop-service#42 is larger than 20 MB; refused/);
    expect(huge.stdout).toBe('');
  });
});
