// A stand-in for GitHub's REST API on 127.0.0.1 (random free port), answering with the shapes GitHub documents
// (docs.github.com/rest/pulls/pulls, /pulls/comments, /pulls/reviews, /repos/contents): Link-header
// pagination, x-ratelimit-* headers, GitHub's error bodies, and the CORS headers api.github.com sends.
// Used by the Vitest client and CLI tests and by the Playwright specs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { diffHunk, patchText, type FixturePr } from './githubFixture';

export type StubMode =
  | 'ok'
  /** 404 for every repository call (a private repository without a token looks the same). */
  | 'not-found'
  /** 403 with x-ratelimit-remaining: 0. */
  | 'rate-limit'
  /** 403 with requests left: a token without access. */
  | 'forbidden'
  | 'server-error'
  /** Closes the connection without an answer. */
  | 'drop'
  /** Answers without Access-Control-Allow-Origin: a browser blocks it as CORS does. */
  | 'no-cors';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What a hostile or broken server sends instead of GitHub's own values (issue 27's attacker tests). */
export interface StubHostile {
  /** The pull request's html_url (e.g. javascript:alert(1)). */
  prHtmlUrl?: string;
  /** Every review comment's html_url. */
  commentHtmlUrl?: string;
  /** The rel="next" link of every list page that has a next page (another origin, another endpoint). */
  nextLink?: string;
  /** Pads every JSON answer with this many bytes of spaces (an oversize answer). */
  padBytes?: number;
  /** Rewrites each item of a list (files, comments, reviews) as a broken server would: its return value is sent. */
  listItem?: (list: 'files' | 'comments' | 'reviews', item: Record<string, unknown>, index: number) => unknown;
}

