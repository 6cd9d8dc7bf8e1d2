// Issue 27: the GitHub client as an attacker would try it. A pasted link never picks the server, the token goes to
// the host it was entered for only, response fields never shape a request URL, and every answer has a time limit
// and a size cap.
import { describe, expect, it } from 'vitest';
import { fetchPullRequest, GithubClient } from './client.ts';
import { toReviewItems } from './items.ts';
import { GithubError } from './errors.ts';
import { checkRefHost, encodeRepoPath, isCommitSha, parsePullRequestRef, safeWebLink, tokenMayGoTo, webHostFor } from './url.ts';

const TOKEN = 'ghp_HOSTILE0UNIT0TOKEN0abcdef0123456';
const SHA = 'c'.repeat(40);
const ref = parsePullRequestRef('octo-org/shop-service#42');

function caught(f: () => unknown): GithubError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GithubError);
    return e as GithubError;
  }
  throw new Error('expected a GithubError');
}

describe('a pasted link never picks the API host', () => {
  it('github.com links go to api.github.com; a link on any other host is refused unless the user set that API base', () => {
    const gh = parsePullRequestRef('https://github.com/octo-org/shop-service/pull/42');
    expect(() => checkRefHost(gh, 'https://api.github.com')).not.toThrow();
    expect(() => checkRefHost(parsePullRequestRef('https://www.github.com/a/b/pull/1'), 'https://api.github.com')).not.toThrow();
    for (const link of ['https://evil.example/octo-org/shop-service/pull/42', 'http://127.0.0.1:8080/a/b/pull/1', 'https://github.com.evil.example/a/b/pull/1', 'https://api.github.com.evil.example/a/b/pull/1']) {
      const e = caught(() => checkRefHost(parsePullRequestRef(link), 'https://api.github.com'));
      expect(e.kind, link).toBe('wrong-host');
      expect(e.message).toMatch(/never picks a server from a link/);
    }
    // With the Enterprise base set by the user, its own links work and github.com links are refused (not redirected).
    expect(() => checkRefHost(parsePullRequestRef('https://ghe.corp.example/team/svc/pull/12'), 'https://ghe.corp.example/api/v3')).not.toThrow();
    expect(caught(() => checkRefHost(gh, 'https://ghe.corp.example/api/v3')).message).toMatch(/This is a github\.com link, but the API base is https:\/\/ghe\.corp\.example\/api\/v3/);
    // OWNER/REPO#N names no host: the API base decides.
    expect(() => checkRefHost(ref, 'https://ghe.corp.example/api/v3')).not.toThrow();
    expect(webHostFor('https://api.github.com')).toBe('github.com');
    expect(webHostFor('https://ghe.corp.example/api/v3')).toBe('ghe.corp.example');
  });

  it('a token entered for one host may go to that origin only', () => {
    expect(tokenMayGoTo('https://api.github.com', 'https://api.github.com/')).toBe(true);
    expect(tokenMayGoTo('', 'https://api.github.com')).toBe(true);
    expect(tokenMayGoTo('https://ghe.corp.example/api/v3', 'https://ghe.corp.example/api/v4')).toBe(true);
    for (const other of ['https://evil.example/api/v3', 'http://api.github.com', 'https://api.github.com:8443', 'https://api.github.com.evil.example', 'http://127.0.0.1:9/api/v3', 'not a url'])
      expect(tokenMayGoTo('https://api.github.com', other), other).toBe(false);
  });

  it('owner, repository and number are validated before any path is built', async () => {
    const asked: string[] = [];
    const f = async (url: string) => {
      asked.push(url);
      return new Response('{}');
    };
    for (const bad of [
      { owner: '..', repo: 'x', number: 1 },
      { owner: 'a/b', repo: 'x', number: 1 },
      { owner: 'a', repo: '..', number: 1 },
      { owner: 'a', repo: 'x?y', number: 1 },
      { owner: 'a', repo: 'x', number: 0 },
      { owner: 'a', repo: 'x', number: 1.5 },
    ])
      await expect(fetchPullRequest(bad, { fetch: f }), JSON.stringify(bad)).rejects.toMatchObject({ kind: 'not-a-pr' });
    expect(asked).toEqual([]);
  });
});

