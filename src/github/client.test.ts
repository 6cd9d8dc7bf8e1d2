// The client against the GitHub stub (e2e/stubs/githubStub.ts): pagination, replies, two languages, file contents
// at the head commit, every error, and the token in the Authorization header only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePr } from '../../e2e/stubs/githubFixture.ts';
import { startGithubStub, type GithubStub } from '../../e2e/stubs/githubStub.ts';
import { fetchPullRequest, GithubError, parsePullRequestRef, toReviewItems, type GithubErrorKind } from './index.ts';

const TOKEN = 'ghp_TEST0SECRET0TOKEN0abcdef1234567890';
let stub: GithubStub;
const ref = parsePullRequestRef('https://github.com/octo-org/shop-service/pull/42');

beforeAll(async () => {
  stub = await startGithubStub({ pulls: [samplePr({ extraComments: 6 })] });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  stub.mode = 'ok';
  stub.modeFor = undefined;
  stub.token = null;
  stub.pageSize = 100;
});

async function failure(opts: Parameters<typeof fetchPullRequest>[1]): Promise<GithubError> {
  try {
    await fetchPullRequest(ref, { apiBase: stub.apiBase, ...opts });
  } catch (e) {
    expect(e).toBeInstanceOf(GithubError);
    return e as GithubError;
  }
  throw new Error('expected a failure');
}

