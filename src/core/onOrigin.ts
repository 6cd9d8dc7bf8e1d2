// The one redirect rule for every request that carries a key or a token (the GitHub client and the LLM client, in
// the browser and the CLI): a redirect is followed only when it stays on the origin the request was made for.
// fetch's own following is not enough: on a cross-origin hop it strips `Authorization` only, so Anthropic's
// `x-api-key` went on to the new host, and with any key the body (an LLM prompt: the dataset's reviews) did too, and
// the new host's answer came back as the provider's. So redirects are taken by hand (`redirect: 'manual'`): one on
// the same origin is asked again there, as fetch would; one to another origin is refused before anything is sent.
// Typed by shape, so the core stays free of platform APIs.

export interface OriginResponse {
  status: number;
  /** 'opaqueredirect' in a browser: a redirect whose target the page may not read. */
  type?: string;
  url?: string;
  headers: { get(name: string): string | null };
  body?: { cancel(): Promise<void> } | null;
}

export interface OriginInit {
  method?: string;
  body?: unknown;
  redirect?: 'follow' | 'manual' | 'error';
  [k: string]: unknown;
}

/** A redirect that was not followed: `to` is the other host, or null when the browser hides where it pointed. */
export class RedirectRefused extends Error {
  constructor(readonly to: string | null, readonly reason: 'other-origin' | 'hidden' | 'too-many') {
    super(
      reason === 'too-many'
        ? 'too many redirects'
        : to
          ? `redirected to another host (${to})`
          : 'redirected to a place the browser does not show',
    );
    this.name = 'RedirectRefused';
  }
}

export interface OnOriginOptions {
  /**
   * What to do with a redirect whose target the browser hides (an opaque redirect). 'refuse' (the LLM client: a key
   * outside `Authorization`, a prompt in the body). 'follow' asks again letting the browser follow, and refuses an
   * answer from another origin: only for bodiless requests whose one secret is in `Authorization`, which the browser
   * drops on a cross-origin hop (the GitHub client's GETs; GitHub redirects a renamed repository on its own origin).
   */
  hidden: 'refuse' | 'follow';
  /** Hops followed at most (fetch's own limit is 20). */
  maxHops?: number;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** `fetchImpl(url, init)`, with redirects followed only on `url`'s origin; a redirect elsewhere throws RedirectRefused. */
export async function fetchOnOrigin<R extends OriginResponse, I extends OriginInit>(
  fetchImpl: (url: string, init: I) => Promise<R>,
  url: string,
  init: I,
  opts: OnOriginOptions,
): Promise<R> {
  const origin = new URL(url).origin;
  const maxHops = opts.maxHops ?? 10;
  let current = url;
  let currentInit: I = { ...init, redirect: 'manual' };
  for (let hop = 0; ; hop++) {
    const res = await fetchImpl(current, currentInit);
    if (res.type === 'opaqueredirect') {
      if (opts.hidden === 'refuse') throw new RedirectRefused(null, 'hidden');
      const followed = await fetchImpl(current, { ...currentInit, redirect: 'follow' });
      return checkLanded(followed, origin);
    }
    const location = REDIRECT.has(res.status) ? res.headers.get('location') : null;
    if (location === null) return checkLanded(res, origin);
    void res.body?.cancel().catch(() => {});
    let target: URL;
    try {
      target = new URL(location, current);
    } catch {
      throw new RedirectRefused(null, 'other-origin');
    }
    if (target.origin !== origin) throw new RedirectRefused(target.host, 'other-origin');
    if (hop + 1 >= maxHops) throw new RedirectRefused(null, 'too-many');
    current = target.href;
    // As fetch does: a 303, and a 301/302 after a POST, become a GET without the body.
    const method = (currentInit.method ?? 'GET').toUpperCase();
    if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST')
      currentInit = { ...currentInit, method: 'GET', body: undefined };
  }
}

/** A fetch that followed redirects by itself (a stub, a wrapper that ignores `redirect`) must still have stayed. */
function checkLanded<R extends OriginResponse>(res: R, origin: string): R {
  if (res.url) {
    const landed = new URL(res.url);
    if (landed.origin !== origin) {
      void res.body?.cancel().catch(() => {});
      throw new RedirectRefused(landed.host, 'other-origin');
    }
  }
  return res;
}

/**
 * Whether a secret entered for `boundTo` may be sent to `url`: the same origin (scheme, host and port), else not;
 * a URL that does not parse is never the same. The GitHub token and the LLM key follow this rule: after the user
 * changes the host, the secret waits until they confirm the new one (or enter it again).
 */
export function secretMayGoTo(boundTo: string, url: string): boolean {
  try {
    return new URL(boundTo.trim()).origin === new URL(url.trim()).origin;
  } catch {
    return false;
  }
}