describe('response fields never shape a request without validation', () => {
  it("a comment's path: '..', '.', empty parts and control characters are refused; the rest is encoded per segment", () => {
    for (const p of ['../../user', '../../../../user', 'a/../../b', './x', 'a//b', '/abs', 'a/', '', 'a\u0000b', 'line\nbreak', 'x'.repeat(5000)])
      expect(caught(() => encodeRepoPath(p)).kind, JSON.stringify(p.slice(0, 20))).toBe('bad-response');
    expect(caught(() => encodeRepoPath(42)).kind).toBe('bad-response');
    expect(encodeRepoPath('src/a b/c?d#e%2e%2e.py')).toBe('src/a%20b/c%3Fd%23e%252e%252e.py');
    expect(encodeRepoPath('..a/b..')).toBe('..a/b..');
    expect(isCommitSha(SHA)).toBe(true);
    for (const s of ['main', '../x', SHA.slice(1), `${SHA}?x`, 42]) expect(isCommitSha(s)).toBe(false);
  });

  it('fetchPullRequest never asks for a traversal path (before: /repos/o/r/contents/../../user resolved to /repos/o/user)', async () => {
    const asked: string[] = [];
    const pr = { number: 42, title: 't', html_url: 'https://github.com/octo-org/shop-service/pull/42', state: 'open', head: { sha: SHA } };
    const comment = (id: number, path: string) => ({ id, diff_hunk: '@@ -1 +1 @@\n-a\n+b', path, body: 'x', user: { login: 'm' }, html_url: 'h', line: 1 });
    const f = async (url: string) => {
      asked.push(url);
      const u = new URL(url);
      if (u.pathname.endsWith('/pulls/42')) return new Response(JSON.stringify(pr));
      if (u.pathname.endsWith('/comments')) return new Response(JSON.stringify([comment(1, '../../../../user'), comment(2, 'ok.py'), comment(3, 'a/%2e%2e/%2e%2e/b')]));
      if (u.pathname.includes('/contents/')) return new Response(JSON.stringify({ type: 'file', encoding: 'base64', content: btoa('x\n') }));
      return new Response('[]');
    };
    const data = await fetchPullRequest(ref, { fetch: f, token: TOKEN });
    const paths = asked.map((u) => new URL(u).pathname);
    expect(paths.every((p) => p.startsWith('/repos/octo-org/shop-service/'))).toBe(true);
    expect(paths).toContain('/repos/octo-org/shop-service/contents/ok.py');
    expect(paths).toContain('/repos/octo-org/shop-service/contents/a/%252e%252e/%252e%252e/b');
    expect(data.contents['../../../../user']).toBeNull();
    expect(data.notes.join('\n')).toMatch(/unusable file path/);
  });

  it('a head commit that is not a commit id is refused before any file is read', async () => {
    const f = async (url: string) => new Response(new URL(url).pathname.endsWith('/pulls/42') ? JSON.stringify({ number: 42, head: { sha: '../../../user' } }) : '[]');
    await expect(fetchPullRequest(ref, { fetch: f })).rejects.toMatchObject({ kind: 'bad-response', message: expect.stringMatching(/no head commit/) });
  });

  it('next-page links must stay on the API origin, under its base path, on the same list', async () => {
    const base = 'https://ghe.example/api/v3';
    const list = '/repos/o/r/pulls/1/comments';
    const cases: [string, boolean][] = [
      [`${base}${list}?page=2`, true],
      [`${base}/repositories/123/pulls/1/comments?page=2`, true],
      [`${list}?page=2`, false], // relative: resolves outside /api/v3
      ['https://evil.example/api/v3/repos/o/r/pulls/1/comments?page=2', false],
      [`${base}/user?page=2`, false],
      [`${base}/repos/o/r/pulls/1/comments/../../../../../user`, false],
      ['https://user:pw@ghe.example/api/v3/repos/o/r/pulls/1/comments?page=2', false],
      ['http://ghe.example/api/v3/repos/o/r/pulls/1/comments?page=2', false],
    ];
    for (const [next, ok] of cases) {
      const asked: string[] = [];
      const gh = new GithubClient({
        apiBase: base,
        token: TOKEN,
        fetch: async (url) => {
          asked.push(url);
          return asked.length === 1 ? new Response('[1]', { headers: { link: `<${next}>; rel="next"` } }) : new Response('[2]');
        },
      });
      const got = await gh.paginate<number>(list, 'the comments').catch((e: GithubError) => e);
      if (ok) expect(got, next).toEqual({ items: [1, 2], truncated: false });
      else {
        expect(got, next).toBeInstanceOf(GithubError);
        expect((got as GithubError).message).toMatch(/points away from ghe\.example\/api\/v3/);
        expect(asked).toHaveLength(1);
      }
    }
  });

  it('a redirect to another origin is not used', async () => {
    const gh = new GithubClient({ token: TOKEN, fetch: async () => Object.defineProperty(new Response('{}'), 'url', { value: 'https://evil.example/x' }) });
    await expect(gh.json('https://api.github.com/repos/o/r/pulls/1', 'pull request o/r#1')).rejects.toMatchObject({ kind: 'bad-response', message: expect.stringMatching(/redirected .* to another host \(evil\.example\); refused/) });
    await expect(gh.json('https://evil.example/repos/o/r/pulls/1', 'x')).rejects.toMatchObject({ message: expect.stringMatching(/Refused to ask evil\.example/) });
  });
});

