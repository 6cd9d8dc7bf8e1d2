// A small GitHub REST client on `fetch` (injected, so the browser and the Node CLI share it, and tests pass
// a stub's). The token travels only in the Authorization header: never in a URL, a message or a return value.
import { readCapped } from '../core/cappedRead.ts';
import { fetchOnOrigin, RedirectRefused } from '../core/onOrigin.ts';
import { errorForResponse, GithubError, networkError } from './errors.ts';
import { parseLinkHeader } from './link.ts';
import type { GhFile, GhPullRequest, GhReview, GhReviewComment, PullRequestData } from './types.ts';
import { checkPullRequestRef, encodeRepoPath, isCommitSha, normaliseApiBase, type PullRequestRef } from './url.ts';
import { checkComments, checkContent, checkFiles, checkPullRequest, checkReviews } from './validate.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface GithubOptions {
  apiBase?: string;
  token?: string;
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** Called as the work advances: a step's name, and how far into it. */
  onProgress?: (p: FetchProgress) => void;
  /** At most this many pages per list (100 items a page); a cap keeps a huge pull request from draining the rate limit. */
  maxPages?: number;
  /** Each request (headers and body) must finish within this many ms (default 30 s). */
  timeoutMs?: number;
  /** An answer larger than this many bytes is refused (default 20 MB). */
  maxBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

export interface FetchProgress {
  step: 'pull request' | 'files' | 'review comments' | 'reviews' | 'file contents';
  done: number;
  total?: number;
}

// Accept is a CORS-safelisted header: without a token, a request stays "simple" (no preflight), so an anonymous
// import costs one round trip per page. For that reason no X-GitHub-Api-Version header is sent either (GitHub's
// default version is the one these shapes come from, 2022-11-28).
const ACCEPT = 'application/vnd.github+json';
const RAW = 'application/vnd.github.raw+json';
const PER_PAGE = 100;
const CONTENT_CONCURRENCY = 4;

