import { describe, expect, it, vi } from 'vitest';
import { ClaimsError } from './errors';
import { generateClaimsText, validateSettings } from './generate';
import type { LlmSettings } from './providers';

const KEY = 'sk-unit-KEY-abcdefghijklmnop';
const PROMPT = 'Summarize the code changes…';

const openai: LlmSettings = {
  provider: 'openai',
  baseUrl: 'https://api.example.test/v1/',
  model: 'gpt-x',
  apiKey: KEY,
  temperature: 0.2,
};
const anthropic: LlmSettings = {
  provider: 'anthropic',
  baseUrl: 'https://anthropic.example.test/v1',
  model: 'claude-x',
  apiKey: KEY,
  temperature: 0,
};

interface Seen {
  url: string;
  init: RequestInit;
}

function mockFetch(respond: (seen: Seen) => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const seen = { url: String(url), init: init ?? {} };
    calls.push(seen);
    return respond(seen);
  });
  return { fetchImpl: fn as unknown as typeof fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

async function failure(p: Promise<unknown>): Promise<ClaimsError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ClaimsError);
    return e as ClaimsError;
  }
  throw new Error('expected a ClaimsError');
}

describe('OpenAI-compatible request', () => {
  it('posts a chat completion with the bearer key, model, temperature and the prompt as the user message', async () => {
    const { fetchImpl, calls } = mockFetch(() =>
      json({ choices: [{ message: { role: 'assistant', content: '1. A claim.' } }] }),
    );
    const r = await generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl });
    expect(r.text).toBe('1. A claim.');
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0];
    expect(url).toBe('https://api.example.test/v1/chat/completions');
    expect(url).not.toContain(KEY);
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      model: 'gpt-x',
      temperature: 0.2,
      messages: [{ role: 'user', content: PROMPT }],
    });
    expect(String(init.body)).not.toContain(KEY);
  });

  it('sends no Authorization header to a keyless local server', async () => {
    const { fetchImpl, calls } = mockFetch(() =>
      json({ choices: [{ message: { content: 'ok' } }] }),
    );
    const local: LlmSettings = {
      provider: 'ollama',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
      apiKey: '',
      temperature: 0,
    };
    await generateClaimsText({ settings: local, prompt: PROMPT, fetchImpl });
    expect(calls[0].url).toBe('http://localhost:11434/v1/chat/completions');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('Anthropic request', () => {
  it('posts to /messages with x-api-key, version, the direct-browser-access header and max_tokens', async () => {
    const { fetchImpl, calls } = mockFetch(() =>
      json({
        type: 'message',
        content: [
          { type: 'text', text: '1. First.' },
          { type: 'text', text: '\n2. Second.' },
        ],
      }),
    );
    const r = await generateClaimsText({ settings: anthropic, prompt: PROMPT, fetchImpl });
    expect(r.text).toBe('1. First.\n2. Second.');
    const { url, init } = calls[0];
    expect(url).toBe('https://anthropic.example.test/v1/messages');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-api-key']).toBe(KEY);
    expect(headers['anthropic-version']).toBe('2023-06-01');
    expect(headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(headers.Authorization).toBeUndefined();
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      model: 'claude-x',
      temperature: 0,
      messages: [{ role: 'user', content: PROMPT }],
    });
    expect(body.max_tokens).toBeGreaterThan(0);
  });
});

describe('failures are typed, clear, and free of the key', () => {
  const cases: [string, () => Response, string][] = [
    ['401', () => json({ error: { message: `Incorrect API key provided: ${KEY}` } }, 401), 'auth'],
    [
      '429',
      () => json({ error: { message: 'Rate limit' } }, 429, { 'retry-after': '4' }),
      'rate-limit',
    ],
    ['500', () => new Response('upstream exploded', { status: 500 }), 'server'],
    ['404', () => json({ error: 'model not found' }, 404), 'bad-request'],
    ['200 not JSON', () => new Response('<html>proxy login</html>', { status: 200 }), 'malformed'],
    ['200 JSON without text', () => json({ choices: [] }), 'malformed'],
  ];
  for (const [name, respond, kind] of cases) {
    it(`${name} -> ${kind}`, async () => {
      const { fetchImpl } = mockFetch(respond);
      const e = await failure(generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl }));
      expect(e.kind).toBe(kind);
      expect(e.retryable).toBe(true);
      expect(e.message.length).toBeGreaterThan(10);
      expect(JSON.stringify({ m: e.message, d: e.detail, r: e.raw })).not.toContain(KEY);
      if (kind === 'rate-limit') expect(e.retryAfterMs).toBe(4000);
      if (kind === 'malformed') expect(e.raw).toBeTruthy();
    });
  }

  it('a rejected fetch is a network error naming the origin only', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const e = await failure(generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl }));
    expect(e.kind).toBe('network');
    expect(e.message).toContain('https://api.example.test');
    expect(e.message).toContain('CORS');
  });

  it('a server that never answers times out', async () => {
    const fetchImpl = ((_u: string, init: RequestInit) =>
      new Promise((_, reject) => {
        init.signal!.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      })) as unknown as typeof fetch;
    const e = await failure(
      generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl, timeoutMs: 50 }),
    );
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/No answer within/);
  });

  it('the caller can cancel a running request', async () => {
    const ctrl = new AbortController();
    const fetchImpl = ((_u: string, init: RequestInit) =>
      new Promise((_, reject) => {
        init.signal!.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      })) as unknown as typeof fetch;
    const p = generateClaimsText({
      settings: openai,
      prompt: PROMPT,
      fetchImpl,
      signal: ctrl.signal,
      timeoutMs: 10_000,
    });
    setTimeout(() => ctrl.abort(), 20);
    const e = await failure(p);
    expect(e.kind).toBe('cancelled');
  });
});