describe('fetchPullRequest', () => {
  it('reads every page, the replies, both languages and each file at the head commit', async () => {
    stub.pageSize = 3;
    const steps = new Set<string>();
    const data = await fetchPullRequest(ref, { apiBase: stub.apiBase, onProgress: (p) => steps.add(p.step) });
    expect(data.comments).toHaveLength(11);
    expect(stub.requests.filter((r) => r.url.includes('/comments')).length).toBe(4);
    expect(data.reviews.map((r) => r.id)).toEqual([501, 502, 503]);
    expect(data.files.map((f) => f.filename)).toEqual(['cache/store.py', 'web/cart.js']);
    expect(data.contents['cache/store.py']).toContain('except:');
    expect(data.contents['web/cart.js']).toContain('function total(items, discount)');
    expect(stub.requests.filter((r) => r.url.includes('/contents/')).every((r) => r.url.includes(`ref=${samplePr().headSha}`))).toBe(true);
    expect([...steps].sort()).toEqual(['file contents', 'files', 'pull request', 'review comments', 'reviews']);

    const items = toReviewItems(data);
    const first = items.find((i) => i.commentId === 1001)!;
    expect(first.diff).toMatch(/^diff --git a\/cache\/store\.py b\/cache\/store\.py\n--- a\/cache\/store\.py\n\+\+\+ b\/cache\/store\.py\n@@ /);
    expect(first.diff.trimEnd().endsWith('+    except:')).toBe(true);
    expect(first).toMatchObject({ author: 'alice', file: 'cache/store.py', language: 'python', lang: 'py', inReplyTo: null, replies: ['octo-org/shop-service#42/1002'] });
    expect(first.url).toBe('https://github.com/octo-org/shop-service/pull/42#discussion_r1001');
    expect(items.find((i) => i.commentId === 1002)).toMatchObject({ inReplyTo: first.id, author: 'bob' });
    expect(items.find((i) => i.commentId === 1003)).toMatchObject({ language: 'javascript', lang: 'js' });
  });

  it('sends the token in the Authorization header and nowhere else', async () => {
    stub.token = TOKEN;
    stub.pageSize = 2;
    await fetchPullRequest(ref, { apiBase: stub.apiBase, token: TOKEN });
    expect(stub.requests.length).toBeGreaterThan(5);
    for (const r of stub.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(r.url).not.toContain(TOKEN);
      const others = Object.entries(r.headers).filter(([k]) => k !== 'authorization');
      expect(JSON.stringify(others)).not.toContain(TOKEN);
    }
  });

  const cases: [string, Partial<GithubStub>, { token?: string }, GithubErrorKind, RegExp][] = [
    ['404 without a token', { mode: 'not-found' }, {}, 'not-found', /private, add a token/],
    ['private repository, no token', { token: TOKEN }, {}, 'not-found', /private/],
    ['401 bad token', { token: TOKEN }, { token: 'ghp_wrong' }, 'auth', /refused the token \(401/],
    ['403 token without access', { mode: 'forbidden' }, { token: 'ghp_x' }, 'auth', /403/],
    ['rate limit', { mode: 'rate-limit' }, {}, 'rate-limit', /resets at \d\d:\d\d \(in \d+ min\).*add a token/],
    ['rate limit in the middle of the comments', { mode: 'rate-limit', modeFor: /comments/ }, {}, 'rate-limit', /rate limit/],
    ['server error', { mode: 'server-error' }, {}, 'server', /502/],
    ['dropped connection', { mode: 'drop' }, {}, 'network', /Could not reach 127\.0\.0\.1:\d+.*Check your connection and the API base URL/],
  ];
  for (const [name, set, opts, kind, message] of cases)
    it(`answers ${name} clearly`, async () => {
      Object.assign(stub, set);
      const e = await failure(opts);
      expect(e.kind).toBe(kind);
      expect(e.message).toMatch(message);
      expect(e.message).not.toContain(TOKEN);
      if (kind === 'rate-limit') expect(e.resetAt).toBe(stub.resetAt * 1000);
      // What to do, in plain words; the technical cause only in the detail.
      expect(e.message).not.toMatch(/CORS|Content-Security-Policy|docs\//);
      if (kind === 'network') expect(e.detail).toMatch(/CORS.*Content-Security-Policy.*docs\/security\.md/);
    });

  it('answers an unreachable host and a non-GitHub server', async () => {
    const e = await failure({ apiBase: 'http://127.0.0.1:9/api/v3' });
    expect(e.kind).toBe('network');
    const notApi = await failure({ apiBase: `${stub.apiBase}/nothing-here` });
    expect(notApi.kind).toBe('not-found');
  });

  it('never sends a request (or the token) to another host a next link names: the import stops and says so', async () => {
    const pr = { number: 1, title: 't', html_url: 'h', state: 'open', head: { sha: 'a'.repeat(40) } };
    const seen: string[] = [];
    const f = async (url: string) => {
      seen.push(url);
      if (url.includes('/files') && !url.includes('page=2'))
        return new Response('[]', { status: 200, headers: { link: '<https://evil.example/repos/octo-org/shop-service/pulls/42/files?page=2>; rel="next"' } });
      return new Response(url.includes('/pulls/42?') || url.endsWith('/pulls/42') ? JSON.stringify(pr) : '[]', { status: 200 });
    };
    const e = await fetchPullRequest(ref, { fetch: f, token: TOKEN }).catch((x: unknown) => x as GithubError);
    expect(e).toBeInstanceOf(GithubError);
    expect((e as GithubError).message).toMatch(/next-page link for the files of octo-org\/shop-service#42 points away from api\.github\.com .*evil\.example/);
    expect(seen.some((u) => u.includes('evil.example'))).toBe(false);
    expect(seen.every((u) => u.startsWith('https://api.github.com/'))).toBe(true);
  });

  it('follows relative next links, and a server without review summaries costs a note only', async () => {
    const pr = { number: 42, title: 't', html_url: 'h', state: 'open', head: { sha: 'b'.repeat(40) } };
    const comment = (id: number) => ({ id, diff_hunk: '@@ -1 +1 @@\n-a\n+b', path: 'x.js', body: `c${id}`, user: { login: 'u' }, html_url: `h#${id}`, line: 1 });
    const urls: string[] = [];
    const f = async (url: string) => {
      urls.push(url);
      const u = new URL(url);
      if (u.pathname.endsWith('/pulls/42')) return new Response(JSON.stringify(pr));
      if (u.pathname.endsWith('/comments'))
        return u.searchParams.get('page') === '2'
          ? new Response(JSON.stringify([comment(2)]))
          : new Response(JSON.stringify([comment(1)]), { headers: { link: '</gh/repos/octo-org/shop-service/pulls/42/comments?page=2>; rel="next"' } });
      if (u.pathname.endsWith('/reviews')) return new Response('{"message":"Not Found"}', { status: 404 });
      if (u.pathname.includes('/contents/')) return new Response(JSON.stringify({ type: 'file', encoding: 'base64', content: btoa('b\n') }));
      return new Response('[]');
    };
    const data = await fetchPullRequest(ref, { fetch: f, apiBase: 'https://ghe.example/gh' });
    expect(data.comments.map((c) => c.id)).toEqual([1, 2]);
    expect(urls).toContain('https://ghe.example/gh/repos/octo-org/shop-service/pulls/42/comments?page=2');
    expect(data.reviews).toEqual([]);
    expect(data.notes.join(' ')).toMatch(/review summaries could not be read/);
    expect(data.contents['x.js']).toBe('b\n');
  });
});