export class GithubClient {
  readonly apiBase: string;
  private readonly origin: string;
  private readonly token: string;
  private readonly fetchImpl: FetchLike;
  private readonly signal?: AbortSignal;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(opts: GithubOptions = {}) {
    this.apiBase = normaliseApiBase(opts.apiBase ?? '');
    this.origin = new URL(this.apiBase).origin;
    this.token = (opts.token ?? '').trim();
    this.fetchImpl = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.signal = opts.signal;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  get hasToken(): boolean {
    return this.token !== '';
  }

  private headers(accept = ACCEPT): Record<string, string> {
    const h: Record<string, string> = { Accept: accept };
    if (this.token) h.Authorization = `Bearer ${this.token}`;
    return h;
  }

  /**
   * One request, with its body read in full under the time limit and the size cap; `what` names it in errors
   * ("pull request octo/repo#4"). Only URLs on the API base's origin are asked: the token never leaves it.
   */
  async request(url: string, what: string, accept = ACCEPT): Promise<{ res: Response; body: Uint8Array }> {
    if (new URL(url).origin !== this.origin) throw new GithubError('bad-response', `Refused to ask ${new URL(url).host} for ${what}: only ${new URL(this.apiBase).host} is asked.`);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), this.timeoutMs);
    const signal = this.signal ? anySignal([this.signal, timer.signal]) : timer.signal;
    const failed = (e: unknown): GithubError => {
      if (this.signal?.aborted) return new GithubError('cancelled', 'Cancelled.');
      if (timer.signal.aborted) return new GithubError('timeout', `${new URL(this.apiBase).host} did not answer within ${+(this.timeoutMs / 1000).toFixed(1)} s (${what}). Try again, or check the API base URL and your connection.`);
      if (e instanceof GithubError) return e;
      return networkError(new URL(this.apiBase).host, what, e);
    };
    try {
      let res: Response;
      try {
        // Redirects stay on the API's origin (GitHub redirects a renamed repository there): the one rule of every
        // request with a secret (core/onOrigin.ts). One elsewhere is refused before the token or anything goes there.
        res = await fetchOnOrigin(this.fetchImpl, url, { headers: this.headers(accept), signal, credentials: 'omit' as const }, { hidden: 'follow' });
      } catch (e) {
        if (e instanceof RedirectRefused) throw new GithubError('bad-response', `${new URL(this.apiBase).host} redirected ${what} ${e.to ? `to another host (${e.to})` : e.reason === 'too-many' ? 'too many times' : 'elsewhere'}; refused.`);
        throw failed(e);
      }
      if (!res.ok) throw errorForResponse(res, what, this.hasToken);
      const body = await this.readBody(res, what).catch((e: unknown) => {
        throw failed(e);
      });
      return { res, body };
    } finally {
      clearTimeout(timeout);
    }
  }

  private tooLarge(what: string): GithubError {
    return new GithubError('too-large', `The answer for ${what} is larger than ${this.maxBytes >= 1024 * 1024 ? `${+(this.maxBytes / 1024 / 1024).toFixed(1)} MB` : `${this.maxBytes} bytes`}; refused (it would freeze the page). Is the API base a GitHub API?`);
  }

  /** The body, stopping as soon as it passes the cap (a Content-Length above it is refused before reading). */
  private async readBody(res: Response, what: string): Promise<Uint8Array> {
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      void res.body?.cancel().catch(() => {});
      throw this.tooLarge(what);
    }
    if (!res.body) return new Uint8Array(await res.arrayBuffer());
    return readCapped(res.body, this.maxBytes, () => this.tooLarge(what));
  }

  async json<T>(url: string, what: string): Promise<T> {
    return parseJson<T>((await this.request(url, what)).body, () => new GithubError('bad-response', `GitHub's answer for ${what} is not JSON. Is ${this.apiBase} a GitHub API (https://HOST/api/v3 for Enterprise)?`));
  }

  /**
   * Every page of a list, following the Link header's rel="next". A next link is followed only when it stays on the
   * API base's origin and path and names the same list (GitHub may spell the repository /repositories/ID/...): a
   * link elsewhere stops the import with a message, never carries the token away.
   */
  async paginate<T>(path: string, what: string, onPage?: (items: number) => void, maxPages = Infinity): Promise<{ items: T[]; truncated: boolean }> {
    const items: T[] = [];
    let url: string | undefined = `${this.apiBase}${path}${path.includes('?') ? '&' : '?'}per_page=${PER_PAGE}`;
    const basePath = new URL(this.apiBase).pathname.replace(/\/+$/, '');
    const tail = /\/pulls\/\d+\/[a-z]+$/.exec(path.split('?')[0])?.[0];
    let pages = 0;
    while (url) {
      if (pages >= maxPages) return { items, truncated: true };
      const { res, body } = await this.request(url, what);
      const page = parseJson<unknown>(body, () => null);
      if (!Array.isArray(page)) throw new GithubError('bad-response', `GitHub's answer for ${what} is not a list. Is ${this.apiBase} a GitHub API?`);
      items.push(...(page as T[]));
      pages++;
      onPage?.(items.length);
      const next = parseLinkHeader(res.headers.get('link')).next;
      if (!next) break;
      let u: URL;
      try {
        // RFC 8288 allows a relative reference: resolved against the page it came with.
        u = new URL(next, url);
      } catch {
        throw new GithubError('bad-response', `GitHub's next-page link for ${what} is not a URL; stopped.`);
      }
      const samePlace = u.origin === this.origin && !u.username && !u.password && u.pathname.startsWith(`${basePath}/`) && (!tail || u.pathname.endsWith(tail));
      if (!samePlace) throw new GithubError('bad-response', `GitHub's next-page link for ${what} points away from ${new URL(this.apiBase).host}${basePath} (to ${u.host}${u.pathname.slice(0, 60)}); stopped, and nothing was sent there.`);
      url = u.href;
    }
    return { items, truncated: false };
  }

  /** A file's text at a commit, or null (a directory, a submodule, not UTF-8 text). */
  async fileAt(owner: string, repo: string, path: string, ref: string): Promise<string | null> {
    checkPullRequestRef({ owner, repo, number: 1 });
    if (!isCommitSha(ref)) throw new GithubError('bad-response', `"${String(ref).slice(0, 20)}" is not a commit id.`);
    // The path comes from a review comment (server data): encodeRepoPath refuses "..", "." and empty parts.
    const url = `${this.apiBase}/repos/${enc(owner)}/${enc(repo)}/contents/${encodeRepoPath(path)}?ref=${enc(ref)}`;
    const what = `${path} at ${ref.slice(0, 7)}`;
    const c = checkContent(await this.json<unknown>(url, what), what);
    if (c.type !== 'file') return null;
    if (c.encoding === 'base64' && typeof c.content === 'string') return decodeBase64Utf8(c.content);
    // Files of 1–100 MB come without content ("encoding": "none"); the raw media type gives the bytes (up to the cap).
    return utf8OrNull((await this.request(url, what, RAW)).body);
  }
}

const enc = encodeURIComponent;

function parseJson<T>(bytes: Uint8Array, fail: () => GithubError | null): T {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    const e = fail();
    if (e) throw e;
    return null as T;
  }
}

