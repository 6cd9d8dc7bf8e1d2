// `crscore github` against the GitHub stub, and its rows read as they are by `crscore score` and `crscore eval`.
// The stub lives in this process, so the CLI runs as an asynchronous child (spawnSync would block the stub).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePr, type FixturePr } from '../../../e2e/stubs/githubFixture.ts';
import { startGithubStub, type GithubStub } from '../../../e2e/stubs/githubStub.ts';
import { crscore, crscoreAsync } from '../shared/testing.ts';

const TOKEN = 'ghp_CLI0SECRET0TOKEN0zyxw9876543210';

const run = (args: string[], env: Record<string, string> = {}) => crscoreAsync(args, { env: { GITHUB_TOKEN: '', ...env } });

// A second pull request, not the sample: another owner, a Java file, a renamed file and a new one.
const other: FixturePr = {
  owner: 'acme',
  repo: 'billing.core',
  number: 318,
  title: 'Invoice rounding',
  author: 'zoe',
  headSha: '9'.repeat(40),
  baseSha: '1'.repeat(40),
  files: [
    { path: 'src/main/java/acme/Invoice.java', previousPath: 'src/main/java/acme/Bill.java', before: 'package acme;\n\npublic class Bill {\n  double total;\n}\n', after: 'package acme;\n\nimport java.util.List;\n\npublic class Invoice {\n  double total;\n  public double rounded() { return Math.round(total * 100) / 100.0; }\n}\n' },
    { path: 'tools/check.py', before: null, after: 'def check(x):\n    if x == None:\n        return False\n    return True\n' },
  ],
  comments: [
    { id: 7, path: 'src/main/java/acme/Invoice.java', line: 7, body: 'Use BigDecimal for money; doubles lose cents.', user: 'yuki' },
    { id: 8, path: 'tools/check.py', line: 2, body: 'Compare with None using is.', user: 'yuki' },
    { id: 9, path: 'tools/check.py', line: 2, body: 'Agreed, and add a docstring.', user: 'zoe', replyTo: 8 },
  ],
  reviews: [{ id: 1, user: 'yuki', body: 'Money handling needs care.', state: 'CHANGES_REQUESTED' }],
};

let stub: GithubStub;
let ghe: GithubStub;
let dir: string;
beforeAll(async () => {
  stub = await startGithubStub({ pulls: [samplePr({ extraComments: 4 }), other] });
  ghe = await startGithubStub({ prefix: '/api/v3', pulls: [other] });
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-github-'));
});
afterAll(async () => {
  await stub.close();
  await ghe.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stub.requests.length = 0;
  stub.mode = 'ok';
  stub.token = null;
  stub.pageSize = 100;
});

