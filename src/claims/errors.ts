// Typed failures of an LLM call, each with a message a person can act on.
// Nothing here ever carries the API key: provider bodies are scrubbed before they are kept.
import { scrubSecret } from '../core/secrets';

export type ClaimsErrorKind =
  | 'config' // settings missing or invalid (no model, no base URL, no key)
  | 'empty-diff' // the diff has no added or removed lines
  | 'auth' // 401 / 403
  | 'rate-limit' // 429
  | 'server' // 5xx
  | 'bad-request' // other 4xx
  | 'network' // fetch rejected: offline, refused, DNS, CORS
  | 'timeout' // no answer within the configured time
  | 'cancelled' // the user pressed Cancel
  | 'malformed' // 200 but the body is not what the API promises
  | 'model'; // the in-browser model failed: no WebGPU, out of memory, device lost, worker died, load failed

export interface ClaimsErrorInit {
  status?: number;
  /** Milliseconds to wait before retrying, from Retry-After (429 / 503). */
  retryAfterMs?: number;
  /** The provider's answer, already scrubbed of the key, shortened. */
  detail?: string;
  /** The raw response text, for 'malformed' (scrubbed). */
  raw?: string;
}

export class ClaimsError extends Error {
  readonly kind: ClaimsErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly detail?: string;
  readonly raw?: string;

  constructor(kind: ClaimsErrorKind, message: string, init: ClaimsErrorInit = {}) {
    super(message);
    this.name = 'ClaimsError';
    this.kind = kind;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.detail;
    this.raw = init.raw;
  }

  /** Whether trying the same request again can help. */
  get retryable(): boolean {
    return this.kind !== 'config' && this.kind !== 'empty-diff';
  }
}

const DETAIL_LIMIT = 600;

// The scrubber lives in the core (one for answers and errors, browser and CLI); re-exported for the callers here.
export { scrubKey, scrubSecret } from '../core/secrets';

/** Shortens and scrubs a provider body so it can be shown under the message. */
export function providerDetail(body: string, key?: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  let detail = text;
  try {
    const parsed: unknown = JSON.parse(text);
    const msg = findMessage(parsed);
    if (msg) detail = msg;
  } catch {
    // not JSON: keep the text
  }
  detail = scrubSecret(detail, key);
  return detail.length > DETAIL_LIMIT ? `${detail.slice(0, DETAIL_LIMIT)}…` : detail;
}

/** OpenAI: {error:{message}}; Anthropic: {type:'error', error:{message}}; others: {message} or {error:'...'}. */
function findMessage(v: unknown): string | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.error === 'string') return o.error;
  if (o.error && typeof o.error === 'object') {
    const m = (o.error as Record<string, unknown>).message;
    if (typeof m === 'string') return m;
  }
  if (typeof o.message === 'string') return o.message;
  return undefined;
}

/** Retry-After is either delta-seconds or an HTTP date. Returns milliseconds, or undefined. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  // An HTTP date names a weekday or month; bare numbers like "-3" are not dates here.
  if (!/[a-z]{3}/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Turns a non-2xx HTTP answer into a typed error with a clear message. */
export function errorFromResponse(
  status: number,
  body: string,
  retryAfterHeader: string | null,
  key?: string,
): ClaimsError {
  const detail = providerDetail(body, key);
  const retryAfterMs = parseRetryAfter(retryAfterHeader);
  if (status === 401 || status === 403) {
    return new ClaimsError(
      'auth',
      status === 401
        ? 'The provider rejected the API key (401). Check the key and the base URL, then retry.'
        : 'The provider refused access (403): the key may lack access to this model.',
      { status, detail },
    );
  }
  if (status === 429) {
    const when =
      retryAfterMs !== undefined
        ? `It asks to wait ${Math.ceil(retryAfterMs / 1000)} s.`
        : 'It did not say how long to wait.';
    return new ClaimsError('rate-limit', `Rate limited by the provider (429). ${when}`, {
      status,
      detail,
      retryAfterMs,
    });
  }
  if (status >= 500) {
    return new ClaimsError(
      'server',
      `The provider had a server error (${status}). This is usually temporary: retry in a moment.`,
      { status, detail, retryAfterMs },
    );
  }
  if (status === 404) {
    return new ClaimsError(
      'bad-request',
      'Not found (404): check the base URL (it usually ends in /v1) and the model name.',
      { status, detail },
    );
  }
  return new ClaimsError('bad-request', `The provider refused the request (${status}).`, {
    status,
    detail,
  });
}