/** AbortSignal.any where it exists (Node 20, Chrome 116), else a small equivalent. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const any = (AbortSignal as unknown as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (any) return any(signals);
  const ac = new AbortController();
  for (const s of signals) {
    if (s.aborted) ac.abort();
    else s.addEventListener('abort', () => ac.abort(), { once: true });
  }
  return ac.signal;
}

function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** GitHub's base64 has line breaks; atob exists in browsers, workers and Node ≥ 16. */
export function decodeBase64Utf8(b64: string): string | null {
  const bin = atob(b64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return utf8OrNull(bytes);
}

/**
 * Reads a pull request: the pull request, its files, all review comments and reviews (every page), and at the
 * head commit the content of each changed file that carries a review comment (the files the analyzers need;
 * reading every changed file would spend an unauthenticated caller's 60 requests an hour on files nobody
 * commented on).
 */
export async function fetchPullRequest(ref: PullRequestRef, opts: GithubOptions = {}): Promise<PullRequestData> {
  const gh = new GithubClient(opts);
  const { owner, repo, number } = checkPullRequestRef(ref);
  const base = `/repos/${enc(owner)}/${enc(repo)}/pulls/${number}`;
  const name = `${owner}/${repo}#${number}`;
  const progress = opts.onProgress ?? (() => {});
  const notes: string[] = [];

  progress({ step: 'pull request', done: 0, total: 1 });
  const pr = await gh.json<GhPullRequest>(`${gh.apiBase}${base}`, `pull request ${name}`);
  if (!pr || typeof pr !== 'object' || !isCommitSha(pr.head?.sha)) throw new GithubError('bad-response', `GitHub's answer for pull request ${name} has no head commit. Is ${gh.apiBase} a GitHub API?`);
  checkPullRequest(pr, `pull request ${name}`);
  progress({ step: 'pull request', done: 1, total: 1 });

  const max = opts.maxPages ?? 30;
  // The three lists are independent: read them side by side (one round trip per page instead of three in a row).
  const [files, comments, reviews] = await Promise.all([
    gh.paginate<GhFile>(`${base}/files`, `the files of ${name}`, (n) => progress({ step: 'files', done: n }), max),
    gh.paginate<GhReviewComment>(`${base}/comments`, `the review comments of ${name}`, (n) => progress({ step: 'review comments', done: n }), max),
    // Review summaries are context, not items: a server without them (some proxies and mirrors) costs a note, not the import.
    gh.paginate<GhReview>(`${base}/reviews`, `the reviews of ${name}`, (n) => progress({ step: 'reviews', done: n }), max).catch((e: unknown) => {
      if (e instanceof GithubError && e.kind === 'not-found') {
        notes.push('The review summaries could not be read (404); the review comments are complete.');
        return { items: [] as GhReview[], truncated: false };
      }
      throw e;
    }),
  ]);
  // Every field read below and in the views is checked here, once, for the browser and the CLI alike.
  checkFiles(files.items, `the files of ${name}`);
  checkComments(comments.items, `the review comments of ${name}`);
  checkReviews(reviews.items, `the reviews of ${name}`);
  for (const [list, what] of [
    [files, 'files'],
    [comments, 'review comments'],
    [reviews, 'reviews'],
  ] as const)
    if (list.truncated) notes.push(`Only the first ${list.items.length} ${what} were read (${max} pages).`);

  const removed = new Set(files.items.filter((f) => f.status === 'removed').map((f) => f.filename));
  const paths = [...new Set(comments.items.map((c) => c.path))].filter((p) => typeof p === 'string' && !removed.has(p));
  // By path, without a prototype: a file named "__proto__" or "constructor" is an entry like any other.
  const contents = Object.create(null) as Record<string, string | null>;
  let done = 0;
  progress({ step: 'file contents', done, total: paths.length });
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      try {
        contents[p] = await gh.fileAt(owner, repo, p, pr.head.sha);
        if (contents[p] === null) notes.push(`${p}: not a text file at the head commit; the analyzers use the diff hunk.`);
      } catch (e) {
        // A file that cannot be read costs its analyzer context, not the import; rate limits and bad tokens stop it.
        if (e instanceof GithubError && (e.kind === 'rate-limit' || e.kind === 'auth' || e.kind === 'cancelled' || e.kind === 'timeout')) throw e;
        contents[p] = null;
        notes.push(`${p}: could not be read at the head commit (${(e as Error).message}); the analyzers use the diff hunk.`);
      }
      progress({ step: 'file contents', done: ++done, total: paths.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONTENT_CONCURRENCY, paths.length) }, worker));

  return { owner, repo, apiBase: gh.apiBase, pr, files: files.items, comments: comments.items, reviews: reviews.items, contents, notes };
}