describe('crscore github', () => {
  it('writes one row per review comment, across pages, with replies and the head-commit file', async () => {
    stub.pageSize = 2;
    const r = await run(['github', `${stub.web}/octo-org/shop-service/pull/42`, '--api-base', stub.apiBase]);
    expect(r.stderr).toMatch(/octo-org\/shop-service#42: 9 review comments \(1 replies\) from 5 authors/);
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(9);
    expect(Object.keys(rows[0]).sort()).toEqual(['diff', 'file', 'id', 'in_reply_to', 'lang', 'new_code', 'review', 'system', 'url'].sort());
    expect(rows[0]).toMatchObject({ id: 'octo-org/shop-service#42/1001', system: 'alice', file: 'cache/store.py', lang: 'py', in_reply_to: null, url: 'https://github.com/octo-org/shop-service/pull/42#discussion_r1001' });
    expect(rows[0].diff).toMatch(/^diff --git a\/cache\/store.py b\/cache\/store.py\n--- a\/cache\/store.py\n\+\+\+ b\/cache\/store.py\n@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(rows[0].new_code).toContain('except:');
    expect(rows[1]).toMatchObject({ system: 'bob', in_reply_to: 'octo-org/shop-service#42/1001' });
    expect(rows.find((x) => x.lang === 'js')?.new_code).toContain('discount');
    expect(stub.requests.filter((q) => q.url.includes('/comments')).length).toBe(5);

    const noReplies = await run(['github', 'octo-org/shop-service#42', '--api-base', stub.apiBase, '--no-replies']);
    expect(noReplies.stdout.trim().split('\n')).toHaveLength(8);
  });

  it('reads another pull request through an Enterprise base URL, with the token from GITHUB_TOKEN in a header only', async () => {
    ghe.token = TOKEN;
    const r = await run(['github', 'acme/billing.core#318', '--api-base', ghe.apiBase], { GITHUB_TOKEN: TOKEN });
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.system, x.lang, x.in_reply_to])).toEqual([
      ['yuki', 'java', null],
      ['yuki', 'py', null],
      ['zoe', 'py', 'acme/billing.core#318/8'],
    ]);
    expect(rows[0].diff).toMatch(/^diff --git a\/src\/main\/java\/acme\/Bill.java b\/src\/main\/java\/acme\/Invoice.java\n--- a\/src\/main\/java\/acme\/Bill.java\n/);
    expect(rows[1].diff).toMatch(/--- \/dev\/null\n\+\+\+ b\/tools\/check.py/);
    expect(ghe.requests.length).toBeGreaterThan(4);
    for (const q of ghe.requests) {
      expect(q.url.startsWith('/api/v3/')).toBe(true);
      expect(q.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(q.url).not.toContain(TOKEN);
    }
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('answers each error clearly, with exit code 1 (remote) or 2 (input), never with the token', async () => {
    const url = `${stub.web}/octo-org/shop-service/pull/42`;
    const cases: [Partial<GithubStub>, Record<string, string>, RegExp][] = [
      [{ mode: 'not-found' }, {}, /Not found: pull request octo-org\/shop-service#42.*private, add a token/],
      [{ token: TOKEN }, { GITHUB_TOKEN: 'ghp_wrong_one' }, /refused the token \(401/],
      [{ mode: 'forbidden' }, { GITHUB_TOKEN: TOKEN }, /refused access .* \(403\)/],
      [{ mode: 'rate-limit' }, {}, /rate limit is used up; it resets at \d\d:\d\d.*add a token/],
      [{ mode: 'drop' }, {}, /Could not reach 127\.0\.0\.1/],
    ];
    for (const [set, env, message] of cases) {
      stub.mode = 'ok';
      stub.token = null;
      Object.assign(stub, set);
      const r = await run(['github', url, '--api-base', stub.apiBase], env);
      expect(r.code, String(message)).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toContain(TOKEN);
    }
    // A terminal has no page origin and no Content-Security-Policy: the failure says what a terminal can check.
    stub.mode = 'drop';
    const dropped = await run(['github', url, '--api-base', stub.apiBase]);
    expect(dropped.stderr).toMatch(/Could not reach 127\.0\.0\.1:\d+ \(pull request octo-org\/shop-service#42\)\. Check your connection, that the host is up and that --api-base names it/);
    expect(dropped.stderr).not.toMatch(/CORS|Content-Security-Policy|this page|whoever runs this app/);
    stub.mode = 'ok';
    const bad = await run(['github', 'https://github.com/octo-org/shop-service/issues/42']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is not a pull request\. This is an issue/);
    expect((await run(['github'])).code).toBe(2);
  });

  // Issue 38: a field of the wrong type (diff_hunk: 5, a null comment) gave a TypeError with a stack trace.
  it('names a field of the wrong type in an answer, with exit code 1 and no stack trace', async () => {
    const cases: [NonNullable<GithubStub['hostile']['listItem']>, RegExp][] = [
      [(list, item, k) => (list === 'comments' && k === 1 ? { ...item, diff_hunk: 5 } : item), /review comment 2 has "diff_hunk" a number \(5\), not a text/],
      [(list, item, k) => (list === 'comments' && k === 0 ? null : item), /review comment 1 is null, not an object/],
      [(list, item) => (list === 'reviews' ? { ...item, user: { login: [] } } : item), /review 1 has "user.login" a list, not a text/],
    ];
    try {
      for (const [listItem, message] of cases) {
        stub.hostile = { listItem };
        const r = await run(['github', `${stub.web}/octo-org/shop-service/pull/42`, '--api-base', stub.apiBase]);
        expect(r.code, String(message)).toBe(1);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
        expect(r.stdout).toBe('');
      }
    } finally {
      stub.hostile = {};
    }
  });

  it('gives rows that crscore score and crscore eval read as they are', async () => {
    const r = await run(['github', 'octo-org/shop-service#42', '--api-base', stub.apiBase]);
    const file = path.join(dir, 'rows.jsonl');
    writeFileSync(file, r.stdout);
    const plain = crscore(['score', '--tau', '0.2', '--input', file]);
    expect(plain.code).toBe(0);
    const lines = plain.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(9);
    expect(lines[0]).toMatchObject({ id: 'octo-org/shop-service#42/1001', scorable: false });

    const analyzed = crscore(['score', '--tau', '0.2', '--pseudo-refs', 'analyzers', '--input', file]);
    const scored = analyzed.stdout.trim().split('\n').map((l) => JSON.parse(l));
    // The Python smells see the bare except at the head commit; JSHint sees the missing semicolon.
    const bare = scored.find((x) => x.id.endsWith('/1001'));
    expect(bare.scorable).toBe(true);
    expect(bare.matches.pseudoReferences.map((p: { text: string }) => p.text).join('\n')).toMatch(/except/i);
    expect(bare.rel).toBeGreaterThan(0);
    const semi = scored.find((x) => x.id.endsWith('/1003'));
    expect(semi.matches.pseudoReferences.map((p: { text: string }) => p.text).join('\n')).toMatch(/semicolon/i);

    const ev = crscore(['eval', '--dataset', file, '--pseudo-refs', 'analyzers', '--tau', '0.2', '--json']);
    expect(ev.stderr).not.toMatch(/line \d+:/);
    expect(ev.code).toBe(0);
    const out = JSON.parse(ev.stdout);
    expect(out.counts.diffs).toBe(9);
    expect(out.counts.reviews).toBeGreaterThan(0);
    expect(out.n).toBe(0);
  });
});
