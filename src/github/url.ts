// Which pull request, and which API: `https://github.com/OWNER/REPO/pull/N` or `OWNER/REPO#N`; the API base
// defaults to api.github.com. A pasted URL never chooses the API: another host (GitHub Enterprise) is used only when
// the user sets its API base, and a link to a host that base does not serve is refused (checkRefHost), so a link
// cannot send the user's token to a server of its choosing.
import { secretMayGoTo } from '../core/onOrigin.ts';
import { GithubError } from './errors.ts';

export const DEFAULT_API_BASE = 'https://api.github.com';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
  /** The web host when the input was a URL (github.com or an Enterprise host). */
  host?: string;
}

// GitHub's own rules: owners are letters, digits and single hyphens; repository names add "." and "_".
const OWNER = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})';
const REPO = '[A-Za-z0-9._-]{1,100}';
const SHORT = new RegExp(`^(${OWNER})/(${REPO})#(\\d{1,9})$`);
const PATH = new RegExp(`^/(${OWNER})/(${REPO})/pulls?/(\\d{1,9})(?:/[^?#]*)?$`);

const EXPECTED = 'Expected a pull request: https://github.com/OWNER/REPO/pull/NUMBER or OWNER/REPO#NUMBER.';

/** Parses a pull-request reference; throws GithubError('not-a-pr') naming what was expected. */
export function parsePullRequestRef(input: string): PullRequestRef {
  const text = (input ?? '').trim();
  if (!text) throw new GithubError('not-a-pr', `No pull request given. ${EXPECTED}`);
  const short = SHORT.exec(text);
  if (short) return checkPullRequestRef({ owner: short[1], repo: short[2], number: Number(short[3]) });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new GithubError('not-a-pr', `"${clip(text)}" is not a pull request. ${EXPECTED}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new GithubError('not-a-pr', `"${clip(text)}" is not a pull request. ${EXPECTED}`);
  const m = PATH.exec(url.pathname.replace(/\/+$/, ''));
  if (!m) {
    const hint = /\/issues\/\d+/.test(url.pathname) ? ' This is an issue, not a pull request.' : /\/commit\//.test(url.pathname) ? ' This is a commit, not a pull request.' : '';
    throw new GithubError('not-a-pr', `"${clip(text)}" is not a pull request.${hint} ${EXPECTED}`);
  }
  return checkPullRequestRef({ owner: m[1], repo: m[2], number: Number(m[3]), host: url.host.toLowerCase() });
}

/** Checks owner, repository and number by GitHub's rules; every API path is built from parts that passed it. */
export function checkPullRequestRef(ref: PullRequestRef): PullRequestRef {
  if (!Number.isSafeInteger(ref.number) || ref.number < 1) throw new GithubError('not-a-pr', `Pull request numbers start at 1. ${EXPECTED}`);
  if (!new RegExp(`^${OWNER}$`).test(ref.owner) || !new RegExp(`^${REPO}$`).test(ref.repo)) throw new GithubError('not-a-pr', `"${clip(`${ref.owner}/${ref.repo}`)}" is not a repository. ${EXPECTED}`);
  if (ref.repo === '.' || ref.repo === '..') throw new GithubError('not-a-pr', `"${ref.repo}" is not a repository name. ${EXPECTED}`);
  return ref;
}

/** The API base a page URL's host would have (api.github.com for github.com, https://HOST/api/v3 for Enterprise): a hint in messages only. */
export function apiBaseForHost(host: string | undefined): string {
  if (!host || host === 'github.com' || host === 'www.github.com') return DEFAULT_API_BASE;
  return `https://${host}/api/v3`;
}

/** The web host whose pages an API base serves: github.com for api.github.com, else the base's own host (HOST of https://HOST/api/v3). */
export function webHostFor(apiBase: string): string {
  const host = new URL(normaliseApiBase(apiBase)).host.toLowerCase();
  return host === 'api.github.com' ? 'github.com' : host;
}

/** The host an API base sends requests (and the token) to, for messages: "api.github.com", "ghe.corp.example". */
export function apiHost(apiBase: string): string {
  return new URL(normaliseApiBase(apiBase)).host.toLowerCase();
}

/**
 * Refuses a pasted link whose host the API base does not serve. The API base is never derived from the link: a
 * github.com link means api.github.com, an Enterprise link needs its API base set by the user first.
 */
export function checkRefHost(ref: PullRequestRef, apiBase: string): void {
  if (!ref.host) return;
  const host = ref.host === 'www.github.com' ? 'github.com' : ref.host;
  const web = webHostFor(apiBase);
  if (host === web) return;
  const base = normaliseApiBase(apiBase);
  if (host === 'github.com')
    throw new GithubError('wrong-host', `This is a github.com link, but the API base is ${base}. To read it, set the API base back to ${DEFAULT_API_BASE}; to read ${ref.owner}/${ref.repo}#${ref.number} from ${apiHost(base)}, paste ${ref.owner}/${ref.repo}#${ref.number}.`);
  throw new GithubError(
    'wrong-host',
    `This link is on ${clip(host)}, but the API base is ${base}, which serves ${web}. The app never picks a server from a link: if ${clip(host)} is your GitHub Enterprise server, set the API base to its API (usually ${apiBaseForHost(host)}) and enter a token for it.`,
  );
}

/**
 * A link from a GitHub answer that may become clickable: https on github.com or the API base's web host, else null
 * (the caller shows it as text). An answer could carry javascript:, data: or a look-alike host.
 */
export function safeWebLink(href: unknown, apiBase: string = DEFAULT_API_BASE): string | null {
  if (typeof href !== 'string' || href.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.host.toLowerCase();
  let web = 'github.com';
  try {
    web = webHostFor(apiBase);
  } catch {
    /* a bad base in settings: github.com only */
  }
  return host === 'github.com' || host === web ? url.href : null;
}

/**
 * A repository file's path as URL path segments, each encoded. Review comments carry `path` from the server: a
 * "..", "." or empty segment (which URL parsing would resolve, reaching another endpoint), a control character or an
 * absurd length is refused, never sent.
 */
export function encodeRepoPath(path: unknown): string {
  // eslint-disable-next-line no-control-regex
  if (typeof path !== 'string' || path === '' || path.length > 4096 || /[\u0000-\u001f\u007f]/.test(path)) throw new GithubError('bad-response', `A review comment names an unusable file path (${describe(path)}).`);
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new GithubError('bad-response', `A review comment names an unusable file path (${describe(path)}): empty, "." and ".." parts are refused.`);
  return parts.map((p) => encodeURIComponent(p)).join('/');
}

function describe(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(clip(v)) : typeof v;
}

/** A commit id as GitHub gives it: 40 hex digits (SHA-1) or 64 (SHA-256 repositories). */
export function isCommitSha(sha: unknown): sha is string {
  return typeof sha === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(sha);
}

/** Checks and normalises an API base URL (no trailing slash). Credentials in it are refused: the token goes in a header. */
export function normaliseApiBase(input: string): string {
  const text = (input ?? '').trim() || DEFAULT_API_BASE;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new GithubError('bad-api-base', `"${clip(text)}" is not a URL. Use ${DEFAULT_API_BASE}, or https://HOST/api/v3 for GitHub Enterprise.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new GithubError('bad-api-base', `The API base must be an http(s) URL, not ${url.protocol}`);
  if (url.username || url.password) throw new GithubError('bad-api-base', 'The API base must not contain a user name or password; put the token in the token field.');
  if (url.search || url.hash) throw new GithubError('bad-api-base', 'The API base must not have a query or fragment.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

/**
 * Whether a token entered for `tokenApiBase` may go to `apiBase`: only to the same origin (scheme, host, port).
 * '' (a token stored before tokens were bound) counts as api.github.com.
 */
export function tokenMayGoTo(tokenApiBase: string, apiBase: string): boolean {
  try {
    return secretMayGoTo(normaliseApiBase(tokenApiBase || DEFAULT_API_BASE), normaliseApiBase(apiBase));
  } catch {
    return false;
  }
}