export interface GithubStub {
  /** e.g. http://127.0.0.1:40123 or, with a prefix, http://127.0.0.1:40123/api/v3 (Enterprise). */
  apiBase: string;
  /** The stub's origin, where its pull-request pages would be: http://127.0.0.1:40123 (a link to paste). */
  web: string;
  hostile: StubHostile;
  requests: RecordedRequest[];
  pulls: FixturePr[];
  mode: StubMode;
  /** Apply `mode` only to paths that match (e.g. /\/comments/ for a failure in the middle of an import). */
  modeFor?: RegExp;
  /** When set, the repositories are private: no token → 404, another token → 401. */
  token: string | null;
  /** Items per page at most (GitHub allows per_page up to 100); small values force several pages. */
  pageSize: number;
  /** When the rate limit resets (epoch seconds). */
  resetAt: number;
  /** Every answer waits this long (the bench uses it to stand for GitHub's round trip). */
  delayMs: number;
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest';

// The headers api.github.com exposes to pages on other origins, and accepts from them.
const EXPOSE = 'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset';
const ALLOW_HEADERS = 'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, X-GitHub-Api-Version';

/** `tls`: serve HTTPS with this key and certificate (a host the way a real Enterprise server is reached). */
export async function startGithubStub(opts: { prefix?: string; pulls?: FixturePr[]; tls?: { key: string; cert: string } } = {}): Promise<GithubStub> {
  const prefix = opts.prefix ?? '';
  const sockets = new Set<Socket>();
  const stub: GithubStub = {
    apiBase: '',
    web: '',
    hostile: {},
    requests: [],
    pulls: opts.pulls ?? [],
    mode: 'ok',
    token: null,
    pageSize: 100,
    resetAt: Math.floor(Date.now() / 1000) + 1800,
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (stub.delayMs > 0 && req.method !== 'OPTIONS') setTimeout(() => handle(req, res), stub.delayMs);
    else handle(req, res);
  };
  const server: Server = opts.tls ? createHttpsServer(opts.tls, listener) : createServer(listener);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const cors = stub.mode === 'no-cors' && applies(stub, req) ? {} : { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE };
    const base = { ...cors, 'Cross-Origin-Resource-Policy': 'cross-origin' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...base, 'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE', 'Access-Control-Allow-Headers': ALLOW_HEADERS, 'Access-Control-Max-Age': '86400', 'Access-Control-Allow-Private-Network': 'true' });
      res.end();
      return;
    }
    if (stub.requests.length < 1000) stub.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
    const auth = String(req.headers.authorization ?? '');
    const given = /^(?:Bearer|token) (.+)$/.exec(auth)?.[1] ?? null;
    const rate = { 'X-RateLimit-Limit': given ? '5000' : '60', 'X-RateLimit-Remaining': given ? '4990' : '50', 'X-RateLimit-Reset': String(stub.resetAt), 'X-RateLimit-Used': '10', 'X-RateLimit-Resource': 'core' };
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body) + ' '.repeat(stub.hostile.padBytes ?? 0);
      res.writeHead(status, { ...base, ...rate, 'Content-Type': typeof body === 'string' ? 'application/vnd.github.raw+json; charset=utf-8' : 'application/json; charset=utf-8', 'X-GitHub-Media-Type': 'github.v3; format=json', ...extra });
      res.end(text);
    };
    const url = new URL(req.url ?? '/', 'http://stub');
    if (!url.pathname.startsWith(`${prefix}/`)) return send(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    const path = url.pathname.slice(prefix.length);

    if (applies(stub, req)) {
      switch (stub.mode) {
        case 'drop':
          req.socket.destroy();
          return;
        case 'not-found':
          return send(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
        case 'rate-limit':
          return send(403, { message: "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)", documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api` }, { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Used': '60' });
        case 'forbidden':
          return send(403, { message: 'Resource not accessible by personal access token', documentation_url: DOCS, status: '403' });
        case 'server-error':
          return send(502, { message: 'Server Error' });
        default:
          break;
      }
    }
    if (stub.token !== null) {
      if (given === null) return send(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
      if (given !== stub.token) return send(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    }

    const m = /^\/repos\/([^/]+)\/([^/]+)\/(pulls\/(\d+)(?:\/(files|comments|reviews))?|contents\/(.+))$/.exec(path);
    const pr = m && stub.pulls.find((p) => p.owner === m[1] && p.repo === m[2] && (m[4] === undefined || p.number === Number(m[4])));
    if (!m || !pr) return send(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    const html = `https://github.com/${pr.owner}/${pr.repo}`;
    const api = `${stub.apiBase}/repos/${pr.owner}/${pr.repo}`;

    if (m[6] !== undefined) {
      const filePath = decodeURIComponent(m[6]);
      const file = pr.files.find((f) => f.path === filePath);
      // Only the head commit is served: a client asking at another ref gets GitHub's 404 for a missing path.
      if (!file || file.after === null || url.searchParams.get('ref') !== pr.headSha) return send(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
      if (String(req.headers.accept ?? '').includes('vnd.github.raw')) return send(200, file.after);
      const b64 = Buffer.from(file.after, 'utf8').toString('base64').replace(/.{60}/g, '$&\n');
      return send(200, { type: 'file', encoding: 'base64', size: Buffer.byteLength(file.after), name: filePath.split('/').pop(), path: filePath, content: b64, sha: 'f'.repeat(40), url: `${api}/contents/${filePath}?ref=${pr.headSha}`, html_url: `${html}/blob/${pr.headSha}/${filePath}`, download_url: null, _links: {} });
    }
    const user = (login: string) => ({ login, id: login.length * 1000, type: 'User', site_admin: false, html_url: `https://github.com/${login}` });
    if (m[5] === undefined)
      return send(200, { url: `${api}/pulls/${pr.number}`, id: pr.number * 10, number: pr.number, state: 'open', title: pr.title, body: 'Please review.', user: user(pr.author), html_url: stub.hostile.prHtmlUrl ?? `${html}/pull/${pr.number}`, head: { ref: 'feature', sha: pr.headSha, label: `${pr.owner}:feature` }, base: { ref: 'main', sha: pr.baseSha, label: `${pr.owner}:main` }, draft: false, merged: false, comments: 0, review_comments: pr.comments.length, changed_files: pr.files.length });
    let list: unknown[];
    if (m[5] === 'files')
      list = pr.files.map((f) => ({ sha: 'e'.repeat(40), filename: f.path, status: f.before === null ? 'added' : f.after === null ? 'removed' : f.previousPath ? 'renamed' : 'modified', previous_filename: f.previousPath, additions: 1, deletions: 1, changes: 2, patch: patchText(f), blob_url: `${html}/blob/${pr.headSha}/${f.path}`, raw_url: `${html}/raw/${pr.headSha}/${f.path}`, contents_url: `${api}/contents/${f.path}?ref=${pr.headSha}` }));
    else if (m[5] === 'comments')
      list = pr.comments.map((c) => {
        const file = pr.files.find((f) => f.path === c.path);
        // A comment on a path the pull request does not change (a hostile server's "../../user") gets a bare hunk.
        const hunk = file ? diffHunk(file, c.line) : '@@ -1,1 +1,1 @@\n-a\n+b';
        return { url: `${api}/pulls/comments/${c.id}`, id: c.id, node_id: `PRRC_${c.id}`, pull_request_review_id: c.reviewId ?? null, diff_hunk: hunk, path: c.path, position: 1, original_position: 1, commit_id: pr.headSha, original_commit_id: pr.headSha, in_reply_to_id: c.replyTo, user: user(c.user), body: c.body, created_at: '2025-03-01T10:00:00Z', updated_at: '2025-03-01T10:00:00Z', html_url: stub.hostile.commentHtmlUrl ?? `${html}/pull/${pr.number}#discussion_r${c.id}`, pull_request_url: `${api}/pulls/${pr.number}`, author_association: 'MEMBER', line: c.line, original_line: c.line, side: 'RIGHT', start_line: null, subject_type: 'line' };
      });
    else list = pr.reviews.map((r) => ({ id: r.id, node_id: `PRR_${r.id}`, user: user(r.user), body: r.body, state: r.state, html_url: `${html}/pull/${pr.number}#pullrequestreview-${r.id}`, commit_id: pr.headSha, submitted_at: '2025-03-01T10:00:00Z' }));
    const rewrite = stub.hostile.listItem;
    if (rewrite) list = list.map((item, k) => rewrite(m[5] as 'files' | 'comments' | 'reviews', item as Record<string, unknown>, k));
    const per = Math.min(stub.pageSize, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30), 100);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const last = Math.max(1, Math.ceil(list.length / per));
    const link = (p: number, rel: string) => {
      if (rel === 'next' && stub.hostile.nextLink) return `<${stub.hostile.nextLink}>; rel="next"`;
      const u = new URL(`${stub.apiBase}${path}`);
      u.searchParams.set('per_page', String(per));
      u.searchParams.set('page', String(p));
      return `<${u.href}>; rel="${rel}"`;
    };
    const links = [page < last ? link(page + 1, 'next') : '', page < last ? link(last, 'last') : '', page > 1 ? link(1, 'first') : '', page > 1 ? link(page - 1, 'prev') : ''].filter(Boolean);
    return send(200, list.slice((page - 1) * per, page * per), links.length ? { Link: links.join(', ') } : {});
  };
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.web = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.apiBase = `${stub.web}${prefix}`;
  return stub;
}

function applies(stub: GithubStub, req: IncomingMessage): boolean {
  return stub.mode !== 'ok' && (!stub.modeFor || stub.modeFor.test(req.url ?? ''));
}