describe('time limit and size cap', () => {
  it('a request that does not finish in time fails with a timeout message, also when the body stalls', async () => {
    const never = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const t0 = Date.now();
    await expect(new GithubClient({ fetch: never, timeoutMs: 200 }).json('https://api.github.com/x', 'pull request o/r#1')).rejects.toMatchObject({
      kind: 'timeout',
      message: 'api.github.com did not answer within 0.2 s (pull request o/r#1). Try again, or check the API base URL and your connection.',
    });
    expect(Date.now() - t0).toBeLessThan(5000);
    const stalling = (_url: string, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('[1,'));
          init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return Promise.resolve(new Response(body));
    };
    await expect(new GithubClient({ fetch: stalling, timeoutMs: 1500 }).paginate('/x', 'the files')).rejects.toMatchObject({ kind: 'timeout', message: expect.stringMatching(/did not answer within 1.5 s \(the files\)/) });
    // Cancel stays cancel, not a timeout.
    const ac = new AbortController();
    const p = new GithubClient({ fetch: never, signal: ac.signal }).json('https://api.github.com/x', 'x');
    ac.abort();
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('an answer above the cap is refused, by Content-Length or while streaming', async () => {
    const declared = new GithubClient({ maxBytes: 1000, fetch: async () => new Response('[]', { headers: { 'content-length': '5000000' } }) });
    await expect(declared.json('https://api.github.com/x', 'pull request o/r#1')).rejects.toMatchObject({ kind: 'too-large', message: expect.stringMatching(/The answer for pull request o\/r#1 is larger than 1000 bytes; refused/) });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(512).fill(32));
      },
    });
    const streamed = new GithubClient({ maxBytes: 4096, fetch: async () => new Response(endless) });
    await expect(streamed.paginate('/x', 'the files')).rejects.toMatchObject({ kind: 'too-large' });
    expect(pulled).toBeLessThan(20);
    const fits = new GithubClient({ maxBytes: 4096, fetch: async () => new Response(JSON.stringify([1, 2, 3])) });
    expect(await fits.paginate('/x', 'the files')).toEqual({ items: [1, 2, 3], truncated: false });
  });
});

describe('links from pull requests', () => {
  it('only https pages on github.com or the configured host become links', () => {
    expect(safeWebLink('https://github.com/o/r/pull/1#discussion_r2')).toBe('https://github.com/o/r/pull/1#discussion_r2');
    expect(safeWebLink('https://ghe.corp.example/o/r/pull/1', 'https://ghe.corp.example/api/v3')).toBe('https://ghe.corp.example/o/r/pull/1');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://github.com/o/r', 'https://github.com.evil.example/o', 'https://evil.example/github.com/o', 'https://user:pw@github.com/o', '//evil.example/x', 'vbscript:x', '', null, 42])
      expect(safeWebLink(bad), String(bad)).toBeNull();
    expect(safeWebLink('https://ghe.corp.example/o/r/pull/1')).toBeNull();
  });

  // Issue 38: fields other than path and html_url were not type-checked; `diff_hunk: 5` or a null comment gave a
  // TypeError (a stack trace in the CLI, "Something went wrong" in the browser). Each wrong field is named.
  it('every field read from an answer is type-checked, and a wrong one is named', async () => {
    const pr = { number: 42, title: 't', html_url: 'https://github.com/octo-org/shop-service/pull/42', state: 'open', head: { sha: SHA }, user: { login: 'a' } };
    const comment = { id: 1, diff_hunk: '@@ -1 +1 @@\n-a\n+b', path: 'ok.py', body: 'x', user: { login: 'm' }, html_url: 'h', line: 1 };
    const file = { filename: 'ok.py', status: 'modified', patch: '@@ -1 +1 @@' };
    const review = { id: 5, user: { login: 'r' }, body: 'Fine.', state: 'APPROVED' };
    const read = (answers: { pr?: unknown; files?: unknown[]; comments?: unknown[]; reviews?: unknown[] }) =>
      fetchPullRequest(ref, {
        fetch: async (url: string) => {
          const p = new URL(url).pathname;
          const body = p.endsWith('/pulls/42') ? (answers.pr ?? pr) : p.endsWith('/files') ? (answers.files ?? [file]) : p.endsWith('/comments') ? (answers.comments ?? [comment]) : p.endsWith('/reviews') ? (answers.reviews ?? [review]) : { type: 'file', encoding: 'base64', content: btoa('x\n') };
          return new Response(JSON.stringify(body));
        },
      }).then(toReviewItems);
    expect((await read({}))[0].diff).toContain('+b');
    const cases: [Parameters<typeof read>[0], RegExp][] = [
      [{ comments: [comment, { ...comment, id: 2, diff_hunk: 5 }] }, /review comments of octo-org\/shop-service#42 .*review comment 2 has "diff_hunk" a number \(5\), not a text/],
      [{ comments: [null] }, /review comment 1 is null, not an object/],
      [{ comments: [{ ...comment, body: null }] }, /review comment 1 has no "body"/],
      [{ comments: [{ ...comment, id: '1' }] }, /review comment 1 has "id" a string \("1"\), not a whole number/],
      [{ comments: [{ ...comment, user: { login: 7 } }] }, /review comment 1 has "user.login" a number \(7\), not a text/],
      [{ comments: [{ ...comment, line: '3' }] }, /"line" a string/],
      [{ comments: [{ ...comment, in_reply_to_id: {} }] }, /"in_reply_to_id" an object/],
      [{ files: [{ ...file, filename: ['ok.py'] }] }, /files of .*file 1 has "filename" a list, not a text/],
      [{ files: [{ ...file, previous_filename: 3 }] }, /file 1 has "previous_filename" a number/],
      [{ reviews: [{ ...review, body: 9 }] }, /reviews of .*review 1 has "body" a number \(9\), not a text/],
      [{ reviews: ['x'] }, /review 1 is a string \("x"\), not an object/],
      [{ pr: { ...pr, title: 1 } }, /pull request octo-org\/shop-service#42 .*"title" a number/],
      [{ pr: { ...pr, user: { login: null } } }, /the pull request has no "user.login"/],
      [{ pr: { ...pr, number: 4.5 } }, /"number" a number \(4.5\), not a whole number/],
    ];
    for (const [answers, message] of cases) await expect(read(answers), String(message)).rejects.toMatchObject({ name: 'GithubError', kind: 'bad-response', message: expect.stringMatching(message) });
    // A file's contents of the wrong shape cost that file's context (a note), not the import.
    const data = await fetchPullRequest(ref, {
      fetch: async (url: string) => {
        const p = new URL(url).pathname;
        return new Response(JSON.stringify(p.endsWith('/pulls/42') ? pr : p.includes('/contents/') ? { type: 'file', encoding: 'base64', content: 12 } : p.endsWith('/comments') ? [comment] : []));
      },
    });
    expect(data.notes.join('\n')).toMatch(/ok\.py: could not be read .*"content" a number \(12\), not a text/);
  });
});

describe('paths that are names of the object prototype', () => {
  it('a comment on a file named __proto__ gets that file at the head commit', async () => {
    const sha = 'a'.repeat(40);
    const json = (v: unknown) => new Response(JSON.stringify(v), { headers: { 'content-type': 'application/json' } });
    const fetch = async (url: string) => {
      const u = new URL(url);
      if (u.pathname.endsWith('/pulls/1')) return json({ number: 1, title: 't', html_url: 'https://github.com/o/r/pull/1', state: 'open', head: { sha } });
      if (u.pathname.endsWith('/files')) return json([{ filename: '__proto__', status: 'modified' }, { filename: 'constructor', status: 'removed' }]);
      if (u.pathname.endsWith('/comments'))
        return json(['__proto__', 'constructor'].map((path, k) => ({ id: k + 1, diff_hunk: '@@ -1 +1 @@\n-x = 0\n+x = 1', path, body: 'Why?', user: { login: 'ann' }, html_url: `https://github.com/o/r/pull/1#discussion_r${k + 1}`, line: 1 })));
      if (u.pathname.endsWith('/reviews')) return json([]);
      if (u.pathname.endsWith('/contents/__proto__')) return json({ type: 'file', encoding: 'base64', content: btoa('x = 1\n') });
      return new Response('{}', { status: 404 });
    };
    const data = await fetchPullRequest({ owner: 'o', repo: 'r', number: 1 }, { fetch });
    expect(Object.hasOwn(data.contents, '__proto__')).toBe(true);
    expect(toReviewItems(data).map((i) => i.newCode)).toEqual(['x = 1\n', null]);
  });
});
