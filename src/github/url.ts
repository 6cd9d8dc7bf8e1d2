// Which pull request, and which API: `https://github.com/OWNER/REPO/pull/N` (also a GitHub Enterprise page
// URL, whose API lives at https://HOST/api/v3) or `OWNER/REPO#N`; the API base defaults to api.github.com.
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
  if (short) return check({ owner: short[1], repo: short[2], number: Number(short[3]) });
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
  return check({ owner: m[1], repo: m[2], number: Number(m[3]), host: url.host.toLowerCase() });
}

function check(ref: PullRequestRef): PullRequestRef {
  if (!Number.isSafeInteger(ref.number) || ref.number < 1) throw new GithubError('not-a-pr', `Pull request numbers start at 1. ${EXPECTED}`);
  if (ref.repo === '.' || ref.repo === '..') throw new GithubError('not-a-pr', `"${ref.repo}" is not a repository name. ${EXPECTED}`);
  return ref;
}

/** The API base a page URL's host implies: api.github.com for github.com, https://HOST/api/v3 for Enterprise. */
export function apiBaseForHost(host: string | undefined): string {
  if (!host || host === 'github.com' || host === 'www.github.com') return DEFAULT_API_BASE;
  return `https://${host}/api/v3`;
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