describe('validateSettings', () => {
  it('refuses missing URL, model or (for cloud providers) key before any network use', () => {
    const kinds = [
      { ...openai, baseUrl: '' },
      { ...openai, baseUrl: 'ftp://x' },
      { ...openai, model: ' ' },
      { ...openai, apiKey: '' },
      { ...anthropic, apiKey: '' },
      { ...openai, temperature: 5 },
      { ...openai, baseUrl: `https://api.example.test/v1?key=${KEY}` },
    ].map((s) => {
      try {
        validateSettings(s);
        return 'ok';
      } catch (e) {
        return (e as ClaimsError).kind;
      }
    });
    expect(kinds).toEqual(Array(7).fill('config'));
  });

  it('does not call fetch when the settings are invalid', async () => {
    const { fetchImpl, calls } = mockFetch(() => json({}));
    const e = await failure(
      generateClaimsText({ settings: { ...openai, apiKey: '' }, prompt: PROMPT, fetchImpl }),
    );
    expect(e.kind).toBe('config');
    expect(e.retryable).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('accepts a keyless local server', () => {
    expect(() =>
      validateSettings({
        provider: 'lmstudio',
        baseUrl: 'http://127.0.0.1:1234/v1',
        model: 'qwen',
        apiKey: '',
        temperature: 0,
      }),
    ).not.toThrow();
  });
});

describe('answers that echo the key, and answers too large to read', () => {
  const chat = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });

  it('the answer comes back without the key, in any encoding it was echoed in', async () => {
    const b64 = Buffer.from(`Bearer ${KEY}`).toString('base64');
    const { fetchImpl } = mockFetch(() => json(chat(`1. Uses ${KEY}.\n2. Also ${KEY.toUpperCase()} and ${b64}.`)));
    const r = await generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl });
    expect(r.text).not.toContain(KEY);
    expect(r.text.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(r.text).not.toContain(Buffer.from(KEY).toString('base64').slice(4, -4));
    expect(r.text).toMatch(/^1\. Uses \[key hidden\]\.\n2\. Also \[key hidden\] and /);
  });

  it('refuses a body whose Content-Length is above 1 MB without reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const { fetchImpl } = mockFetch(() => new Response(body, { status: 200, headers: { 'Content-Length': String(5 << 20) } }));
    const err = await generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClaimsError);
    expect((err as ClaimsError).kind).toBe('malformed');
    expect((err as ClaimsError).message).toMatch(/larger than 1\.0 MB \(5\.0 MB\): it was refused/);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('stops reading a streamed body without Content-Length once it passes 1 MB', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 256 * 1024;
        c.enqueue(new TextEncoder().encode('x'.repeat(256 * 1024)));
        if (sent > 64 << 20) c.close(); // an endless answer, bounded here only so a broken cap cannot hang the test
      },
    });
    const { fetchImpl } = mockFetch(() => new Response(body, { status: 200 }));
    const err = await generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl }).catch((e: unknown) => e);
    expect((err as ClaimsError).message).toMatch(/larger than 1\.0 MB/);
    expect(sent).toBeLessThanOrEqual(2 << 20);
  });

  it('every call has a timeout: a server that accepts and never answers is cut off', async () => {
    const { fetchImpl } = mockFetch(
      (seen) =>
        new Promise<Response>((_, reject) =>
          seen.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const err = await generateClaimsText({ settings: openai, prompt: PROMPT, fetchImpl, timeoutMs: 50 }).catch((e: unknown) => e);
    expect((err as ClaimsError).kind).toBe('timeout');
  });
});
