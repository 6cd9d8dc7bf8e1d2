// What can go wrong when reading a pull request from GitHub, each with a message a person can act on.
// The token never enters a message: messages are built from the status, the host and the pull request only.

export type GithubErrorKind =
  | 'not-a-pr'
  | 'bad-api-base'
  /** A pasted link on a host the API base does not serve. */
  | 'wrong-host'
  /** The token was entered for another API host; it is not sent until the user says so. */
  | 'token-host'
  | 'timeout'
  | 'too-large'
  | 'not-found'
  | 'auth'
  | 'rate-limit'
  | 'network'
  | 'server'
  | 'bad-response'
  | 'cancelled';

export class GithubError extends Error {
  override name = 'GithubError';
  constructor(
    readonly kind: GithubErrorKind,
    message: string,
    /** For 'rate-limit': when the limit resets (ms since the epoch), when GitHub said. */
    readonly resetAt?: number,
    readonly status?: number,
    /** The technical cause, for a collapsed "details" in the page and for the CLI's stderr; the message says what to do. */
    readonly detail?: string,
    /** The message for a terminal, where a page's rules (CORS, a Content-Security-Policy) do not apply. */
    readonly terminal?: string,
  ) {
    super(message);
  }
}

/**
 * A request that failed before any answer. In a page the cause may be the browser's or the deployment's rules (CORS,
 * the Content-Security-Policy's connect-src); in a terminal only the network, the host or the API base can be.
 */
export function networkError(host: string, what: string, cause: unknown): GithubError {
  const code = (cause as { cause?: { code?: unknown } } | null)?.cause?.code;
  const why = typeof code === 'string' ? ` (${code})` : '';
  return new GithubError(
    'network',
    `Could not reach ${host} (${what}). Check your connection and the API base URL, then try again. If both are right, this app is not allowed to read from ${host}: ask whoever runs this app to allow it.`,
    undefined,
    undefined,
    // What "not allowed" means, for the details: the browser's and the deployment's rules.
    `The request failed before any answer: the network failed, or ${host} does not allow this page's origin to call it (CORS), or this build's Content-Security-Policy (connect-src) does not list it; docs/security.md says how to add a host.`,
    `Could not reach ${host} (${what}). Check your connection, that the host is up and that --api-base names it, then try again; the request failed before any answer${why}.`,
  );
}

/** "14:05 (in 12 min)" for a reset time. */
export function describeReset(resetAt: number, now = Date.now()): string {
  const d = new Date(resetAt);
  const hhmm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const min = Math.max(0, Math.ceil((resetAt - now) / 60_000));
  return `${hhmm} (in ${min} min)`;
}

/**
 * The error for a non-2xx answer. GitHub answers 404 both for what does not exist and for a private
 * repository the caller may not see; 401 for a bad token; 403 or 429 for a rate limit
 * (x-ratelimit-remaining: 0, or retry-after for the secondary limits), else 403 for a token without access.
 */
export function errorForResponse(res: { status: number; headers: { get(name: string): string | null } }, what: string, hasToken: boolean, now = Date.now()): GithubError {
  const { status } = res;
  const remaining = res.headers.get('x-ratelimit-remaining');
  const reset = Number(res.headers.get('x-ratelimit-reset'));
  const retryAfter = Number(res.headers.get('retry-after'));
  if ((status === 403 || status === 429) && (remaining === '0' || Number.isFinite(retryAfter) && res.headers.get('retry-after') !== null)) {
    const resetAt = remaining === '0' && Number.isFinite(reset) && reset > 0 ? reset * 1000 : now + (Number.isFinite(retryAfter) ? retryAfter : 60) * 1000;
    const tip = hasToken ? 'Wait until then, or use another token.' : 'Wait until then, or add a token: signed-in requests get a much higher limit (5,000 an hour instead of 60).';
    return new GithubError('rate-limit', `GitHub's rate limit is used up; it resets at ${describeReset(resetAt, now)}. ${tip}`, resetAt, status);
  }
  if (status === 404)
    return new GithubError(
      'not-found',
      hasToken
        ? `Not found: ${what}. Check the owner, repository and number, and that your token can read this repository.`
        : `Not found: ${what}. Check the owner, repository and number. If the repository is private, add a token that can read it.`,
      undefined,
      status,
    );
  if (status === 401)
    return new GithubError('auth', hasToken ? 'GitHub refused the token (401: bad credentials). Check that it is complete and not expired, or clear it for public repositories.' : 'GitHub asks for a token (401). Add one that can read this repository.', undefined, status);
  if (status === 403)
    return new GithubError('auth', hasToken ? `GitHub refused access to ${what} with this token (403). The token may lack the permission to read this repository, or the organization may block it.` : `GitHub refused access to ${what} (403). Add a token that can read this repository.`, undefined, status);
  if (status >= 500) return new GithubError('server', `GitHub answered ${status} for ${what}. Try again in a moment.`, undefined, status);
  return new GithubError('bad-response', `GitHub answered ${status} for ${what}.`, undefined, status);
}
